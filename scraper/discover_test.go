package scraper

import (
	"context"
	"encoding/json"
	"math"
	"net/http"
	"net/http/httptest"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// algoliaGeo is a search server answering as Algolia documents its geo search over
// the captured Jane records (their search_attributes: store_id, _geoloc, store_types):
// aroundLatLng and aroundRadius keep the records within the radius, nearest first;
// filters "store_id != N AND …" leave stores out; hitsPerPage and attributesToRetrieve
// shape the reply.
func algoliaGeo(t *testing.T) (*httptest.Server, *int) {
	t.Helper()
	var capture []struct {
		Attrs map[string]any `json:"search_attributes"`
	}
	if err := json.Unmarshal(readTestdata(t, janeCaptureFile), &capture); err != nil {
		t.Fatal(err)
	}
	var records []map[string]any
	for _, c := range capture {
		if c.Attrs != nil {
			records = append(records, c.Attrs)
		}
	}
	not := regexp.MustCompile(`^store_id != (\d+)$`)
	queries := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		queries++
		if r.Header.Get("X-Algolia-Api-Key") != testAPIKey || r.Header.Get("X-Algolia-Application-Id") == "" {
			http.Error(w, `{"message":"Invalid Application-ID or API key","status":403}`, http.StatusForbidden)
			return
		}
		var q struct {
			AroundLatLng string   `json:"aroundLatLng"`
			AroundRadius int      `json:"aroundRadius"`
			Filters      string   `json:"filters"`
			HitsPerPage  int      `json:"hitsPerPage"`
			Retrieve     []string `json:"attributesToRetrieve"`
		}
		if err := json.NewDecoder(r.Body).Decode(&q); err != nil {
			http.Error(w, `{"message":"bad body","status":400}`, http.StatusBadRequest)
			return
		}
		lat, lng, ok := strings.Cut(q.AroundLatLng, ",")
		la, err1 := strconv.ParseFloat(strings.TrimSpace(lat), 64)
		ln, err2 := strconv.ParseFloat(strings.TrimSpace(lng), 64)
		if !ok || err1 != nil || err2 != nil || q.AroundRadius <= 0 {
			http.Error(w, `{"message":"aroundLatLng and aroundRadius expected","status":400}`, http.StatusBadRequest)
			return
		}
		excluded := map[string]bool{}
		if q.Filters != "" {
			for _, part := range strings.Split(q.Filters, " AND ") {
				m := not.FindStringSubmatch(part)
				if m == nil {
					http.Error(w, `{"message":"unsupported filter","status":400}`, http.StatusBadRequest)
					return
				}
				excluded[m[1]] = true
			}
		}
		type hit struct {
			rec map[string]any
			km  float64
		}
		var hits []hit
		for _, rec := range records {
			geo := rec["_geoloc"].(map[string]any)
			km := data.DistanceKm(la, ln, geo["lat"].(float64), geo["lng"].(float64))
			if km*1000 > float64(q.AroundRadius) || excluded[strconv.FormatFloat(rec["store_id"].(float64), 'f', -1, 64)] {
				continue
			}
			hits = append(hits, hit{rec, km})
		}
		sort.SliceStable(hits, func(i, j int) bool { return hits[i].km < hits[j].km })
		out := []map[string]any{}
		for _, h := range hits[:min(len(hits), q.HitsPerPage)] {
			kept := map[string]any{}
			for _, a := range q.Retrieve {
				kept[a] = h.rec[a]
			}
			out = append(out, kept)
		}
		json.NewEncoder(w).Encode(map[string]any{"hits": out, "nbHits": len(hits), "page": 0, "nbPages": 1})
	}))
	t.Cleanup(srv.Close)
	return srv, &queries
}

// TestJaneNearby: the stores around a point, nearest first, one query a store and one
// more that finds none; a smaller radius keeps only the near one.
func TestJaneNearby(t *testing.T) {
	srv, queries := algoliaGeo(t)
	jane, _ := newTestAdapters(t, fastOptions(), srv.URL, nil)
	found, err := jane.Nearby(context.Background(), 40.458555, -79.9304304, 20000)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) != 2 || found[0].Menu.StoreID != "2913" || found[1].Menu.StoreID != "2266" || found[0].Km > 0.001 ||
		math.Abs(found[1].Km-12.8) > 0.5 || found[0].Menu.Market != data.Medical || found[1].Menu.IsVerified() || *queries != 3 {
		t.Fatalf("found %+v in %d queries", found, *queries)
	}
	found, err = jane.Nearby(context.Background(), 40.458555, -79.9304304, 5000)
	if err != nil || len(found) != 1 || found[0].Menu.StoreID != "2913" {
		t.Fatalf("within 5 km: %+v, %v", found, err)
	}
	for types, want := range map[string]data.Market{"medical": data.Medical, "medical,recreational": data.Recreational, "": data.Recreational} {
		if got := janeMarket(strings.Split(types, ",")); got != want {
			t.Errorf("store_types %q: %s, want %s", types, got, want)
		}
	}
}
