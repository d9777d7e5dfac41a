package publish_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/store"
)

// TestPipelineRuns runs two scrapes' worth of fetches: a researched store read in
// both, a researched store that broke in the second, and an unverified lead never read.
// api/pipeline gives the second run, the lead's failure counted as unverified, and the
// coverage; the status gives the listing fields.
func TestPipelineRuns(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	no := false
	ds := []data.Dispensary{
		{Slug: "good", Name: "Good Store", City: "Akron", Address: "1 Main St.", County: "Summit", Region: "Northeast",
			Lat: 41.0798, Lng: -81.5219, Coordinates: data.CoordinatesCity, Medical: true,
			Menus: []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: "1", URL: "https://www.iheartjane.com/stores/1/good/menu"}}},
		{Slug: "broke", Name: "Broken Store", City: "Toledo", Region: "Northwest", Lat: 41.6639, Lng: -83.5822,
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "dutchie", CName: "broke"}, {Market: data.Medical, Platform: "dutchie", CName: "broke"}}},
		{Slug: "lead", Name: "Lead Store", City: "Dayton", Region: "Southwest", Verified: &no, Coordinates: data.CoordinatesCity,
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "sweed", Endpoint: "https://oh.curaleaf.com/shop/dayton", URL: "https://oh.curaleaf.com/shop/dayton", Verified: &no}}},
		{Slug: "listed", Name: "Listed Only", City: "Athens", Region: "Southeast", Verified: &no},
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	offer := []data.Offer{{ProductID: "p", Name: "P", Category: data.Flower, Grams: 3.5, Price: 40, InStock: true}}
	blocked := &data.FetchError{Reason: data.ReasonBlocked, Status: 403}
	run := func(at time.Time, brokeOK bool) {
		t.Helper()
		id, err := db.StartRun(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		record := func(slug string, m data.Market, platform string, offers []data.Offer, ferr error) {
			t.Helper()
			if err := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: id, Slug: slug, Market: m, Platform: platform, At: at, Offers: offers, Err: ferr}); err != nil {
				t.Fatal(err)
			}
		}
		record("good", data.Medical, "jane", offer, nil)
		ok, failed := 1, 1
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			if brokeOK {
				record("broke", m, "dutchie", offer, nil)
				ok++
			} else {
				record("broke", m, "dutchie", nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500})
				failed++
			}
		}
		record("lead", data.Recreational, "sweed", nil, blocked)
		if err := db.FinishRun(ctx, id, at.Add(90*time.Second), ok, failed, ok); err != nil {
			t.Fatal(err)
		}
	}
	run(now.Add(-4*time.Hour), true)
	run(now, false)
	// A platform's store record placed "broke" in an earlier fetch.
	if err := db.RecordPlace(ctx, "broke", "dutchie", data.Place{Lat: 41.65, Lng: -83.55}, now.Add(-4*time.Hour)); err != nil {
		t.Fatal(err)
	}

	files, m := publishFiles(t, db, publish.Options{Now: now})
	var p publish.Pipeline
	if err := json.Unmarshal(files[publish.PathPipeline], &p); err != nil {
		t.Fatal(err)
	}
	want := []store.RunFailure{{Platform: "dutchie", Reason: data.ReasonHTTPStatus, Menus: 2}, {Platform: "sweed", Reason: data.ReasonBlocked, Menus: 1, Unverified: 1}}
	if p.LastRun == nil || p.LastRun.StartedAt != "2026-07-01T12:00:00Z" || p.LastRun.FinishedAt != "2026-07-01T12:01:30Z" ||
		p.LastRun.MenusOK != 1 || p.LastRun.MenusFailed != 3 || len(p.LastRun.Failures) != 2 || p.LastRun.Failures[0] != want[0] || p.LastRun.Failures[1] != want[1] {
		t.Errorf("lastRun = %+v", p.LastRun)
	}
	c := p.Coverage
	if c.Stores != 4 || c.Monitored != 3 || c.Verified != 2 || c.Menus != 4 {
		t.Errorf("coverage = %+v", c)
	}
	if m.LastRun == nil || !reflect.DeepEqual(*m.LastRun, *p.LastRun) {
		t.Errorf("manifest lastRun = %+v", m.LastRun)
	}

	var status []publish.DispensaryStatus
	if err := json.Unmarshal(files[publish.PathStatus], &status); err != nil {
		t.Fatal(err)
	}
	by := map[string]publish.DispensaryStatus{}
	for _, s := range status {
		by[s.Slug] = s
	}
	good, broke, lead := by["good"], by["broke"], by["lead"]
	if good.Address != "1 Main St." || good.County != "Summit" || good.Coordinates != "city" || !good.Verified ||
		len(good.Platforms) != 1 || good.Platforms[0] != "jane" || good.MarketStatuses[0].MenuURL == nil {
		t.Errorf("good = %+v", good)
	}
	if broke.Address != "" || broke.Coordinates != "store" || broke.Lat != 41.65 || broke.Lng != -83.55 || !broke.Verified || len(broke.Platforms) != 1 || broke.MarketStatuses[0].MenuURL != nil {
		t.Errorf("broke = %+v", broke)
	}
	if lead.Verified || lead.Platforms[0] != "sweed" || *lead.MarketStatuses[0].MenuURL != "https://oh.curaleaf.com/shop/dayton" {
		t.Errorf("lead = %+v", lead)
	}
}

// TestPipelineBeforeFirstRun: lastRun is null in api/pipeline and the manifest, and so
// is the roster, never read.
func TestPipelineBeforeFirstRun(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	files, m := publishFiles(t, db, publish.Options{Now: now})
	if m.LastRun != nil || string(files[publish.PathPipeline]) != `{"generatedAt":"2026-07-01T12:00:00Z","lastRun":null,"coverage":{"stores":0,"monitored":0,"verified":0,"menus":0,"byRegion":[{"region":"Northeast","stores":0,"monitored":0},{"region":"Northwest","stores":0,"monitored":0},{"region":"Central","stores":0,"monitored":0},{"region":"Southwest","stores":0,"monitored":0},{"region":"Southeast","stores":0,"monitored":0}],"byPlatform":[]},"roster":null}` {
		t.Errorf("pipeline %s, manifest lastRun %+v", files[publish.PathPipeline], m.LastRun)
	}
}
