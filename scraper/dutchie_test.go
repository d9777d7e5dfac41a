package scraper

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
)

// dutchieServer answers Dutchie's persisted-query GraphQL GETs for one dispensary
// from a capture, re-paged by perPage so that paging is exercised on real records,
// and resolves cName to the dispensary id with ConsumerDispensaries.
type dutchieServer struct {
	path     string // /graphql, or an operator proxy's /api-4/graphql
	id       string
	cName    string
	products []json.RawMessage
	perPage  int

	mu       sync.Mutex
	requests []url.Values
	headers  []http.Header
}

func newDutchieServer(t testing.TB, capture, id, cName, path string, perPage int) *dutchieServer {
	t.Helper()
	return &dutchieServer{path: path, id: id, cName: cName, products: dutchieCaptureProducts(t, capture), perPage: perPage}
}

// dutchieCaptureProducts are the product records of a FilteredProducts capture.
func dutchieCaptureProducts(t testing.TB, capture string) []json.RawMessage {
	t.Helper()
	var reply struct {
		Data struct {
			FilteredProducts struct {
				Products []json.RawMessage `json:"products"`
			} `json:"filteredProducts"`
		} `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(t, capture), &reply); err != nil {
		t.Fatal(err)
	}
	return reply.Data.FilteredProducts.Products
}

func (s *dutchieServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	s.requests = append(s.requests, q)
	s.headers = append(s.headers, r.Header.Clone())
	s.mu.Unlock()
	if r.URL.Path != s.path || r.Method != http.MethodGet {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	var vars struct {
		DispensaryFilter struct {
			CNameOrID string `json:"cNameOrID"`
		} `json:"dispensaryFilter"`
		ProductsFilter struct {
			DispensaryID string `json:"dispensaryId"`
			PricingType  string `json:"pricingType"`
		} `json:"productsFilter"`
		Page    int `json:"page"`
		PerPage int `json:"perPage"`
	}
	if err := json.Unmarshal([]byte(q.Get("variables")), &vars); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"errors":[{"message":%q}]}`, err.Error())
		return
	}
	switch q.Get("operationName") {
	case "ConsumerDispensaries":
		found := []map[string]string{}
		if vars.DispensaryFilter.CNameOrID == s.cName {
			found = append(found, map[string]string{"id": s.id, "cName": s.cName})
		}
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"filteredDispensaries": found}})
	case "FilteredProducts":
		var page []json.RawMessage
		if vars.ProductsFilter.DispensaryID == s.id {
			page = s.products
		}
		per := min(vars.PerPage, s.perPage)
		total := len(page)
		from, to := min(vars.Page*per, total), min((vars.Page+1)*per, total)
		json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"filteredProducts": map[string]any{
			"products":  page[from:to],
			"queryInfo": map[string]any{"totalCount": total, "totalPages": (total + per - 1) / per},
		}}})
	default:
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"errors":[{"message":"unknown operation"}]}`))
	}
}

const (
	ethosProxyPath = "/api-4/graphql"
	ethosCName     = "ethos-harmarville"
)

// ethosServer serves the 2025 operator-proxy capture (25 medical products) in pages of 10.
func ethosServer(t testing.TB) *dutchieServer {
	return newDutchieServer(t, ethosCaptureFile, ethosDispensaryID, ethosCName, ethosProxyPath, 10)
}

// dutchie2023Server serves the 2023 dutchie.com capture (38 flower products) in pages of 20.
func dutchie2023Server(t testing.TB) *dutchieServer {
	return newDutchieServer(t, dutchie2023File, dutchie2023ID, "canadian-store", "/graphql", 20)
}

// ethosSource is the Ethos menu as a registry would give it: the operator's proxy as
// the endpoint, the real host replaced by the test server's through baseURL.
var ethosSource = data.MenuSource{Market: data.Medical, Platform: "dutchie", DispensaryID: ethosDispensaryID,
	Endpoint: "https://harmarville.ethoscannabis.com" + ethosProxyPath, URL: "https://harmarville.ethoscannabis.com/stores/harmarville/products"}

var dutchie2023Source = data.MenuSource{Market: data.Recreational, Platform: "dutchie", DispensaryID: dutchie2023ID}

func dutchieFetch(t *testing.T, base string, src data.MenuSource, settings map[string]string) (data.Menu, error) {
	t.Helper()
	_, dutchie := newTestAdapters(t, fastOptions(), base, settings)
	if err := dutchie.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return dutchie.FetchMenu(context.Background(), src)
}

func TestDutchieGolden(t *testing.T) {
	tests := []struct {
		golden   string
		server   func(testing.TB) *dutchieServer
		src      data.MenuSource
		products int
		pages    int
	}{
		{"dutchie_ethos-harmarville-pa_2025-11", ethosServer, ethosSource, 25, 3},
		{"dutchie_dutchie-com_flower_2023-11", dutchie2023Server, dutchie2023Source, 38, 2},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			s := tt.server(t)
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := dutchieFetch(t, srv.URL, tt.src, nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(menu.Skipped) > 0 {
				t.Errorf("skipped %q", menu.Skipped)
			}
			if n := data.DistinctProducts(menu.Offers); n != tt.products {
				t.Errorf("%d products, the capture has %d", n, tt.products)
			}
			if menu.Requests != tt.pages {
				t.Errorf("%d requests, want %d pages", menu.Requests, tt.pages)
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, tt.golden, menu.Offers)
		})
	}
}

// TestDutchieRequests checks the persisted-query GET against the recorded Ethos
// request (PROVENANCE.md): operation, hash, the productsFilter keys, the headers.
func TestDutchieRequests(t *testing.T) {
	s := ethosServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	if _, err := dutchieFetch(t, srv.URL, ethosSource, map[string]string{"listHash": "ee29c060826dc41c527e470e9ae502c9b2c169720faa0a9f5d25e1b9a530a4a0"}); err != nil {
		t.Fatal(err)
	}
	recorded := map[string]any{}
	if err := json.Unmarshal([]byte(`{"productIds":[],"dispensaryId":"621900cebbc5580e15476deb","pricingType":"med","strainTypes":[],"subcategories":[],"Status":"Active","types":[],"useCache":false,"isDefaultSort":true,"sortBy":"weight","sortDirection":1,"bypassOnlineThresholds":false,"isKioskMenu":false,"removeProductsBelowOptionThresholds":true}`), &recorded); err != nil {
		t.Fatal(err)
	}
	for i, q := range s.requests {
		if q.Get("operationName") != "FilteredProducts" ||
			!strings.Contains(q.Get("extensions"), `"sha256Hash":"ee29c060826dc41c527e470e9ae502c9b2c169720faa0a9f5d25e1b9a530a4a0"`) {
			t.Errorf("request %d: operation %q extensions %q", i, q.Get("operationName"), q.Get("extensions"))
		}
		var vars struct {
			ProductsFilter map[string]any `json:"productsFilter"`
			Page           int            `json:"page"`
		}
		if err := json.Unmarshal([]byte(q.Get("variables")), &vars); err != nil {
			t.Fatal(err)
		}
		for k, v := range recorded {
			if k == "productIds" {
				continue // optional: the storefront sends it empty
			}
			if fmt.Sprint(vars.ProductsFilter[k]) != fmt.Sprint(v) {
				t.Errorf("request %d: productsFilter.%s = %v, recorded %v", i, k, vars.ProductsFilter[k], v)
			}
		}
		if vars.Page != i {
			t.Errorf("request %d asked for page %d", i, vars.Page)
		}
		h := s.headers[i]
		if h.Get("Apollographql-Client-Name") != "Marketplace (production)" || h.Get("Referer") != ethosSource.URL {
			t.Errorf("request %d headers %v", i, h)
		}
	}
}

// TestDutchieResolvesCName reads a menu registered by its cName: one ConsumerDispensaries
// call, cached for the store's other market.
func TestDutchieResolvesCName(t *testing.T) {
	s := ethosServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	_, dutchie := newTestAdapters(t, fastOptions(), srv.URL, nil)
	src := ethosSource
	src.DispensaryID, src.CName = "", ethosCName
	for _, market := range []data.Market{data.Medical, data.Recreational} {
		src.Market = market
		menu, err := dutchie.FetchMenu(context.Background(), src)
		if err != nil {
			t.Fatal(err)
		}
		if data.DistinctProducts(menu.Offers) != 25 {
			t.Errorf("%s: %d products", market, data.DistinctProducts(menu.Offers))
		}
	}
	resolves := 0
	for _, q := range s.requests {
		if q.Get("operationName") == "ConsumerDispensaries" {
			resolves++
		}
	}
	if resolves != 1 {
		t.Errorf("%d ConsumerDispensaries calls, want 1", resolves)
	}

	src.CName = "no-such-store"
	_, err := dutchie.FetchMenu(context.Background(), src)
	if fe := menuReason(t, err, data.ReasonConfig); !strings.Contains(fe.Detail, "no-such-store") {
		t.Errorf("detail %q", fe.Detail)
	}
}

// TestDutchieHandChecked asserts offers read by eye from the captures.
func TestDutchieHandChecked(t *testing.T) {
	fetch := func(server func(testing.TB) *dutchieServer, src data.MenuSource) []data.Offer {
		srv := httptest.NewServer(server(t))
		defer srv.Close()
		menu, err := dutchieFetch(t, srv.URL, src, nil)
		if err != nil {
			t.Fatal(err)
		}
		return menu.Offers
	}
	ethos := fetch(ethosServer, ethosSource)
	dutchie2023 := fetch(dutchie2023Server, dutchie2023Source)
	tests := []struct {
		name   string
		offers []data.Offer
		want   offerWant
	}{
		// "Forza | Live Sugar | 1g", type Concentrate, subcategory sugar, strainType Hybrid:
		// Options ["1gC"], medicalPrices [43], medicalSpecialPrices [27.95], THC range
		// [89.744] PERCENTAGE, manualInventory 3.
		{"concentrate on special", ethos, offerWant{id: "68c9692673640e5340eba7a3", size: "1gC", name: "Forza | Live Sugar | 1g",
			category: data.Extract, strainType: "hybrid", strain: "Forza", grams: 1, price: 43, sale: 27.95, inStock: true,
			thc: 89.744, unit: "%"}},
		// "Slerple Milled" by Nugz Grind (2023, rec): Options ["7g"], recPrices [31.85], no
		// special, THC range [18, 24.5] → 24.5, CBD [1], strainType "N/A".
		{"milled flower with a THC range", dutchie2023, offerWant{id: "64dfe16d2d563f0001e40599", size: "7g", name: "Slerple Milled",
			category: data.Flower, strain: "Slerple", grams: 7, price: 31.85, inStock: true, thc: 24.5, cbd: 1, unit: "%"}},
		// "Pineapple Guava | 10mg Troche | 10pk", type Oral (not tracked): Options ["N/A"],
		// 25 → 18.75 on special, THCContent MILLIGRAMS [100].
		{"oral troche in milligrams", ethos, offerWant{id: "658b4b06b6875700095791c7", size: "N/A", name: "Pineapple Guava | 10mg Troche | 10pk",
			category: data.Other, strainType: "sativa", strain: "Pineapple Guava", price: 25, sale: 18.75, inStock: true, thc: 100, unit: "mg"}},
		// "OGKB 2.1 | Cured Resin Liquid Diamond Cartridge | 500mg", Vaporizers, ".5g" at 30,
		// THC [77.917] %.
		{"cartridge", ethos, offerWant{id: "669fd07a638cb2025479fe69", size: ".5g", name: "OGKB 2.1 | Cured Resin Liquid Diamond Cartridge | 500mg",
			category: data.Vape, strainType: "indica", strain: "OGKB 2.1", grams: 0.5, price: 30, inStock: true, thc: 77.917, unit: "%"}},
		// "Wes' Coast Kush" 14g: recPrices[1] 98.98; POSMetaData child 14g has
		// quantityAvailable 0 and optionsBelowThreshold lists "14g": out of stock.
		{"size out of stock", dutchie2023, offerWant{id: "63f930d6b7f17c0001cde558", size: "14g", name: "Wes' Coast Kush",
			category: data.Flower, strainType: "indica", strain: "Wes' Coast Kush", grams: 14, price: 98.98, thc: 35, cbd: 1, unit: "%"}},
		// "Wedding Cake" by Spinach: Options ["28g"] at 121.69, while netWeight still says
		// 3500 mg and a 3.5g POS child (quantity 0) lingers: joined by label, 28 g.
		{"stale net weight", dutchie2023, offerWant{id: "60ef5b27fa0fff000148053d", size: "28g", name: "Wedding Cake",
			category: data.Flower, strainType: "hybrid", strain: "Wedding Cake", grams: 28, price: 121.69, inStock: true, thc: 26, cbd: 1, unit: "%"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, tt.offers) })
	}
}

func TestDutchieFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
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
		{"malformed JSON", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"data":{"filteredProducts":{"products":[{"_id":`))
		}, data.ReasonParse, 200, "dutchie"},
		{"Cloudflare challenge behind 403", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Header().Set("Server", "cloudflare")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		}, data.ReasonBlocked, 403, "challenge"},
		{"HTML page behind 200 on the JSON endpoint", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.Write(challenge)
		}, data.ReasonBlocked, 200, "dutchie"},
		{"rotated persisted-query hash", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}`))
		}, data.ReasonParse, 200, "settings.listHash"},
		{"rotated hash answered with 400", func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte(`{"errors":[{"message":"PersistedQueryNotFound"}]}`))
		}, data.ReasonParse, 400, "settings.listHash"},
		{"GraphQL error", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"errors":[{"message":"Dispensary not found"}],"data":null}`))
		}, data.ReasonParse, 200, "Dispensary not found"},
		{"reply without filteredProducts", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"data":{"somethingElse":{}}}`))
		}, data.ReasonParse, 200, "filteredProducts"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := httptest.NewServer(tt.handle)
			defer srv.Close()
			_, err := dutchieFetch(t, srv.URL, dutchie2023Source, nil)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) {
				t.Errorf("status %d, error %v; want %d naming %q", fe.Status, err, tt.status, tt.detail)
			}
		})
	}
}

func TestDutchieValidate(t *testing.T) {
	_, dutchie := newTestAdapters(t, fastOptions(), "", nil)
	checkValidate(t, dutchie, []validateCase{
		{"id", dutchie2023Source, ""},
		{"cName", data.MenuSource{Market: data.Medical, CName: "trulieve-columbus"}, ""},
		{"proxy endpoint", ethosSource, ""},
		{"nothing", data.MenuSource{Market: data.Medical}, "dispensaryId or cName"},
		{"short id", data.MenuSource{Market: data.Medical, DispensaryID: "621900ce"}, "24 hex"},
		{"cName with spaces", data.MenuSource{Market: data.Medical, CName: "Trulieve Columbus"}, "cName"},
		{"bad market", data.MenuSource{Market: "adult", CName: "trulieve-columbus"}, "market"},
		{"relative endpoint", data.MenuSource{Market: data.Medical, CName: "x", Endpoint: "/api-4/graphql"}, "endpoint"},
	})
}
