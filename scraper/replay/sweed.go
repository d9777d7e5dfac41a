package replay

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Sweed's storefront proxy (docs/platforms.md §5): POST …/_api/proxy/Products/GetProductCategoryList
// and …/Products/GetProductList, the store named by the storeid header. The tenant is
// the host (web-ui-<tenant>.sweedpos.com), which a registry baseURL replaces, so the
// replay answers every tenant.
const (
	sweedCategoriesPath = "/_api/proxy/Products/GetProductCategoryList"
	sweedListPath       = "/_api/proxy/Products/GetProductList"
	sweedMaxPageSize    = 100
)

// sweedCategory is a tracked category as a Sweed store lists it: the page id shown in
// storefront URLs and the filter id GetProductList takes (the capture's Flower is 3763
// and 495364).
type sweedCategory struct {
	name     string
	id       int64
	filterID int64
}

var sweedCategories = map[data.Category]sweedCategory{
	data.Flower:  {"Flower", 3763, 495364},
	data.Preroll: {"Pre-Rolls", 3764, 495365},
	data.Vape:    {"Vape", 3765, 495366},
	data.Extract: {"Concentrates", 3766, 495367},
	data.Edible:  {"Edibles", 3767, 495368},
}

// sweedPlatform: Sweed's storefront proxy API, stores keyed by storeId (any tenant).
var sweedPlatform = platform{
	name:       "sweed",
	routes:     []route{{func(p string) bool { return p == sweedCategoriesPath || p == sweedListPath }, (*Server).serveSweed}},
	keyHelp:    "its storeId",
	demoStores: 3,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.CName = "production"
		src.StoreID = strconv.FormatUint(100+hash64("demo-sweed", d.Slug)%900, 10)
	},
}

func (s *Server) serveSweed(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeJSONError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	storeID := r.Header.Get("Storeid")
	mode, done := s.failed(w, r, "sweed", storeID)
	if done {
		return
	}
	var req struct {
		Filters struct {
			Category []int64 `json:"category"`
		} `json:"filters"`
		Page     int    `json:"page"`
		PageSize int    `json:"pageSize"`
		SaleType string `json:"saleType"`
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	if err := json.Unmarshal(raw, &req); err != nil {
		writeJSONError(w, http.StatusBadRequest, "body is not JSON: "+err.Error())
		return
	}
	st, ok := s.dataset().Store("sweed", storeID)
	var reply any
	switch r.URL.Path {
	case sweedCategoriesPath:
		cats := []map[string]any{}
		if ok {
			for _, c := range data.TrackedCategories {
				sc := sweedCategories[c]
				cats = append(cats, map[string]any{"id": sc.id, "name": sc.name, "filter": map[string]any{"category": []int64{sc.filterID}}})
			}
		}
		reply = cats
	default:
		if req.Page < 1 || req.PageSize < 1 || req.PageSize > sweedMaxPageSize {
			writeJSONError(w, http.StatusBadRequest, "page starts at 1 and pageSize is 1 to 100")
			return
		}
		var list []map[string]any
		if ok && len(req.Filters.Category) == 1 {
			medical := strings.EqualFold(req.SaleType, "Medical")
			for _, p := range st.OnMenu() {
				if sweedCategories[p.Category].filterID == req.Filters.Category[0] {
					list = append(list, sweedProduct(st, p, medical))
				}
			}
		}
		from, to := min((req.Page-1)*req.PageSize, len(list)), min(req.Page*req.PageSize, len(list))
		reply = map[string]any{"page": req.Page, "pageSize": req.PageSize, "total": len(list), "list": nonNil(list[from:to])}
	}
	s.writeReply(w, reply, mode)
}

// sweedProduct renders a product as GetProductList lists it: one variant per size in
// stock, prices for the sale type asked, promoPrice when on sale.
func sweedProduct(st *Store, p Product, medical bool) map[string]any {
	var variants []map[string]any
	for _, sz := range p.inStockSizes() {
		price, sale := st.prices(sz, medical)
		unit := map[string]any{"value": sz.Grams, "unitAbbr": "G"}
		switch {
		case p.Category == data.Edible:
			unit = map[string]any{"value": sz.Mg, "unitAbbr": "MG"}
		case sz.Grams <= 0:
			unit = map[string]any{"value": 1, "unitAbbr": "EA"}
		}
		v := map[string]any{
			"id": 400000 + hash64("sweed-variant", st.Key, p.ID, sz.Label)%500000, "name": sz.Label, "saleType": "Both",
			"availableQty": 5 + hash64("sweed-qty", st.Key, p.ID, sz.Label)%60, "unitSize": unit, "unitsInPackage": 1,
			"price": price, "promoPrice": nil, "labTests": sweedLabs(p),
		}
		if sale > 0 {
			v["promoPrice"] = sale
		}
		variants = append(variants, v)
	}
	var strain any
	if p.StrainType != "" {
		strain = map[string]any{"prevalence": map[string]any{"name": titleWord(p.StrainType)}}
	}
	c := sweedCategories[p.Category]
	return map[string]any{
		"id": 200000 + hash64("sweed-product", st.Key, p.ID)%700000, "name": productName(p),
		"category": map[string]any{"id": c.id, "name": c.name}, "subcategory": map[string]any{"name": p.Subtype},
		"productType": map[string]any{"name": p.Subtype}, "brand": map[string]any{"name": p.Brand},
		"strain": strain, "variants": variants,
	}
}

func sweedLabs(p Product) map[string]any {
	unit := "%"
	if p.PotencyUnit == "mg" {
		unit = "MG"
	}
	labs := map[string]any{}
	if p.THC > 0 {
		labs["thc"] = map[string]any{"value": []float64{p.THC}, "unitAbbr": unit}
	}
	if p.CBD > 0 {
		labs["cbd"] = map[string]any{"value": []float64{p.CBD}, "unitAbbr": unit}
	}
	return labs
}
