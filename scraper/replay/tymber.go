package replay

import (
	"encoding/json"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Tymber (Blaze) storefronts (docs/platforms.md §7): server-rendered Next.js pages. GET
// /shop/<slug>/menu carries the categories in __NEXT_DATA__.props.pageProps.
// filtersCatalog.included (type product_categories); GET
// /shop/<slug>/menu/categories/<category> carries the first tymberPageSize products
// of the category in pageProps.products.data.objects, with meta.total_count. Amounts
// are in cents. The shop is the registry menu's address (with or without /menu).
var (
	tymberShopPath     = regexp.MustCompile(`^/shop/([a-z0-9]+(?:-[a-z0-9]+)*)(?:/menu)?/?$`)
	tymberMenuPath     = regexp.MustCompile(`^/shop/([a-z0-9]+(?:-[a-z0-9]+)*)/menu/?$`)
	tymberCategoryPath = regexp.MustCompile(`^/shop/([a-z0-9]+(?:-[a-z0-9]+)*)/menu/categories/([a-z0-9-]+)/?$`)
)

// tymberPlatform: a Tymber storefront's server-rendered pages, the store named by the
// shop's path.
var tymberPlatform = platform{
	name: "tymber",
	routes: []route{{func(p string) bool { return tymberMenuPath.MatchString(p) || tymberCategoryPath.MatchString(p) },
		(*Server).serveTymber}},
	key:        pageKey(tymberShopPath),
	keyHelp:    "a shop path /shop/<slug>",
	demoStores: 2,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.URL = "https://shop." + d.Slug + ".example/shop/" + d.Slug + "/menu"
	},
	fitMenu: capTymberMenu,
}

// tymberPageSize is how many products a category page renders on the server; the
// browser pages the rest, which a scraper does not see, so the demo keeps a Tymber
// store's categories within it (capTymberMenu).
const tymberPageSize = 20

// tymberBuildID is the Next.js build the pages claim to come from.
const tymberBuildID = "q3Vt7uXc2LmR9pZk1wHs4"

// tymberCategory is a tracked category as a Tymber shop lists it.
type tymberCategory struct {
	id         int
	name, slug string
}

var tymberCategories = map[data.Category]tymberCategory{
	data.Flower: {101, "Flower", "flower"}, data.Preroll: {102, "Pre-Rolls", "pre-rolls"}, data.Vape: {103, "Vaporizers", "vaporizers"},
	data.Extract: {104, "Concentrates", "concentrates"}, data.Edible: {105, "Edibles", "edibles"},
}

// tymberWeightKeys are Tymber's names of the weights it sells, by grams.
var tymberWeightKeys = map[float64]string{
	0.5: "half_gram", 1: "gram", 2: "two_grams", 2.83: "tenth_ounce", 3.5: "eighth_ounce", 3.54: "eighth_ounce",
	5.66: "fifth_ounce", 7: "quarter_ounce", 14: "half_ounce", 14.15: "half_ounce", 28: "ounce", 28.3: "ounce",
}

func (s *Server) serveTymber(w http.ResponseWriter, r *http.Request) {
	var slug, category string
	if m := tymberCategoryPath.FindStringSubmatch(r.URL.Path); m != nil {
		slug, category = m[1], m[2]
	} else {
		slug = tymberMenuPath.FindStringSubmatch(r.URL.Path)[1]
	}
	mode, done := s.failed(w, r, "tymber", slug)
	if done {
		return
	}
	st, ok := s.dataset().Store("tymber", slug)
	if !ok {
		writeNotFoundPage(w)
		return
	}
	if category == "" {
		writePage(w, tymberPage(st, "/menu", map[string]any{"filtersCatalog": tymberCatalog(st)}, "Menu"), mode)
		return
	}
	for _, c := range data.TrackedCategories {
		if tc := tymberCategories[c]; tc.slug == category {
			writePage(w, tymberPage(st, "/menu/categories/[category]", tymberCategoryProps(st, c), tc.name), mode)
			return
		}
	}
	writeNotFoundPage(w)
}

// tymberPage renders a Next.js page around its __NEXT_DATA__; the malformed mode cuts
// it in the middle of that data.
func tymberPage(st *Store, route string, pageProps map[string]any, heading string) pageReply {
	pageProps["site"] = map[string]any{"name": st.Name, "city": st.City, "state": "OH"}
	next := map[string]any{
		"props": map[string]any{"pageProps": pageProps, "__N_SSP": true},
		"page":  route, "query": map[string]any{}, "buildId": tymberBuildID, "isFallback": false, "gssp": true, "scriptLoader": []any{},
	}
	raw, _ := json.Marshal(next)
	var b strings.Builder
	b.WriteString(`<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>` +
		esc(heading+" | "+st.Name) + `</title><link rel="preload" href="/_next/static/css/4c2e8d0f1b7a9e35.css" as="style"/>` +
		`<script src="/_next/static/chunks/webpack-8fa1640cc84ba8fe.js" defer=""></script><script src="/_next/static/chunks/main-0ecb9ccfcb6c9b24.js" defer=""></script>` +
		`<script src="/_next/static/` + tymberBuildID + `/_buildManifest.js" defer=""></script></head><body><div id="__next"><div class="sc-layout">` +
		`<header class="sc-header"><a href="/">` + esc(st.Name) + `</a></header><main><h1>` + esc(heading) + `</h1>` +
		`<div class="sc-grid" data-testid="product-list"></div></main></div></div>`)
	const open = `<script id="__NEXT_DATA__" type="application/json">`
	b.WriteString(open)
	cut := b.Len() + len(raw)/2
	b.Write(raw)
	b.WriteString("</script></body></html>")
	return pageReply{body: []byte(b.String()), cut: cut}
}

// tymberCatalog is the menu page's filters catalog: the categories the store has
// products in, and its brands.
func tymberCatalog(st *Store) map[string]any {
	var included []map[string]any
	has := map[data.Category]bool{}
	brands := map[string]bool{}
	for _, p := range st.OnMenu() {
		has[p.Category] = true
		if p.Brand != "" && !brands[p.Brand] {
			brands[p.Brand] = true
			id := 900 + hash64("tymber-brand", p.Brand)%9000
			included = append(included, map[string]any{"id": strconv.FormatUint(id, 10), "type": "brands",
				"attributes": map[string]any{"id": id, "name": p.Brand, "slug": slugify(p.Brand)}})
		}
	}
	for i, c := range data.TrackedCategories {
		if !has[c] {
			continue
		}
		tc := tymberCategories[c]
		included = append(included, map[string]any{"id": strconv.Itoa(tc.id), "type": "product_categories",
			"attributes": map[string]any{"id": tc.id, "name": tc.name, "slug": tc.slug, "position": i}})
	}
	return map[string]any{"data": map[string]any{"type": "filters_catalogs", "id": "1"}, "included": included}
}

// tymberCategoryProps is a category page's props: its first page of products.
func tymberCategoryProps(st *Store, c data.Category) map[string]any {
	var objects []map[string]any
	for _, p := range st.OnMenu() {
		if p.Category == c {
			objects = append(objects, tymberProduct(st, p))
		}
	}
	total := len(objects)
	tc := tymberCategories[c]
	return map[string]any{
		"category": map[string]any{"slug": tc.slug, "name": tc.name},
		"products": map[string]any{"data": map[string]any{
			"meta":    map[string]any{"total_count": total, "limit": tymberPageSize, "offset": 0},
			"objects": nonNil(objects[:min(total, tymberPageSize)]),
		}},
	}
}

// tymberProduct renders a product as a JSON:API products object: weight_prices per
// size for what is sold by weight, unit_prices for edibles; amounts in cents.
func tymberProduct(st *Store, p Product) map[string]any {
	id := strconv.FormatUint(10_000_000+hash64("tymber-product", st.Key, p.ID)%90_000_000, 10)
	onSale := false
	var prices []map[string]any
	for _, sz := range p.inStockSizes() {
		price, sale := st.prices(sz, false)
		wp := map[string]any{"price": tymberMoney(price), "discount_price": nil, "display_name": sz.Label, "weight_key": tymberWeightKey(sz.Grams)}
		if sale > 0 {
			wp["discount_price"], onSale = tymberMoney(sale), true
		}
		prices = append(prices, wp)
	}
	attrs := map[string]any{
		"id": id, "name": productName(p), "slug": slugify(productName(p)), "in_stock": true, "is_active": true, "is_deleted": false,
		"on_sale": onSale, "hide_from_menu": false, "flower_type": nil, "strain": nil, "brand_name": p.Brand,
		"composition": map[string]any{"thc": p.THC, "cbd": p.CBD}, "weight_prices": prices, "unit_prices": nil, "unit_price": nil, "size": nil,
		"sku": "TYM-" + p.ID, "main_image": "https://images.tymber.example/p/" + id + ".jpg", "description": nil,
	}
	if p.StrainType != "" {
		attrs["flower_type"] = titleWord(p.StrainType)
	}
	if p.Category == data.Edible {
		// An edible is sold by the package: unit prices named by their THC content, the
		// first also as the product's unit price and size.
		for i, sz := range p.inStockSizes() {
			prices[i]["display_name"], prices[i]["weight_key"] = sizeText(p, sz), "unit"
		}
		attrs["weight_prices"], attrs["unit_prices"], attrs["unit_price"] = []map[string]any{}, prices, prices[0]["price"]
		attrs["size"] = map[string]any{"display_text": prices[0]["display_name"]}
	}
	return map[string]any{"id": id, "type": "products", "attributes": attrs}
}

// tymberMoney is an amount in cents.
func tymberMoney(dollars float64) map[string]any {
	return map[string]any{"amount": int64(math.Round(dollars * 100)), "currency": "USD"}
}

// tymberWeightKey names a weight as Tymber does, "unit" for one it has no name for.
func tymberWeightKey(grams float64) string {
	if k, ok := tymberWeightKeys[grams]; ok {
		return k
	}
	return "unit"
}

// capTymberMenu keeps a Tymber store's categories within the products a category page
// renders (a real shop whose categories are larger is only partly readable without a
// browser): the first tymberPageSize of each category in menu order stay.
func capTymberMenu(menu []Product) []Product {
	kept := map[data.Category]int{}
	out := menu[:0:0]
	for _, p := range menu {
		if kept[p.Category] < tymberPageSize {
			kept[p.Category]++
			out = append(out, p)
		}
	}
	return out
}
