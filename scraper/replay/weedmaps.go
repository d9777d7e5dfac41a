package replay

import (
	"net/http"
	"regexp"
	"strconv"

	"github.com/ohiomc/omc/data"
)

// Weedmaps' discovery API (docs/platforms.md §4 A): GET
// /discovery/v1/listings/dispensaries/<slug>/menu_items?limit=N&page=P, limit below 150
// (else 422), pages from 1. Lineage is category.name; the product type is
// edge_category with its parent as ancestors[0].
var weedmapsMenuPath = regexp.MustCompile(`^/discovery/v1/listings/dispensaries/([a-z0-9-]+)/menu_items$`)

const weedmapsMaxLimit = 149

// weedmapsCategories are the parent category and the edge category a tracked category
// is listed under.
var weedmapsCategories = map[data.Category][2]string{
	data.Flower: {"Flower", "Buds"}, data.Preroll: {"Pre-Rolls", "Pre-Rolls"}, data.Vape: {"Vape Pens", "Cartridges"},
	data.Extract: {"Concentrates", "Concentrates"}, data.Edible: {"Edibles", "Edibles"},
}

// weedmapsPlatform: Weedmaps' discovery API, stores keyed by listing slug (cName).
var weedmapsPlatform = platform{
	name:       "weedmaps",
	routes:     []route{{weedmapsMenuPath.MatchString, (*Server).serveWeedmaps}},
	key:        func(m data.MenuSource) string { return m.CName },
	keyHelp:    "its cName, the listing slug",
	demoStores: 3,
	demoMenu:   func(src *data.MenuSource, d data.Dispensary) { src.CName = d.Slug },
}

func (s *Server) serveWeedmaps(w http.ResponseWriter, r *http.Request) {
	slug := weedmapsMenuPath.FindStringSubmatch(r.URL.Path)[1]
	mode, done := s.failed(w, r, "weedmaps", slug)
	if done {
		return
	}
	limit, errL := strconv.Atoi(r.URL.Query().Get("limit"))
	page, errP := strconv.Atoi(r.URL.Query().Get("page"))
	if errL != nil || errP != nil || limit < 1 || limit > weedmapsMaxLimit || page < 1 {
		writeJSONError(w, http.StatusUnprocessableEntity, "limit must be 1 to 149 and page at least 1")
		return
	}
	st, ok := s.dataset().Store("weedmaps", slug)
	if !ok {
		writeJSONError(w, http.StatusNotFound, "Listing not found")
		return
	}
	var items []map[string]any
	for _, p := range st.OnMenu() {
		items = append(items, weedmapsItem(st, p))
	}
	from, to := min((page-1)*limit, len(items)), min(page*limit, len(items))
	s.writeReply(w, map[string]any{
		"meta": map[string]any{"total_menu_items": len(items), "has_live_menu": true},
		"data": map[string]any{"menu_items": nonNil(items[from:to])},
	}, mode)
}

// weedmapsItem renders a product as a discovery menu item: one price tier per size in
// stock, under the prices key the size belongs to.
func weedmapsItem(st *Store, p Product) map[string]any {
	prices := map[string][]map[string]any{}
	for _, sz := range p.inStockSizes() {
		price, sale := st.prices(sz, false)
		key := "unit"
		switch {
		case p.Category == data.Edible || sz.Grams <= 0:
		case sz.Grams < 3:
			key = "gram"
		default:
			key = "ounce"
		}
		tier := map[string]any{"label": sz.Label, "price": price, "original_price": price, "on_sale": false}
		if sale > 0 {
			tier["price"], tier["on_sale"] = sale, true
		}
		prices[key] = append(prices[key], tier)
	}
	cat := weedmapsCategories[p.Category]
	unit := "%"
	if p.PotencyUnit == "mg" {
		unit = "mg"
	}
	var brand any
	if p.Brand != "" {
		brand = map[string]any{"brand_name": p.Brand}
	}
	return map[string]any{
		"id": 150_000_000 + hash64("weedmaps-item", st.Key, p.ID)%50_000_000, "name": productName(p),
		"slug":              productSlug(p),
		"category":          map[string]any{"name": titleWord(p.StrainType)},
		"edge_category":     map[string]any{"name": cat[1], "ancestors": []map[string]any{{"name": cat[0]}}},
		"brand_endorsement": brand, "prices": prices,
		"metrics": map[string]any{"aggregates": map[string]any{"thc": p.THC, "thc_unit": unit, "cbd": p.CBD, "cbd_unit": unit}},
	}
}
