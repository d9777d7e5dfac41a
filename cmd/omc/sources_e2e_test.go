package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestAlternativeSources drives scrape, publish and registry check against the replay
// for a store whose menu's own source is Dutchie and whose alternative is the store's
// Jane menu: Dutchie blocked, Jane serves it in the same run and the published status
// says so; both blocked, the menu goes stale as before; an alternative whose store
// record is another store's is refused.
func TestAlternativeSources(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	var jane, dutchie data.Dispensary
	for _, d := range run.Registry.Monitored() {
		switch {
		case d.Menus[0].Platform == "jane" && jane.Slug == "":
			jane = d
		case d.Menus[0].Platform == "dutchie" && dutchie.Slug == "":
			dutchie = d
		}
	}
	own, alt := dutchie.Menus[0], jane.Menus[0]
	// The store is the Jane store (its city is where Jane's record puts it); its menu's
	// own source a Dutchie menu the replay will block.
	entry := func(slug, city, region, place string) string {
		return fmt.Sprintf("  - slug: %s\n    name: %q\n    city: %q\n    region: %s\n%s    menus:\n"+
			"      - {market: %s, platform: dutchie, cName: %s, alternatives: [{platform: jane, storeId: %q}]}\n",
			slug, jane.Name, city, region, place, alt.Market, own.CName, alt.StoreID)
	}
	dir := t.TempDir()
	db, out := filepath.Join(dir, "omc.db"), filepath.Join(dir, "out")
	registry := registryFile(t, run, "dispensaries:\n"+entry("fallback-store", jane.City, jane.Region, ""))
	market := func(now string) publish.DispensaryStatus { return publishedStatus(t, db, out, now, "fallback-store") }
	blockDutchie := demoFailure{Platform: "dutchie", Key: own.CName, Mode: replay.FailBlocked}
	blockJane := demoFailure{Platform: "jane", Key: alt.StoreID, Mode: replay.FailBlocked}

	t1 := "2026-07-01T08:00:00Z"
	run.setFailures([]demoFailure{blockDutchie})
	text := omc(t, exitOK, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", t1, "--json")
	var sum struct {
		Results []struct {
			Platform, Source string
			OK               bool
		}
	}
	if err := json.Unmarshal([]byte(text[:strings.LastIndex(text, "}")+1]), &sum); err != nil || len(sum.Results) != 1 {
		t.Fatalf("scrape --json: %v\n%s", err, text)
	}
	if r := sum.Results[0]; !r.OK || r.Platform != "dutchie" || r.Source != "jane" {
		t.Fatalf("result %+v, want served by jane", r)
	}
	if !strings.Contains(text, fmt.Sprintf("fallback-store (%s, dutchie): ok, ", alt.Market)) || !strings.Contains(text, "from its alternative on jane") {
		t.Errorf("progress does not say the alternative served:\n%s", text)
	}
	st := market(t1)
	ms := st.MarketStatuses[0]
	if ms.Source == nil || *ms.Source != "jane" || ms.LastFlower == nil || *ms.LastFlower != t1 || ms.LastFlowerCount <= 0 {
		t.Fatalf("blocked Dutchie, Jane alternative: source %v, lastFlower %v (%d), want jane, %s", deref(ms.Source), deref(ms.LastFlower), ms.LastFlowerCount, t1)
	}
	// The store page's menu says which source served it too.
	var menu publish.Menu
	readJSON(t, filepath.Join(out, "api/menus/fallback-store"), &menu)
	if len(menu.Markets) != 1 || menu.Markets[0].Source == nil || *menu.Markets[0].Source != "jane" || len(menu.Markets[0].Offers.Product) == 0 {
		t.Fatalf("api/menus/fallback-store markets %+v", menu.Markets)
	}
	// Dutchie blocked this run, but the store has an alternative: not listed (a store
	// without one is, below).
	check := omc(t, 0, "registry", "check", "--registry", registry, "--db", db)
	if strings.Contains(check, "single source") {
		t.Errorf("a store with an alternative listed as single-source:\n%s", check)
	}

	t2 := "2026-07-01T20:00:00Z"
	run.setFailures([]demoFailure{blockDutchie, blockJane})
	text = omc(t, exitFailed, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", t2)
	if !strings.Contains(text, "0 ok, 1 failed") || !strings.Contains(text, "blocked") || !strings.Contains(text, "alternative 1 (jane)") {
		t.Fatalf("both blocked:\n%s", text)
	}
	st = market(t2)
	ms = st.MarketStatuses[0]
	if ms.LastFlower == nil || *ms.LastFlower != t1 || ms.Source == nil || *ms.Source != "jane" {
		t.Fatalf("both blocked: lastFlower %v, source %v; want the first run's %s, jane", deref(ms.LastFlower), deref(ms.Source), t1)
	}
	// 20 hours after the last success: stale, as any failed menu.
	stale := market("2026-07-02T04:00:00Z")
	if stale.MarketStatuses[0].LastFlower == nil || *stale.MarketStatuses[0].LastFlower != t1 {
		t.Fatalf("stale: %v", deref(stale.MarketStatuses[0].LastFlower))
	}

	t.Run("a single-source store on a blocked platform is named by registry check", func(t *testing.T) {
		single := registryFile(t, run, fmt.Sprintf("dispensaries:\n  - slug: only-dutchie\n    name: Only Dutchie\n    city: %q\n    region: %s\n    menus: [{market: %s, platform: dutchie, cName: %s}]\n",
			dutchie.City, dutchie.Region, own.Market, own.CName))
		check := omc(t, 0, "registry", "check", "--registry", single, "--db", db)
		if !strings.Contains(check, "single source on a platform that blocked the last run: only-dutchie "+string(own.Market)+": dutchie") {
			t.Fatalf("registry check:\n%s", check)
		}
	})
	t.Run("an alternative whose store record is another store's is refused", func(t *testing.T) {
		run.setFailures([]demoFailure{blockDutchie})
		refusedElsewhere(t, run, jane, entry, func(args ...string) string { return omc(t, exitFailed, args...) })
	})
}

// omc runs the command line and fails t unless it exits want; it returns what it printed.
func omc(t *testing.T, want int, args ...string) string {
	t.Helper()
	var o, e bytes.Buffer
	if code := execute(args, testDeps(&o, &e)); code != want {
		t.Fatalf("omc %s: exit %d, want %d:\n%s%s", strings.Join(args, " "), code, want, o.String(), e.String())
	}
	return o.String() + e.String()
}

// publishedStatus publishes db into out at now and returns slug's api/DispensaryStatus entry.
func publishedStatus(t *testing.T, db, out, now, slug string) publish.DispensaryStatus {
	t.Helper()
	omc(t, 0, "publish", "--db", db, "--out", out, "--now", now, "--dir", t.TempDir())
	var list []publish.DispensaryStatus
	readJSON(t, filepath.Join(out, publish.PathStatus), &list)
	for _, s := range list {
		if s.Slug == slug {
			return s
		}
	}
	t.Fatalf("%s not published", slug)
	return publish.DispensaryStatus{}
}

// refusedElsewhere scrapes the Jane store listed at the other end of Ohio, its Dutchie
// menu blocked: the Jane alternative's store record puts it elsewhere, and is refused.
func refusedElsewhere(t *testing.T, run *demoRun, jane data.Dispensary, entry func(slug, city, region, place string) string, omc func(args ...string) string) {
	city, region, place := "Cincinnati", "Southwest", "    lat: 39.1031\n    lng: -84.512\n"
	if jane.Lat < 40.5 {
		city, region, place = "Cleveland", "Northeast", "    lat: 41.4767\n    lng: -81.6804\n"
	}
	far := registryFile(t, run, "dispensaries:\n"+entry("elsewhere", city, region, place))
	db := filepath.Join(t.TempDir(), "omc.db")
	text := omc("scrape", "--registry", far, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", "2026-07-01T08:00:00Z", "--json")
	if !strings.Contains(text, `"menusOk": 0`) || !strings.Contains(text, "then alternative 1 (jane): other_store") || !strings.Contains(text, "may name another store") {
		t.Fatalf("refused alternative:\n%s", text)
	}
}
