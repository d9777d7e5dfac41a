package replay

import (
	"net/http"
	"regexp"
	"strconv"

	"github.com/ohiomc/omc/data"
)

// Leafly's consumer API behind its embedded menu (docs/platforms.md §7): GET
// /api/dispensaries/v1/<slug>/menu_items?take=N&skip=M, take at most 50 (else 400),
// answering {data: [item…], metadata: {totalCount}}. Every size is a menu item of its
// own, with its own id.
var leaflyMenuPath = regexp.MustCompile(`^/api/dispensaries/v1/([a-z0-9]+(?:-[a-z0-9]+)*)/menu_items$`)

const leaflyMaxTake = 50

// leaflyCategories are Leafly's product categories.
var leaflyCategories = map[data.Category]string{
	data.Flower: "Flower", data.Preroll: "Pre-roll", data.Vape: "Vaporizers", data.Extract: "Concentrate", data.Edible: "Edible",
}

// leaflyPlatform: Leafly's consumer API, stores keyed by dispensary slug (storeId).
var leaflyPlatform = platform{
	name:       "leafly",
	routes:     []route{{leaflyMenuPath.MatchString, (*Server).serveLeafly}},
	keyHelp:    "its storeId, the Leafly slug",
	demoStores: 2,
	demoMenu:   func(src *data.MenuSource, d data.Dispensary) { src.StoreID = d.Slug },
	listings:   leaflyListings,
}

func (s *Server) serveLeafly(w http.ResponseWriter, r *http.Request) {
	slug := leaflyMenuPath.FindStringSubmatch(r.URL.Path)[1]
	mode, done := s.failed(w, r, "leafly", slug)
	if done {
		return
	}
	take, errT := strconv.Atoi(r.URL.Query().Get("take"))
	skip, errS := strconv.Atoi(r.URL.Query().Get("skip"))
	if errT != nil || errS != nil || take < 1 || take > leaflyMaxTake || skip < 0 {
		writeJSONError(w, http.StatusBadRequest, "take must be 1 to 50 and skip at least 0")
		return
	}
	st, ok := s.dataset().Store("leafly", slug)
	if !ok {
		writeJSONError(w, http.StatusNotFound, "Dispensary not found")
		return
	}
	var items []map[string]any
	for _, p := range st.OnMenu() {
		for _, sz := range p.inStockSizes() {
			items = append(items, leaflyItem(st, p, sz))
		}
	}
	from, to := min(skip, len(items)), min(skip+take, len(items))
	s.writeReply(w, map[string]any{"data": nonNil(items[from:to]), "metadata": map[string]any{"totalCount": len(items)}}, mode)
}

// leaflyItem renders one size of a product as a menu item. price is what a shopper
// pays: a store's discount shows as a lower price (Leafly lists deals apart).
func leaflyItem(st *Store, p Product, sz Size) map[string]any {
	price, sale := st.prices(sz, false)
	if sale > 0 {
		price = sale
	}
	unit, quantity := "g", sz.Grams
	if p.Category == data.Edible || sz.Grams <= 0 {
		unit, quantity = "each", 1
	}
	potencyUnit := "percent"
	if p.PotencyUnit == "mg" {
		potencyUnit = "mg"
	}
	var brand, strainType any
	if p.Brand != "" {
		brand = map[string]any{"id": 100 + hash64("leafly-brand", p.Brand)%90000, "name": p.Brand, "slug": slugify(p.Brand)}
	}
	if p.StrainType != "" {
		strainType = p.StrainType
	}
	item := map[string]any{
		"id": 4_000_000 + hash64("leafly-item", st.Key, p.ID, sz.Label)%90_000_000, "name": productName(p),
		"brandName": nilIfEmpty(p.Brand), "brand": brand, "productCategory": leaflyCategories[p.Category],
		"strainName": nil, "strainType": strainType, "description": nil,
		"thcContent": nilIfZero(p.THC), "thcUnit": potencyUnit, "cbdContent": nilIfZero(p.CBD), "cbdUnit": potencyUnit,
		"price": price, "pricePerUnit": nil, "sortPrice": price, "quantity": quantity, "unit": unit,
		"displayQuantity": sizeText(p, sz), "normalizedQuantity": nil, "normalizedQuantityLabel": nil,
		"stockQuantity": stockLeft(st, p, sz), "pickupEnabled": true, "onlineFulfillmentEnabled": true,
		"medical": false, "imageUrl": nil, "formattedThumbnailUrl": nil,
	}
	if unit == "g" && quantity > 0 {
		item["pricePerUnit"] = cents(price / quantity)
	}
	return item
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nilIfZero(x float64) any {
	if x == 0 {
		return nil
	}
	return x
}

// leaflyListings is how many products a scrape of Leafly finds for p: each size in
// stock is an item with an id of its own.
func leaflyListings(p Product) int {
	return len(p.inStockSizes())
}
