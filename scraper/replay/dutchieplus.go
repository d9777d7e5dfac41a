package replay

import (
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Dutchie Plus, the headless GraphQL API (docs/platforms.md §2): POST
// /plus/2021-07/graphql with a Bearer key, query Menu(retailerId, menuType, limit,
// offset) answering data.menu.products. Its Product objects are also what the
// LeafBridge plugin (leafbridge.go) and, flattened, Joint Commerce (joint.go) serve.
const dutchiePlusPath = "/plus/2021-07/graphql"

// plusCategories are the Plus category enum values of the tracked categories.
var plusCategories = map[data.Category]string{
	data.Flower: "FLOWER", data.Preroll: "PRE_ROLLS", data.Vape: "VAPORIZERS", data.Extract: "CONCENTRATES", data.Edible: "EDIBLES",
}

// plusMenuTypes are the MenuType enum values of the markets.
var plusMenuTypes = map[data.Market]string{data.Medical: "MEDICAL", data.Recreational: "RECREATIONAL"}

// dutchiePlusPlatform: the Dutchie Plus GraphQL API, stores keyed by retailer id
// (storeId).
var dutchiePlusPlatform = platform{
	name:       "dutchieplus",
	routes:     []route{{exactPath(dutchiePlusPath), (*Server).serveDutchiePlus}},
	keyHelp:    "its storeId, the retailer id",
	demoStores: 1,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.StoreID = uuid("demo-plus-retailer", d.Slug)
	},
	demoSettings: map[string]string{"apiKey": "demo-plus-key"},
}

func (s *Server) serveDutchiePlus(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		writeGraphQLError(w, http.StatusMethodNotAllowed, "use POST", "BAD_REQUEST")
		return
	}
	if !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
		writeGraphQLError(w, http.StatusUnauthorized, "Unauthorized: a Bearer key is required", "UNAUTHENTICATED")
		return
	}
	var req struct {
		Variables struct {
			RetailerID string `json:"retailerId"`
			MenuType   string `json:"menuType"`
			Limit      int    `json:"limit"`
			Offset     int    `json:"offset"`
		} `json:"variables"`
	}
	raw, _ := io.ReadAll(io.LimitReader(r.Body, maxRequestBody))
	if err := json.Unmarshal(raw, &req); err != nil {
		writeGraphQLError(w, http.StatusBadRequest, "body is not JSON: "+err.Error(), "BAD_REQUEST")
		return
	}
	v := req.Variables
	mode, done := s.failed(w, r, "dutchieplus", v.RetailerID)
	if done {
		return
	}
	st, ok := s.dataset().Store("dutchieplus", v.RetailerID)
	if !ok {
		writeGraphQLError(w, http.StatusOK, "Retailer not found", "NOT_FOUND")
		return
	}
	medical := v.MenuType == plusMenuTypes[data.Medical]
	if (!medical && v.MenuType != plusMenuTypes[data.Recreational]) || v.Limit < 1 || v.Offset < 0 {
		writeGraphQLError(w, http.StatusBadRequest, "menuType must be MEDICAL or RECREATIONAL, limit positive, offset not negative", "BAD_USER_INPUT")
		return
	}
	var products []map[string]any
	for _, p := range st.OnMenu() {
		products = append(products, plusProduct(st, p))
	}
	from, to := min(v.Offset, len(products)), min(v.Offset+v.Limit, len(products))
	s.writeReply(w, map[string]any{"data": map[string]any{"menu": map[string]any{"products": nonNil(products[from:to])}}}, mode)
}

// plusProduct renders a product as a Plus Product: one variant per size in stock,
// with both markets' prices (specialPrice* null when not on sale).
func plusProduct(st *Store, p Product) map[string]any {
	var variants []map[string]any
	for _, sz := range p.inStockSizes() {
		rec, recSale := st.prices(sz, false)
		med, medSale := st.prices(sz, true)
		option := plusOption(p, sz)
		variants = append(variants, map[string]any{
			"id": plusProductID(st, p) + "~" + option, "option": option,
			"priceRec": rec, "priceMed": med, "specialPriceRec": orNil(recSale), "specialPriceMed": orNil(medSale),
			"quantity": 2 + hash64("plus-qty", st.Key, p.ID, sz.Label)%50,
		})
	}
	var strain any
	if p.StrainType != "" {
		strain = strings.ToUpper(p.StrainType)
	}
	return map[string]any{
		"id": plusProductID(st, p), "name": productName(p), "slug": productSlug(p),
		"category": plusCategories[p.Category], "subcategory": plusSubcategory(p.Subtype), "strainType": strain,
		"menuTypes": plusStoreMenuTypes(st), "brand": map[string]any{"name": p.Brand},
		"potencyThc": plusPotency(p.THC, p.PotencyUnit), "potencyCbd": plusPotency(p.CBD, p.PotencyUnit),
		"posMetaData": map[string]any{"category": plusCategories[p.Category]},
		"variants":    variants,
	}
}

func plusProductID(st *Store, p Product) string {
	return hex24("plus-product", st.Key, p.ID)
}

// plusOption is a variant's option label: the package weight as the menu wrote it, or
// for an edible its dose ("100mg"), which Dutchie-fed menus use as the option.
func plusOption(p Product, sz Size) string {
	if p.Category == data.Edible {
		if sz.Mg > 0 {
			return strconv.FormatFloat(sz.Mg, 'f', -1, 64) + "mg"
		}
		return "1pk"
	}
	return sz.Label
}

// plusStoreMenuTypes are the markets a product is listed for: both, as Dutchie lists
// every product under both pricing types (only prices differ), so that a store's menu
// is the same whichever market asks (Dataset.Expected).
func plusStoreMenuTypes(*Store) []string {
	return []string{plusMenuTypes[data.Medical], plusMenuTypes[data.Recreational]}
}

func plusSubcategory(subtype string) string {
	return strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(subtype), " ", "_"))
}

func plusPotency(v float64, unit string) any {
	if v <= 0 {
		return nil
	}
	suffix, enum := "%", "PERCENTAGE"
	if unit == "mg" {
		suffix, enum = "mg", "MILLIGRAMS"
	}
	return map[string]any{"formatted": strconv.FormatFloat(v, 'f', -1, 64) + suffix, "range": []float64{v}, "unit": enum}
}

// orNil is a sale price, or null when there is none.
func orNil(sale float64) any {
	if sale <= 0 {
		return nil
	}
	return sale
}
