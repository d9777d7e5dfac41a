package scraper

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	jsonv2 "github.com/go-json-experiment/json"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// janeCaptureHits are the full Algolia records of the Jane capture: the dmerch reply
// carries them as search_attributes on 120 of its 1,580 entries (docs/platforms.md §3).
func janeCaptureHits(t testing.TB) []json.RawMessage {
	t.Helper()
	var entries []struct {
		Attributes json.RawMessage `json:"search_attributes"`
	}
	if err := json.Unmarshal(readTestdata(t, janeCaptureFile), &entries); err != nil {
		t.Fatal(err)
	}
	var hits []json.RawMessage
	for _, e := range entries {
		if len(e.Attributes) > 0 {
			hits = append(hits, e.Attributes)
		}
	}
	if len(hits) != 120 {
		t.Fatalf("%d records with search_attributes, the capture has 120", len(hits))
	}
	return hits
}

// janeReplyOf is an Algolia reply of one page holding hits.
func janeReplyOf(t testing.TB, hits ...json.RawMessage) []byte {
	t.Helper()
	b, err := json.Marshal(map[string]any{"hits": hits, "nbHits": len(hits), "nbPages": 1, "page": 0})
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// janeReplyOffers maps records as a scrape does: read from Algolia's reply
// (janeRecords, one pass over the reply, or record by record where that pass cannot),
// then each record's offers. A reply that cannot be read gives its error.
func janeReplyOffers(t testing.TB, hits ...json.RawMessage) ([]data.Offer, error) {
	t.Helper()
	recs, _, err := janeRecords(janeReplyOf(t, hits...))
	if err != nil {
		return nil, err
	}
	var out []data.Offer
	for _, r := range recs {
		if err := r.decode(); err != nil {
			return nil, err
		}
		offers, err := r.offers(nil)
		if err != nil {
			return nil, err
		}
		out = append(out, offers...)
	}
	return out, nil
}

// janeRecordAlone maps a record as janeRecords hands over one its one-pass reader left
// undecoded: decoded on its own, then mapped.
func janeRecordAlone(raw json.RawMessage) ([]data.Offer, error) {
	r := &janeRecord{raw: raw}
	if err := r.decode(); err != nil {
		return nil, err
	}
	return r.offers(nil)
}

// janeServer answers like Algolia's menu-products index: the filter "store_id = N"
// selects the store's records, paged by hitsPerPage.
type janeServer struct {
	hits []json.RawMessage
	// perPage, when set, caps hitsPerPage as a stricter server would.
	perPage int

	mu     sync.Mutex
	bodies []map[string]any
	keys   []string
}

var janeStoreFilter = regexp.MustCompile(`^store_id = (\d+)$`)

func (s *janeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	s.mu.Lock()
	s.bodies = append(s.bodies, body)
	s.keys = append(s.keys, r.Header.Get("X-Algolia-API-Key"))
	s.mu.Unlock()
	if r.URL.Path != "/1/indexes/menu-products-production/query" || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("X-Algolia-API-Key") != testAPIKey {
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte(`{"message":"Invalid Application-ID or API key","status":403}`))
		return
	}
	filters, _ := body["filters"].(string)
	m := janeStoreFilter.FindStringSubmatch(filters)
	if m == nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"message":"filters: unexpected %q","status":400}`, filters)
		return
	}
	var store []json.RawMessage
	for _, h := range s.hits {
		var rec struct {
			StoreID json.Number `json:"store_id"`
		}
		_ = json.Unmarshal(h, &rec)
		if rec.StoreID.String() == m[1] {
			store = append(store, h)
		}
	}
	per := int(body["hitsPerPage"].(float64))
	if s.perPage > 0 {
		per = min(per, s.perPage)
	}
	page := int(body["page"].(float64))
	from, to := min(page*per, len(store)), min((page+1)*per, len(store))
	pages := (len(store) + per - 1) / per
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"hits": store[from:to], "nbHits": len(store), "nbPages": pages,
		"page": page, "hitsPerPage": per})
}

func janeFetch(t *testing.T, base string, storeID string) (data.Menu, error) {
	t.Helper()
	jane, _ := newTestAdapters(t, fastOptions(), base, nil)
	// The capture's stores are medical (store_types ["medical"] on every record).
	src := data.MenuSource{Market: data.Medical, Platform: "jane", StoreID: storeID}
	if err := jane.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return jane.FetchMenu(context.Background(), src)
}

// TestJaneGolden reads each store of the capture through the Algolia query, in pages
// of 25 so that paging is exercised, and compares every offer with its golden file.
func TestJaneGolden(t *testing.T) {
	s := &janeServer{hits: janeCaptureHits(t), perPage: 25}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, store := range []string{"2913", "2266"} {
		t.Run("store"+store, func(t *testing.T) {
			menu, err := janeFetch(t, srv.URL, store)
			if err != nil {
				t.Fatal(err)
			}
			if len(menu.Skipped) > 0 {
				t.Errorf("skipped %q", menu.Skipped)
			}
			if n := data.DistinctProducts(menu.Offers); n != 60 {
				t.Errorf("%d products, the capture has 60 for store %s", n, store)
			}
			if menu.Requests != 3 {
				t.Errorf("%d requests, want 3 pages of 25 for 60 records", menu.Requests)
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, "jane_store"+store, menu.Offers)
		})
	}
	for _, key := range s.keys {
		if key != testAPIKey {
			t.Errorf("request with API key %q", key)
		}
	}
}

// TestJaneHandChecked asserts offers read by eye from the capture's records (the
// figures quoted are the record's own fields).
func TestJaneHandChecked(t *testing.T) {
	srv := httptest.NewServer(&janeServer{hits: janeCaptureHits(t)})
	defer srv.Close()
	offers := map[string][]data.Offer{}
	for _, store := range []string{"2913", "2266"} {
		menu, err := janeFetch(t, srv.URL, store)
		if err != nil {
			t.Fatal(err)
		}
		offers[store] = menu.Offers
	}
	tests := []struct {
		name, store string
		want        offerWant
	}{
		// Insa "Cereal Milk", kind flower, lineage hybrid: price_eighth_ounce 45,
		// discounted_price_eighth_ounce 33.75 (25% special), thc_potency 32.83 for the size.
		{"flower on special", "2913", offerWant{id: "1259822", size: "eighth ounce", name: "Cereal Milk", category: data.Flower,
			strainType: "hybrid", strain: "Cereal Milk", grams: 3.5, price: 45, sale: 33.75, inStock: true, thc: 32.83, unit: "%"}},
		// Savvy all-in-one vape, "two gram" bucket, amount 2g: price 79, discounted 59.25,
		// thc_potency 74.81 and cbd_potency 0.85 of the two_gram size.
		{"vape with CBD", "2913", offerWant{id: "2371777", size: "two gram", name: "Strut - Legendary Platinum OG [2g]", category: data.Vape,
			strainType: "indica", strain: "Strut - Legendary Platinum OG", grams: 2, price: 79, sale: 59.25, inStock: true, thc: 74.81, cbd: 0.85, unit: "%"}},
		// RYTHM "Rebel Sour [300mg]" sold in the "half gram" bucket: the pen holds 0.3 g
		// (amount 300mg, net_weight_grams 0.3); price 26, special_price {} (no sale).
		{"true size under a bucket", "2913", offerWant{id: "2564145", size: "half gram", name: "Rebel Sour [300mg]", category: data.Vape,
			strainType: "sativa", strain: "Rebel Sour", grams: 0.3, price: 26, inStock: true, thc: 83.79, unit: "%"}},
		// Maitri "Wookie Burger" quarter ounce: price 46 → 34.5; the quarter's own
		// thc_potency 29.46, not the product-level percent_thc 26.36 (the eighth's).
		{"per-size potency", "2913", offerWant{id: "2188050", size: "quarter ounce", name: "Wookie Burger", category: data.Flower,
			strainType: "indica", strain: "Wookie Burger", grams: 7, price: 46, sale: 34.5, inStock: true, thc: 29.46, unit: "%"}},
		// RYTHM "Afternoon Delight #4" eighth at Maitri: price 40, no special; thc_potency
		// 39.44 for the eighth while percent_thc says 33.51.
		{"no special", "2913", offerWant{id: "244104", size: "eighth ounce", name: "Afternoon Delight #4", category: data.Flower,
			strainType: "hybrid", strain: "Afternoon Delight #4", grams: 3.5, price: 40, inStock: true, thc: 39.44, unit: "%"}},
		// Calypso "Bluenana  [4.2g]" in the "two gram" bucket: 4.2 g for 30.8, 23.1 on
		// special; the strain loses the double space and the size brackets.
		{"4.2 g in the two-gram bucket", "2913", offerWant{id: "2610300", size: "two gram", name: "Bluenana  [4.2g]", category: data.Flower,
			strainType: "hybrid", strain: "Bluenana", grams: 4.2, price: 30.8, sale: 23.1, inStock: true, thc: 23.07, unit: "%"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, offers[tt.store]) })
	}
	// Every record of a store carries the store's own position (_geoloc).
	for store, want := range map[string]data.Place{"2913": {Lat: 40.458555, Lng: -79.9304304}, "2266": {Lat: 40.4371951, Lng: -79.7825187}} {
		menu, err := janeFetch(t, srv.URL, store)
		if err != nil || menu.Place == nil || *menu.Place != want {
			t.Errorf("store %s: place %v, %v; want %v", store, menu.Place, err, want)
		}
	}
}

func TestJaneRequests(t *testing.T) {
	s := &janeServer{hits: janeCaptureHits(t)}
	srv := httptest.NewServer(s)
	defer srv.Close()
	if _, err := janeFetch(t, srv.URL, "2266"); err != nil {
		t.Fatal(err)
	}
	if len(s.bodies) != 1 {
		t.Fatalf("%d requests for 60 records, want 1", len(s.bodies))
	}
	b := s.bodies[0]
	if b["filters"] != "store_id = 2266" || b["page"].(float64) != 0 || b["hitsPerPage"].(float64) != janeHitsPerPage {
		t.Errorf("body %v", b)
	}
}

func TestJaneFailures(t *testing.T) {
	challenge := readTestdata(t, janeBlockedFile)
	tests := []struct {
		name   string
		key    string
		handle http.HandlerFunc
		reason data.Reason
		status int
		detail string
	}{
		{"wrong search key", "rotated-key", nil, data.ReasonKey, 403, "Invalid Application-ID or API key"},
		{"HTTP 500", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}, data.ReasonHTTPStatus, 500, "500"},
		{"malformed JSON", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"hits":[{"product_id":1,`))
		}, data.ReasonParse, 200, "jane store 2913 page 0: malformed JSON"},
		{"reply without hits", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"message":"index does not exist"}`))
		}, data.ReasonParse, 200, "layout changed: reply has no hits array"},
		{"challenge page behind 403", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		}, data.ReasonBlocked, 403, "challenge"},
		{"pages that never end", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"hits":[{"product_id":1}],"nbHits":5000000,"nbPages":5000000,"page":0}`))
		}, data.ReasonParse, 200, "more than 1000 pages"},
		{"an empty store", testAPIKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"hits":[],"nbHits":0,"nbPages":0,"page":0}`))
		}, data.ReasonEmpty, 200, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h http.Handler = &janeServer{hits: janeCaptureHits(t)}
			if tt.handle != nil {
				h = tt.handle
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			adapters, err := NewAdapters(polite.NewEngine(fastOptions()), map[string]data.PlatformConfig{
				"jane": {BaseURL: srv.URL, Settings: map[string]string{"apiKey": tt.key}},
			})
			if err != nil {
				t.Fatal(err)
			}
			menu, err := adapters["jane"].FetchMenu(context.Background(), data.MenuSource{Market: data.Medical, StoreID: "2913"})
			if tt.reason == data.ReasonEmpty {
				// An empty first page ends the query: an empty menu, which the run records as empty.
				if err != nil || len(menu.Offers) != 0 {
					t.Fatalf("err %v, %d offers", err, len(menu.Offers))
				}
				return
			}
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) {
				t.Errorf("status %d, error %v; want %d naming %q", fe.Status, err, tt.status, tt.detail)
			}
		})
	}
}

func TestJaneValidate(t *testing.T) {
	jane, _ := newTestAdapters(t, fastOptions(), "", nil)
	for _, id := range []string{"", "0", "-4", "12 OR 1=1", "2410.5", "abc"} {
		if err := jane.Validate(data.MenuSource{Market: data.Medical, StoreID: id}); err == nil || !strings.Contains(err.Error(), "storeId") {
			t.Errorf("storeId %q: error %v, want one naming storeId", id, err)
		}
	}
	if err := jane.Validate(data.MenuSource{Market: data.Medical, StoreID: strconv.Itoa(2410)}); err != nil {
		t.Error(err)
	}
	noKey, err := NewAdapters(polite.NewEngine(fastOptions()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := noKey["jane"].Validate(data.MenuSource{StoreID: "2410"}); err == nil || !strings.Contains(err.Error(), "apiKey") {
		t.Errorf("no key: %v", err)
	}
}

// janeMenuPage is a Jane-powered menu page as operators embed it: the front end's
// settings and secrets as JSON scripts (written for this test from the documented
// shape: docs/platforms.md §3, "public search key from the page's jane-app-secrets script").
const janeMenuPage = `<!doctype html><html><head><title>Menu</title>
<script id="jane-app-settings" type="application/json">{"algoliaAppId":"VFM4X0N23A","algoliaEnv":"production"}</script>
<script id="jane-app-secrets" type="application/json">
  {"algoliaApiKey":"` + testAPIKey + `","dmSdkVersion":"2.14.0"}
</script></head><body><div id="jane-menu"></div></body></html>`

// TestJaneKeyFromMenuPage reads the search key from the menu page when none is
// configured: once for the run, however many stores follow.
func TestJaneKeyFromMenuPage(t *testing.T) {
	algolia := &janeServer{hits: janeCaptureHits(t)}
	pages := 0
	mux := http.NewServeMux()
	mux.Handle("/1/indexes/", algolia)
	mux.HandleFunc("/shop/menu", func(w http.ResponseWriter, r *http.Request) {
		pages++
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(janeMenuPage))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	adapters, err := NewAdapters(polite.NewEngine(fastOptions()), map[string]data.PlatformConfig{"jane": {BaseURL: srv.URL}})
	if err != nil {
		t.Fatal(err)
	}
	jane := adapters["jane"]
	for _, store := range []string{"2913", "2266"} {
		src := data.MenuSource{Market: data.Medical, StoreID: store, URL: "https://dispensary.example/shop/menu"}
		if err := jane.Validate(src); err != nil {
			t.Fatal(err)
		}
		menu, err := jane.FetchMenu(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if data.DistinctProducts(menu.Offers) != 60 {
			t.Errorf("store %s: %d products", store, data.DistinctProducts(menu.Offers))
		}
	}
	if pages != 1 {
		t.Errorf("menu page read %d times, want once", pages)
	}

	for _, tt := range []struct {
		name, page string
		status     int
		reason     data.Reason
	}{
		{"page without the secrets", `<html><head><title>Menu</title></head><body>Our menu moved.</body></html>`, 200, data.ReasonKey},
		{"challenge page", string(readTestdata(t, dutchieBlockedFile)), 403, data.ReasonBlocked},
	} {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(tt.status)
				w.Write([]byte(tt.page))
			}))
			defer srv.Close()
			adapters, err := NewAdapters(polite.NewEngine(fastOptions()), map[string]data.PlatformConfig{"jane": {BaseURL: srv.URL}})
			if err != nil {
				t.Fatal(err)
			}
			_, err = adapters["jane"].FetchMenu(context.Background(), data.MenuSource{Market: data.Medical, StoreID: "2913", URL: "https://dispensary.example/shop/menu"})
			fe := menuReason(t, err, tt.reason)
			if !strings.Contains(fe.Detail, "search key") {
				t.Errorf("detail %q does not say what was being read", fe.Detail)
			}
		})
	}
}

// TestJaneParseBound maps a big reply under a parse bound it cannot meet (a
// nanosecond): the menu is a parse failure naming the bound, found at the first look
// at the clock, not a run held for as long as the records take.
func TestJaneParseBound(t *testing.T) {
	hits := make([]json.RawMessage, 2*parseCheckEvery)
	for i := range hits {
		hits[i] = json.RawMessage(fmt.Sprintf(`{"product_id":%d,"name":"Gelato %d","kind":"flower","available_weights":["gram"],"price_gram":12}`, i+1, i))
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{"hits": hits, "nbHits": len(hits), "nbPages": 1, "page": 0})
	}))
	defer srv.Close()
	e := polite.NewEngine(polite.Options{Delay: 0, Retries: 0, Timeout: 5 * time.Second, ParseTimeout: time.Nanosecond, MaxBodyBytes: 64 << 20})
	adapters, err := NewAdapters(e, map[string]data.PlatformConfig{"jane": {BaseURL: srv.URL, Settings: map[string]string{"apiKey": testAPIKey}}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = adapters["jane"].FetchMenu(context.Background(), data.MenuSource{Market: data.Medical, StoreID: "2913"})
	menuReason(t, err, data.ReasonParse)
	if !strings.Contains(err.Error(), "jane store 2913: parsing took longer than its 1ns bound") {
		t.Errorf("error %q", err)
	}
}

// TestJaneRecords: a reply decoded in one pass maps its records exactly as each record
// decoded on its own does, an attribute of a weight outside Jane's buckets included;
// a reply with a record of the wrong shape falls back to raw records, so that only that
// record fails.
func TestJaneRecords(t *testing.T) {
	hits := janeCaptureHits(t)[:3]
	var odd map[string]any
	if err := json.Unmarshal(hits[1], &odd); err != nil {
		t.Fatal(err)
	}
	odd["available_weights"] = []string{"gram", "two pack"}
	odd["price_gram"], odd["price_two_pack"] = 11.5, 30
	hits[1], _ = json.Marshal(odd)
	reply := func(hits []json.RawMessage) []byte {
		b, err := json.Marshal(map[string]any{"hits": hits, "nbHits": len(hits), "nbPages": 1, "page": 0})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	check := func(recs []*janeRecord, hits []json.RawMessage, wantDecoded bool) {
		t.Helper()
		if len(recs) != len(hits) {
			t.Fatalf("%d records, want %d", len(recs), len(hits))
		}
		for i, r := range recs {
			if r.decoded != wantDecoded {
				t.Errorf("record %d decoded with the reply: %v, want %v", i, r.decoded, wantDecoded)
			}
			want, wantErr := janeRecordAlone(hits[i])
			err := r.decode()
			var got []data.Offer
			if err == nil {
				got, err = r.offers(nil)
			}
			if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) || !reflect.DeepEqual(got, want) {
				t.Errorf("record %d: %v, %v; on its own %v, %v", i, got, err, want, wantErr)
			}
		}
	}
	recs, r, err := janeRecords(reply(hits))
	if err != nil || r.NbHits != 3 {
		t.Fatalf("janeRecords: %v, %+v", err, r)
	}
	check(recs, hits, true)
	if offers, _ := recs[1].offers(nil); len(offers) != 2 || offers[1].Price != 30 {
		t.Errorf("the two pack: %+v", offers)
	}

	bad := append([]json.RawMessage{}, hits...)
	bad[2] = json.RawMessage(`{"product_id": 7, "name": "Bad", "percent_thc": "high"}`)
	recs, _, err = janeRecords(reply(bad))
	if err != nil {
		t.Fatalf("janeRecords: %v", err)
	}
	check(recs, bad, false)
	if recs[2].decode() == nil {
		t.Error("the record of the wrong shape decoded")
	}
	if recs, _, err := janeRecords([]byte(`{"nbHits": 0}`)); err != nil || recs != nil {
		t.Errorf("no hits array: %v, %v", recs, err)
	}
	if _, _, err := janeRecords([]byte(`{"hits": [`)); err == nil {
		t.Error("a broken reply decoded")
	}
}

// The fast decoder reads the capture's reply (it does not fall back to encoding/json)
// into exactly the records encoding/json makes of it.
func TestJaneFastDecoderMatchesEncodingJSON(t *testing.T) {
	hits := janeCaptureHits(t)
	// Cases the capture lacks: a null product id, a price as a string and as null,
	// a name matched without regard to case, a duplicate name (the last wins).
	extra := `{"product_id": null, "Name": "Case", "name": "Last", "available_weights": ["gram"],
		"price_gram": "12.5", "discounted_price_gram": null, "percent_thc": 20, "percent_thc": 21}`
	raw := []byte(`{"hits": [`)
	for _, h := range hits {
		raw = append(append(raw, h...), ',')
	}
	raw = append(raw, extra+`], "nbHits": 121, "nbPages": 1, "page": 0}`...)
	var fast, slow janeBulkReply
	if err := jsonv2.Unmarshal(raw, &fast, janeFastOptions); err != nil {
		t.Fatalf("the fast decoder refused the capture: %v", err)
	}
	if err := json.Unmarshal(raw, &slow); err != nil {
		t.Fatal(err)
	}
	if len(fast.Hits) != len(hits)+1 || fast.NbHits != slow.NbHits || fast.NbPages != slow.NbPages {
		t.Fatalf("fast: %d hits, nbHits %d, nbPages %d; encoding/json: %d, %d, %d",
			len(fast.Hits), fast.NbHits, fast.NbPages, len(slow.Hits), slow.NbHits, slow.NbPages)
	}
	for i := range fast.Hits {
		if !reflect.DeepEqual(fast.Hits[i].janeFields, slow.Hits[i].janeFields) {
			t.Errorf("record %d: fast %+v\nencoding/json %+v", i, fast.Hits[i].janeFields, slow.Hits[i].janeFields)
		}
	}
	if last := fast.Hits[len(hits)]; last.Name != "Last" || *last.PercentTHC != 21 || string(last.PriceGram) != `"12.5"` {
		t.Errorf("extra record: %+v", last.janeFields)
	}
}

// janeFastReply reads the capture's reply (it does not hand it on) into exactly the
// records encoding/json makes of it, and hands on what it cannot read as exactly.
func TestJaneFastReplyMatchesEncodingJSON(t *testing.T) {
	hits := janeCaptureHits(t)
	raw := []byte(`{"hits": [null,`)
	for _, h := range hits {
		raw = append(append(raw, h...), ',')
	}
	raw = append(raw[:len(raw)-1], `], "nbHits": 121, "nbPages": 1, "page": 0}`...)
	fast, ok := janeFastReply(raw)
	if !ok {
		t.Fatal("janeFastReply handed the capture on")
	}
	var slow janeBulkReply
	if err := json.Unmarshal(raw, &slow); err != nil {
		t.Fatal(err)
	}
	if len(fast.Hits) != len(slow.Hits) || fast.NbHits != slow.NbHits || fast.NbPages != slow.NbPages || fast.Page != slow.Page {
		t.Fatalf("fast: %d hits, %d, %d, %d; encoding/json: %d, %d, %d, %d", len(fast.Hits), fast.NbHits, fast.NbPages, fast.Page,
			len(slow.Hits), slow.NbHits, slow.NbPages, slow.Page)
	}
	for i := range fast.Hits {
		s := slow.Hits[i]
		if s == nil {
			s = &janeRecord{}
		}
		if !reflect.DeepEqual(fast.Hits[i].janeFields, s.janeFields) {
			t.Errorf("record %d: fast %+v\nencoding/json %+v", i, fast.Hits[i].janeFields, s.janeFields)
		}
	}
	for _, reply := range []string{
		`{"hits": [{"Name": "X"}]}`,                 // matched without regard to case
		`{"hits": [{"name": "X", "name": "Y"}]}`,    // a name twice
		`{"hits": [{"na\u006de": "X"}]}`,            // an escaped name
		`{"hits": [{"name": "\ud800"}]}`,            // a lone surrogate
		`{"hits": [{"product_id": "1"}]}`,           // a number as a string
		`{"hits": [{"percent_thc": "20"}]}`,         // likewise
		`{"hits": [{"available_weights": [null]}]}`, // null in a list
		`{"hits": [], "NbHits": 1}`,
		`{"hits": []} {}`,
		"{\"hits\": [{\"name\": \"\xff\"}]}",
	} {
		if _, ok := janeFastReply([]byte(reply)); ok {
			t.Errorf("janeFastReply took %s", reply)
		}
	}
}

// janeWeightAttrs is the one table of Jane's per-weight attributes: four for each of
// the eight weight buckets, each found by its name, read by attr and filled by the
// fast decoder at the same field.
func TestJaneWeightAttrsTable(t *testing.T) {
	weights := []string{"half_gram", "gram", "two_gram", "eighth_ounce", "quarter_ounce", "half_ounce", "ounce", "each"}
	prefixes := []string{"price_", "discounted_price_", "special_price_", "max_cart_quantity_"}
	if len(janeWeightIndex) != len(weights)*len(prefixes) {
		t.Fatalf("%d attributes, want %d", len(janeWeightIndex), len(weights)*len(prefixes))
	}
	for _, w := range weights {
		for _, p := range prefixes {
			name := p + w
			i, ok := janeWeightIndex[name]
			if !ok {
				t.Errorf("%s missing", name)
				continue
			}
			var f janeFields
			raw, n := rawField(&f, []byte(name))
			if n != i || raw == nil {
				t.Fatalf("rawField(%s) = field %d, want %d", name, n, i)
			}
			*raw = json.RawMessage(`"` + name + `"`)
			if got, ok := (&janeRecord{janeFields: f}).attr(name); !ok || string(got) != `"`+name+`"` {
				t.Errorf("attr(%s) = %s, %v after the fast decoder's field was set", name, got, ok)
			}
		}
	}
}
