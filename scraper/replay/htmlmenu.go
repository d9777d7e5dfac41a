package replay

import (
	"maps"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// A dispensary's own menu page in plain HTML, read by the configurable html adapter:
// GET /locations/<slug>/menu, a WordPress-theme page with one section per category
// under an <h2>, one card per product and size (the html adapter reads one offer per
// card; a product's cards share its link, which names the product), the regular
// price struck through beside the sale price.
var htmlPagePath = regexp.MustCompile(`^/locations/([a-z0-9]+(?:-[a-z0-9]+)*)/menu/?$`)

// htmlCategories are the section headings.
var htmlCategories = map[data.Category]string{
	data.Flower: "Flower", data.Preroll: "Pre-Rolls", data.Vape: "Vapes", data.Extract: "Concentrates", data.Edible: "Edibles",
}

// htmlPlatform: a dispensary's own page in plain HTML, the store named by its path.
var htmlPlatform = platform{
	name:       "html",
	routes:     []route{{htmlPagePath.MatchString, (*Server).serveHTMLMenu}},
	key:        pageKey(htmlPagePath),
	keyHelp:    "a page path /locations/<slug>/menu",
	demoStores: 2,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.URL = "https://" + d.Slug + ".example/locations/" + d.Slug + "/menu"
		src.Selectors = maps.Clone(demoHTMLSelectors)
	},
}

// demoHTMLSelectors are the selectors of the replay's page, as the demo registry
// entries carry them.
var demoHTMLSelectors = map[string]string{
	"item":      "article.menu-product",
	"name":      ".menu-product__name",
	"brand":     ".menu-product__brand",
	"price":     ".menu-product__price .regular",
	"salePrice": ".menu-product__price .sale",
	"category":  "h2.menu-category__title",
	"size":      ".menu-product__size",
	"thc":       ".menu-product__potency",
	"link":      "a.menu-product__link",
	"stock":     ".menu-product__badge",
}

// lowStock is the quantity under which a card shows an "Only N left" badge.
const lowStock = 5

func (s *Server) serveHTMLMenu(w http.ResponseWriter, r *http.Request) {
	s.servePage(w, r, "html", htmlPagePath.FindStringSubmatch(r.URL.Path)[1], htmlMenuPage)
}

// htmlMenuPage renders the store's menu page; the malformed mode cuts it where the
// menu begins.
func htmlMenuPage(st *Store, path string) pageReply {
	var b strings.Builder
	pageHead(&b, st, "Menu | "+st.Name+" – "+st.City+", Ohio Dispensary",
		`<link rel="stylesheet" href="/wp-content/themes/dispensary/style.css?ver=3.2.0">
<script src="/wp-includes/js/jquery/jquery.min.js?ver=3.7.1"></script>
`)
	b.WriteString(`<main id="menu" class="site-main">
<h1 class="page-title">Shop Our Menu</h1>
<p class="menu-notice">Prices include tax. Medical patients: bring your Ohio registry card. Menu updated throughout the day.</p>
`)
	cut := b.Len()
	for _, c := range data.TrackedCategories {
		htmlSection(&b, st, path, c)
	}
	b.WriteString("</main>\n")
	pageFoot(&b, st)
	return pageReply{body: []byte(b.String()), cut: cut}
}

// htmlSection is a category's section: its heading and a card per size in stock.
func htmlSection(b *strings.Builder, st *Store, path string, c data.Category) {
	var cards strings.Builder
	for _, p := range st.OnMenu() {
		if p.Category != c {
			continue
		}
		for _, sz := range p.inStockSizes() {
			htmlCard(&cards, st, path, p, sz)
		}
	}
	if cards.Len() == 0 {
		return
	}
	name := htmlCategories[c]
	b.WriteString(`<section class="menu-category" id="` + slugify(name) + `">
<h2 class="menu-category__title">` + esc(name) + `</h2>
<div class="menu-category__grid">
`)
	b.WriteString(cards.String())
	b.WriteString("</div>\n</section>\n")
}

// htmlCard renders one size of a product.
func htmlCard(b *strings.Builder, st *Store, path string, p Product, sz Size) {
	link := strings.TrimSuffix(strings.TrimSuffix(path, "/"), "/menu") + "/product/" + productPageSlug(p) + "/"
	price, sale := st.prices(sz, false)
	prices := `<span class="regular">` + money(price) + `</span>`
	if sale > 0 {
		prices = `<del class="regular">` + money(price) + `</del> <ins class="sale">` + money(sale) + `</ins>`
	}
	b.WriteString(`<article class="menu-product" data-product-id="` + esc(p.ID) + `">
<a class="menu-product__link" href="` + esc(link) + `">
<img loading="lazy" src="/wp-content/uploads/menu/` + esc(productPageSlug(p)) + `.jpg" alt="` + esc(productName(p)) + `">
<h3 class="menu-product__name">` + esc(productName(p)) + `</h3>
</a>
`)
	if p.Brand != "" {
		b.WriteString(`<p class="menu-product__brand">` + esc(p.Brand) + "</p>\n")
	}
	b.WriteString(`<ul class="menu-product__meta"><li class="menu-product__size">` + esc(sizeText(p, sz)) + "</li>")
	if t := potencyText(p); t != "" {
		b.WriteString(`<li class="menu-product__potency">` + esc(t) + "</li>")
	}
	if p.StrainType != "" {
		b.WriteString(`<li class="menu-product__lineage">` + esc(titleWord(p.StrainType)) + "</li>")
	}
	b.WriteString("</ul>\n")
	b.WriteString(`<div class="menu-product__price">` + prices + "</div>\n")
	if left := stockLeft(st, p, sz); left < lowStock {
		b.WriteString(`<span class="menu-product__badge">Only ` + strconv.FormatUint(left, 10) + " left</span>\n")
	}
	b.WriteString(`<button class="menu-product__add" type="button" data-product-id="` + esc(p.ID) + `">Add to cart</button>
</article>
`)
}

// stockLeft is how many packages of a size a store has, at least one (sold-out sizes
// are not served).
func stockLeft(st *Store, p Product, sz Size) uint64 {
	return 1 + hash64("page-stock", st.Key, p.ID, sz.Label)%40
}
