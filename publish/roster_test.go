package publish_test

import (
	"context"
	"encoding/json"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/store"
)

// TestRosterPublished: with a roster read (and a later read that failed), every store
// carries its licence, phone, hours and opening hours; the registry's stores take the
// roster's address and position; a store the roster does not list says so; an active
// licence the registry lacks is published as a store without a menu, an expired one is
// not; api/pipeline gives the roster's state, coverage and disagreements. The status
// and the pipeline are golden files (the shapes SNAPSHOTS.md documents).
func TestRosterPublished(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ds := []data.Dispensary{
		{Slug: "good", Name: "Good Store", City: "Akron", Address: "1 Main St.", County: "Summit", Region: "Northeast",
			Lat: 41.0798, Lng: -81.5219, Coordinates: data.CoordinatesCity, Medical: true, AdultUse: true, Licence: "CCD000001-00",
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}},
		{Slug: "harbor-cleveland", Name: "Harbor Cleveland", City: "Cleveland", Region: "Northeast", Lat: 41.4993, Lng: -81.6944,
			Coordinates: data.CoordinatesCity, Medical: true},
		{Slug: "lead", Name: "Lead Store", City: "Dayton", Region: "Southwest", Lat: 39.7589, Lng: -84.1916, Coordinates: data.CoordinatesCity},
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		t.Fatal(err)
	}
	id, err := db.StartRun(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	offer := []data.Offer{{ProductID: "p", Name: "P", Category: data.Flower, Grams: 3.5, Price: 40, InStock: true, Code: "p-3-5g"}}
	if err := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: id, Slug: "good", Market: data.Recreational, Platform: "jane", At: now, Offers: offer}); err != nil {
		t.Fatal(err)
	}
	if err := db.FinishRun(ctx, id, now.Add(time.Minute), 1, 0, 1); err != nil {
		t.Fatal(err)
	}
	const layer = "http://127.0.0.1:1/arcgis/rest/services/Geocoded_Dispensaries_/FeatureServer/0"
	first := now.Add(-30 * time.Hour)
	if _, err := db.RecordRoster(ctx, layer, first, []data.RosterEntry{
		{Licence: "CCD000001-00", Name: "Good", BusinessName: "Good, LLC", Status: "Active", Type: "Dual Use Dispensary",
			Street: "1 Main Street", City: "Akron", County: "Summit", Phone: "(330) 555-0100", Hours: "M-Sat: 10AM-8PM, Sun: 11AM-5PM",
			Lat: 41.0811, Lng: -81.5190},
		{Licence: "CCD000002-00", Name: "Harbor", BusinessName: "Harbor, LLC", Status: "Active", Type: "Adult Use Dispensary",
			Street: "5 Lake Ave", City: "Cleveland", County: "CUYAHOGA", Hours: "Call for hours", Lat: 41.49, Lng: -81.69},
		{Licence: "CCD000003-00", Name: "Green Leaf Wellness, LLC", BusinessName: "Green Leaf Wellness, LLC", Status: "Active",
			Type: "Dual", Street: "9 Elm St", City: "Kent", County: "Portage", Hours: "Daily 9AM-9PM", Lat: 41.15, Lng: -81.36},
		{Licence: "CCD000004-00", Name: "Gone", BusinessName: "Gone, LLC", Status: "Expired", Type: "Dual", Street: "1 Closed Rd", City: "Toledo"},
	}); err != nil {
		t.Fatal(err)
	}
	if err := db.RecordRosterFailure(ctx, layer, now.Add(-time.Minute), "roster "+layer+": the layer answered 0 rows"); err != nil {
		t.Fatal(err)
	}
	files, m := publishFiles(t, db, publish.Options{Now: now})
	golden(t, "roster-status", files[publish.PathStatus])
	golden(t, "roster-pipeline", files[publish.PathPipeline])

	var status []publish.DispensaryStatus
	if err := json.Unmarshal(files[publish.PathStatus], &status); err != nil {
		t.Fatal(err)
	}
	by := map[string]publish.DispensaryStatus{}
	for _, s := range status {
		by[s.Slug] = s
	}
	if len(status) != 4 {
		t.Fatalf("%d stores, want the registry's 3 and the active licence it lacks", len(status))
	}
	good := by["good"]
	if good.Licence == nil || good.Licence.Since != "2026-06-30" || !good.Licence.Active || good.Address != "1 Main Street" ||
		good.Coordinates != "store" || good.Lat != 41.0811 || good.OpeningHours == nil || good.OpeningHours.Sun[0].Opens != "11:00" ||
		good.OnStateList == nil || !*good.OnStateList {
		t.Errorf("good = %+v", good)
	}
	harbor := by["harbor-cleveland"]
	if harbor.Licence == nil || harbor.Hours == nil || *harbor.Hours != "Call for hours" || harbor.OpeningHours != nil ||
		harbor.Medical || !harbor.AdultUse || harbor.County != "Cuyahoga" {
		t.Errorf("harbor (matched by name, hours unreadable, adult use only by the roster) = %+v", harbor)
	}
	if lead := by["lead"]; lead.Licence != nil || lead.OnStateList == nil || *lead.OnStateList {
		t.Errorf("lead (not on the state's list) = %+v", lead)
	}
	green := by["green-leaf-wellness-llc-kent"]
	if green.Monitored || green.Licence == nil || green.Licence.Number != "CCD000003-00" || green.Region != "Northeast" || green.Address != "9 Elm St" {
		t.Errorf("licensed store the registry lacks = %+v", green)
	}
	if m.Summary.Licensed != 3 || m.Summary.Dispensaries != 4 {
		t.Errorf("summary %+v: want 3 licensed of 4", m.Summary)
	}

	var stores publish.SearchStores
	if err := json.Unmarshal(files[publish.PathSearchStores], &stores); err != nil {
		t.Fatal(err)
	}
	if len(stores.Stores) != 1 || stores.Stores[0].Licence == nil || stores.Stores[0].Phone == nil || *stores.Stores[0].Phone != "(330) 555-0100" ||
		stores.Stores[0].Address != "1 Main Street" {
		t.Errorf("search stores = %+v", stores.Stores)
	}
	var menu publish.Menu
	if err := json.Unmarshal(files[publish.PathMenus+"good"], &menu); err != nil {
		t.Fatal(err)
	}
	if menu.Licence == nil || menu.Licence.Number != "CCD000001-00" || menu.OpeningHours == nil || menu.Coordinates != "store" {
		t.Errorf("menu = %+v", menu.MenuInfo)
	}

	var p publish.Pipeline
	if err := json.Unmarshal(files[publish.PathPipeline], &p); err != nil {
		t.Fatal(err)
	}
	r := p.Roster
	if r == nil || r.URL != layer || r.LastRead == nil || *r.LastRead != "2026-06-30T06:00:00Z" || r.Rows != 4 || r.Active != 3 ||
		r.Error == nil || r.Matched != 2 || r.WithMenu != 1 || r.NotListed != 1 || r.MissingActive != 1 {
		t.Errorf("pipeline roster = %+v", r)
	}
}

// TestStoreCountyTax: a store's county is the one its roster row or registry entry
// names, else its city's; its sales tax rate is that county's total from the law
// file; a store whose county cannot be known gets neither, not a guess.
func TestStoreCountyTax(t *testing.T) {
	for _, tc := range []struct {
		name         string
		d            data.Dispensary
		county       string
		rate         float64
		wantNoCounty bool
	}{
		{"registry county", data.Dispensary{City: "Akron", County: "Summit"}, "Summit", 6.75, false},
		{"registry county wins over the city's", data.Dispensary{City: "Columbus", County: "Delaware"}, "Delaware", 7, false},
		{"city's county", data.Dispensary{City: "Cleveland"}, "Cuyahoga", 8, false},
		{"unknown city", data.Dispensary{City: "Atlantis"}, "", 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := publish.StoreListingOf(store.Status{Dispensary: tc.d})
			if tc.wantNoCounty {
				if l.County != nil || l.SalesTaxPercent != nil {
					t.Fatalf("county %v, rate %v; want null for both", l.County, l.SalesTaxPercent)
				}
				return
			}
			if l.County == nil || *l.County != tc.county || l.SalesTaxPercent == nil || *l.SalesTaxPercent != tc.rate {
				t.Fatalf("county %v, rate %v; want %s at %v %%", l.County, l.SalesTaxPercent, tc.county, tc.rate)
			}
		})
	}
}
