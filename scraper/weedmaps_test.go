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

// weedmapsCapture is one menu the test server holds: the path it answers on and the
// items of the capture.
type weedmapsCapture struct {
	file  string
	path  string
	items []json.RawMessage
	meta  map[string]any // extra meta keys (discovery's has_live_menu)
	// discovery: data is {menu_items: [...]}, else the JSON:API array.
	discovery bool
}

// weedmapsServer pages the captures' items by the limit asked, as the API does; the
// total is what the capture holds (page 1 of a bigger menu is all that was saved).
type weedmapsServer struct {
	menus []*weedmapsCapture

	mu    sync.Mutex
	calls []string
}

func loadWeedmaps(t testing.TB, file, path string) *weedmapsCapture {
	t.Helper()
	c := &weedmapsCapture{file: file, path: path}
	var reply struct {
		Meta map[string]any  `json:"meta"`
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(t, file), &reply); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(reply.Data, &c.items); err != nil {
		var inner struct {
			MenuItems []json.RawMessage `json:"menu_items"`
		}
		if err := json.Unmarshal(reply.Data, &inner); err != nil {
			t.Fatal(err)
		}
		c.items, c.discovery, c.meta = inner.MenuItems, true, reply.Meta
	}
	return c
}

func (s *weedmapsServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.calls = append(s.calls, r.URL.RequestURI())
	s.mu.Unlock()
	for _, m := range s.menus {
		if r.URL.Path != m.path {
			continue
		}
		limit, _ := strconv.Atoi(r.URL.Query().Get("limit"))
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		if limit <= 0 || limit >= 150 || page < 1 {
			w.WriteHeader(http.StatusUnprocessableEntity)
			w.Write([]byte(`{"errors":[{"title":"limit must be under 150"}]}`))
			return
		}
		from, to := min((page-1)*limit, len(m.items)), min(page*limit, len(m.items))
		w.Header().Set("Content-Type", "application/json")
		if m.discovery {
			meta := map[string]any{}
			for k, v := range m.meta {
				meta[k] = v
			}
			meta["total_menu_items"] = len(m.items)
			json.NewEncoder(w).Encode(map[string]any{"meta": meta, "data": map[string]any{"menu_items": m.items[from:to]}})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"meta": map[string]any{"page": page, "per_page": limit, "total": len(m.items)},
			"data": m.items[from:to]})
		return
	}
	http.NotFound(w, r)
}

// The three New Mexico captures, served where a registry endpoint override would point
// (the wm/v1 listing of each wmid), and the discovery fixture at the default endpoint.
var weedmapsMenus = []struct {
	golden, file, path string
	src                data.MenuSource
	products           int
}{
	{"weedmaps_off-the-charts-las-cruces", "weedmaps/wm_v1_menu_items_off-the-charts-las-cruces_2024-05_page1.json",
		"/wm/v1/listings/354617/menu_items",
		data.MenuSource{Market: data.Recreational, Endpoint: "https://api-g.weedmaps.com/wm/v1/listings/354617/menu_items"}, 0},
	{"weedmaps_organ-mountain-cannabis", "weedmaps/wm_v1_menu_items_organ-mountain-cannabis_2024-05_page1.json",
		"/wm/v1/listings/320720/menu_items",
		data.MenuSource{Market: data.Recreational, Endpoint: "https://api-g.weedmaps.com/wm/v1/listings/320720/menu_items"}, 0},
	{"weedmaps_rocky-mountain-silver-city", "weedmaps/wm_v1_menu_items_rocky-mountain-silver-city_2024-05.json",
		"/wm/v1/listings/346339/menu_items",
		data.MenuSource{Market: data.Recreational, Endpoint: "https://api-g.weedmaps.com/wm/v1/listings/346339/menu_items"}, 7},
	{"weedmaps_discovery_written-from-docs", "weedmaps-discovery/menu_items_written-from-docs.json",
		"/discovery/v1/listings/dispensaries/test-store/menu_items",
		data.MenuSource{Market: data.Recreational, CName: "test-store"}, 4},
}

func newWeedmapsServer(t testing.TB) *weedmapsServer {
	s := &weedmapsServer{}
	for _, m := range weedmapsMenus {
		s.menus = append(s.menus, loadWeedmaps(t, m.file, m.path))
	}
	return s
}

func weedmapsFetch(t *testing.T, base string, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, weedmapsPlatform, base, nil)
	src.Platform = "weedmaps"
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

func TestWeedmapsGolden(t *testing.T) {
	s := newWeedmapsServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, m := range weedmapsMenus {
		t.Run(m.golden, func(t *testing.T) {
			menu, err := weedmapsFetch(t, srv.URL, m.src)
			if err != nil {
				t.Fatal(err)
			}
			// The only records left out are the items sold under the other licence.
			for _, sk := range menu.Skipped {
				if !strings.Contains(sk, `license_type "medical", not on the recreational menu`) {
					t.Errorf("skipped %q", sk)
				}
			}
			if m.products > 0 && data.DistinctProducts(menu.Offers) != m.products {
				t.Errorf("%d products, want %d", data.DistinctProducts(menu.Offers), m.products)
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, m.golden, menu.Offers)
		})
	}
}

// TestWeedmapsHandChecked asserts offers read by eye from the captures.
func TestWeedmapsHandChecked(t *testing.T) {
	s := newWeedmapsServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	menus := map[string][]data.Offer{}
	for _, m := range weedmapsMenus {
		menu, err := weedmapsFetch(t, srv.URL, m.src)
		if err != nil {
			t.Fatal(err)
		}
		menus[m.golden] = menu.Offers
	}
	tests := []struct {
		name, menu string
		want       offerWant
	}{
		// "Pharmicated |Blackberry Kush|2g Disposable": no variants, prices.price_unit 55,
		// sale {amount 25, type percentage} → 41.25, inventory_quantity 16; the package
		// weight comes from the name; category Concentrates, genetics indica.
		{"flat price with a percentage sale", "weedmaps_off-the-charts-las-cruces", offerWant{id: "152440020", size: "each",
			name: "Pharmicated |Blackberry Kush|2g Disposable", category: data.Extract, strainType: "indica",
			strain: "Blackberry Kush", grams: 2, price: 55, sale: 41.25, inStock: true,
			url: "https://weedmaps.com/dispensaries/off-the-charts-las-cruces/menu/pharmicated-blackberry-kush-2g-disposable"}},
		// "OMC - Ice Cream Cake": one variant "1/4 oz", amount "63.00", weight 0.25 oz,
		// inventory 2; THC 17.5 %, CBD 0.1 % (measurements).
		{"variant in ounces", "weedmaps_organ-mountain-cannabis", offerWant{id: "143237068", size: "1/4 oz", name: "OMC - Ice Cream Cake",
			category: data.Flower, strainType: "indica", strain: "Ice Cream Cake", grams: 7, price: 63, inStock: true, thc: 17.5, cbd: 0.1, unit: "%",
			url: "https://weedmaps.com/dispensaries/organ-mountain-cannabis/menu/ice-cream-cake-ff366554-ca1b-4110-b303-c287f3464de8"}},
		// "Cherry Canary" 1/2 oz: amount "129.99", weight 0.5 oz, inventory_quantity null
		// (not tracked: in stock); THC 24.45 %, CBD "0.0" (none).
		{"half ounce", "weedmaps_rocky-mountain-silver-city", offerWant{id: "142707131", size: "1/2 oz", name: "Cherry Canary",
			category: data.Flower, strainType: "hybrid", strain: "Cherry Canary", grams: 14, price: 129.99, inStock: true, thc: 24.45, unit: "%",
			url: "https://weedmaps.com/dispensaries/rocky-mountain-cannabis-12/menu/cherry-canary"}},
		// WYLD "Elderberry 2:1 CBN + Indica Enhanced Gummies 100mg:50mg": Edibles/Gummies,
		// price_unit 10, THC measurement 50.0 mg.
		{"gummies in milligrams", "weedmaps_rocky-mountain-silver-city", offerWant{id: "142713894", size: "each",
			name: "Elderberry 2:1 CBN + Indica Enhanced Gummies 100mg:50mg", category: data.Edible,
			strain: "Elderberry 2:1 CBN + Indica Enhanced", mg: 50, price: 10, inStock: true, thc: 50, unit: "mg",
			url: "https://weedmaps.com/dispensaries/rocky-mountain-cannabis-12/menu/elderberry-2-1-cbn-indica-enhanced-gummies-100mg-50mg"}},
		// ".5 Cartridge- GMO Punch": Vape Pens/Cartridge, price_unit 25, THC 91.2 %, CBD 0.11 %.
		// The name's bare ".5" has no unit, so the size stays unknown rather than guessed.
		{"cartridge", "weedmaps_rocky-mountain-silver-city", offerWant{id: "142728784", size: "each", name: ".5 Cartridge- GMO Punch",
			category: data.Vape, strainType: "sativa", strain: ".5 Cartridge- GMO Punch", price: 25, inStock: true, thc: 91.2, cbd: 0.11, unit: "%",
			url: "https://weedmaps.com/dispensaries/rocky-mountain-cannabis-12/menu/5-cartridge-gmo-punch"}},
		// Written fixture: "Gary Payton" 1/8 oz tier price 30, original_price 40, on_sale.
		{"discovery sale tier", "weedmaps_discovery_written-from-docs", offerWant{id: "901001", size: "1/8 oz", name: "Gary Payton",
			category: data.Flower, strainType: "hybrid", strain: "Gary Payton", grams: 3.5, price: 40, sale: 30, inStock: true, thc: 27.4, cbd: 0.1, unit: "%",
			url: "https://weedmaps.com/dispensaries/test-store/menu/gary-payton-3-5g"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menus[tt.menu]) })
	}
}

// TestWeedmapsMarkets keeps medical-only items off the recreational menu: "Jelly Dropz
// Gummies | Savage Sour Apple | 500 mg" has license_type medical.
func TestWeedmapsMarkets(t *testing.T) {
	srv := httptest.NewServer(newWeedmapsServer(t))
	defer srv.Close()
	src := weedmapsMenus[0].src
	rec, err := weedmapsFetch(t, srv.URL, src)
	if err != nil {
		t.Fatal(err)
	}
	src.Market = data.Medical
	med, err := weedmapsFetch(t, srv.URL, src)
	if err != nil {
		t.Fatal(err)
	}
	has := func(offers []data.Offer, id string) bool {
		for _, o := range offers {
			if o.ProductID == id {
				return true
			}
		}
		return false
	}
	if has(rec.Offers, "152440058") || !has(med.Offers, "152440058") {
		t.Errorf("medical-only item: on recreational %v, on medical %v", has(rec.Offers, "152440058"), has(med.Offers, "152440058"))
	}
}

// TestWeedmapsPaging reads a menu of 100 items in pages of the API's limit.
func TestWeedmapsPaging(t *testing.T) {
	s := newWeedmapsServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	first, err := weedmapsFetch(t, srv.URL, weedmapsMenus[1].src)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.calls) != 1 || !strings.Contains(s.calls[0], "limit=100") || !strings.Contains(s.calls[0], "page=1") {
		t.Errorf("calls %q", s.calls)
	}
	// The same 100 items as a bigger menu: a second page is asked for, and items that
	// reappear there (a menu changing while it is read) are counted once.
	s.menus[1].items = append(s.menus[1].items, s.menus[1].items[:30]...)
	s.calls = nil
	menu, err := weedmapsFetch(t, srv.URL, weedmapsMenus[1].src)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.calls) != 2 || !strings.Contains(s.calls[1], "page=2") {
		t.Errorf("calls %q", s.calls)
	}
	if len(menu.Offers) != len(first.Offers) {
		t.Errorf("%d offers, want the %d of the 100 distinct items", len(menu.Offers), len(first.Offers))
	}
}

func TestWeedmapsFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	src := data.MenuSource{Market: data.Recreational, CName: "test-store"}
	tests := []struct {
		name   string
		handle http.HandlerFunc
		reason data.Reason
		status int
		detail string
	}{
		{"HTTP 500", func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "boom", http.StatusInternalServerError)
		}, data.ReasonHTTPStatus, 500, "500"},
		{"unknown listing", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"errors":[{"title":"Not Found","detail":"Listing not found"}]}`))
		}, data.ReasonHTTPStatus, 404, "404"},
		{"malformed JSON", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"meta":{"total":3},"data":[{"id":1,`))
		}, data.ReasonParse, 200, "weedmaps test-store"},
		{"no menu_items", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"meta":{},"data":{"listing":{}}}`))
		}, data.ReasonParse, 200, "menu_items"},
		{"no live menu", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"meta":{"total_menu_items":0,"has_live_menu":false},"data":{"menu_items":[]}}`))
		}, data.ReasonEmpty, 200, "no live menu"},
		{"Fastly client challenge", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte(`<!DOCTYPE html><html><head><title>Client Challenge</title></head><body><noscript>JavaScript is disabled</noscript></body></html>`))
		}, data.ReasonBlocked, 200, "client-challenge"},
		{"Cloudflare page behind 403", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		}, data.ReasonBlocked, 403, "challenge"},
		{"most items unreadable", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"meta":{"total":3},"data":[{"id":1,"attributes":{"name":"a","prices":{"price_gram":"x"}}},{"attributes":{}},{"id":3,"attributes":{"name":"ok","prices":{"price_gram":10}}}]}`))
		}, data.ReasonParse, 200, "unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handle)
			defer srv.Close()
			_, err := weedmapsFetch(t, srv.URL, src)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) {
				t.Errorf("status %d, error %v; want %d naming %q", fe.Status, err, tt.status, tt.detail)
			}
		})
	}
}

func TestWeedmapsValidate(t *testing.T) {
	a := testAdapter(t, weedmapsPlatform, "", nil)
	checkValidate(t, a, []validateCase{
		{"slug", data.MenuSource{Market: data.Medical, CName: "the-botanist-columbus"}, ""},
		{"endpoint", weedmapsMenus[0].src, ""},
		{"nothing", data.MenuSource{Market: data.Medical}, "cName"},
		{"slug with a path", data.MenuSource{Market: data.Medical, CName: "a/../b"}, "cName"},
		{"relative endpoint", data.MenuSource{Market: data.Medical, Endpoint: "/wm/v1/listings/1/menu_items"}, "endpoint"},
		{"bad market", data.MenuSource{Market: "both", CName: "x"}, "market"},
	})
}
