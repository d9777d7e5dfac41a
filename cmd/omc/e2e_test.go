package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
	"github.com/ohiomc/omc/store"
	"gopkg.in/yaml.v3"
)

var demoNow = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)

func testDeps(out, errOut *bytes.Buffer) deps {
	return deps{Out: out, ErrOut: errOut, Now: func() time.Time { return demoNow }, Getenv: func(string) string { return "" }}
}

// TestDemoPipelineEndToEnd scrapes the replay of the whole embedded registry the way
// `omc demo` does (weeks of history, then its last two runs) and publishes: every count
// in api/DispensaryStatus must equal what the replay served for that dispensary × market
// × category, and every date the --now of the last scrape that reached the store; and
// every screen that shows change has some to show (demoHistoryShows).
func TestDemoPipelineEndToEnd(t *testing.T) {
	// Side by side with the package's other whole-demo scrapes (each has its own replay,
	// database and published tree): the three are most of the package's time.
	t.Parallel()
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	dir := t.TempDir()
	c := DefaultConfig()
	c.DB, c.Out, c.Now = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339)
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	ctx := context.Background()

	c.Sample = true // as omc demo publishes
	sums, err := run.scrapeAll(ctx, c, d, demoNow)
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != demoWeeks+2 {
		t.Fatalf("%d scrapes, want %d weekly and the last two", len(sums), demoWeeks)
	}
	first, second := sums[len(sums)-2], sums[len(sums)-1]
	if first.MenusFailed == 0 || second.MenusFailed <= first.MenusFailed || second.MenusOK == 0 {
		t.Fatalf("failures: first %d/%d, second %d/%d", first.MenusFailed, first.MenusOK, second.MenusFailed, second.MenusOK)
	}
	if _, err := runPublish(ctx, &c, d); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(c.Out, "api/DispensaryStatus"))
	if err != nil {
		t.Fatal(err)
	}
	var status []publish.DispensaryStatus
	if err := json.Unmarshal(raw, &status); err != nil {
		t.Fatal(err)
	}
	failing := map[string]string{} // platform/key -> "always" | "now"
	for _, f := range run.AlwaysFailing {
		failing[f.Platform+"/"+f.Key] = "always"
	}
	for _, f := range run.FailingNow {
		failing[f.Platform+"/"+f.Key] = "now"
	}
	bySlug := map[string]data.Dispensary{}
	for _, dd := range run.Registry.Dispensaries {
		bySlug[dd.Slug] = dd
	}
	// The registry's stores, and the licensed stores the demo's roster lists that the
	// registry lacks (replay.DemoRoster: two).
	if len(status) != len(run.Registry.Dispensaries)+2 {
		t.Fatalf("%d dispensaries published, registry has %d and the roster 2 more", len(status), len(run.Registry.Dispensaries))
	}
	checked, states := 0, map[string]int{}
	for _, ds := range status {
		reg := bySlug[ds.Slug]
		if ds.Monitored != reg.IsMonitored() || len(ds.MarketStatuses) != len(reg.Menus) {
			t.Errorf("%s: monitored %v, %d markets; registry %v, %d menus", ds.Slug, ds.Monitored, len(ds.MarketStatuses), reg.IsMonitored(), len(reg.Menus))
			continue
		}
		for _, ms := range ds.MarketStatuses {
			var src data.MenuSource
			for _, m := range reg.Menus {
				if m.Market == ms.Market {
					src = m
				}
			}
			key := replay.StoreKey(src)
			mode := failing[src.Platform+"/"+key]
			// A store failing now keeps the first scrape's counts; the others show the
			// second's, whose menus changed.
			seen := run.Later
			if mode == "now" {
				seen = run.Dataset
			}
			expected := seen.Expected(src.Platform, key, ms.Market)
			tiles := []struct {
				cat   data.Category
				date  *string
				count int
			}{
				{data.Flower, ms.LastFlower, ms.LastFlowerCount}, {data.Preroll, ms.LastPreroll, ms.LastPrerollCount},
				{data.Vape, ms.LastVape, ms.LastVapeCount}, {data.Extract, ms.LastExtract, ms.LastExtractCount},
				{data.Edible, ms.LastEdible, ms.LastEdibleCount},
			}
			for _, tile := range tiles {
				where := fmt.Sprintf("%s %s %s (%s %s, failing %q)", ds.Slug, ms.Market, tile.cat, src.Platform, key, mode)
				switch mode {
				case "always":
					if tile.date != nil || tile.count != -1 {
						t.Errorf("%s: date %v count %d, want null and -1", where, deref(tile.date), tile.count)
					}
				case "now":
					if tile.date == nil || *tile.date != demoNow.Add(-20*time.Hour).Format(time.RFC3339) || tile.count != expected[tile.cat] {
						t.Errorf("%s: date %v count %d, want the first scrape's date and %d", where, deref(tile.date), tile.count, expected[tile.cat])
					}
				default:
					if tile.date == nil || *tile.date != demoNow.Format(time.RFC3339) || tile.count != expected[tile.cat] {
						t.Errorf("%s: date %v count %d, want %s and %d", where, deref(tile.date), tile.count, demoNow.Format(time.RFC3339), expected[tile.cat])
					}
					if expected[tile.cat] == 0 {
						t.Errorf("%s: the replay serves no products in this category; the demo should exercise every tile", where)
					}
				}
				checked++
			}
			states[mode]++
		}
	}
	if checked < 300 || states["always"] == 0 || states["now"] == 0 || states[""] == 0 {
		t.Errorf("checked %d tiles, markets by failure mode %v", checked, states)
	}

	// The statistics come from current menus only and cover every region.
	var stats publish.Statistics
	raw, _ = os.ReadFile(filepath.Join(c.Out, "api/statistics"))
	if err := json.Unmarshal(raw, &stats); err != nil {
		t.Fatal(err)
	}
	if len(stats.TopFlower) < 3 || len(stats.TopDeals) != 5 {
		t.Fatalf("statistics: %d strains, %d regions", len(stats.TopFlower), len(stats.TopDeals))
	}
	for _, rd := range stats.TopDeals {
		if len(rd.Flower) == 0 || len(rd.Vape) == 0 {
			t.Errorf("%s: no flower or vape deals", rd.Region)
		}
	}

	// Brands, highlights and the content index are published from the same run.
	var brands publish.Brands
	raw, _ = os.ReadFile(filepath.Join(c.Out, "api/brands"))
	if err := json.Unmarshal(raw, &brands); err != nil || len(brands.Brands) < 5 {
		t.Errorf("api/brands: %v, %d brands", err, len(brands.Brands))
	}
	var highlights publish.Highlights
	raw, _ = os.ReadFile(filepath.Join(c.Out, "api/highlights"))
	if err := json.Unmarshal(raw, &highlights); err != nil || len(highlights.Years) == 0 || highlights.Years[0].MenusTracked == 0 {
		t.Errorf("api/highlights: %v, %+v", err, highlights.Years)
	}
	if _, err := os.Stat(filepath.Join(c.Out, "api/content/index")); err != nil {
		t.Errorf("api/content/index: %v", err)
	}

	// omc status names each failure's reason.
	out.Reset()
	so := &statusOptions{Config: c, JSON: true, deps: d}
	if err := runStatus(ctx, so); err != nil {
		t.Fatal(err)
	}
	var rows []statusRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	// Menus from unverified leads say so, in omc status and in the published status.
	leads := 0
	for _, r := range rows {
		d := bySlug[r.Slug]
		want := !d.IsVerified()
		for _, m := range d.Menus {
			want = want || m.Market == r.Market && !m.IsVerified()
		}
		if r.Unverified != want {
			t.Errorf("%s %s: status unverified %v, want %v", r.Slug, r.Market, r.Unverified, want)
		}
		if want {
			leads++
		}
	}
	for _, ds := range status {
		if ds.Verified != bySlug[ds.Slug].IsVerified() {
			t.Errorf("%s: published verified %v", ds.Slug, ds.Verified)
		}
	}
	if leads == 0 {
		t.Error("no menu from an unverified lead in the demo's status")
	}
	// The demo's roster (replay.DemoRoster: the registry's stores with a researched
	// address, made up where no source says) and Jane's records give a store its own
	// position, near its city (made up by the replay, the same for both); the others are
	// at their city's centre. A store the roster does not list says so. Every licence
	// is first listed by the demo's first run, the oldest weekly one.
	own, listed, notListed, extra, hours, expired := 0, 0, 0, 0, 0, 0
	for _, ds := range status {
		reg, inRegistry := bySlug[ds.Slug]
		if !inRegistry {
			extra++
			if ds.Monitored || ds.Licence == nil || !ds.Licence.Active || !ds.Licence.Sample || ds.Coordinates != "store" || ds.Address == "" {
				t.Errorf("%s: a licensed store the registry lacks, published as %+v", ds.Slug, ds)
			}
			continue
		}
		switch {
		case ds.Licence != nil:
			listed++
			if ds.Address != reg.Address || ds.OnStateList == nil || !*ds.OnStateList || !ds.Licence.Sample || ds.Licence.Since != store.Day(demoNow.Add(-20*time.Hour).AddDate(0, 0, -7*demoWeeks)) {
				t.Errorf("%s: on the roster, published as address %q, onStateList %v, licence %+v", ds.Slug, ds.Address, ds.OnStateList, ds.Licence)
			}
			if !ds.Licence.Active {
				expired++
			}
			if ds.OpeningHours != nil {
				hours++
			}
		case reg.Address != "":
			t.Errorf("%s: a researched address but not on the demo's roster", ds.Slug)
		case ds.OnStateList == nil || *ds.OnStateList:
			t.Errorf("%s: not on the roster, but onStateList %v", ds.Slug, ds.OnStateList)
		default:
			notListed++
		}
		onJane := slices.ContainsFunc(reg.Menus, func(m data.MenuSource) bool { return m.Platform == "jane" })
		switch {
		case ds.Coordinates == "store" && (onJane || ds.Licence != nil):
			own++
			if math.Abs(ds.Lat-reg.Lat) > 0.03 || math.Abs(ds.Lng-reg.Lng) > 0.03 || (ds.Lat == reg.Lat && ds.Lng == reg.Lng) {
				t.Errorf("%s: store position %v,%v, registry's %v,%v", ds.Slug, ds.Lat, ds.Lng, reg.Lat, reg.Lng)
			}
		case ds.Coordinates == "store":
			t.Errorf("%s: store coordinates without a Jane menu or a roster row", ds.Slug)
		case ds.Lat != reg.Lat || ds.Lng != reg.Lng:
			t.Errorf("%s: city coordinates %v,%v, registry's %v,%v", ds.Slug, ds.Lat, ds.Lng, reg.Lat, reg.Lng)
		}
	}
	if own < 80 || listed < 80 || notListed < 50 || extra != 2 || expired != 1 || hours < listed/2 || hours == listed {
		t.Errorf("%d stores with their own coordinates, %d on the roster (%d expired, %d with readable hours), %d not, %d added by it",
			own, listed, expired, hours, notListed, extra)
	}
	wantReason := map[string]data.Reason{"500": data.ReasonHTTPStatus, "malformed": data.ReasonParse, "blocked": data.ReasonBlocked, "timeout": data.ReasonTimeout}
	seen := map[data.Reason]bool{}
	for _, f := range run.FailingNow {
		// The failing menu's markets: a store may list another market on another platform.
		markets := map[data.Market]bool{}
		for _, m := range bySlug[f.Slug].Menus {
			if m.Platform == f.Platform && replay.StoreKey(m) == f.Key {
				markets[m.Market] = true
			}
		}
		for _, r := range rows {
			if r.Slug == f.Slug && markets[r.Market] {
				if r.LastOutcome != wantReason[string(f.Mode)] || r.Freshness != "stale" {
					t.Errorf("%s (%s): outcome %s, freshness %s", f.Slug, f.Mode, r.LastOutcome, r.Freshness)
				}
				seen[r.LastOutcome] = true
			}
		}
	}
	if len(seen) != 4 {
		t.Errorf("failure reasons exercised: %v, want all four", seen)
	}
	t.Run("history", func(t *testing.T) { demoHistoryShows(t, c.Out) })
}

// demoHistoryShows checks that the demo's published weeks of history give every screen
// that shows change something to show, all marked sample: trends draw lines (a series
// with a point every week), product pages many days of history with prices that moved,
// menus new products and sales, products that left every menu keep their pages, and
// the yearly highlights price moves.
func demoHistoryShows(t *testing.T, out string) {
	read := func(path string, v any) {
		t.Helper()
		raw, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
	}
	const weeks = 8 // of history at least: "several weeks", enough for lines and months
	var trends publish.Trends
	read(filepath.Join(out, publish.PathTrends), &trends)
	lines := 0
	for _, p := range trends.Prices {
		if len(p.Points) >= weeks {
			lines++
		}
	}
	if len(trends.Weeks) < weeks || lines == 0 || !trends.Sample {
		t.Errorf("trends: %d weeks, %d series with a point every week, sample %v; want %d weeks and lines", len(trends.Weeks), lines, trends.Sample, weeks)
	}
	menus, _ := filepath.Glob(filepath.Join(out, publish.PathMenus+"*"))
	newOffers, onSale := 0, 0
	for _, path := range menus {
		var m publish.Menu
		read(path, &m)
		if !m.Sample {
			t.Errorf("%s: not marked sample", path)
		}
		for _, mk := range m.Markets {
			for i := range mk.Offers.Product {
				if mk.Offers.IsNew[i] {
					newOffers++
				}
				if mk.Offers.SalePrice[i] != nil {
					onSale++
				}
			}
		}
	}
	products, _ := filepath.Glob(filepath.Join(out, publish.PathProducts+"*"))
	moved, longHistory, gone := 0, 0, 0
	for _, path := range products {
		var p publish.Product
		read(path, &p)
		if !p.Sample {
			t.Errorf("%s: not marked sample", path)
		}
		days := map[string]bool{}
		prices := map[data.Market]map[float64]bool{}
		for _, h := range p.History {
			days[h.Date] = true
			if prices[h.Market] == nil {
				prices[h.Market] = map[float64]bool{}
			}
			prices[h.Market][h.Median] = true
		}
		if len(days) >= weeks {
			longHistory++
		}
		for _, seen := range prices {
			if len(seen) > 2 {
				moved++
				break
			}
		}
		if !p.ListedNow {
			gone++
			if p.LastListed == nil || len(p.History) == 0 {
				t.Errorf("%s: no menu lists it, but its page says neither since when nor its history", path)
			}
		}
	}
	var highlights publish.Highlights
	read(filepath.Join(out, publish.PathHighlights), &highlights)
	moves := 0
	for _, y := range highlights.Years {
		moves += len(y.PriceMoves)
	}
	if newOffers == 0 || onSale == 0 || moved == 0 || longHistory == 0 || gone == 0 || moves == 0 {
		t.Errorf("the demo's history shows %d new offers, %d on sale, %d products whose price took three values or more in a market, "+
			"%d with %d days of history or more, %d pages of products no menu lists, %d price moves in the highlights (%d menus, %d products)",
			newOffers, onSale, moved, longHistory, weeks, gone, moves, len(menus), len(products))
	}
	t.Logf("%d new offers, %d on sale, %d products whose price took three values or more in a market, %d with %d days of history or more, %d gone, %d price moves",
		newOffers, onSale, moved, longHistory, weeks, gone, moves)
}

func deref(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}

// registryFile writes a registry pointing at the demo replay with the given dispensaries.
func registryFile(t *testing.T, run *demoRun, body string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("platforms:\n")
	for _, p := range []string{"jane", "dutchie"} {
		fmt.Fprintf(&b, "  %s: {baseURL: %q", p, run.Registry.Platforms[p].BaseURL)
		if p == "jane" {
			b.WriteString(", settings: {apiKey: demo}")
		}
		b.WriteString("}\n")
	}
	b.WriteString(body)
	path := filepath.Join(t.TempDir(), "registry.yaml")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestScrapeExitCodes drives the real command line against the replay.
func TestScrapeExitCodes(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	// Two Jane and one Dutchie store of the embedded registry.
	var jane []data.Dispensary
	var dutchie data.Dispensary
	for _, d := range run.Registry.Monitored() {
		switch d.Menus[0].Platform {
		case "jane":
			if len(jane) < 2 {
				jane = append(jane, d)
			}
		case "dutchie":
			if dutchie.Slug == "" {
				dutchie = d
			}
		}
	}
	entry := func(d data.Dispensary) string {
		m := d.Menus[0]
		id := fmt.Sprintf("storeId: %q", m.StoreID)
		if m.Platform == "dutchie" {
			id = "cName: " + m.CName
		}
		return fmt.Sprintf("  - slug: %s\n    name: %q\n    city: %q\n    region: %s\n    menus: [{market: %s, platform: %s, %s}]\n",
			d.Slug, d.Name, d.City, d.Region, m.Market, m.Platform, id)
	}
	good := "dispensaries:\n" + entry(jane[0]) + entry(jane[1]) + entry(dutchie)
	db := filepath.Join(t.TempDir(), "omc.db")
	scrape := func(registry string, extra ...string) (int, string) {
		var out, errOut bytes.Buffer
		args := append([]string{"scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s"}, extra...)
		code := execute(args, testDeps(&out, &errOut))
		return code, out.String() + errOut.String()
	}

	t.Run("all ok", func(t *testing.T) {
		run.setFailures()
		code, text := scrape(registryFile(t, run, good), "--now", "2026-07-01T00:00:00Z")
		if code != exitOK || !strings.Contains(text, "3 ok, 0 failed") {
			t.Fatalf("exit %d:\n%s", code, text)
		}
	})
	t.Run("one store failing", func(t *testing.T) {
		run.setFailures([]demoFailure{{Platform: "jane", Key: jane[0].Menus[0].StoreID, Mode: "malformed"}})
		code, text := scrape(registryFile(t, run, good), "--now", "2026-07-01T10:00:00Z")
		if code != exitFailed || !strings.Contains(text, "2 ok, 1 failed") || !strings.Contains(text, jane[0].Slug) || !strings.Contains(text, "parse") ||
			!strings.Contains(text, "Failures by platform:\n  jane         parse          1\n") || !strings.Contains(text, "Failed menus:\n") {
			t.Fatalf("exit %d:\n%s", code, text)
		}
		// Its earlier data and date are kept.
		var out, errOut bytes.Buffer
		if code := execute([]string{"status", "--db", db, "--json", "--now", "2026-07-01T10:00:00Z"}, testDeps(&out, &errOut)); code != 0 {
			t.Fatalf("status exit %d: %s", code, errOut.String())
		}
		var rows []statusRow
		json.Unmarshal(out.Bytes(), &rows)
		for _, r := range rows {
			if r.Slug == jane[0].Slug && (r.LastUpdate == nil || *r.LastUpdate != "2026-07-01T00:00:00Z" || r.Count < 0 || r.LastOutcome != data.ReasonParse) {
				t.Errorf("failed store row %+v", r)
			}
			if r.Slug == jane[1].Slug && (r.LastUpdate == nil || *r.LastUpdate != "2026-07-01T10:00:00Z") {
				t.Errorf("healthy store row %+v", r)
			}
		}
	})
	t.Run("a menu whose store record is elsewhere is not stored", func(t *testing.T) {
		run.setFailures()
		// jane[0]'s store id listed in a city at the other end of Ohio: the replay's
		// record puts the store near its own city.
		city, region, lat, lng := "Cincinnati", "Southwest", 39.1031, -84.512
		if jane[0].Lat < 40.5 {
			city, region, lat, lng = "Cleveland", "Northeast", 41.4767, -81.6804
		}
		far := fmt.Sprintf("  - {slug: moved, name: Moved, city: %s, region: %s, lat: %v, lng: %v, menus: [{market: %s, platform: jane, storeId: %q}]}\n",
			city, region, lat, lng, jane[0].Menus[0].Market, jane[0].Menus[0].StoreID)
		code, text := scrape(registryFile(t, run, "dispensaries:\n"+far), "--now", "2026-07-01T11:30:00Z")
		if code != exitFailed || !strings.Contains(text, "0 ok, 1 failed; 0 products") || !strings.Contains(text, "km from "+city+": the identifier may name another store") {
			t.Fatalf("exit %d:\n%s", code, text)
		}
	})
	t.Run("an unverified lead never read is reported apart", func(t *testing.T) {
		run.setFailures()
		lead := "  - {slug: a-lead, name: A Lead, city: Akron, region: Northeast, verified: false, menus: [{market: medical, platform: jane, storeId: \"99999999\", verified: false}]}\n"
		code, text := scrape(registryFile(t, run, good+lead), "--now", "2026-07-01T11:00:00Z")
		if code != exitFailed || !strings.Contains(text, "3 ok, 1 failed") || !strings.Contains(text, "(1 unverified leads never read)") ||
			strings.Contains(text, "Failed menus:") || !strings.Contains(text, "Unverified leads not confirmed") || !strings.Contains(text, "a-lead") {
			t.Fatalf("exit %d:\n%s", code, text)
		}
	})
	bad := []struct{ name, body, want string }{
		{"duplicate slug", good + entry(jane[0]), "duplicate slug"},
		{"unknown platform", strings.Replace(good, "platform: jane", "platform: weedpal", 1), `unknown platform "weedpal"`},
		{"bad region", strings.Replace(good, "region: "+jane[0].Region, "region: Lake Erie", 1), `bad region "Lake Erie"`},
		{"wrongly typed field", strings.Replace(good, "menus: [", "lat: north\n    menus: [", 1), "cannot unmarshal"},
	}
	for _, tt := range bad {
		t.Run("bad registry "+tt.name, func(t *testing.T) {
			run.setFailures()
			before := run.Replay.Served()
			path := registryFile(t, run, tt.body)
			code, text := scrape(path)
			if code != exitUsage || !strings.Contains(text, path+":") || !strings.Contains(text, tt.want) {
				t.Fatalf("exit %d:\n%s", code, text)
			}
			if after := run.Replay.Served(); fmt.Sprint(after) != fmt.Sprint(before) {
				t.Errorf("requests were made: %v -> %v", before, after)
			}
		})
	}
	t.Run("bad flag", func(t *testing.T) {
		code, text := scrape(registryFile(t, run, good), "--now", "yesterday")
		if code != exitUsage || !strings.Contains(text, "--now") {
			t.Fatalf("exit %d:\n%s", code, text)
		}
	})
	t.Run("unknown only slug", func(t *testing.T) {
		code, text := scrape(registryFile(t, run, good), "--only", "nowhere")
		if code != exitUsage || !strings.Contains(text, `"nowhere"`) {
			t.Fatalf("exit %d:\n%s", code, text)
		}
	})
}

// wrongIdentifiers are, per platform, a store identifier of the right form that no store
// has, and the outcome a scrape must record for it.
var wrongIdentifiers = map[string]struct {
	set    func(m *data.MenuSource)
	reason data.Reason
}{
	"jane":        {func(m *data.MenuSource) { m.StoreID = "424242" }, data.ReasonEmpty},
	"dutchie":     {func(m *data.MenuSource) { m.CName, m.DispensaryID = "no-such-store", "" }, data.ReasonConfig},
	"sweed":       {func(m *data.MenuSource) { m.StoreID = "999999" }, data.ReasonConfig},
	"weedmaps":    {func(m *data.MenuSource) { m.CName = "no-such-listing" }, data.ReasonHTTPStatus},
	"dispense":    {func(m *data.MenuSource) { m.StoreID = "ffffffffffffffff" }, data.ReasonHTTPStatus},
	"dutchieplus": {func(m *data.MenuSource) { m.StoreID = "00000000-0000-4000-8000-000000000000" }, data.ReasonConfig},
	"leafbridge":  {func(m *data.MenuSource) { m.StoreID = "00000000-0000-4000-8000-000000000000" }, data.ReasonConfig},
	"joint":       {func(m *data.MenuSource) { m.StoreID = "1" }, data.ReasonConfig},
	// A page menu's identifier is its address: a moved page is the site's 404.
	"jsonld": {func(m *data.MenuSource) { m.Endpoint, m.URL = "", "https://gone.example/stores/no-such-store/menu" }, data.ReasonHTTPStatus},
	"html":   {func(m *data.MenuSource) { m.Endpoint, m.URL = "", "https://gone.example/locations/no-such-store/menu" }, data.ReasonHTTPStatus},
	"tymber": {func(m *data.MenuSource) { m.Endpoint, m.URL = "", "https://shop.gone.example/shop/no-such-shop/menu" }, data.ReasonHTTPStatus},
	"leafly": {func(m *data.MenuSource) { m.StoreID = "no-such-dispensary" }, data.ReasonHTTPStatus},
}

// TestScrapeWrongIdentifierPerPlatform registers, for every platform of the demo, a
// store whose identifier no store has: each is a failed menu with a clear reason, the
// healthy stores of the same run succeed, nothing crashes.
func TestScrapeWrongIdentifierPerPlatform(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	run.setFailures()
	reg := data.Registry{Platforms: run.Registry.Platforms}
	wrong := map[string]string{} // slug → platform
	for _, platform := range run.Registry.PlatformsUsed() {
		w, ok := wrongIdentifiers[platform]
		if !ok {
			t.Fatalf("no wrong identifier for platform %s: add one", platform)
		}
		for _, d := range run.Registry.Monitored() {
			if d.Menus[0].Platform != platform {
				continue
			}
			healthy := d
			healthy.Menus = d.Menus[:1]
			bad := healthy
			bad.Slug, bad.Menus = d.Slug+"-wrong-id", []data.MenuSource{d.Menus[0]}
			w.set(&bad.Menus[0])
			reg.Dispensaries = append(reg.Dispensaries, healthy, bad)
			wrong[bad.Slug] = platform
			break
		}
	}
	raw, err := yaml.Marshal(reg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "registry.yaml")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(t.TempDir(), "omc.db")
	var out, errOut bytes.Buffer
	code := execute([]string{"scrape", "--registry", path, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", "2026-07-01T00:00:00Z"}, testDeps(&out, &errOut))
	want := fmt.Sprintf("%d ok, %d failed", len(wrong), len(wrong))
	if code != exitFailed || !strings.Contains(out.String()+errOut.String(), want) {
		t.Fatalf("exit %d, want %d with %q:\n%s%s", code, exitFailed, want, out.String(), errOut.String())
	}
	out.Reset()
	if code := execute([]string{"status", "--db", db, "--json", "--now", "2026-07-01T00:00:00Z"}, testDeps(&out, &errOut)); code != 0 {
		t.Fatalf("status exit %d: %s", code, errOut.String())
	}
	var rows []statusRow
	if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
		t.Fatal(err)
	}
	checked := map[string]bool{}
	for _, r := range rows {
		platform, isWrong := wrong[r.Slug]
		switch {
		case isWrong && r.LastOutcome != wrongIdentifiers[platform].reason:
			t.Errorf("%s (%s) %s: outcome %q, want %q (%s)", r.Slug, platform, r.Category, r.LastOutcome, wrongIdentifiers[platform].reason, r.LastDetail)
		case isWrong:
			checked[platform] = true
		case r.LastOutcome != data.ReasonOK:
			t.Errorf("healthy %s %s: outcome %q (%s)", r.Slug, r.Category, r.LastOutcome, r.LastDetail)
		}
	}
	if len(checked) != len(wrong) {
		t.Errorf("outcomes checked for %v, want every platform of %v", checked, wrong)
	}
}

// TestScrapeFailureModesPerPlatform makes one store of every platform of the demo fail
// in each failure mode but the time-out (the same held request whatever the platform,
// exercised by TestDemoPipelineEndToEnd): every adapter must record the mode's reason.
func TestScrapeFailureModesPerPlatform(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	// No retries: a failure is what is being recorded, and retrying 500s only takes time.
	noRetries := 0
	reg := data.Registry{Platforms: run.Registry.Platforms, Politeness: data.Politeness{Retries: &noRetries}}
	var stores []demoFailure
	for _, platform := range run.Registry.PlatformsUsed() {
		for _, d := range run.Registry.Monitored() {
			if d.Menus[0].Platform == platform {
				d.Menus = d.Menus[:1]
				reg.Dispensaries = append(reg.Dispensaries, d)
				stores = append(stores, demoFailure{Platform: platform, Key: replay.StoreKey(d.Menus[0]), Slug: d.Slug})
				break
			}
		}
	}
	raw, err := yaml.Marshal(reg)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "registry.yaml")
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	wantReason := map[replay.FailMode]data.Reason{replay.Fail500: data.ReasonHTTPStatus, replay.FailMalformed: data.ReasonParse, replay.FailBlocked: data.ReasonBlocked}
	for mode, want := range wantReason {
		t.Run(string(mode), func(t *testing.T) {
			failing := make([]demoFailure, len(stores))
			for i, s := range stores {
				s.Mode = mode
				failing[i] = s
			}
			run.setFailures(failing)
			db := filepath.Join(t.TempDir(), "omc.db")
			var out, errOut bytes.Buffer
			execute([]string{"scrape", "--registry", path, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", "2026-07-01T00:00:00Z"}, testDeps(&out, &errOut))
			out.Reset()
			if code := execute([]string{"status", "--db", db, "--json", "--now", "2026-07-01T00:00:00Z"}, testDeps(&out, &errOut)); code != 0 {
				t.Fatalf("status exit %d: %s", code, errOut.String())
			}
			var rows []statusRow
			if err := json.Unmarshal(out.Bytes(), &rows); err != nil {
				t.Fatal(err)
			}
			platformOf := map[string]string{}
			for _, s := range stores {
				platformOf[s.Slug] = s.Platform
			}
			checked := map[string]bool{}
			for _, r := range rows {
				if p, ok := platformOf[r.Slug]; ok {
					checked[p] = true
					if r.LastOutcome != want {
						t.Errorf("%s (%s) %s: outcome %q, want %q (%s)", r.Slug, p, r.Category, r.LastOutcome, want, r.LastDetail)
					}
				}
			}
			if len(checked) != len(stores) {
				t.Errorf("outcomes for %v, want one per platform of %d", checked, len(stores))
			}
		})
	}
}
