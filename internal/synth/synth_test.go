package synth_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestWorldScrapes checks that a scrape of a small world from the replay stores exactly
// the offers World.Offers says a scrape stores, before and after a Step.
func TestWorldScrapes(t *testing.T) {
	ctx := context.Background()
	w := synth.New(synth.Options{Menus: 5, OffersPerMenu: 40, PriceChange: 0.1, StockChange: 0.1, Seed: 7})
	if w.MenuCount() != 5 || len(w.Registry.Dispensaries) != 3 || !w.Registry.Dispensaries[0].Sample {
		t.Fatalf("world: %d menus, %+v", w.MenuCount(), w.Registry.Dispensaries)
	}
	db, err := data.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
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
		reg.Platforms = map[string]data.PlatformConfig{"jane": {BaseURL: url, Settings: replay.DemoPlatformSettings["jane"]}}
		o := scraper.DefaultOptions()
		o.Delay, o.Robots = 0, false
		adapters, err := scraper.NewAdapters(scraper.NewEngine(o), reg.Platforms)
		if err != nil {
			t.Fatal(err)
		}
		sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: yearStart.Add(4 * time.Duration(step) * time.Hour), ReplaceRegistry: true})
		shutdown(ctx)
		if err != nil || sum.MenusFailed != 0 {
			t.Fatalf("step %d: scrape: %v, %+v", step, err, sum.Results)
		}
		latest, err := db.LatestOffers(ctx)
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
		for _, o := range latest {
			got[o.Slug+" "+string(o.Market)+" "+o.Name] = o.Cost()
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
