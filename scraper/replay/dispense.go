package replay

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Dispense's storefront API (docs/platforms.md §6): GET /v1/venues/<venue>/product-categories,
// then /v1/venues/<venue>/product-categories/<category>/products?limit=&skip=, with the
// storefront api-key header. With group=true every record is a product group whose
// variants are its sizes, each a product record of its own.
var (
	dispenseCategoriesPath = regexp.MustCompile(`^/v1/venues/([0-9a-f]{16})/product-categories$`)
	dispenseProductsPath   = regexp.MustCompile(`^/v1/venues/([0-9a-f]{16})/product-categories/([0-9a-f]{16})/products$`)
)

// dispenseCategories are a venue's category names, with a leading emoji as the
// capture's "🍬Edibles🍫" has.
var dispenseCategories = map[data.Category]string{
	data.Flower: "🌿Flower", data.Preroll: "Pre-Rolls", data.Vape: "Vapes", data.Extract: "Concentrates", data.Edible: "🍬Edibles🍫",
}

func dispenseCategoryID(venue string, c data.Category) string {
	return hex24("dispense-category", venue, string(c))[:16]
}

// dispensePlatform: Dispense's storefront API, stores keyed by venue id (storeId).
var dispensePlatform = platform{
	name:       "dispense",
	routes:     []route{{func(p string) bool { return strings.HasPrefix(p, "/v1/venues/") }, (*Server).serveDispense}},
	keyHelp:    "its storeId, the venue id",
	demoStores: 2,
	demoMenu: func(src *data.MenuSource, d data.Dispensary) {
		src.StoreID = hex24("demo-dispense", d.Slug)[:16]
	},
	demoSettings: map[string]string{"apiKey": "demo-storefront-key"},
}

func (s *Server) serveDispense(w http.ResponseWriter, r *http.Request) {
	var venue, category string
	if m := dispenseProductsPath.FindStringSubmatch(r.URL.Path); m != nil {
		venue, category = m[1], m[2]
	} else if m := dispenseCategoriesPath.FindStringSubmatch(r.URL.Path); m != nil {
		venue = m[1]
	} else {
		writeJSONError(w, http.StatusNotFound, "Not found")
		return
	}
	if strings.TrimSpace(r.Header.Get("Api-Key")) == "" {
		writeJSONError(w, http.StatusUnauthorized, "Missing api key")
		return
	}
	mode, done := s.failed(w, r, "dispense", venue)
	if done {
		return
	}
	st, ok := s.dataset().Store("dispense", venue)
	if !ok {
		writeJSONError(w, http.StatusNotFound, "Venue not found")
		return
	}
	if category == "" {
		var cats []map[string]any
		for _, c := range data.TrackedCategories {
			cats = append(cats, map[string]any{"id": dispenseCategoryID(venue, c), "name": dispenseCategories[c]})
		}
		s.writeReply(w, map[string]any{"data": cats}, mode)
		return
	}
	limit, errL := strconv.Atoi(r.URL.Query().Get("limit"))
	skip, errS := strconv.Atoi(r.URL.Query().Get("skip"))
	if errL != nil || errS != nil || limit < 1 || limit > 100 || skip < 0 {
		writeJSONError(w, http.StatusBadRequest, "limit must be 1 to 100 and skip at least 0")
		return
	}
	var groups []map[string]any
	for _, p := range st.OnMenu() {
		if dispenseCategoryID(venue, p.Category) == category {
			groups = append(groups, dispenseGroup(st, p))
		}
	}
	from, to := min(skip, len(groups)), min(skip+limit, len(groups))
	s.writeReply(w, map[string]any{"data": nonNil(groups[from:to])}, mode)
}

// dispenseGroup renders a product as a group: the first size's record, with every
// size's record as its variants (the first repeats the group's id, as in the capture).
func dispenseGroup(st *Store, p Product) map[string]any {
	var variants []map[string]any
	for i, sz := range p.inStockSizes() {
		id := hex24("dispense-product", st.Key, p.ID, strconv.Itoa(i))[:16]
		if i > 0 {
			id = hex24("dispense-product", st.Key, p.ID, sz.Label)[:16]
		}
		price, sale := st.prices(sz, false)
		withDiscounts := price
		if sale > 0 {
			withDiscounts = sale
		}
		rec := map[string]any{
			"id": id, "name": productName(p), "brand": map[string]any{"name": p.Brand},
			"productCategoryName": dispenseCategories[p.Category], "subType": p.Subtype,
			"cannabisType": strings.ToUpper(p.StrainType), "price": price, "priceWithDiscounts": withDiscounts,
			"quantity": 3 + hash64("dispense-qty", st.Key, p.ID, sz.Label)%40,
			"labs":     dispenseLabs(p),
			// The product's page on the store's own shop, as the capture's productUrl
			// (https://<shop>/shop/<category>/<slug>), on a name under .example.
			"productUrl": "https://" + st.Slug + ".example/shop/" + slugify(string(p.Category)) + "/" + productSlug(p),
		}
		if p.Category == data.Edible {
			rec["weight"], rec["weightUnit"], rec["weightFormatted"] = sz.Mg, "MILLIGRAMS", strconv.FormatFloat(sz.Mg, 'f', -1, 64)+"mg"
		} else {
			rec["weight"], rec["weightUnit"], rec["weightFormatted"] = sz.Grams, "GRAMS", sz.Label
			rec["weightInGrams"] = sz.Grams
		}
		variants = append(variants, rec)
	}
	group := map[string]any{}
	for k, v := range variants[0] {
		group[k] = v
	}
	group["variants"] = variants
	return group
}

func dispenseLabs(p Product) map[string]any {
	unit := "%"
	if p.PotencyUnit == "mg" {
		unit = "MILLIGRAMS"
	}
	return map[string]any{"thc": p.THC, "thcContentUnit": unit, "cbd": p.CBD, "cbdContentUnit": unit}
}
