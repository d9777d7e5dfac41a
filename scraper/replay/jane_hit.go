package replay

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// janeHitAttributes is about how many attributes a hit has (the fixed ones and four a
// weight bucket).
const janeHitAttributes = 100

// janeHit renders one product as an Algolia record of Jane's menu-products index. Field
// names and value types follow the `search_attributes` records of the Jane capture
// (scraper/testdata/jane/dmerch_…json): numbers for prices, strings inside
// special_price_<w>, {} for a bucket without a special, null lineage when unknown.
func janeHit(st *Store, p Product) map[string]any {
	storeID, _ := normalJaneStore(st.Key)
	productID := janeProductID(p.ID)
	kind := janeKinds[p.Category]
	sizes := p.inStockSizes()

	h := janeHitFixed(st, p, storeID, productID, kind)

	// Sale: one percentage special per product, as the capture's specials are.
	salePercent := 0.0
	for _, s := range sizes {
		if s.SalePrice > 0 && s.SalePrice < s.Price {
			salePercent = math.Round(100 * (s.Price - s.SalePrice) / s.Price)
			break
		}
	}
	specialID := janeSpecialID(st.Key, int(salePercent))
	weights, potencies, lowest := setJanePrices(h, p, sizes, salePercent, specialID)
	h["available_weights"] = weights
	h["bucket_price"] = int(math.Floor(lowest))
	h["max_cart_quantity"] = 10

	if p.PotencyUnit == "%" && p.THC > 0 {
		h["percent_thc"] = p.THC
		h["has_thc_potency"] = true
		h["inventory_potencies"] = potencies
	}
	if p.PotencyUnit == "%" && p.CBD > 0 {
		h["percent_cbd"] = p.CBD
	}

	rootTypes := []string{kind}
	if salePercent > 0 {
		rootTypes = append(rootTypes, "sale")
		h["special_id"] = specialID
		h["special_amount"] = fmt.Sprintf("%d%% OFF", int(salePercent))
		h["special_title"] = fmt.Sprintf("%d%% off %s", int(salePercent), janeProductTypes[p.Category])
		h["applicable_special_ids"] = []int64{specialID}
		h["applicable_special_types"] = []string{"product"}
	}
	h["root_types"] = rootTypes
	return h
}

// janeHitFixed is a hit with the attributes every record has whatever it sells.
func janeHitFixed(st *Store, p Product, storeID, productID int64, kind string) map[string]any {
	// Sized for every attribute a record gets, so that it never grows (map growth showed
	// in the profile of serving a large menu).
	h := make(map[string]any, janeHitAttributes)
	h["product_id"] = productID
	h["objectID"] = janeObjectID(st.Key, p.ID)
	h["store_id"] = storeID
	h["name"] = p.Name
	h["brand"] = p.Brand
	h["product_brand_id"] = nil
	h["kind"] = kind
	h["kind_subtype"] = nil
	h["root_subtype"] = nil
	h["custom_product_type"] = janeProductTypes[p.Category]
	h["category"] = nil
	h["type"] = kind
	h["percent_thc"] = nil
	h["has_thc_potency"] = false
	h["inventory_potencies"] = []any{}
	h["lab_results"] = []any{}
	h["compound_names"] = janeCompounds(p.Terpenes)
	h["terpenes"] = []any{}
	h["url_slug"] = p.Slug
	h["unique_slug"] = p.Slug
	h["searchable_slug"] = p.Slug + "-" + strconv.FormatInt(productID, 10)
	h["store_types"] = marketNames(st.Markets)
	h["store_specific_product"] = false
	h["visible"] = true
	h["available_for_pickup"] = true
	h["available_for_delivery"] = false
	h["net_weight_grams"] = 0
	h["description"] = ""
	h["store_notes"] = ""
	h["image_urls"] = []any{}
	h["product_photos"] = []any{}
	h["photos"] = []any{}
	h["review_count"] = 0
	h["aggregate_rating"] = nil
	h["applicable_special_ids"] = []any{}
	h["applicable_special_types"] = []any{}
	h["brand_special_prices"] = map[string]any{}
	h["has_brand_discount"] = false
	h["allow_multiple_flower_count"] = true
	if p.Brand != "" {
		h["product_brand_id"] = janeBrandID(p.Brand)
	}
	if p.Subtype != "" {
		h["kind_subtype"] = titleCase(p.Subtype)
	}
	if p.StrainType != "" {
		h["category"] = p.StrainType
		if p.Category == data.Flower {
			h["type"] = p.StrainType // flower records mirror the lineage in `type`
		}
	}
	if st.Lat != 0 || st.Lng != 0 {
		h["_geoloc"] = map[string]any{"lat": st.Lat, "lng": st.Lng}
	}
	return h
}

// setJanePrices sets a hit's per-weight attributes, one bucket per size (the first size
// of a bucket), and returns the buckets, the potencies per bucket and the lowest price
// paid.
func setJanePrices(h map[string]any, p Product, sizes []Size, salePercent float64, specialID int64) (weights []string, potencies []any, lowest float64) {
	for _, w := range janeWeights {
		h["special_price_"+janeKey(w.name)] = map[string]any{}
		h["max_cart_quantity_"+janeKey(w.name)] = 6
	}
	lowest = math.Inf(1)
	for _, s := range sizes {
		w := janeWeight(s, p.Category)
		if slices.Contains(weights, w) {
			continue // one price per bucket; a second size in the same bucket is not shown
		}
		weights = append(weights, w)
		k := janeKey(w)
		h["price_"+k] = s.Price
		h["max_cart_quantity_"+k] = 10
		cost := s.Price
		if s.SalePrice > 0 && s.SalePrice < s.Price {
			cost = s.SalePrice
			h["discounted_price_"+k] = s.SalePrice
			h["special_price_"+k] = map[string]any{
				"price":            pyFloat(s.Price),
				"special_id":       specialID,
				"discount_type":    "percent",
				"discount_price":   pyFloat(s.SalePrice),
				"discount_amount":  cents(s.Price - s.SalePrice),
				"discount_percent": pyFloat(salePercent),
			}
		}
		lowest = min(lowest, cost)
		if p.PotencyUnit == "%" {
			potencies = append(potencies, map[string]any{
				"price_id": k, "thc_potency": p.THC, "cbd_potency": p.CBD, "thca_potency": 0.0, "tac_potency": 0.0,
			})
		}
		if len(weights) == 1 {
			setJaneAmount(h, s, w)
		}
	}
	return weights, potencies, lowest
}

// setJaneAmount records the true size when the bucket does not say it: Jane keeps it in
// amount / net_weight_grams (the capture's "4.2g" flower sits in the "two gram" bucket),
// and edible doses in mg.
func setJaneAmount(h map[string]any, s Size, weight string) {
	switch {
	case s.Mg > 0:
		h["amount"] = strconv.FormatFloat(s.Mg, 'f', -1, 64) + "mg"
		h["quantity_value"] = s.Mg
		h["quantity_units"] = "mg"
	case s.Grams > 0 && math.Abs(s.Grams-nominalGrams(weight)) > 0.001:
		h["amount"] = strconv.FormatFloat(s.Grams, 'f', -1, 64) + "g"
		h["quantity_value"] = s.Grams
		h["quantity_units"] = "g"
		h["net_weight_grams"] = s.Grams
	}
}

// janeCompounds spells terpene names as Jane's compound_names do (lower case, full
// names); Bloom's cards abbreviate caryophyllene.
func janeCompounds(terpenes []string) []string {
	out := make([]string, 0, len(terpenes))
	for _, t := range terpenes {
		name := strings.ToLower(strings.TrimSpace(t))
		if name == "caryo" {
			name = "caryophyllene"
		}
		out = append(out, name)
	}
	return out
}

func marketNames(markets []data.Market) []string {
	out := make([]string, 0, len(markets))
	for _, m := range markets {
		out = append(out, string(m))
	}
	return out
}

// pyFloat formats a price as the capture's strings do (Python's str of a float:
// "45.0", "33.75").
func pyFloat(x float64) string {
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

func titleCase(s string) string {
	words := strings.Fields(strings.ReplaceAll(s, "-", " "))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
