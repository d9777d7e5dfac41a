package scraper

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// leaflyServer answers menu_items for one dispensary slug from the fixture's items,
// paged by take and skip as the consumer API does (take ≥ 51 is a 400).
type leaflyServer struct {
	slug  string
	items []json.RawMessage
	// ignoreSkip answers every page with the first one.
	ignoreSkip bool
	fail       func(w http.ResponseWriter, r *http.Request) bool

	mu    sync.Mutex
	pages []string // take/skip of each request
	bad   []string // requests without the embedded menu's origin
}

func newLeaflyServer(t testing.TB) *leaflyServer {
	var reply struct {
		Data []json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(t, "leafly/menu_items.json"), &reply); err != nil {
		t.Fatal(err)
	}
	return &leaflyServer{slug: "scioto-river-cannabis", items: reply.Data}
}

func (s *leaflyServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	s.pages = append(s.pages, q.Get("take")+"/"+q.Get("skip"))
	if r.Header.Get("Origin") != leaflyOrigin {
		s.bad = append(s.bad, r.URL.String())
	}
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	if r.URL.Path != fmt.Sprintf(leaflyMenuPath, s.slug) {
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"message":"Dispensary not found"}`))
		return
	}
	take, err1 := strconv.Atoi(q.Get("take"))
	skip, err2 := strconv.Atoi(q.Get("skip"))
	if err1 != nil || err2 != nil || take < 1 || take > 50 || skip < 0 {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"message":"take must be between 1 and 50"}`))
		return
	}
	if s.ignoreSkip {
		skip = 0
	}
	from, to := min(skip, len(s.items)), min(skip+take, len(s.items))
	b, _ := json.Marshal(map[string]any{"data": s.items[from:to], "metadata": map[string]any{"totalCount": len(s.items), "take": take, "skip": skip}})
	w.Header().Set("Content-Type", "application/json")
	w.Write(b)
}

// leaflySource is the fixture's store's medical menu: every item is on it (the one
// marked medical: true only there, TestLeaflyMarketFlag).
var leaflySource = data.MenuSource{Market: data.Medical, Platform: "leafly", StoreID: "scioto-river-cannabis"}

// leaflyFetch fetches with the adapter's page size set to take (0: the default).
func leaflyFetch(t *testing.T, s *leaflyServer, take int, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	srv := httptest.NewServer(s)
	defer srv.Close()
	a := testAdapter(t, leaflyPlatform, srv.URL, nil)
	if take > 0 {
		a.(*Leafly).take = take
	}
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(t.Context(), src)
}

// TestLeaflyMarketFlag: the item marked medical: true (the chocolate bar) stays off the
// adult-use menu, counted in skipped with why; the rest are listed.
func TestLeaflyMarketFlag(t *testing.T) {
	src := leaflySource
	src.Market = data.Recreational
	menu, err := leaflyFetch(t, newLeaflyServer(t), 5, src)
	if err != nil {
		t.Fatal(err)
	}
	med, err := leaflyFetch(t, newLeaflyServer(t), 5, leaflySource)
	if err != nil {
		t.Fatal(err)
	}
	ids := productIDs(menu.Offers)
	if ids["4810282"] || len(ids) != len(productIDs(med.Offers))-1 || skippedFor(menu.Skipped, "medical: true") != 1 || len(menu.Skipped) != len(med.Skipped)+1 {
		t.Errorf("adult-use menu: bar listed %v, %d products (medical menu %d), skipped %q", ids["4810282"], len(ids), len(productIDs(med.Offers)), menu.Skipped)
	}
}

func TestLeaflyGolden(t *testing.T) {
	for _, take := range []int{0, 5} {
		t.Run(fmt.Sprintf("take %d", take), func(t *testing.T) {
			s := newLeaflyServer(t)
			menu, err := leaflyFetch(t, s, take, leaflySource)
			if err != nil {
				t.Fatal(err)
			}
			want := "50/0"
			if take == 5 {
				want = "5/0 5/5 5/10" // 12 items: the third page is short
			}
			if got := strings.Join(s.pages, " "); got != want || menu.Requests != len(s.pages) || len(s.bad) > 0 {
				t.Fatalf("pages %q (requests %d, without origin %v), want %q", got, menu.Requests, s.bad, want)
			}
			// The nameless item and the free sample.
			if len(menu.Skipped) != 2 || !strings.Contains(menu.Skipped[0], "item 4810310 has no name") || !strings.Contains(menu.Skipped[1], "item 4810320 has no price") {
				t.Fatalf("skipped %q", menu.Skipped)
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, "leafly_menu_items", menu.Offers)
		})
	}
}

// TestLeaflyHandChecked asserts offers read by eye from the fixture.
func TestLeaflyHandChecked(t *testing.T) {
	menu, err := leaflyFetch(t, newLeaflyServer(t), 5, leaflySource)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want menuWant
	}{
		// price 50, thcUnit "percent", displayQuantity "3.5g", stockQuantity 14.
		{"flower", menuWant{id: "4810231", size: "3.5g", name: "Gary Payton 3.5g", category: data.Flower,
			price: 50, grams: 3.5, inStock: true, thc: 27.9, unit: "%", strainType: "hybrid"}},
		// displayQuantity "1/4 oz" is 7 g.
		{"quarter", menuWant{id: "4810232", size: "1/4 oz", name: "Gary Payton 7g", category: data.Flower,
			price: 95, grams: 7, inStock: true, thc: 27.9, unit: "%", strainType: "hybrid"}},
		// price null: sortPrice 28.5; THC "22.4" as a string; stockQuantity 0; size from
		// normalizedQuantityLabel; brand only in brand.name.
		{"sort price, sold out", menuWant{id: "4810240", size: "2.83 grams", name: "Runtz Smalls", category: data.Flower,
			price: 28.5, grams: 2.83, thc: 22.4, unit: "%", strainType: "indica"}},
		// price "45.00" as a string; Vaporizers is Vape.
		{"vape", menuWant{id: "4810262", size: "0.5g", name: "Blueberry Live Resin Cartridge", category: data.Vape,
			price: 45, grams: 0.5, inStock: true, thc: 79.5, unit: "%", strainType: "indica"}},
		// No size label: quantity 1 unit "g"; no stockQuantity is in stock.
		{"quantity and unit", menuWant{id: "4810270", size: "1 g", name: "Papaya Live Rosin Badder", category: data.Extract,
			price: 60, grams: 1, inStock: true, thc: 74.1, unit: "%", strainType: "hybrid"}},
		// thcContent 100 mg on an edible is its package content.
		{"edible", menuWant{id: "4810281", size: "10 pack", name: "Mango Gummies 10pk", category: data.Edible,
			price: 25, mg: 100, inStock: true, thc: 100, unit: "mg"}},
		{"edible in mg", menuWant{id: "4810282", size: "110 mg", name: "Dark Chocolate Sea Salt Bar", category: data.Edible,
			price: 18.99, mg: 110, inStock: true, thc: 110, unit: "mg"}},
		// A pre-roll pack: quantity 1 g, not the "2 x 0.5g" label's first figure.
		{"pre-roll pack", menuWant{id: "4810251", size: "2 x 0.5g", name: "Sativa Sunrise Pre-Roll 2pk", category: data.Preroll,
			price: 18, grams: 1, inStock: true, thc: 21.2, unit: "%", strainType: "sativa"}},
		// A topical is Other.
		{"topical", menuWant{id: "4810290", size: "1 oz jar", name: "Relief Balm", category: data.Other,
			price: 40, grams: 28, inStock: true, thc: 250, unit: "mg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
	if o := findOffer(t, menu.Offers, "4810240", "2.83 grams"); o.Brand != "Grown Rogue" || o.Strain != "Runtz" {
		t.Errorf("brand %q strain %q", o.Brand, o.Strain)
	}
}

func TestLeaflyFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	reply := func(status int, body string) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			w.WriteHeader(status)
			w.Write([]byte(body))
			return true
		}
	}
	tests := []struct {
		name       string
		src        data.MenuSource
		take       int
		fail       func(w http.ResponseWriter, r *http.Request) bool
		ignoreSkip bool
		reason     data.Reason
		status     int
		detail     string
	}{
		{"unknown dispensary", data.MenuSource{Market: data.Recreational, StoreID: "no-such-store"}, 0, nil, false,
			data.ReasonHTTPStatus, 404, `the server says "Dispensary not found"`},
		{"page size refused", leaflySource, 0, reply(400, `{"message":"take must be between 1 and 50"}`), false,
			data.ReasonHTTPStatus, 400, "take must be"},
		{"challenge behind 403", leaflySource, 0, reply(403, string(challenge)), false, data.ReasonBlocked, 403, "bot-challenge"},
		{"challenge behind 200", leaflySource, 0, reply(200, string(challenge)), false, data.ReasonBlocked, 200, "bot-challenge"},
		{"web page instead of JSON", leaflySource, 0, reply(200, `<!doctype html><html><head><title>Leafly</title></head></html>`), false,
			data.ReasonParse, 200, "an HTML page instead of JSON"},
		{"malformed JSON", leaflySource, 0, reply(200, `{"data":[{"id":1,`), false, data.ReasonParse, 200, "leafly scioto-river-cannabis skip 0"},
		{"no data array", leaflySource, 0, reply(200, `{"error":"maintenance"}`), false, data.ReasonParse, 200, "reply has no data array"},
		{"most items unreadable", leaflySource, 0, reply(200, `{"data":[{"id":1},{"id":2,"name":"x","price":"ten"},{"id":3,"name":"ok","price":3}]}`), false,
			data.ReasonParse, 200, "2 of 3 records unreadable"},
		{"server ignores skip", leaflySource, 5, nil, true, data.ReasonParse, 200, "repeats items already read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newLeaflyServer(t)
			s.fail, s.ignoreSkip = tt.fail, tt.ignoreSkip
			menu, err := leaflyFetch(t, s, tt.take, tt.src)
			checkFetchFailure(t, "leafly", menu, err, tt.reason, tt.status, tt.detail)
		})
	}
}

func TestLeaflyValidate(t *testing.T) {
	a := testAdapter(t, leaflyPlatform, "", nil)
	for _, tt := range []struct {
		src     data.MenuSource
		wantErr string
	}{
		{leaflySource, ""},
		{data.MenuSource{Market: data.Medical, StoreID: "rise-lakewood"}, ""},
		{data.MenuSource{Market: data.Medical}, "storeId"},
		{data.MenuSource{Market: data.Medical, StoreID: "Rise Lakewood"}, "storeId"},
		{data.MenuSource{Market: data.Medical, StoreID: "../admin"}, "storeId"},
		{data.MenuSource{Market: "", StoreID: "rise-lakewood"}, "market"},
	} {
		err := a.Validate(tt.src)
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%+v: error %v, want one naming %q", tt.src, err, tt.wantErr)
		}
	}
	if _, err := leaflyPlatform.adapter(polite.NewEngine(polite.Options{}), data.PlatformConfig{Settings: map[string]string{"endpoint": "consumer-api.leafly.com"}}, nil); err == nil || !strings.Contains(err.Error(), "settings.endpoint") {
		t.Errorf("bad endpoint setting: %v", err)
	}
}

func FuzzLeafly(f *testing.F) {
	f.Add(readTestdata(f, "leafly/menu_items.json"))
	f.Add([]byte(`{"data":[{"id":1,"name":"x","productCategory":"Flower","thcContent":250,"thcUnit":"%","price":-4,"sortPrice":3},{"id":"2","name":"y","price":"1e308"}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		pg, err := leaflyRead(testBudget(), body, "fuzz", data.Recreational, map[string]bool{})
		if err != nil {
			return
		}
		fuzzInvariants(t, pg.set.offers)
	})
}

func BenchmarkParseLeafly(b *testing.B) {
	body := readTestdata(b, "leafly/menu_items.json")
	benchParse(b, len(body), func() int {
		pg, err := leaflyRead(testBudget(), body, "bench", data.Recreational, map[string]bool{})
		if err != nil {
			b.Fatal(err)
		}
		return len(pg.set.offers)
	})
}
