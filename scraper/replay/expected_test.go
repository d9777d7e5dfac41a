package replay

import (
	"fmt"
	"net/http/httptest"
	"testing"

	"github.com/ohiomc/omc/data"
)

// Category names as the platforms write them, for decoding served JSON independently of
// the maps the server renders with.
var (
	janeKindCategory = map[string]data.Category{
		"flower": data.Flower, "pre-roll": data.Preroll, "vape": data.Vape, "extract": data.Extract, "edible": data.Edible,
	}
	dutchieTypeCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vaporizers": data.Vape, "Concentrate": data.Extract, "Edible": data.Edible,
	}
)

// TestExpectedMatchesServed pages through every demo store the way a scraper does and
// counts distinct products per category from the raw JSON; Expected must agree.
func TestExpectedMatchesServed(t *testing.T) {
	ds := mustDemo(t)
	ts := httptest.NewServer(New(ds))
	defer ts.Close()

	for _, st := range ds.Stores {
		for _, market := range []data.Market{data.Recreational, data.Medical} {
			t.Run(fmt.Sprintf("%s %s %s", st.Platform, st.Key, market), func(t *testing.T) {
				var got map[data.Category]int
				if st.Platform == "jane" {
					got = countJane(t, ts.URL, st.Key)
				} else {
					pricing := map[data.Market]string{data.Recreational: "rec", data.Medical: "med"}[market]
					got = countDutchie(t, ts.URL, st.DispensaryID, pricing)
				}
				want := ds.Expected(st.Platform, st.Key, market)
				total := 0
				for _, c := range data.TrackedCategories {
					if got[c] != want[c] {
						t.Errorf("%s: served %d, Expected says %d", c, got[c], want[c])
					}
					total += got[c]
				}
				if len(got) > len(data.TrackedCategories) {
					t.Errorf("served categories outside the tracked five: %v", got)
				}
				if total == 0 {
					t.Error("store served nothing")
				}
			})
		}
	}
}

// countJane reads every page of a Jane store (hitsPerPage 25) and counts distinct
// product_id by kind.
func countJane(t *testing.T, base, storeID string) map[data.Category]int {
	t.Helper()
	seen := map[float64]data.Category{}
	for page, pages := 0, 1; page < pages; page++ {
		_, raw := janeSearch(t, base, fmt.Sprintf(`{"query":"","filters":"store_id = %s","hitsPerPage":25,"page":%d}`, storeID, page))
		var r algoliaReply
		mustUnmarshal(t, raw, &r)
		pages = r.NbPages
		for _, h := range r.Hits {
			kind, _ := h["kind"].(string)
			c, ok := janeKindCategory[kind]
			if !ok {
				t.Fatalf("hit %v has kind %q", h["name"], kind)
			}
			seen[h["product_id"].(float64)] = c
		}
	}
	return tally(seen)
}

// countDutchie reads every page of a Dutchie store (perPage 20) and counts distinct _id
// by type.
func countDutchie(t *testing.T, base, dispensaryID, pricing string) map[data.Category]int {
	t.Helper()
	seen := map[string]data.Category{}
	for page, pages := 0, 1; page < pages; page++ {
		_, raw := get(t, dutchieURL(base, "/graphql", "FilteredProducts", productsVars(dispensaryID, pricing, page, 20), testHash))
		var r filteredProductsReply
		mustUnmarshal(t, raw, &r)
		pages = r.Data.FilteredProducts.QueryInfo.TotalPages
		for _, p := range r.Data.FilteredProducts.Products {
			typ, _ := p["type"].(string)
			c, ok := dutchieTypeCategory[typ]
			if !ok {
				t.Fatalf("product %v has type %q", p["Name"], typ)
			}
			seen[p["_id"].(string)] = c
		}
	}
	return tally(seen)
}

func tally[K comparable](seen map[K]data.Category) map[data.Category]int {
	counts := map[data.Category]int{}
	for _, c := range seen {
		counts[c]++
	}
	return counts
}

func TestExpectedUnknown(t *testing.T) {
	ds := mustDemo(t)
	tests := []struct {
		name          string
		platform, key string
		market        data.Market
	}{
		{"unknown jane store", "jane", "424242", data.Recreational},
		{"unmonitored dispensary", "jane", "9999", data.Medical},
		{"platform the replay does not serve", "sweed", "77", data.Recreational},
		{"bad market", "jane", "2410", data.Market("adult")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ds.Expected(tt.platform, tt.key, tt.market); got != nil {
				t.Errorf("Expected = %v, want nil", got)
			}
		})
	}
}
