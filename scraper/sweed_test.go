package scraper

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
)

// sweedRequest is one request the test server saw.
type sweedRequest struct {
	path   string
	header http.Header
	body   map[string]any
}

// sweedServer answers like a Sweed web-ui proxy for one store: categories is the
// GetProductCategoryList reply, page the GetProductList reply for a filter id, page
// number and page size (nil: an empty page).
type sweedServer struct {
	storeID    string
	categories []byte
	page       func(filter int64, page, size int) []byte
	// fail, when set, answers every request instead.
	fail func(w http.ResponseWriter, r *http.Request) bool

	mu   sync.Mutex
	seen []sweedRequest
}

func (s *sweedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var body map[string]any
	_ = json.Unmarshal(raw, &body)
	s.mu.Lock()
	s.seen = append(s.seen, sweedRequest{path: r.URL.Path, header: r.Header.Clone(), body: body})
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if r.Header.Get("storeid") != s.storeID {
		w.Write([]byte(`[]`)) // an unknown store has no categories
		return
	}
	switch {
	case strings.HasSuffix(r.URL.Path, "/Products/GetProductCategoryList"):
		w.Write(s.categories)
	case strings.HasSuffix(r.URL.Path, "/Products/GetProductList"):
		var req struct {
			Filters struct {
				Category []int64 `json:"category"`
			} `json:"filters"`
			Page     int `json:"page"`
			PageSize int `json:"pageSize"`
		}
		_ = json.Unmarshal(raw, &req)
		var reply []byte
		if len(req.Filters.Category) == 1 {
			reply = s.page(req.Filters.Category[0], req.Page, req.PageSize)
		}
		if reply == nil {
			reply = []byte(`{"page":1,"pageSize":24,"total":0,"list":[]}`)
		}
		w.Write(reply)
	default:
		http.NotFound(w, r)
	}
}

func (s *sweedServer) requests(suffix string) []sweedRequest {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []sweedRequest
	for _, r := range s.seen {
		if strings.HasSuffix(r.path, suffix) {
			out = append(out, r)
		}
	}
	return out
}

// sweedCapture unwraps a gLeaf RES file: the capture script stored {url, status, data}.
func sweedCapture(t testing.TB, name string) json.RawMessage {
	t.Helper()
	var wrapped struct {
		Data json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(t, "sweed/"+name), &wrapped); err != nil {
		t.Fatal(err)
	}
	return wrapped.Data
}

// gleafServer serves the gLeaf Rockville captures: the real category list, and the
// captured first page of Flower (filter 495364, total 142; later pages were not saved
// and come back empty).
func gleafServer(t testing.TB) *sweedServer {
	flower := sweedCapture(t, "gleaf-rockville_RES_GetProductList.json")
	return &sweedServer{
		storeID:    "376",
		categories: sweedCapture(t, "gleaf-rockville_RES_GetProductCategoryList.json"),
		page: func(filter int64, page, size int) []byte {
			if filter == 495364 && page == 1 {
				return flower
			}
			return nil
		},
	}
}

// sweedTestOwnIDOffset makes the test categories' own ids (the storefront's page ids)
// distinct from every real filter id of the capture (Apparel's is 14342).
const sweedTestOwnIDOffset = 1_000_000

// curaleafServer serves the 486 Curaleaf NJ products of the concatenated capture,
// split by their category ids into categories and pages as the real API does.
func curaleafServer(t testing.TB) *sweedServer {
	var products []json.RawMessage
	if err := json.Unmarshal(readTestdata(t, "sweed/curaleaf-nj_GetProductList_list_concatenated.json"), &products); err != nil {
		t.Fatal(err)
	}
	byCategory := map[int64][]json.RawMessage{}
	type category struct {
		ID     int64  `json:"id"`
		Name   string `json:"name"`
		Filter struct {
			Category []int64 `json:"category"`
		} `json:"filter"`
	}
	var cats []category
	for _, raw := range products {
		var p struct {
			Category category `json:"category"`
		}
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		id := p.Category.ID
		if _, ok := byCategory[id]; !ok {
			c := category{ID: sweedTestOwnIDOffset + id, Name: p.Category.Name}
			c.Filter.Category = []int64{id}
			cats = append(cats, c)
		}
		byCategory[id] = append(byCategory[id], raw)
	}
	catJSON, _ := json.Marshal(cats)
	return &sweedServer{
		storeID:    "128",
		categories: catJSON,
		page: func(filter int64, page, size int) []byte {
			list := byCategory[filter]
			from, to := min((page-1)*size, len(list)), min(page*size, len(list))
			b, _ := json.Marshal(map[string]any{"page": page, "pageSize": size, "total": len(list), "list": list[from:to]})
			return b
		},
	}
}

func sweedFetch(t *testing.T, srv *httptest.Server, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, sweedPlatform, srv.URL, nil)
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

// gleafPageSource is the storefront page of the capture, served by the test server.
var gleafPageSource = data.MenuSource{Market: data.Recreational, Platform: "sweed",
	Endpoint: "https://www.gleaf.com/stores/maryland/rockville/shop"}

func gleafPageServer(t testing.TB) *httptest.Server {
	page := readTestdata(t, "sweed/gleaf-rockville_shop_page_rendered.html")
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/stores/maryland/rockville/shop" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(page)
	}))
}

func TestSweedGolden(t *testing.T) {
	tests := []struct {
		golden string
		server func(testing.TB) *sweedServer
		src    data.MenuSource
	}{
		{"sweed_gleaf-rockville_GetProductList", gleafServer,
			data.MenuSource{Market: data.Recreational, Platform: "sweed", CName: "production", StoreID: "376"}},
		{"sweed_curaleaf-nj_GetProductList", curaleafServer,
			data.MenuSource{Market: data.Recreational, Platform: "sweed", CName: "curaleaf", StoreID: "128"}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			srv := httptest.NewServer(tt.server(t))
			defer srv.Close()
			menu, err := sweedFetch(t, srv, tt.src)
			if err != nil {
				t.Fatal(err)
			}
			if len(menu.Skipped) > 0 {
				t.Errorf("skipped %d records, first: %s", len(menu.Skipped), menu.Skipped[0])
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, tt.golden, menu.Offers)
		})
	}
	t.Run("sweed_gleaf-rockville_shop_page", func(t *testing.T) {
		srv := gleafPageServer(t)
		defer srv.Close()
		menu, err := sweedFetch(t, srv, gleafPageSource)
		if err != nil {
			t.Fatal(err)
		}
		if menu.Requests != 1 || len(menu.Skipped) > 0 {
			t.Errorf("requests %d, skipped %v", menu.Requests, menu.Skipped)
		}
		// 157 carousel entries hold 136 distinct products.
		if n := data.DistinctProducts(menu.Offers); n != 136 {
			t.Errorf("%d products, want 136", n)
		}
		menuInvariants(t, menu.Offers)
		checkGolden(t, "sweed_gleaf-rockville_shop_page", menu.Offers)
	})
}

// TestSweedHandChecked asserts offers read by eye from the captures.
func TestSweedHandChecked(t *testing.T) {
	api := func(server func(testing.TB) *sweedServer, src data.MenuSource) []data.Offer {
		srv := httptest.NewServer(server(t))
		defer srv.Close()
		menu, err := sweedFetch(t, srv, src)
		if err != nil {
			t.Fatal(err)
		}
		return menu.Offers
	}
	gleaf := api(gleafServer, data.MenuSource{Market: data.Recreational, CName: "production", StoreID: "376"})
	curaleaf := api(curaleafServer, data.MenuSource{Market: data.Recreational, CName: "curaleaf", StoreID: "128"})
	srv := gleafPageServer(t)
	defer srv.Close()
	pageMenu, err := sweedFetch(t, srv, gleafPageSource)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		capture string
		offers  []data.Offer
		want    offerWant
	}{
		// gLeaf list: price 30.0, promoPrice 21.0 ("30% Off", discount 0), availableQty 39.0,
		// unitSize 3.5 G, thc [22.29] %, prevalence Indica. The name has a trailing space.
		{"gleaf list", gleaf, offerWant{id: "312411", size: "3.5g", name: "Ice Cream Cake", strain: "Ice Cream Cake", category: data.Flower,
			price: 30, sale: 21, grams: 3.5, inStock: true, thc: 22.29, unit: "%", strainType: "indica"}},
		// Curaleaf edible: label "10mg ea | 10-Pack" but unitSize 100 MG x 1 unit and lab thc
		// [10] MG: the package is 100 mg; promoPrice 24.0 on price 30.0.
		{"curaleaf edible", curaleaf, offerWant{id: "8172", size: "10mg ea | 10-Pack", name: "Milk Chocolate", strain: "Milk Chocolate", category: data.Edible,
			price: 30, sale: 24, mg: 100, inStock: true, thc: 10, unit: "mg", strainType: "indica"}},
		// Curaleaf pre-roll pack: 0.5 G x 5 units is a 2.5 g package; 34.0 → 23.8; cbd [0.07] %.
		{"curaleaf pre-roll pack", curaleaf, offerWant{id: "6753", size: "0.5g ea | 5-Pack", name: "Pure Michigan", strain: "Pure Michigan", category: data.Preroll,
			price: 34, sale: 23.8, grams: 2.5, inStock: true, thc: 17.93, cbd: 0.07, unit: "%", strainType: "indica"}},
		// Curaleaf accessory: $1.00 each, no lab tests, no strain.
		{"curaleaf accessory", curaleaf, offerWant{id: "2365", size: "Each", name: "Metal", strain: "Metal", category: data.Other,
			price: 1, inStock: true}},
		// Curaleaf variant sold to recreational customers only, 1 left.
		{"curaleaf recreational-only", curaleaf, offerWant{id: "7000", size: "1g", name: "Kiwi Kandy", strain: "Kiwi Kandy", category: data.Preroll,
			price: 18, grams: 1, inStock: true, thc: 24.55, unit: "%", strainType: "hybrid"}},
		// Storefront cache: price 40, promoPrice 28 (discount 0.3 here), cbd [0.05] %, card link resolved
		// against the store's own host.
		{"gleaf page", pageMenu.Offers, offerWant{id: "288873", size: "3.5g", name: "Berried Alive", strain: "Berried Alive", category: data.Flower,
			price: 40, sale: 28, grams: 3.5, inStock: true, thc: 23.5, cbd: 0.05, unit: "%",
			url: "https://www.gleaf.com/stores/maryland/rockville/shop/recreational/menu/flower-3763/buds-berried-alive-buds-3.5g-400027?stockType=Default"}},
	}
	for _, tt := range tests {
		t.Run(tt.capture, func(t *testing.T) { tt.want.check(t, tt.offers) })
	}
	if o := findOffer(t, curaleaf, "4837", "XL"); o.Category != data.Other || o.Price != 30 || o.SalePrice != 19.5 || o.RawCategory != "Apparel" {
		t.Errorf("apparel variant: %+v", o)
	}
}

// TestSweedRequests checks the requests against the recorded gLeaf requests: the
// headers and body keys the storefront sends, the filter ids (not the category id),
// and the paging of a category past its first page.
func TestSweedRequests(t *testing.T) {
	s := curaleafServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	if _, err := sweedFetch(t, srv, data.MenuSource{Market: data.Medical, CName: "curaleaf", StoreID: "128", URL: "https://curaleaf.com/shop/new-jersey/curaleaf-nj-bordentown"}); err != nil {
		t.Fatal(err)
	}
	var recorded struct {
		Headers  map[string]string `json:"headers"`
		PostData string            `json:"post_data"`
	}
	if err := json.Unmarshal(readTestdata(t, "sweed/gleaf-rockville_REQ_GetProductList.json"), &recorded); err != nil {
		t.Fatal(err)
	}
	var recordedBody map[string]any
	if err := json.Unmarshal([]byte(recorded.PostData), &recordedBody); err != nil {
		t.Fatal(err)
	}
	lists := s.requests("/Products/GetProductList")
	for _, r := range lists {
		for _, h := range []string{"storeid", "ssr", "content-type"} {
			if r.header.Get(h) != s.headerWant(h, recorded.Headers[h]) {
				t.Errorf("header %s = %q, recorded %q", h, r.header.Get(h), recorded.Headers[h])
			}
		}
		for k := range recordedBody {
			if _, ok := r.body[k]; !ok && k != "sourcePage" {
				t.Errorf("body lacks %q, which the storefront sends: %v", k, r.body)
			}
		}
		if r.body["saleType"] != "Medical" || r.header.Get("Referer") != "https://curaleaf.com/shop/new-jersey/curaleaf-nj-bordentown" {
			t.Errorf("saleType %v referer %q", r.body["saleType"], r.header.Get("Referer"))
		}
	}
	// Nine categories; Flower (149 products) spans two pages of 100.
	type call struct {
		filter float64
		page   float64
	}
	var calls []call
	for _, r := range lists {
		f := r.body["filters"].(map[string]any)["category"].([]any)
		calls = append(calls, call{f[0].(float64), r.body["page"].(float64)})
		if r.body["pageSize"].(float64) != sweedPageSize || r.body["sortingMethodId"].(float64) != sweedSortAZ {
			t.Errorf("pageSize %v sortingMethodId %v", r.body["pageSize"], r.body["sortingMethodId"])
		}
	}
	if !slices.Contains(calls, call{7049, 2}) || slices.Contains(calls, call{7049, 3}) {
		t.Errorf("Flower (149 products) must be read in exactly two pages: %v", calls)
	}
	for _, c := range calls {
		if c.filter >= sweedTestOwnIDOffset {
			t.Errorf("filtered by the category's own id %v, not its filter id", c.filter)
		}
	}
	if n := len(s.requests("/Products/GetProductCategoryList")); n != 1 {
		t.Errorf("%d category list requests", n)
	}
}

// headerWant is the value a header must have: the recorded one, except storeid,
// which is this server's store.
func (s *sweedServer) headerWant(h, recorded string) string {
	if h == "storeid" {
		return s.storeID
	}
	return recorded
}

func TestSweedFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	apiSource := data.MenuSource{Market: data.Recreational, CName: "production", StoreID: "376"}
	tests := []struct {
		name   string
		src    data.MenuSource
		fail   func(w http.ResponseWriter, r *http.Request) bool
		reason data.Reason
		status int
	}{
		{"HTTP 500", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			http.Error(w, "upstream error", http.StatusInternalServerError)
			return true
		}, data.ReasonHTTPStatus, 500},
		{"malformed JSON", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			if strings.HasSuffix(r.URL.Path, "GetProductList") {
				w.Write([]byte(`{"page":1,"total":3,"list":[{"id":1,`))
				return true
			}
			return false
		}, data.ReasonParse, 200},
		{"reply without a list", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			if strings.HasSuffix(r.URL.Path, "GetProductList") {
				w.Write([]byte(`{"message":"Something went wrong"}`))
				return true
			}
			return false
		}, data.ReasonParse, 200},
		{"challenge page behind 403", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 403},
		{"challenge page behind 200", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 200},
		{"unknown store", data.MenuSource{Market: data.Recreational, CName: "production", StoreID: "999"}, nil, data.ReasonConfig, 200},
		{"store refused", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"title":"Store not found","status":404}`))
			return true
		}, data.ReasonHTTPStatus, 404},
		{"most records unreadable", apiSource, func(w http.ResponseWriter, r *http.Request) bool {
			if strings.HasSuffix(r.URL.Path, "GetProductList") {
				w.Write([]byte(`{"total":3,"list":[{"id":"x1"},{"name":"no id","variants":[]},{"id":3,"name":"ok","variants":[{"price":"ten"}]}]}`))
				return true
			}
			return false
		}, data.ReasonParse, 200},
		{"page without the query cache", gleafPageSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write([]byte(`<!doctype html><html><head><title>gLeaf</title></head><body>Shop</body></html>`))
			return true
		}, data.ReasonParse, 200},
		{"challenge instead of the page", gleafPageSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 200},
		{"page for the other market", data.MenuSource{Market: data.Medical, Endpoint: gleafPageSource.Endpoint}, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write(readTestdata(t, "sweed/gleaf-rockville_shop_page_rendered.html"))
			return true
		}, data.ReasonParse, 200},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := gleafServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := sweedFetch(t, srv, tt.src)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status {
				t.Errorf("status %d, want %d (%v)", fe.Status, tt.status, err)
			}
			if menu.Requests == 0 || !strings.Contains(err.Error(), "sweed") {
				t.Errorf("requests %d, error %v", menu.Requests, err)
			}
		})
	}
}

// TestSweedSkipsBadRecords keeps a menu whose few bad records are described.
func TestSweedSkipsBadRecords(t *testing.T) {
	var list []json.RawMessage
	if err := json.Unmarshal(sweedCapture(t, "gleaf-rockville_RES_GetProductList.json"), &struct {
		List *[]json.RawMessage `json:"list"`
	}{&list}); err != nil {
		t.Fatal(err)
	}
	list = append(list, json.RawMessage(`{"name":"no id"}`), json.RawMessage(`{"id":5,"name":"bad price","variants":[{"price":"n/a"}]}`))
	reply, _ := json.Marshal(map[string]any{"total": len(list), "list": list})
	s := gleafServer(t)
	s.page = func(filter int64, page, size int) []byte {
		if filter == 495364 && page == 1 {
			return reply
		}
		return nil
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := sweedFetch(t, srv, data.MenuSource{Market: data.Recreational, CName: "production", StoreID: "376"})
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Skipped) != 2 || data.DistinctProducts(menu.Offers) != 24 {
		t.Fatalf("skipped %q, %d products", menu.Skipped, data.DistinctProducts(menu.Offers))
	}
	if !strings.Contains(menu.Skipped[0], "no id") || !strings.Contains(menu.Skipped[1], "not a number") {
		t.Errorf("skipped %q", menu.Skipped)
	}
}

func TestSweedValidate(t *testing.T) {
	a := testAdapter(t, sweedPlatform, "", nil)
	checkValidate(t, a, []validateCase{
		{"tenant and store", data.MenuSource{Market: data.Recreational, CName: "curaleaf", StoreID: "128"}, ""},
		{"API endpoint and store", data.MenuSource{Market: data.Medical, Endpoint: "https://web-ui-production.sweedpos.com/_api/proxy", StoreID: "376"}, ""},
		{"storefront page", gleafPageSource, ""},
		{"no tenant", data.MenuSource{Market: data.Recreational, StoreID: "128"}, "cName"},
		{"bad tenant", data.MenuSource{Market: data.Recreational, CName: "Cura leaf", StoreID: "128"}, "cName"},
		{"no store", data.MenuSource{Market: data.Recreational, CName: "curaleaf"}, "storeId"},
		{"store not numeric", data.MenuSource{Market: data.Recreational, CName: "curaleaf", StoreID: "abc"}, "storeId"},
		{"API endpoint without store", data.MenuSource{Market: data.Recreational, Endpoint: "https://web-ui-production.sweedpos.com/_api/proxy"}, "storeId"},
		{"bad endpoint", data.MenuSource{Market: data.Recreational, Endpoint: "web-ui-production.sweedpos.com"}, "endpoint"},
		{"bad market", data.MenuSource{Market: "adult", CName: "curaleaf", StoreID: "128"}, "market"},
	})
}
