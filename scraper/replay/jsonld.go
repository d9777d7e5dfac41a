package replay

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// A dispensary's own menu page with schema.org markup (docs/platforms.md §8): GET
// /stores/<slug>/menu, a page whose <script type="application/ld+json"> holds an
// @graph with the Store and one ItemList per category, each ListItem a Product with
// one Offer per size (Google's documented product markup; the sale shown as a
// StrikethroughPrice above the offer's price). The visible page lists the same
// products for people.
var jsonldPagePath = regexp.MustCompile(`^/stores/([a-z0-9]+(?:-[a-z0-9]+)*)/menu/?$`)

// jsonldCategories are the category names the markup and the page's headings use.
var jsonldCategories = map[data.Category]string{
	data.Flower: "Flower", data.Preroll: "Pre-Rolls", data.Vape: "Vaporizers", data.Extract: "Concentrates", data.Edible: "Edibles",
}

// jsonldPlatform: a dispensary's own page with schema.org markup, the store named by
// its path.
var jsonldPlatform = platform{
	name:       "jsonld",
	routes:     []route{{jsonldPagePath.MatchString, (*Server).serveJSONLD}},
	key:        pageKey(jsonldPagePath),
	keyHelp:    "a page path /stores/<slug>/menu",
	demoStores: 2,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.URL = "https://" + d.Slug + ".example/stores/" + d.Slug + "/menu"
	},
}

func (s *Server) serveJSONLD(w http.ResponseWriter, r *http.Request) {
	s.servePage(w, r, "jsonld", jsonldPagePath.FindStringSubmatch(r.URL.Path)[1], jsonldPage)
}

// jsonldPage renders the store's menu page; the malformed mode cuts it in the middle
// of its JSON-LD.
func jsonldPage(st *Store, path string) pageReply {
	graph := map[string]any{
		"@context": "https://schema.org",
		"@graph":   append([]map[string]any{jsonldStore(st, path)}, jsonldLists(st, path)...),
	}
	// json.Marshal escapes <, > and & in strings, so no name can close the script.
	ld, _ := json.Marshal(graph)
	const open = `<script type="application/ld+json">`
	var b strings.Builder
	pageHead(&b, st, "Menu | "+st.Name+" – "+st.City+", Ohio Dispensary",
		`<link rel="canonical" href="`+esc(path)+`">`+"\n"+open+string(ld)+"</script>\n")
	cut := strings.Index(b.String(), open) + len(open) + len(ld)/2
	b.WriteString(`<main id="menu" class="menu">
<h1>Our Menu</h1>
`)
	for _, c := range data.TrackedCategories {
		jsonldSection(&b, st, path, c)
	}
	b.WriteString("</main>\n")
	pageFoot(&b, st)
	return pageReply{body: []byte(b.String()), cut: cut}
}

// jsonldStore is the page's Store node.
func jsonldStore(st *Store, path string) map[string]any {
	return map[string]any{
		"@type": "Store", "@id": path + "#store", "name": st.Name, "url": "/",
		"address": map[string]any{"@type": "PostalAddress", "addressLocality": st.City, "addressRegion": "OH", "addressCountry": "US"},
		"geo":     map[string]any{"@type": "GeoCoordinates", "latitude": st.Lat, "longitude": st.Lng},
	}
}

// jsonldLists is one ItemList per category with products on the menu.
func jsonldLists(st *Store, path string) []map[string]any {
	var lists []map[string]any
	for _, c := range data.TrackedCategories {
		var items []map[string]any
		for _, p := range st.OnMenu() {
			if p.Category == c {
				items = append(items, map[string]any{"@type": "ListItem", "position": len(items) + 1, "item": jsonldProduct(st, p, path)})
			}
		}
		if len(items) > 0 {
			lists = append(lists, map[string]any{"@type": "ItemList", "name": jsonldCategories[c], "numberOfItems": len(items), "itemListElement": items})
		}
	}
	return lists
}

// jsonldProduct renders a product: its sku names it, each size in stock is an Offer
// named by the size.
func jsonldProduct(st *Store, p Product, path string) map[string]any {
	link := jsonldProductPath(path, p)
	var offers []map[string]any
	for _, sz := range p.inStockSizes() {
		price, sale := st.prices(sz, false)
		o := map[string]any{
			"@type": "Offer", "name": sizeText(p, sz), "price": strconv.FormatFloat(price, 'f', 2, 64), "priceCurrency": "USD",
			"availability": "https://schema.org/InStock", "itemCondition": "https://schema.org/NewCondition", "url": link,
		}
		if sale > 0 {
			o["price"] = strconv.FormatFloat(sale, 'f', 2, 64)
			o["priceSpecification"] = []map[string]any{{
				"@type": "UnitPriceSpecification", "priceType": "https://schema.org/StrikethroughPrice", "price": price, "priceCurrency": "USD",
			}}
		}
		offers = append(offers, o)
	}
	prod := map[string]any{
		"@type": "Product", "@id": link + "#product", "sku": jsonldSKU(st, p), "name": productName(p), "url": link,
		"category": jsonldCategories[p.Category], "image": "/media/products/" + productPageSlug(p) + ".jpg",
		"additionalProperty": jsonldProperties(p), "offers": offers,
	}
	if p.Brand != "" {
		prod["brand"] = map[string]any{"@type": "Brand", "name": p.Brand}
	}
	return prod
}

// jsonldSKU is the store's stock-keeping unit for a product, shared by its sizes.
func jsonldSKU(st *Store, p Product) string {
	return strings.ToUpper(st.Key[:min(3, len(st.Key))]) + "-" + p.ID
}

func jsonldProductPath(menuPath string, p Product) string {
	return strings.TrimSuffix(strings.TrimSuffix(menuPath, "/"), "/menu") + "/product/" + productPageSlug(p) + "/"
}

// jsonldProperties are the potency and lineage as PropertyValues.
func jsonldProperties(p Product) []map[string]any {
	unit := "%"
	if p.PotencyUnit == "mg" {
		unit = "mg"
	}
	var props []map[string]any
	if p.THC > 0 {
		props = append(props, map[string]any{"@type": "PropertyValue", "name": "THC", "value": p.THC, "unitText": unit})
	}
	if p.CBD > 0 {
		props = append(props, map[string]any{"@type": "PropertyValue", "name": "CBD", "value": p.CBD, "unitText": unit})
	}
	if p.StrainType != "" {
		props = append(props, map[string]any{"@type": "PropertyValue", "name": "Strain Type", "value": titleWord(p.StrainType)})
	}
	return props
}

// jsonldSection is a category's visible list: name, brand, size and price per offer.
func jsonldSection(b *strings.Builder, st *Store, path string, c data.Category) {
	var rows strings.Builder
	for _, p := range st.OnMenu() {
		if p.Category != c {
			continue
		}
		for _, sz := range p.inStockSizes() {
			price, sale := st.prices(sz, false)
			shown := `<span class="price">` + money(price) + `</span>`
			if sale > 0 {
				shown = `<s class="price price--was">` + money(price) + `</s> <span class="price price--now">` + money(sale) + `</span>`
			}
			rows.WriteString(`<li class="product"><a href="` + esc(jsonldProductPath(path, p)) + `">` + esc(productName(p)) + `</a> <span class="brand">` +
				esc(p.Brand) + `</span> <span class="size">` + esc(sizeText(p, sz)) + `</span> ` + shown + "</li>\n")
		}
	}
	if rows.Len() == 0 {
		return
	}
	b.WriteString(`<section class="menu-category" id="` + slugify(jsonldCategories[c]) + `"><h2>` + esc(jsonldCategories[c]) + "</h2>\n<ul class=\"products\">\n")
	b.WriteString(rows.String())
	b.WriteString("</ul>\n</section>\n")
}
