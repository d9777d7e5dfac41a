package replay

import (
	"reflect"
	"testing"
)

// TestDemoLater checks the demo's second-scrape dataset: deterministic, the first left
// as it was, and on the whole demo every kind of change present (prices, sales starting
// and ending, sell-outs, restocks, new products on every store).
func TestDemoLater(t *testing.T) {
	first := mustDemo(t)
	before := mustDemo(t)
	later, err := DemoLater(first)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := DemoLater(first)
	if !reflect.DeepEqual(later, again) {
		t.Fatal("DemoLater is not deterministic")
	}
	if !reflect.DeepEqual(first, before) {
		t.Fatal("DemoLater changed the first dataset")
	}
	counts := map[string]int{}
	for si, st := range later.Stores {
		old := map[string]Product{}
		for _, p := range first.Stores[si].Products {
			old[p.ID] = p
		}
		added := 0
		for _, p := range st.Products {
			o, ok := old[p.ID]
			if !ok {
				added++
				continue
			}
			was, now := len(o.inStockSizes()) > 0, len(p.inStockSizes()) > 0
			switch {
			case was && !now:
				counts["sold out"]++
			case !was && now:
				counts["back"]++
			case o.Sizes[0].SalePrice == 0 && p.Sizes[0].SalePrice > 0:
				counts["on sale"]++
			case o.Sizes[0].SalePrice > 0 && p.Sizes[0].SalePrice == 0:
				counts["sale ended"]++
			case o.Sizes[0].Price != p.Sizes[0].Price:
				counts["price moved"]++
			}
		}
		if added == 0 && st.Platform != "tymber" {
			t.Errorf("%s %s: no new product", st.Platform, st.Key)
		}
		counts["new"] += added
	}
	for _, kind := range []string{"sold out", "back", "on sale", "sale ended", "price moved", "new"} {
		if counts[kind] == 0 {
			t.Errorf("no %q change in the demo's second scrape: %v", kind, counts)
		}
	}
	t.Logf("changes: %v", counts)
}
