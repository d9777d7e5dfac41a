package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

// setField returns the record with one field replaced, the rest as captured.
func setField(t *testing.T, raw json.RawMessage, field string, value any) json.RawMessage {
	t.Helper()
	var rec map[string]json.RawMessage
	if err := json.Unmarshal(raw, &rec); err != nil {
		t.Fatal(err)
	}
	v, err := json.Marshal(value)
	if err != nil {
		t.Fatal(err)
	}
	rec[field] = v
	out, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// productIDs are the distinct product ids of offers.
func productIDs(offers []data.Offer) map[string]bool {
	out := map[string]bool{}
	for _, o := range offers {
		out[o.ProductID] = true
	}
	return out
}

// skippedFor counts the skipped records that say they are another market's, naming why.
func skippedFor(skipped []string, why string) int {
	n := 0
	for _, s := range skipped {
		if strings.Contains(s, otherMarketWords) && strings.Contains(s, why) {
			n++
		}
	}
	return n
}

// TestDutchieMarketFlags: the 2023 capture's records, one marked medicalOnly and one
// recOnly (both false in the capture, the fields as Dutchie sends them): each stays off
// the other market's menu and is counted in skipped with its flag.
func TestDutchieMarketFlags(t *testing.T) {
	s := newDutchieServer(t, dutchie2023File, dutchie2023ID, "canadian-store", "/graphql", 20)
	s.products[0] = setField(t, s.products[0], "medicalOnly", true)
	s.products[1] = setField(t, s.products[1], "recOnly", true)
	var ids [2]string
	for i := range ids {
		var p struct {
			ID string `json:"_id"`
		}
		json.Unmarshal(s.products[i], &p)
		ids[i] = p.ID
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, tt := range []struct {
		market      data.Market
		kept, left  string
		flag        string
		wantSkipped int
	}{
		{data.Recreational, ids[1], ids[0], "medicalOnly", 1},
		{data.Medical, ids[0], ids[1], "recOnly", 1},
	} {
		t.Run(string(tt.market), func(t *testing.T) {
			menu, err := dutchieFetch(t, srv.URL, data.MenuSource{Market: tt.market, DispensaryID: dutchie2023ID}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got := productIDs(menu.Offers)
			if got[tt.left] || !got[tt.kept] {
				t.Errorf("%s menu: %s listed %v, %s listed %v", tt.market, tt.left, got[tt.left], tt.kept, got[tt.kept])
			}
			if n := skippedFor(menu.Skipped, tt.flag); n != tt.wantSkipped || len(menu.Skipped) != tt.wantSkipped {
				t.Errorf("skipped %q, want %d naming %s", menu.Skipped, tt.wantSkipped, tt.flag)
			}
		})
	}
}

// TestJaneMarketFlags: the capture's stores are medical (store_types ["medical"] on
// every record); one record of store 2913 marked ["recreational"] stays off the medical
// menu, and on an adult-use menu of the store it is the only product: the 59 medical
// ones are left out and counted, which is not a changed layout.
func TestJaneMarketFlags(t *testing.T) {
	hits := janeCaptureHits(t)
	var id string
	for i, h := range hits {
		var rec struct {
			StoreID   json.Number `json:"store_id"`
			ProductID json.Number `json:"product_id"`
		}
		json.Unmarshal(h, &rec)
		if rec.StoreID == "2913" {
			hits[i] = setField(t, h, "store_types", []string{"recreational"})
			id = rec.ProductID.String()
			break
		}
	}
	srv := httptest.NewServer(&janeServer{hits: hits})
	defer srv.Close()
	jane, _ := newTestAdapters(t, fastOptions(), srv.URL, nil)
	read := func(market data.Market) data.Menu {
		menu, err := jane.FetchMenu(context.Background(), data.MenuSource{Market: market, Platform: "jane", StoreID: "2913"})
		if err != nil {
			t.Fatalf("%s: %v", market, err)
		}
		return menu
	}
	med := read(data.Medical)
	if got := productIDs(med.Offers); got[id] || len(got) != 59 || skippedFor(med.Skipped, `store_types ["recreational"]`) != 1 {
		t.Errorf("medical menu: product %s listed %v, %d products, skipped %q", id, got[id], len(got), med.Skipped)
	}
	rec := read(data.Recreational)
	if got := productIDs(rec.Offers); !got[id] || len(got) != 1 || skippedFor(rec.Skipped, `store_types ["medical"]`) != 59 {
		t.Errorf("adult-use menu: products %v, %d skipped", got, len(rec.Skipped))
	}
}

// TestWeedmapsMarketFlags: the Organ Mountain capture lists 3 items under a medical
// licence and 97 under the recreational one; each menu keeps its own.
func TestWeedmapsMarketFlags(t *testing.T) {
	s := newWeedmapsServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	m := weedmapsMenus[1]
	medical := map[string]bool{}
	for _, c := range s.menus {
		if c.path != m.path {
			continue
		}
		for _, raw := range c.items {
			var it struct {
				ID         json.Number `json:"id"`
				Attributes struct {
					LicenseType string `json:"license_type"`
				} `json:"attributes"`
			}
			json.Unmarshal(raw, &it)
			if it.Attributes.LicenseType == "medical" {
				medical[it.ID.String()] = true
			}
		}
	}
	if len(medical) != 3 {
		t.Fatalf("%d medical items in %s, the capture has 3", len(medical), m.file)
	}
	for _, market := range []data.Market{data.Recreational, data.Medical} {
		src := m.src
		src.Market = market
		menu, err := weedmapsFetch(t, srv.URL, src)
		if err != nil {
			t.Fatal(err)
		}
		meds := 0
		for id := range productIDs(menu.Offers) {
			if medical[id] {
				meds++
			}
		}
		switch market {
		case data.Recreational:
			if meds != 0 || skippedFor(menu.Skipped, `license_type "medical"`) != 3 {
				t.Errorf("adult-use menu: %d medical items listed, skipped %q", meds, menu.Skipped)
			}
		case data.Medical:
			if meds != 3 || len(productIDs(menu.Offers)) != 3 || skippedFor(menu.Skipped, `license_type "recreational"`) != 97 {
				t.Errorf("medical menu: %d medical items of %d listed, %d skipped", meds, len(productIDs(menu.Offers)), len(menu.Skipped))
			}
		}
	}
}

// TestJaneReplyNamingAnotherStore: an index (or a proxy in front of it) that answers
// store 2913's query with store 2266's records is refused, not merged.
func TestJaneReplyNamingAnotherStore(t *testing.T) {
	other := &janeServer{hits: janeCaptureHits(t)}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Whatever is asked, store 2266's records.
		body := `{"query":"","filters":"store_id = 2266","hitsPerPage":1000,"page":0}`
		r2 := httptest.NewRequest(http.MethodPost, r.URL.String(), strings.NewReader(body))
		r2.Header = r.Header
		other.ServeHTTP(w, r2)
	}))
	defer srv.Close()
	jane, _ := newTestAdapters(t, fastOptions(), srv.URL, nil)
	menu, err := jane.FetchMenu(context.Background(), data.MenuSource{Market: data.Medical, Platform: "jane", StoreID: "2913"})
	fe := menuReason(t, err, data.ReasonOtherStore)
	if !strings.Contains(fe.Detail, "store_id 2266, not 2913") || len(menu.Offers) != 0 {
		t.Errorf("detail %q, %d offers", fe.Detail, len(menu.Offers))
	}
}

// TestJaneKeysPerChain runs a scrape of three Jane chains whose menus are on their own
// sites: chain A's page publishes key A, chain B's key B, chain C's page is blocked by
// a bot challenge. The index takes each store's own chain's key only. A and B are both
// read (each with its own key, each page read once), C fails as blocked; one key read
// for every chain, as before, read B with A's key.
func TestJaneKeysPerChain(t *testing.T) {
	// The capture's stores are in Pennsylvania: their records are placed in Akron, as an
	// Ohio chain's would be, so that the run's check of the store's place passes.
	hits := janeCaptureHits(t)
	for i := range hits {
		hits[i] = setField(t, hits[i], "_geoloc", data.Place{Lat: 41.0814, Lng: -81.519})
	}
	index := &janeServer{hits: hits}
	keys := map[string]string{"2913": "key-a", "2266": "key-b"}
	var pageReads atomic.Int32
	challenge := readTestdata(t, dutchieBlockedFile)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/a/menu", "/b/menu":
			pageReads.Add(1)
			key := map[string]string{"/a/menu": "key-a", "/b/menu": "key-b"}[r.URL.Path]
			fmt.Fprintf(w, `<html><script id="jane-app-secrets" type="application/json">{"algoliaApiKey":%q}</script></html>`, key)
		case "/c/menu":
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		default:
			// The index: the key must be the store's chain's.
			var body struct {
				Filters string `json:"filters"`
			}
			raw, _ := io.ReadAll(r.Body)
			json.Unmarshal(raw, &body)
			store := strings.TrimPrefix(body.Filters, "store_id = ")
			if r.Header.Get("X-Algolia-API-Key") != keys[store] {
				w.WriteHeader(http.StatusForbidden)
				w.Write([]byte(`{"message":"Invalid Application-ID or API key","status":403}`))
				return
			}
			r.Header.Set("X-Algolia-API-Key", testAPIKey)
			r.Body = io.NopCloser(bytes.NewReader(raw))
			index.ServeHTTP(w, r)
		}
	}))
	defer srv.Close()
	adapters, err := NewAdapters(polite.NewEngine(fastOptions()), map[string]data.PlatformConfig{"jane": {BaseURL: srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	menu := func(slug, store, page string) data.Dispensary {
		return data.Dispensary{Slug: slug, Name: slug, City: "Akron", Region: "Northeast",
			Menus: []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: store, URL: page}}}
	}
	reg := data.Registry{Dispensaries: []data.Dispensary{
		menu("chain-c", "2913", "https://shop.chain-c.example/c/menu"),
		menu("chain-a", "2913", "https://shop.chain-a.example/a/menu"),
		menu("chain-a-two", "2913", "https://shop.chain-a.example/a/menu"),
		menu("chain-b", "2266", "https://www.chain-b.example/b/menu"),
	}}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	sum, err := Run(context.Background(), db, reg, adapters, RunOptions{Now: time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC), Concurrency: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range sum.Results {
		want := data.ReasonOK
		if r.Slug == "chain-c" {
			want = data.ReasonBlocked
		}
		if r.Reason != want || (r.OK && r.Products != 60) {
			t.Errorf("%s: %s, %d products (%s); want %s", r.Slug, r.Reason, r.Products, r.Detail, want)
		}
	}
	if n := pageReads.Load(); n != 2 {
		t.Errorf("key pages read %d times, want once per chain (2)", n)
	}
}

// TestWeedmapsReplyOfAnotherListing: the Organ Mountain capture (listing 320720) served
// where Off the Charts' listing (354617) is asked for is refused, not merged.
func TestWeedmapsReplyOfAnotherListing(t *testing.T) {
	organ := weedmapsMenus[1]
	s := &weedmapsServer{menus: []*weedmapsCapture{loadWeedmaps(t, organ.file, weedmapsMenus[0].path)}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := weedmapsFetch(t, srv.URL, weedmapsMenus[0].src)
	fe := menuReason(t, err, data.ReasonOtherStore)
	if !strings.Contains(fe.Detail, "listing 320720, not 354617") || len(menu.Offers) != 0 {
		t.Errorf("detail %q, %d offers", fe.Detail, len(menu.Offers))
	}
}
