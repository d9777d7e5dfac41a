package scraper

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
)

const (
	dispenseCaptureFile = "dispense/indigodispensary_edibles_first140of198.json"
	dispenseVenue       = "041444e70b831110" // the capture's venue (PROVENANCE.md)
	dispenseEdibles     = "24314d00f970b559" // its edibles category
	dispenseTestKey     = "test-storefront-key"
)

// dispenseServer answers a venue's categories and each category's products, paged by
// limit and skip as the storefront API is. The capture holds one category's records;
// the category list (id and name only) is written for the test from that request.
type dispenseServer struct {
	products []json.RawMessage

	mu    sync.Mutex
	calls []string
}

func newDispenseServer(t testing.TB) *dispenseServer {
	t.Helper()
	s := &dispenseServer{}
	if err := json.Unmarshal(readTestdata(t, dispenseCaptureFile), &s.products); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *dispenseServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls = append(s.calls, r.URL.RequestURI())
	s.mu.Unlock()
	if r.Header.Get("Api-Key") != dispenseTestKey {
		w.WriteHeader(http.StatusUnauthorized)
		w.Write([]byte(`{"message":"Invalid api key"}`))
		return
	}
	venue := "/v1/venues/" + dispenseVenue
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case venue + "/product-categories":
		w.Write([]byte(`{"data":[{"id":"` + dispenseEdibles + `","name":"Edibles"},{"id":"not-an-id","name":"Broken"}]}`))
	case venue + "/product-categories/" + dispenseEdibles + "/products":
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		skip, _ := strconv.Atoi(r.URL.Query().Get("skip"))
		from, to := min(skip, len(s.products)), min(skip+limit, len(s.products))
		json.NewEncoder(w).Encode(map[string]any{"data": s.products[from:to]})
	default:
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"message":"Not found"}`))
	}
}

var dispenseSource = data.MenuSource{Market: data.Recreational, Platform: "dispense", StoreID: dispenseVenue,
	URL: "https://www.indigodispensary.com/shop"}

func dispenseFetch(t *testing.T, base string, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, dispensePlatform, base, map[string]string{"apiKey": dispenseTestKey})
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

func TestDispenseGolden(t *testing.T) {
	s := newDispenseServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := dispenseFetch(t, srv.URL, dispenseSource)
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Skipped) > 0 {
		t.Errorf("skipped %q", menu.Skipped)
	}
	// 140 records in pages of 50: skip 0, 50, 100 (a short page ends it), after the
	// category list.
	if menu.Requests != 4 {
		t.Errorf("%d requests, want 4: %q", menu.Requests, s.calls)
	}
	for _, c := range s.calls[1:] {
		for _, q := range []string{"limit=50", "group=true", "quantityMin=1", "orderPickUpType=IN_STORE"} {
			if !strings.Contains(c, q) {
				t.Errorf("call %s lacks %s", c, q)
			}
		}
	}
	menuInvariants(t, menu.Offers)
	checkGolden(t, "dispense_indigodispensary_edibles", menu.Offers)
}

// TestDispenseHandChecked asserts offers read by eye from the capture.
func TestDispenseHandChecked(t *testing.T) {
	srv := httptest.NewServer(newDispenseServer(t))
	defer srv.Close()
	menu, err := dispenseFetch(t, srv.URL, dispenseSource)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want offerWant
	}{
		// Grön pearls: price 7, priceWithDiscounts 5.6 (a 20 % SALE discount), quantity 19,
		// weight 10 MILLIGRAMS, labs.thc 0.3 %; cannabisType SATIVA (cannabisStrain says
		// "Hybrid": the type field is the one used).
		{"edible on sale", offerWant{id: "36ca7a5cfe0600c7", size: "10mg", name: "Gron Blueberry Lemonade Fun Size Pearls 1:1 CBG:THC - 20mg",
			category: data.Edible, strainType: "sativa", strain: "Gron Blueberry Lemonade Fun Size Pearls 1:1 CBG:THC", mg: 10, price: 7, sale: 5.6,
			inStock: true, thc: 0.3, unit: "%",
			url: "https://www.indigodispensary.com/shop/none/gron-blueberry-lemonade-fun-size-pearls-1-1-cbg-thc-20mg"}},
		// Grön blackberry pearls: labs.thc 0 but thcMax 0.28: the top of the range.
		{"THC from thcMax", offerWant{id: "a6a1189b87371972", size: "10mg", name: "Grön Blackberry Lemonade Fun Size Pearls 1:1:1: CBD:CBN:THC - 20mg",
			category: data.Edible, strainType: "indica", strain: "Blackberry Lemonade Fun Size Pearls 1:1:1: CBD:CBN:THC", mg: 10, price: 7, sale: 5.6,
			inStock: true, thc: 0.28, unit: "%",
			url: "https://www.indigodispensary.com/shop/gron/gron-blackberry-lemonade-fun-size-pearls-cbd-thc-cbn-20mg"}},
		// Grön tart cherry pearls: the same sale, thc 0.08 %.
		{"low THC", offerWant{id: "2a5bed28e32998e2", size: "10mg", name: "Gron Tart Cherry Fun Size Pearls 10:1 CBN:THC - 10mg",
			category: data.Edible, strainType: "indica", strain: "Gron Tart Cherry Fun Size Pearls 10:1 CBN:THC", mg: 10, price: 7, sale: 5.6,
			inStock: true, thc: 0.08, unit: "%",
			url: "https://www.indigodispensary.com/shop/gron/gron-tart-cherry-fun-size-pearls-cbn-thc-10mg"}},
		// WYLD peach: price 22 and priceWithDiscounts 22 (no sale), weight 100 MILLIGRAMS,
		// thc 0.5 %, cbd 0.26 %.
		{"no sale, with CBD", offerWant{id: "72db95573c988a8b", size: "100mg", name: "WYLD Peach Hybrid Enhanced Gummies (Chill) 2:1 CBD:THC - 50mg",
			category: data.Edible, strainType: "hybrid", strain: "Peach Hybrid Enhanced Gummies (Chill) 2:1 CBD:THC", mg: 100, price: 22,
			inStock: true, thc: 0.5, cbd: 0.26, unit: "%",
			url: "https://www.indigodispensary.com/shop/none/wyld-peach-hybrid-enhanced-gummies-2-1-cbd-thc-50mg"}},
		// WYLD sour cherry: 22, quantity 56, 100 mg, thc 1.06 %.
		{"brand word dropped from the strain", offerWant{id: "48a11dab82858c7d", size: "100mg", name: "WYLD Sour Cherry Indica Enhanced Gummies (Mellow) - 100mg",
			category: data.Edible, strainType: "indica", strain: "Sour Cherry Indica Enhanced Gummies (Mellow)", mg: 100, price: 22,
			inStock: true, thc: 1.06, unit: "%",
			url: "https://www.indigodispensary.com/shop/wyld/wyld-sour-cherry-indica-enhanced-gummies-100mg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
}

func TestDispenseFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	tests := []struct {
		name   string
		src    data.MenuSource
		key    string
		handle http.HandlerFunc
		reason data.Reason
		status int
		detail string
	}{
		{"wrong api key", dispenseSource, "old-key", nil, data.ReasonHTTPStatus, 401, "Invalid api key"},
		{"unknown venue", data.MenuSource{Market: data.Medical, StoreID: "0000000000000000"}, dispenseTestKey, nil, data.ReasonHTTPStatus, 404, "404"},
		{"HTTP 500", dispenseSource, dispenseTestKey, func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}, data.ReasonHTTPStatus, 500, "500"},
		{"malformed JSON", dispenseSource, dispenseTestKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"data":[{"id":"`))
		}, data.ReasonParse, 200, "dispense venue"},
		{"reply without data", dispenseSource, dispenseTestKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"error":"maintenance"}`))
		}, data.ReasonParse, 200, "data"},
		{"no categories", dispenseSource, dispenseTestKey, func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"data":[]}`))
		}, data.ReasonConfig, 200, "no product categories"},
		{"challenge page", dispenseSource, dispenseTestKey, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		}, data.ReasonBlocked, 403, "challenge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h http.Handler = newDispenseServer(t)
			if tt.handle != nil {
				h = tt.handle
			}
			srv := httptest.NewServer(h)
			defer srv.Close()
			a := testAdapter(t, dispensePlatform, srv.URL, map[string]string{"apiKey": tt.key})
			_, err := a.FetchMenu(context.Background(), tt.src)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) {
				t.Errorf("status %d, error %v; want %d naming %q", fe.Status, err, tt.status, tt.detail)
			}
		})
	}
}

func TestDispenseValidate(t *testing.T) {
	a := testAdapter(t, dispensePlatform, "", map[string]string{"apiKey": dispenseTestKey})
	for _, tt := range []struct {
		src     data.MenuSource
		wantErr string
	}{
		{dispenseSource, ""},
		{data.MenuSource{Market: data.Medical}, "storeId"},
		{data.MenuSource{Market: data.Medical, StoreID: "041444E70B83111"}, "storeId"},
		{data.MenuSource{Market: "rec", StoreID: dispenseVenue}, "market"},
	} {
		err := a.Validate(tt.src)
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%+v: error %v, want %q", tt.src, err, tt.wantErr)
		}
	}
	noKey := testAdapter(t, dispensePlatform, "", nil)
	if err := noKey.Validate(dispenseSource); err == nil || !strings.Contains(err.Error(), "apiKey") {
		t.Errorf("no key: %v", err)
	}
}
