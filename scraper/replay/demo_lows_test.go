package replay

import "testing"

// TestDemoHistoryHasHonestAndUnseenRegularPrices checks that the demo's history (eight
// weekly datasets, as omc demo scrapes them, then the last scrape's) ends with both kinds of
// sale the site tells apart (publish's lows): one whose regular price was charged, not on
// sale, in a week of the 30 days before the sale began, and one whose regular price the
// history never saw charged then.
func TestDemoHistoryHasHonestAndUnseenRegularPrices(t *testing.T) {
	weeks, err := DemoWeeks(mustDemo(t), 8)
	if err != nil {
		t.Fatal(err)
	}
	later, err := DemoLater(weeks[len(weeks)-1])
	if err != nil {
		t.Fatal(err)
	}
	steps := append(weeks, later)
	// sizeAt is a store's product's first size at a step, false when not listed in stock.
	sizeAt := func(step, store int, id string) (Size, bool) {
		for _, p := range steps[step].Stores[store].Products {
			if p.ID == id && len(p.Sizes) > 0 && p.Sizes[0].InStock {
				return p.Sizes[0], true
			}
		}
		return Size{}, false
	}
	last := len(steps) - 1
	charged, unseen := 0, 0
	for si, st := range later.Stores {
		for _, p := range st.Products {
			now, ok := sizeAt(last, si, p.ID)
			if !ok || now.SalePrice <= 0 || now.SalePrice >= now.Price {
				continue
			}
			began := last
			for began > 0 {
				s, ok := sizeAt(began-1, si, p.ID)
				if !ok || s.SalePrice <= 0 {
					break
				}
				began--
			}
			// The weeks before within 30 days: four weekly steps.
			seen := false
			for step := max(0, began-4); step < began; step++ {
				if s, ok := sizeAt(step, si, p.ID); ok && s.SalePrice <= 0 && s.Price >= now.Price {
					seen = true
				}
			}
			if seen {
				charged++
			} else {
				unseen++
			}
		}
	}
	if charged == 0 || unseen == 0 {
		t.Errorf("the demo's last sales: %d with the regular price charged before, %d without; want some of each", charged, unseen)
	}
	t.Logf("sales with the regular price charged before: %d; without: %d", charged, unseen)
}
