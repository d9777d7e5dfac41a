package scraper

import (
	"context"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/scraper/replay"
)

// rosterRows are five rows as the state lists them: a trade name, a blank trade name
// (the legal name stands for the store), a medical-only and an expired licence.
func rosterRows() []data.RosterEntry {
	return []data.RosterEntry{
		{Licence: "CCD000072-00", Name: "Bliss Ohio", BusinessName: "Slightly Toasted, LLC", Status: "Active", Type: "Dual Use Dispensary",
			Street: "331 E Main St", City: "Kent", ZIP: "44240", County: "Portage", Phone: "(330) 765-2508", Hours: "M-Sat: 10AM-8PM",
			Lat: 41.153904, Lng: -81.353434},
		{Licence: "CCD000073-00", Name: "", BusinessName: "Green Leaf Wellness, LLC", Status: "Active", Type: "Dual Use Dispensary",
			Street: "9 Elm St", City: "Akron", ZIP: "44308", County: "Summit", Lat: 41.08, Lng: -81.51},
		{Licence: "MMD.0700123", Name: "Bloom Medicinals", BusinessName: "127 OH, LLC", Status: "Active", Type: "Medical Marijuana Dispensary",
			Street: "737 E. North St.", City: "Akron", ZIP: "44305", County: "Summit", Lat: 41.0851, Lng: -81.4981},
		{Licence: "CCD000074-00", Name: "Gone Green", BusinessName: "Gone, LLC", Status: "Expired", Type: "Dual Use Dispensary",
			Street: "1 Closed Rd", City: "Toledo", ZIP: "43604", County: "Lucas", Lat: 41.66, Lng: -83.55},
		{Licence: "CCD000075-00", Name: "Harbor", BusinessName: "Harbor, LLC", Status: "Active", Type: "Adult Use Dispensary",
			Street: "5 Lake Ave", City: "Cleveland", ZIP: "44113", County: "Cuyahoga", Lat: 41.49, Lng: -81.69},
	}
}

// rosterLayer serves r from a replay behind an httptest server that counts requests and
// checks the User-Agent, and returns the layer's URL.
func rosterLayer(t *testing.T, r replay.Roster) (url string, srv *replay.Server, requests func() []string) {
	t.Helper()
	srv = replay.New(nil)
	srv.SetRoster(r)
	var mu sync.Mutex
	var seen []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		if ua := req.UserAgent(); !strings.HasPrefix(ua, "omc/") {
			t.Errorf("User-Agent %q", ua)
		}
		mu.Lock()
		seen = append(seen, req.URL.Path+"?"+req.URL.RawQuery)
		mu.Unlock()
		srv.ServeHTTP(w, req)
	}))
	t.Cleanup(ts.Close)
	return ts.URL + replay.RosterPath, srv, func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), seen...)
	}
}

// TestReadRoster reads both layouts of the state's layer, two rows a page, into the
// same rows: field names matched without regard to case, licensetype never taken for
// the licence number, a blank trade name replaced by the legal name, a numeric ZIP kept
// as its digits.
func TestReadRoster(t *testing.T) {
	want := rosterRows()
	want[1].Name = want[1].BusinessName
	for _, layout := range []replay.RosterLayout{replay.Layout2026, replay.LayoutEarlier} {
		t.Run(string(layout), func(t *testing.T) {
			url, _, requests := rosterLayer(t, replay.Roster{Rows: rosterRows(), Layout: layout, MaxRecordCount: 2})
			o := fastOptions()
			o.Robots = true
			read, err := ReadRoster(context.Background(), polite.NewEngine(o), url)
			if err != nil {
				t.Fatal(err)
			}
			got := read.Entries
			w := want
			if layout == replay.LayoutEarlier {
				// The earlier layer has no county and no hours.
				w = nil
				for _, e := range want {
					e.County, e.Hours = "", ""
					w = append(w, e)
				}
			}
			for i := range got {
				if math.Abs(got[i].Lat-w[i].Lat) > 1e-9 || math.Abs(got[i].Lng-w[i].Lng) > 1e-9 {
					t.Errorf("row %d at %v,%v, want %v,%v", i, got[i].Lat, got[i].Lng, w[i].Lat, w[i].Lng)
				}
				got[i].Lat, got[i].Lng = w[i].Lat, w[i].Lng
			}
			if !reflect.DeepEqual(got, w) {
				t.Errorf("entries\n got %+v\nwant %+v", got, w)
			}
			if read.Pages != 3 || len(read.Skipped) != 0 {
				t.Errorf("%d pages, skipped %v; want 3 pages of 2 rows", read.Pages, read.Skipped)
			}
			var pages []string
			for _, r := range requests() {
				if strings.HasSuffix(strings.SplitN(r, "?", 2)[0], "/query") {
					pages = append(pages, r)
				}
			}
			for i, p := range pages {
				for _, param := range []string{fmt.Sprintf("resultOffset=%d", 2*i), "outSR=4326", "returnGeometry=true", "outFields=%2A", "where=1%3D1", "f=json"} {
					if !strings.Contains(p, param) {
						t.Errorf("page %d query %s lacks %s", i+1, p, param)
					}
				}
			}
			if len(pages) != 3 || requests()[0] != "/robots.txt?" {
				t.Errorf("requests %v: want robots.txt, then 3 pages", requests())
			}
		})
	}
}

// TestReadRosterFailures: an error reply (HTTP 200), a layer of other fields, no rows,
// a broken reply and a server error are each a failure saying what is wrong, never an
// empty roster.
func TestReadRosterFailures(t *testing.T) {
	for _, tt := range []struct {
		mode replay.FailMode
		want string
	}{
		{replay.FailLayerError, "http_status 500: roster " /* … */},
		{replay.FailFields, "cannot map the layer's fields: no licence number (looked for user_license__ or user_licen), no licence status (looked for user_license_status or user_lic_1), no street address (looked for user_street_address or user_stree), no city (looked for user_city), no name (looked for user_dispensary_name__dba_ or user_dispe or user_business_name or user_busin); the layer has: other_hours, other_licensetype"},
		{replay.FailNoRows, "the layer answered 0 rows"},
		{replay.FailMalformed, "malformed JSON"},
		{replay.Fail500, "http_status 500"},
	} {
		t.Run(string(tt.mode), func(t *testing.T) {
			url, _, _ := rosterLayer(t, replay.Roster{Rows: rosterRows(), Layout: replay.Layout2026, MaxRecordCount: 2, Fail: tt.mode})
			read, err := ReadRoster(context.Background(), polite.NewEngine(fastOptions()), url)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want one containing %q", err, tt.want)
			}
			if len(read.Entries) != 0 && tt.mode != replay.FailMalformed {
				t.Errorf("entries %v from a failed read", read.Entries)
			}
		})
	}
	t.Run("layer error says what the layer said", func(t *testing.T) {
		url, _, _ := rosterLayer(t, replay.Roster{Rows: rosterRows(), Fail: replay.FailLayerError})
		_, err := ReadRoster(context.Background(), polite.NewEngine(fastOptions()), url)
		if err == nil || !strings.Contains(err.Error(), "the layer answered an error: 500 Error performing query operation (The service is not available.)") {
			t.Fatalf("error %v", err)
		}
	})
}

// TestReadRosterDetails: positions in Web Mercator (a layer ignoring outSR) are turned
// into degrees; a row without a licence number is skipped and named; robots.txt is obeyed.
func TestReadRosterDetails(t *testing.T) {
	x, y := 6378137*(-81.353434)*math.Pi/180, 6378137*math.Log(math.Tan(math.Pi/4+41.153904*math.Pi/360))
	body := fmt.Sprintf(`{"spatialReference":{"wkid":102100,"latestWkid":3857},
		"fields":[{"name":"USER_LICENSE__"},{"name":"User_License_Status"},{"name":"USER_BUSINESS_NAME"},{"name":"USER_STREET_ADDRESS"},{"name":"USER_CITY"}],
		"features":[{"attributes":{"USER_LICENSE__":"CCD000001-00","User_License_Status":"Active","USER_BUSINESS_NAME":"A, LLC","USER_STREET_ADDRESS":"1 Main St","USER_CITY":"Kent"},"geometry":{"x":%v,"y":%v}},
		{"attributes":{"USER_LICENSE__":" ","User_License_Status":"Active","USER_BUSINESS_NAME":"B","USER_STREET_ADDRESS":"2 Main St","USER_CITY":"Kent"}}]}`, x, y)
	robots := "User-agent: *\nAllow: /\n"
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			fmt.Fprint(w, robots)
			return
		}
		fmt.Fprint(w, body)
	}))
	defer ts.Close()
	o := fastOptions()
	o.Robots = true
	read, err := ReadRoster(context.Background(), polite.NewEngine(o), ts.URL+"/arcgis/rest/services/X/FeatureServer/0/")
	if err != nil {
		t.Fatal(err)
	}
	if len(read.Entries) != 1 || math.Abs(read.Entries[0].Lat-41.153904) > 1e-6 || math.Abs(read.Entries[0].Lng+81.353434) > 1e-6 ||
		read.Entries[0].Name != "A, LLC" {
		t.Errorf("entries %+v", read.Entries)
	}
	if len(read.Skipped) != 1 || read.Skipped[0] != "row 2: no licence number" {
		t.Errorf("skipped %v", read.Skipped)
	}
	robots = "User-agent: *\nDisallow: /arcgis/\n"
	_, err = ReadRoster(context.Background(), polite.NewEngine(o), ts.URL+"/arcgis/rest/services/X/FeatureServer/0")
	if data.ReasonOf(err) != data.ReasonRobots {
		t.Errorf("a disallowed layer: %v", err)
	}
	if _, err := ReadRoster(context.Background(), polite.NewEngine(o), "ftp://x/FeatureServer/0"); data.ReasonOf(err) != data.ReasonConfig {
		t.Errorf("a bad layer URL: %v", err)
	}
}
