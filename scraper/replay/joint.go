package replay

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Joint Commerce, the WordPress plugin whose shop reads a Dutchie-fed Elasticsearch
// index through the site's REST route (docs/platforms.md §2): POST
// /wp-json/joint-ecommerce/v1/products/<businessId>/_search with an Elasticsearch body,
// filtered by businessId and menuType, paged by from and size. Numbers are strings.
var jointSearchPath = regexp.MustCompile(`^/wp-json/joint-ecommerce/v1/products/([0-9]+)/_search$`)

// jointMaxSize is Elasticsearch's default max_result_window for one page's size.
const jointMaxSize = 1000

// jointPlatform: Joint Commerce's _search route, stores keyed by businessId (storeId).
var jointPlatform = platform{
	name:       "joint",
	routes:     []route{{jointSearchPath.MatchString, (*Server).serveJoint}},
	keyHelp:    "its storeId, the businessId",
	demoStores: 1,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.StoreID = strconv.FormatUint(1000+hash64("demo-joint", d.Slug)%9000, 10)
		src.URL = demoSite(d)
	},
}

func (s *Server) serveJoint(w http.ResponseWriter, r *http.Request) {
	business := jointSearchPath.FindStringSubmatch(r.URL.Path)[1]
	if r.Method != http.MethodPost {
		writeJSONError(w, http.StatusMethodNotAllowed, "use POST")
		return
	}
	mode, done := s.failed(w, r, "joint", business)
	if done {
		return
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	var req struct {
		Size int `json:"size"`
		From int `json:"from"`
	}
	if err := json.Unmarshal(raw, &req); err != nil || req.Size < 0 || req.Size > jointMaxSize || req.From < 0 {
		body, _ := json.Marshal(map[string]any{"error": map[string]any{"type": "parsing_exception", "reason": "bad search body"}, "status": 400})
		writeJSON(w, http.StatusBadRequest, body)
		return
	}
	menuType := jointTermValue(raw, "menuType")
	var hits []map[string]any
	if st, ok := s.dataset().Store("joint", business); ok {
		for _, p := range st.OnMenu() {
			src := jointSource(st, p)
			if menuType == "" || strings.Contains(strings.Join(src["menuType"].([]string), ","), menuType) {
				hits = append(hits, map[string]any{"_index": "products", "_id": src["jointId"], "_source": src})
			}
		}
	}
	from, to := min(req.From, len(hits)), min(req.From+req.Size, len(hits))
	s.writeReply(w, map[string]any{"took": 3, "timed_out": false, "hits": map[string]any{
		"total": map[string]any{"value": len(hits), "relation": "eq"}, "hits": nonNil(hits[from:to]),
	}}, mode)
}

// jointTermValue finds the value of a term filter on field anywhere in an
// Elasticsearch body ({"term": {"menuType": "RECREATIONAL"}}); "" when there is none.
func jointTermValue(body []byte, field string) string {
	var walk func(v any) string
	walk = func(v any) string {
		switch x := v.(type) {
		case map[string]any:
			if term, ok := x["term"].(map[string]any); ok {
				if s, ok := term[field].(string); ok {
					return s
				}
			}
			for _, child := range x {
				if s := walk(child); s != "" {
					return s
				}
			}
		case []any:
			for _, child := range x {
				if s := walk(child); s != "" {
					return s
				}
			}
		}
		return ""
	}
	var v any
	if json.Unmarshal(body, &v) != nil {
		return ""
	}
	return walk(v)
}

// jointSource renders a product as the index's _source: Plus fields flattened, numbers
// as strings, one variant per size and market (both, as plusStoreMenuTypes says).
func jointSource(st *Store, p Product) map[string]any {
	id := uuid("joint-product", st.Key, p.ID)
	var variants []map[string]any
	for _, m := range []data.Market{data.Medical, data.Recreational} {
		for _, sz := range p.inStockSizes() {
			price, sale := st.prices(sz, m == data.Medical)
			v := map[string]any{
				"productId": id, "option": plusOption(p, sz), "menuType": plusMenuTypes[m],
				"price": strconv.FormatFloat(price, 'f', 2, 64), "specialPrice": nil,
				"quantity": strconv.FormatUint(1+hash64("joint-qty", st.Key, p.ID, sz.Label)%30, 10),
			}
			if sale > 0 {
				v["specialPrice"] = strconv.FormatFloat(sale, 'f', 2, 64)
			}
			variants = append(variants, v)
		}
	}
	unit := "%"
	if p.PotencyUnit == "mg" {
		unit = "mg"
	}
	potency := func(v float64) any {
		if v <= 0 {
			return nil
		}
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return map[string]any{
		"jointId": id, "name": productName(p), "brandName": p.Brand, "category": plusCategories[p.Category],
		"subCategory": plusSubcategory(p.Subtype), "strainType": strings.ToUpper(p.StrainType),
		"potencyThcRangeLow": potency(p.THC), "potencyThcRangeHigh": potency(p.THC), "potencyThcUnit": unit,
		"potencyCbdRangeLow": potency(p.CBD), "potencyCbdRangeHigh": potency(p.CBD), "potencyCbdUnit": unit,
		"menuType": plusStoreMenuTypes(st), "variants": variants,
	}
}
