package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestRosterStory plays the roster's whole story through the command line, against a
// local ArcGIS layer in each of the state's two field layouts answering two rows a
// query: the first read; a read that fails (HTTP 200 with an error object: the menus
// are still scraped, and the last good roster stays in use); a later read that adds a
// licence (its since is that day); an inactive licence; a blank trade name; a licensed
// store the registry lacks; a registry store the roster does not list. Then registry
// check compares the registry with it and --write records the licence found by name.
func TestRosterStory(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	run.setFailures()
	// One Jane store of the embedded registry with a researched address: it has a menu.
	var shop data.Dispensary
	for _, d := range run.Registry.Monitored() {
		if len(d.Menus) == 1 && d.Menus[0].Platform == "jane" && d.Address != "" && d.County != "" {
			shop = d
			break
		}
	}
	if shop.Slug == "" {
		t.Fatal("no Jane store with an address in the demo registry")
	}
	for _, layout := range []replay.RosterLayout{replay.Layout2026, replay.LayoutEarlier} {
		t.Run(string(layout), func(t *testing.T) { rosterStory(t, run, shop, layout) })
	}
}

func rosterStory(t *testing.T, run *demoRun, shop data.Dispensary, layout replay.RosterLayout) {
	layer := replay.New(nil)
	var mu sync.Mutex
	var queries []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		queries = append(queries, r.URL.RawQuery)
		mu.Unlock()
		layer.ServeHTTP(w, r)
	}))
	defer ts.Close()

	licensed := data.RosterEntry{Licence: "CCD000001-00", Name: shop.Name, BusinessName: shop.Name + ", LLC", Status: "Active",
		Type: "Dual Use Dispensary", Street: shop.Address, City: shop.City, ZIP: "44308", County: shop.County, Phone: "(330) 555-0101",
		Hours: "M-Sat: 10AM-8PM, Sun: 11AM-5PM", Lat: shop.Lat + 0.004, Lng: shop.Lng - 0.003}
	expired := data.RosterEntry{Licence: "CCD000002-00", Name: "Harbor", BusinessName: "Harbor Holdings, LLC", Status: "Expired",
		Type: "Adult Use Dispensary", Street: "5 Lake Ave", City: "Cleveland", County: "Cuyahoga", Hours: "Mon-Sun 9am-9pm", Lat: 41.49, Lng: -81.69}
	blankDBA := data.RosterEntry{Licence: "CCD000003-00", Name: "", BusinessName: "Green Leaf Wellness, LLC", Status: "Active",
		Type: "Dual Use Dispensary", Street: "9 Elm St", City: "Kent", County: "Portage", Hours: "Daily 9AM-10PM", Lat: 41.1537, Lng: -81.3579}
	later := data.RosterEntry{Licence: "CCD000004-00", Name: "NAR Reserve", BusinessName: "NAR Reserve, LLC", Status: "Active",
		Type: "Dual Use Dispensary", Street: "350 E. Long St.", City: "Columbus", County: "Franklin", Hours: "24 hours", Lat: 39.9663, Lng: -82.9937}
	serve := func(fail replay.FailMode, rows ...data.RosterEntry) {
		layer.SetRoster(replay.Roster{Rows: rows, Layout: layout, MaxRecordCount: 2, Fail: fail})
	}

	m := shop.Menus[0]
	registry := registryFile(t, run, fmt.Sprintf(`roster: {url: %q}
dispensaries:
  - slug: %s
    name: %q
    city: %q
    address: %q
    county: %q
    region: %s
    lat: %v
    lng: %v
    coordinates: city
    licence: "CCD000001-00"
    menus: [{market: %s, platform: jane, storeId: %q}]
  # Found on the roster by its name in its city: check --write records its licence.
  - slug: harbor-cleveland
    name: Harbor Cleveland
    city: Cleveland
    region: Northeast
    medical: true
  - slug: some-lead
    name: Some Lead
    city: Dayton
    region: Southwest
    verified: false
`, ts.URL+replay.RosterPath, shop.Slug, shop.Name, shop.City, shop.Address, shop.County, shop.Region, shop.Lat, shop.Lng, m.Market, m.StoreID))
	dir := t.TempDir()
	db, out := filepath.Join(dir, "omc.db"), filepath.Join(dir, "out")
	omc := func(want int, args ...string) string {
		t.Helper()
		var o, e bytes.Buffer
		if code := execute(args, testDeps(&o, &e)); code != want {
			t.Fatalf("omc %s: exit %d, want %d:\n%s%s", strings.Join(args, " "), code, want, o.String(), e.String())
		}
		return o.String() + e.String()
	}
	day := func(n int) time.Time { return time.Date(2026, 11, 20+n, 15, 0, 0, 0, time.UTC) }
	scrapeAndPublish := func(n, wantExit int) (map[string]publish.DispensaryStatus, publish.Pipeline, string) {
		t.Helper()
		now := day(n).Format(time.RFC3339)
		text := omc(wantExit, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", now)
		omc(0, "publish", "--db", db, "--out", out, "--now", now, "--dir", t.TempDir())
		// As the scheduled workflow does: the roster's history checked and saved.
		omc(0, "history", "save", "--storage", filepath.Join(dir, "copies"), "--db", db)
		status := map[string]publish.DispensaryStatus{}
		var list []publish.DispensaryStatus
		readJSON(t, filepath.Join(out, publish.PathStatus), &list)
		for _, s := range list {
			status[s.Slug] = s
		}
		var p publish.Pipeline
		readJSON(t, filepath.Join(out, publish.PathPipeline), &p)
		return status, p, text
	}

	// Day 1: the first read, two rows a page.
	serve(replay.FailNone, licensed, expired, blankDBA)
	status, p, text := scrapeAndPublish(1, 0)
	if !strings.Contains(text, "Roster: 3 licences, 2 active, 3 changes") {
		t.Errorf("scrape output:\n%s", text)
	}
	if !slices.ContainsFunc(queries, func(q string) bool { return strings.Contains(q, "resultOffset=2") }) {
		t.Errorf("the second page was never asked for: %v", queries)
	}
	checkDay := func(status map[string]publish.DispensaryStatus) {
		t.Helper()
		s := status[shop.Slug]
		if s.Licence == nil || s.Licence.Number != "CCD000001-00" || s.Licence.Since != "2026-11-21" || !s.Licence.Active ||
			s.Coordinates != "store" || s.Lat != licensed.Lat || s.OnStateList == nil || !*s.OnStateList || !s.Monitored {
			t.Errorf("the licensed store with a menu: %+v", s)
		}
		if layout == replay.Layout2026 && (s.OpeningHours == nil || s.OpeningHours.Sun[0].Opens != "11:00" || s.Hours == nil || s.Phone == nil) {
			t.Errorf("the 2026 layer's hours and phone: %+v", s)
		}
		if layout == replay.LayoutEarlier && (s.Hours != nil || s.OpeningHours != nil) {
			t.Errorf("the earlier layer has no hours, yet: %+v", s)
		}
		if h := status["harbor-cleveland"]; h.Licence == nil || h.Licence.Active || h.Licence.Status != "Expired" || h.Address != "5 Lake Ave" ||
			h.Medical || !h.AdultUse {
			t.Errorf("the store whose licence expired: %+v", h)
		}
		if l := status["some-lead"]; l.Licence != nil || l.OnStateList == nil || *l.OnStateList {
			t.Errorf("the lead the roster does not list: %+v", l)
		}
		g := status["green-leaf-wellness-llc-kent"]
		if g.Name != "Green Leaf Wellness, LLC" || g.Monitored || g.Licence == nil || g.Licence.Since != "2026-11-21" || g.Address != "9 Elm St" ||
			g.Region != "Northeast" {
			t.Errorf("the licensed store the registry lacks, its trade name blank: %+v", g)
		}
	}
	checkDay(status)
	if len(status) != 4 {
		t.Errorf("%d stores published, want the registry's 3 and 1 licensed store it lacks", len(status))
	}
	if r := p.Roster; r == nil || r.Rows != 3 || r.Active != 2 || r.Error != nil || r.LastRead == nil || *r.LastRead != day(1).Format(time.RFC3339) ||
		r.Matched != 2 || r.WithMenu != 1 || r.NotListed != 1 || r.MissingActive != 1 {
		t.Errorf("pipeline roster on day 1: %+v", r)
	}
	var menu publish.Menu
	readJSON(t, filepath.Join(out, publish.PathMenus+shop.Slug), &menu)
	var stores publish.SearchStores
	readJSON(t, filepath.Join(out, publish.PathSearchStores), &stores)
	if menu.Licence == nil || menu.Licence.Number != "CCD000001-00" || len(stores.Stores) != 1 || stores.Stores[0].Licence == nil {
		t.Errorf("menu %+v, search stores %+v: want the licence on both", menu.MenuInfo, stores.Stores)
	}

	// Day 2: the layer answers HTTP 200 with an error. The menus are scraped all the
	// same (exit 1 names the roster); the last good roster stays in use.
	serve(replay.FailLayerError, licensed, expired, blankDBA)
	status, p, text = scrapeAndPublish(2, exitFailed)
	if !strings.Contains(text, "Roster FAILED (the last good roster stays in use)") || !strings.Contains(text, "1 ok, 0 failed") {
		t.Errorf("scrape output on a failing roster:\n%s", text)
	}
	checkDay(status)
	if r := p.Roster; r == nil || r.Error == nil || !strings.Contains(*r.Error, "the layer answered an error: 500") ||
		*r.LastRead != day(1).Format(time.RFC3339) || r.Rows != 3 {
		t.Errorf("pipeline roster after a failed read: %+v", r)
	}
	if p.LastRun == nil || p.LastRun.MenusOK != 1 || p.LastRun.StartedAt != day(2).Format(time.RFC3339) {
		t.Errorf("the menus were not scraped on day 2: %+v", p.LastRun)
	}
	health := omc(0, "health", "--db", db, "--runs", "1")
	if !strings.Contains(health, "the last read FAILED") {
		t.Errorf("health:\n%s", health)
	}

	// Day 3: a licence is added; it is listed since day 3, the others still since day 1.
	serve(replay.FailNone, licensed, expired, blankDBA, later)
	status, p, text = scrapeAndPublish(3, 0)
	if !strings.Contains(text, "CCD000004-00 listed: NAR Reserve") {
		t.Errorf("scrape output on day 3:\n%s", text)
	}
	checkDay(status)
	if n := status["nar-reserve-columbus"]; n.Licence == nil || n.Licence.Since != "2026-11-23" || n.Monitored || n.Region != "Central" {
		t.Errorf("the licence added on day 3: %+v", n)
	}
	if r := p.Roster; r == nil || r.Error != nil || r.Rows != 4 || *r.LastRead != day(3).Format(time.RFC3339) || r.MissingActive != 2 {
		t.Errorf("pipeline roster on day 3: %+v", r)
	}

	// registry check: coverage, disagreements, the store not listed; --write records the
	// licence found by name, and the file keeps its comment.
	check := omc(0, "registry", "check", "--registry", registry, "--db", db)
	for _, want := range []string{
		"4 licences, 3 active; 2 registry stores on it (1 with a menu), 1 not on it; 2 active licences not in the registry",
		"not on the roster: some-lead: Some Lead, Dayton",
		"licensed, not in the registry: CCD000004-00 NAR Reserve, 350 E. Long St., Columbus",
		"roster disagrees: harbor-cleveland (CCD000002-00): medical",
		"licence found by name (--write writes it): harbor-cleveland CCD000002-00",
	} {
		if !strings.Contains(check, want) {
			t.Errorf("registry check lacks %q:\n%s", want, check)
		}
	}
	omc(0, "registry", "check", "--registry", registry, "--db", db, "--write")
	raw, err := os.ReadFile(registry)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(raw), "    name: Harbor Cleveland\n    licence: \"CCD000002-00\"\n") || !strings.Contains(string(raw), "# Found on the roster by its name") {
		t.Errorf("registry after --write:\n%s", raw)
	}
	if again := omc(0, "registry", "check", "--registry", registry, "--db", db); strings.Contains(again, "found by name") {
		t.Errorf("the written licence is found by name again:\n%s", again)
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}
