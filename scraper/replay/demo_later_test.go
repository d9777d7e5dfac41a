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

// TestDemoWeeks checks the demo's weeks of history: deterministic, the first week the
// dataset itself (left as it was), and every week changing differently: prices drift
// (a product's price takes more than two values over the weeks), products arrive and
// sell out every week, and some leave every menu.
func TestDemoWeeks(t *testing.T) {
	first := mustDemo(t)
	before := mustDemo(t)
	weeks, err := DemoWeeks(first, 8)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := DemoWeeks(first, 8)
	if !reflect.DeepEqual(weeks, again) {
		t.Fatal("DemoWeeks is not deterministic")
	}
	if len(weeks) != 9 || weeks[0] != first || !reflect.DeepEqual(first, before) {
		t.Fatalf("%d weeks; the first must be the dataset, unchanged", len(weeks))
	}
	prices := map[string]map[float64]bool{} // store/product -> first size's prices over the weeks
	for w := 1; w < len(weeks); w++ {
		arrived, soldOut := 0, 0
		for si, st := range weeks[w].Stores {
			old := map[string]Product{}
			for _, p := range weeks[w-1].Stores[si].Products {
				old[p.ID] = p
			}
			for _, p := range st.Products {
				key := st.Key + "/" + p.ID
				if prices[key] == nil {
					prices[key] = map[float64]bool{}
				}
				prices[key][p.Sizes[0].Price] = true
				o, ok := old[p.ID]
				switch {
				case !ok:
					arrived++
				case len(o.inStockSizes()) > 0 && len(p.inStockSizes()) == 0:
					soldOut++
				}
			}
		}
		if arrived == 0 || soldOut == 0 {
			t.Errorf("week %d: %d products arrived, %d sold out", w, arrived, soldOut)
		}
	}
	// Some products leave every menu for good.
	onMenus := func(ds *Dataset) map[string]bool {
		ids := map[string]bool{}
		for _, st := range ds.Stores {
			for _, p := range st.OnMenu() {
				ids[p.ID] = true
			}
		}
		return ids
	}
	last := onMenus(weeks[len(weeks)-1])
	left := 0
	for id := range onMenus(weeks[0]) {
		if !last[id] {
			left++
		}
	}
	if left == 0 {
		t.Error("no product left every menu over the weeks")
	}
	drifting := 0
	for _, seen := range prices {
		if len(seen) > 2 {
			drifting++
		}
	}
	if drifting == 0 {
		t.Error("no product's price took more than two values over the weeks")
	}
	t.Logf("%d products' prices drifted through three or more values; %d products left every menu", drifting, left)
}
