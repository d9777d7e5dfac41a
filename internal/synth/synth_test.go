package synth_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/scraper/replay"
	"github.com/ohiomc/omc/store"
)

// TestWorldScrapes checks that a scrape of a small world from the replay stores exactly
// the offers World.Offers says a scrape stores, before and after a Step.
func TestWorldScrapes(t *testing.T) {
	ctx := context.Background()
	w := synth.New(synth.Options{Menus: 5, OffersPerMenu: 40, PriceChange: 0.1, StockChange: 0.1, Seed: 7})
	if w.MenuCount() != 5 || len(w.Registry.Dispensaries) != 3 || !w.Registry.Dispensaries[0].Sample {
		t.Fatalf("world: %d menus, %+v", w.MenuCount(), w.Registry.Dispensaries)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for step := range 2 {
		if step > 0 && w.Step() == 0 {
			t.Fatal("a step changed nothing")
		}
		srv := replay.New(w.Dataset())
		url, shutdown, err := srv.Listen("127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		reg := w.Registry
		reg.Platforms = map[string]data.PlatformConfig{"jane": {BaseURL: url, Settings: replay.DemoPlatformSettings()["jane"]}}
		o := polite.DefaultOptions()
		o.Delay, o.Robots = 0, false
		adapters, err := scraper.NewAdapters(polite.NewEngine(o), reg.Platforms)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: yearStart.Add(4 * time.Duration(step) * time.Hour), ReplaceRegistry: true})
		shutdown(ctx)
		if err != nil || sum.MenusFailed != 0 {
			t.Fatalf("step %d: scrape: %v, %+v", step, err, sum.Results)
		}
		sd, err := db.ReadShop(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]float64{}
		for i := range w.MenuCount() {
			slug, market, _ := w.Menu(i)
			for _, o := range w.Offers(i) {
				want[slug+" "+string(market)+" "+o.Name] = o.Cost()
			}
		}
		got := map[string]float64{}
		err = sd.EachMenu(func(m store.MenuOffers) error {
			for _, lo := range m.Offers {
				cost := lo.Price
				if lo.SalePrice > 0 && lo.SalePrice < lo.Price {
					cost = lo.SalePrice
				}
				got[m.Slug+" "+string(m.Market)+" "+lo.Desc.Name] = cost
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != len(want) {
			t.Errorf("step %d: %d offers stored, world says %d", step, len(got), len(want))
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("step %d: %s costs %v stored, %v in the world", step, k, got[k], v)
			}
		}
	}
}

// TestStepKeepsStockShare checks that a long run of steps changes what it should and
// leaves the share of offers in stock where it started (a drift would make a simulated
// year end with empty menus).
func TestStepKeepsStockShare(t *testing.T) {
	w := synth.New(synth.Options{Menus: 4, OffersPerMenu: 350, PriceChange: 0.03, StockChange: 0.05, Seed: 3})
	count := func() int {
		n := 0
		for i := range w.MenuCount() {
			n += len(w.Offers(i))
		}
		return n
	}
	start := count()
	changed := 0
	for range 2190 {
		changed += w.Step()
	}
	end := count()
	if perRun := float64(changed) / 2190 / 1400; perRun < 0.075 || perRun > 0.085 {
		t.Errorf("%.3f of offers changed per step, want 0.08", perRun)
	}
	if d := float64(end-start) / float64(start); d < -0.05 || d > 0.05 {
		t.Errorf("in stock: %d at the start, %d after a year of steps", start, end)
	}
}
