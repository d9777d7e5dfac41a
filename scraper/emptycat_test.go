package scraper

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// menuAdapter is an adapter whose menu the test sets before each run.
type menuAdapter struct{ offers []data.Offer }

func (a *menuAdapter) Platform() string               { return "fake" }
func (a *menuAdapter) Validate(data.MenuSource) error { return nil }
func (a *menuAdapter) FetchMenu(context.Context, data.MenuSource) (data.Menu, error) {
	return data.Menu{Offers: a.offers, HTTPStatus: 200}, nil
}

func offer(id string, cat data.Category) data.Offer {
	return data.Offer{ProductID: id, Name: id, Category: cat, Size: "1g", Grams: 1, Price: 10, InStock: true}
}

// TestRunEmptyCategory: a category that had products and now has none, while the menu
// lists others, is an empty_category failure: its date and count stay the earlier ones.
// A category never stocked stays a success; a menu with nothing at all stays "empty".
func TestRunEmptyCategory(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	reg := data.Registry{Dispensaries: []data.Dispensary{{Slug: "a", Name: "A", City: "Akron", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "fake"}}}}}
	a := &menuAdapter{}
	adapters := map[string]data.Adapter{"fake": a}
	t0 := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	run := func(at time.Time, offers ...data.Offer) Summary {
		t.Helper()
		a.offers = offers
		sum, err := Run(ctx, db, reg, adapters, RunOptions{Now: at})
		if err != nil {
			t.Fatal(err)
		}
		return sum
	}
	state := func(cat data.Category) store.CategoryState {
		t.Helper()
		sts, err := db.Statuses(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range sts[0].Markets[0].Categories {
			if c.Category == cat {
				return c
			}
		}
		t.Fatalf("no %s state", cat)
		return store.CategoryState{}
	}

	run(t0, offer("f1", data.Flower), offer("f2", data.Flower), offer("v1", data.Vape))
	t1 := t0.Add(4 * time.Hour)
	sum := run(t1, offer("v1", data.Vape), offer("v2", data.Vape))
	if sum.MenusOK != 1 {
		t.Errorf("the menu itself answered: %+v", sum.Results)
	}
	flower := state(data.Flower)
	if !flower.LastUpdate.Equal(t0) || flower.Count != 2 || flower.LastReason != data.ReasonEmptyCategory || flower.LastOK {
		t.Errorf("emptied Flower = %+v, want last update %s with 2 products and outcome empty_category", flower, t0)
	}
	if vape := state(data.Vape); !vape.LastUpdate.Equal(t1) || vape.Count != 2 || vape.LastReason != data.ReasonOK {
		t.Errorf("Vape = %+v", vape)
	}
	if edible := state(data.Edible); !edible.LastUpdate.Equal(t1) || edible.Count != 0 || edible.LastReason != data.ReasonOK {
		t.Errorf("never stocked Edible = %+v, want a success with 0 products", edible)
	}
	// The emptied category's offers are kept, with their menu's age the category's.
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	byID := map[string]store.ListedOffer{}
	err = sd.EachMenu(func(m store.MenuOffers) error {
		for _, lo := range m.Offers {
			byID[lo.Desc.ProductID] = lo
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"f1", "f2"} {
		if st, ok := byID[id]; !ok || !st.CategoryUpdate.Equal(t0) {
			t.Errorf("offer %s after its category emptied = %+v (listed %v), want kept with its category updated at %s", id, st, ok, t0)
		}
	}
	if st := byID["v2"]; !st.CategoryUpdate.Equal(t1) {
		t.Errorf("offer v2 = %+v, want its category updated at %s", st, t1)
	}
	// Still empty a run later: still the earlier date.
	run(t1.Add(4*time.Hour), offer("v1", data.Vape))
	if flower := state(data.Flower); !flower.LastUpdate.Equal(t0) || flower.LastReason != data.ReasonEmptyCategory {
		t.Errorf("Flower after a second empty run = %+v", flower)
	}
	// Back: a success again.
	t3 := t1.Add(8 * time.Hour)
	run(t3, offer("f1", data.Flower), offer("v1", data.Vape))
	if flower := state(data.Flower); !flower.LastUpdate.Equal(t3) || flower.Count != 1 || flower.LastReason != data.ReasonOK {
		t.Errorf("Flower back = %+v", flower)
	}
	// The whole menu empty: the menu-wide rule.
	run(t3.Add(time.Hour))
	if v := state(data.Vape); !v.LastUpdate.Equal(t3) || v.LastReason != data.ReasonEmpty {
		t.Errorf("Vape of an empty menu = %+v", v)
	}
}
