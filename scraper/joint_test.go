package scraper

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
)

const (
	jointCaptureFile = "joint-ecommerce/shopcuzzies_products_first190of226.json"
	jointBusiness    = "5731" // the capture's businessId and _search route (PROVENANCE.md)
)

// jointSearch is the part of an Elasticsearch query body the test server reads.
type jointSearch struct {
	Query struct {
		Bool struct {
			Filter []struct {
				Bool struct {
					Should []struct {
						Term map[string]any `json:"term"`
					} `json:"should"`
				} `json:"bool"`
			} `json:"filter"`
		} `json:"bool"`
	} `json:"query"`
	Size   *int            `json:"size"`
	From   *int            `json:"from"`
	Sort   json.RawMessage `json:"sort"`
	Source struct {
		Includes []string `json:"includes"`
	} `json:"_source"`
}

// terms are the query's term filters, field → values.
func (q jointSearch) terms() map[string][]string {
	out := map[string][]string{}
	for _, f := range q.Query.Bool.Filter {
		for _, s := range f.Bool.Should {
			for k, v := range s.Term {
				out[k] = append(out[k], fmt.Sprint(v))
			}
		}
	}
	return out
}

// jointRequest is one request the test server saw.
type jointRequest struct {
	path   string
	header http.Header
	search jointSearch
}

// jointServer is a shop's joint-ecommerce _search route over the capture's records: it
// filters them by the query's businessId and menuType terms, pages them by from and
// size (capped at sizeCap when set), keeps only the _source.includes fields, and answers
// in Elasticsearch 7's shape. The capture stores only the _source objects; the envelope
// around them is written for the test.
type jointServer struct {
	products []map[string]any
	sizeCap  int
	// fail, when set, answers every request it returns true for instead.
	fail func(w http.ResponseWriter, r *http.Request) bool

	mu       sync.Mutex
	requests []jointRequest
}

func newJointServer(t testing.TB) *jointServer {
	t.Helper()
	s := &jointServer{}
	if err := json.Unmarshal(readTestdata(t, jointCaptureFile), &s.products); err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *jointServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var q jointSearch
	decodeErr := json.Unmarshal(raw, &q)
	s.mu.Lock()
	s.requests = append(s.requests, jointRequest{path: r.URL.Path, header: r.Header.Clone(), search: q})
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	business, ok := strings.CutSuffix(strings.TrimPrefix(r.URL.Path, "/wp-json/joint-ecommerce/v1/products/"), "/_search")
	if !ok || r.Method != http.MethodPost || strings.Contains(business, "/") {
		w.WriteHeader(http.StatusNotFound)
		w.Write([]byte(`{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}`))
		return
	}
	if decodeErr != nil || q.Size == nil || q.From == nil {
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":{"type":"parsing_exception","reason":%q},"status":400}`, fmt.Sprint("bad query: ", decodeErr))
		return
	}
	terms := q.terms()
	var hits []any
	for _, p := range s.products {
		types, _ := p["menuType"].([]any)
		if !slices.Contains(terms["businessId"], fmt.Sprint(p["businessId"])) || !slices.ContainsFunc(types, func(t any) bool {
			return slices.Contains(terms["menuType"], fmt.Sprint(t))
		}) {
			continue
		}
		src := p
		if len(q.Source.Includes) > 0 {
			src = map[string]any{}
			for _, k := range q.Source.Includes {
				if v, ok := p[k]; ok {
					src[k] = v
				}
			}
		}
		hits = append(hits, map[string]any{"_index": "products", "_id": p["jointId"], "_score": nil, "_source": src, "sort": []any{p["potencyThcRangeHigh"]}})
	}
	size := *q.Size
	if s.sizeCap > 0 {
		size = min(size, s.sizeCap)
	}
	from := min(max(*q.From, 0), len(hits))
	to := min(from+max(size, 0), len(hits))
	json.NewEncoder(w).Encode(map[string]any{
		"took": 3, "timed_out": false,
		"hits": map[string]any{"total": map[string]any{"value": len(hits), "relation": "eq"}, "max_score": nil, "hits": append([]any{}, hits[from:to]...)},
	})
}

// jointSource is the Cuzzies menu as a registry gives it: the shop page's URL, whose
// site carries the _search route; baseURL points it at the test server.
var jointSource = data.MenuSource{Market: data.Recreational, Platform: "joint", StoreID: jointBusiness, URL: "https://www.shopcuzzies.com/menu/"}

func jointFetch(t *testing.T, base string, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, jointPlatform, base, nil)
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

func TestJointGolden(t *testing.T) {
	s := newJointServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := jointFetch(t, srv.URL, jointSource)
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Skipped) > 0 {
		t.Errorf("skipped %q", menu.Skipped)
	}
	// 190 records in pages of 100: from 0 and from 100, where the total ends it.
	if menu.Requests != 2 {
		t.Errorf("%d requests, want 2", menu.Requests)
	}
	if n := data.DistinctProducts(menu.Offers); n != 190 {
		t.Errorf("%d products, want 190", n)
	}
	menuInvariants(t, menu.Offers)
	checkGolden(t, "joint_shopcuzzies", menu.Offers)
}

// TestJointCappedPages reads the whole menu from a route that answers fewer hits than
// asked: from advances by what came back, and the total ends the menu.
func TestJointCappedPages(t *testing.T) {
	s := newJointServer(t)
	s.sizeCap = 64
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := jointFetch(t, srv.URL, jointSource)
	if err != nil {
		t.Fatal(err)
	}
	var froms []int
	for _, r := range s.requests {
		froms = append(froms, *r.search.From)
	}
	if !slices.Equal(froms, []int{0, 64, 128}) || data.DistinctProducts(menu.Offers) != 190 {
		t.Errorf("from %v, %d products; want 0 64 128 and 190", froms, data.DistinctProducts(menu.Offers))
	}
}

// TestJointHandChecked asserts offers read by eye from the capture. Its numbers are
// strings ("30.00", "0.07", "1"), specialPrice sometimes a number.
func TestJointHandChecked(t *testing.T) {
	srv := httptest.NewServer(newJointServer(t))
	defer srv.Close()
	menu, err := jointFetch(t, srv.URL, jointSource)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want offerWant
	}{
		// Gron Tart Cherry Pearls: option "0.025g" (25 mg of THC), price "30.00",
		// specialPrice "19.50" (Juneteenth 35 % off), quantity "1", potencyThcRangeHigh
		// "0.07" with unit "%", strainType INDICA.
		{"dose in grams", offerWant{id: "13b421a4-f854-4a5f-b4d9-8179b5c10c1e", size: "0.025g", name: "Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies",
			category: data.Edible, strainType: "indica", strain: "10:1 Tart Cherry Pearls (CBN/THC)", mg: 25, price: 30, sale: 19.5, inStock: true,
			thc: 0.07, unit: "%"}},
		// Red Bullz: "1/8oz", price "45.00", specialPrice 27 (a number: "Last Chance
		// Products"), quantity "19", THC "0.4" and CBD "0.5" %: the flower figure
		// docs/platforms.md calls obviously wrong, kept and warned about below.
		{"numeric special, implausible THC", offerWant{id: "ef445e2b-f231-4cae-ba5a-0a952518d263", size: "1/8oz", name: "Red Bullz | Seed & Strain Flower",
			category: data.Flower, strainType: "sativa", strain: "Red Bullz", grams: 3.5, price: 45, sale: 27, inStock: true, thc: 0.4, cbd: 0.5, unit: "%"}},
		// Peach Milano: "1/8oz", price "70.00", specialPrice 41.66 ("2 for $85 Deal"),
		// THC "25.39" %.
		{"deal price", offerWant{id: "14d421d0-0f36-48f9-9ce1-906f1e609e43", size: "1/8oz", name: "Peach Milano | Fulltilt Labs Flower",
			category: data.Flower, strainType: "hybrid", strain: "Peach Milano", grams: 3.5, price: 70, sale: 41.66, inStock: true, thc: 25.39, unit: "%"}},
		// Encore Sour Black Cherry: option ".1g" (100 mg), price "27.50", specialPrice
		// "17.88"; potencyThcRangeHigh "0.29" in "mg", as the source says (no bound crossed).
		{"mg potency", offerWant{id: "5ba2f7ce-78c0-4d1d-b9e0-629f58e2007c", size: ".1g", name: "Sour Black Cherry RSO Hybrid Gummies [10pk] 100mg",
			category: data.Edible, strainType: "hybrid", strain: "Sour Black Cherry RSO Hybrid", mg: 100, price: 27.5, sale: 17.88, inStock: true,
			thc: 0.29, unit: "mg"}},
		// Drool Recovery Stick: category TOPICALS (Other), option "1g" (not a dose, not
		// a flower weight), price "78.00", specialPrice "50.70", THC "1.68" CBD "0.16" %.
		{"topical", offerWant{id: "8c23ad5e-0ac1-45e0-bf9a-186eb8e5954b", size: "1g", name: "1:1:1 Recovery Stick | Drool | Topical",
			category: data.Other, strainType: "hybrid", strain: "1:1:1 Recovery Stick", price: 78, sale: 50.7, inStock: true, thc: 1.68, cbd: 0.16, unit: "%"}},
		// URBNJ Rainbow Runtz ounce: "1oz", price "190.00", specialPrice 123.5 (a number),
		// quantity "13", THC "23.7" %.
		{"ounce", offerWant{id: "921482af-944d-4259-8b0a-3badb056478a", size: "1oz", name: "Rainbow Runtz | URBNJ Flower",
			category: data.Flower, strainType: "sativa", strain: "Rainbow Runtz", grams: 28, price: 190, sale: 123.5, inStock: true, thc: 23.7, unit: "%"}},
		// The Grow Father disposable: VAPORIZERS, "1g", price "60.00", specialPrice "39.00",
		// THC "79.03" CBD "0.24" %, INDICA_HYBRID; "(I/H)" is a lineage marker, not strain.
		{"vape", offerWant{id: "5e63dec1-cd3c-40ca-acdf-37621f30f166", size: "1g", name: "Peaches & Cream Runtz (I/H) | The Grow Father Disposable Vape",
			category: data.Vape, strainType: "indica", strain: "Peaches & Cream Runtz", grams: 1, price: 60, sale: 39, inStock: true, thc: 79.03, cbd: 0.24, unit: "%"}},
	}
	for _, tt := range tests {
		// Each product links to its page on the shop's site, ?product=<jointId>.
		tt.want.url = "https://www.shopcuzzies.com/?product=" + tt.want.id
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
	if o := findOffer(t, menu.Offers, "ef445e2b-f231-4cae-ba5a-0a952518d263", "1/8oz"); !slices.Equal(o.Warnings, []string{WarnFlowerTHCLow}) {
		t.Errorf("Red Bullz warnings %q, want %q", o.Warnings, WarnFlowerTHCLow)
	}
	if o := findOffer(t, menu.Offers, "8c23ad5e-0ac1-45e0-bf9a-186eb8e5954b", "1g"); o.RawCategory != "TOPICALS" || o.Brand != "Drool" {
		t.Errorf("raw category %q brand %q", o.RawCategory, o.Brand)
	}
}

// TestJointRequests checks the requests against the recorded one (PROVENANCE.md): a
// JSON POST to the site's _search route with the shop's Origin and Referer, filtering
// on businessId and menuType, paged with size and from, asking in _source.includes for
// every field the adapter reads.
func TestJointRequests(t *testing.T) {
	s := newJointServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	if _, err := jointFetch(t, srv.URL, jointSource); err != nil {
		t.Fatal(err)
	}
	var read []string
	typ := reflect.TypeOf(jointProduct{})
	for i := range typ.NumField() {
		read = append(read, strings.Split(typ.Field(i).Tag.Get("json"), ",")[0])
	}
	var froms []int
	for i, r := range s.requests {
		if r.path != "/wp-json/joint-ecommerce/v1/products/"+jointBusiness+"/_search" {
			t.Errorf("request %d: path %s", i, r.path)
		}
		for k, v := range map[string]string{"Content-Type": "application/json", "Origin": "https://www.shopcuzzies.com", "Referer": jointSource.URL} {
			if r.header.Get(k) != v {
				t.Errorf("request %d: header %s = %q, want %q", i, k, r.header.Get(k), v)
			}
		}
		terms := r.search.terms()
		if !slices.Equal(terms["businessId"], []string{jointBusiness}) || !slices.Equal(terms["menuType"], []string{"RECREATIONAL"}) {
			t.Errorf("request %d: terms %v", i, terms)
		}
		if *r.search.Size != jointPageSize || len(r.search.Sort) == 0 {
			t.Errorf("request %d: size %d sort %s", i, *r.search.Size, r.search.Sort)
		}
		for _, f := range read {
			if !slices.Contains(r.search.Source.Includes, f) {
				t.Errorf("request %d: _source.includes lacks %s, which the adapter reads", i, f)
			}
		}
		froms = append(froms, *r.search.From)
	}
	if !slices.Equal(froms, []int{0, 100}) {
		t.Errorf("from %v, want 0 100", froms)
	}
}

func TestJointFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	answer := func(status int, body string) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			w.Write([]byte(body))
			return true
		}
	}
	var firstPage []any
	{
		s := newJointServer(t)
		for _, p := range s.products[:100] {
			firstPage = append(firstPage, map[string]any{"_source": p})
		}
	}
	tests := []struct {
		name   string
		src    data.MenuSource
		fail   func(w http.ResponseWriter, r *http.Request) bool
		reason data.Reason
		status int
		detail string
	}{
		{"unknown business", data.MenuSource{Market: data.Recreational, StoreID: "9999", URL: jointSource.URL}, nil, data.ReasonConfig, 200, "check storeId"},
		{"no such route", jointSource, answer(404, `{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}`),
			data.ReasonHTTPStatus, 404, `the server says "No route was found matching the URL and request method."`},
		{"Elasticsearch refuses the query", jointSource, answer(400, `{"error":{"root_cause":[{"type":"parsing_exception","reason":"Unknown key for a START_OBJECT in [bool]."}],"type":"parsing_exception","reason":"Unknown key for a START_OBJECT in [bool]."},"status":400}`),
			data.ReasonHTTPStatus, 400, `the server says "Unknown key for a START_OBJECT in [bool]."`},
		{"HTTP 500", jointSource, answer(500, `{"code":"internal_server_error","message":"There has been a critical error on this website.","data":{"status":500}}`),
			data.ReasonHTTPStatus, 500, "critical error"},
		{"error object behind 200", jointSource, answer(200, `{"error":{"type":"index_not_found_exception","reason":"no such index [products]"},"status":404}`),
			data.ReasonParse, 200, "Elasticsearch error"},
		{"reply without hits", jointSource, answer(200, `{"took":1,"timed_out":false,"aggregations":{}}`), data.ReasonParse, 200, "layout changed: reply has no hits.hits"},
		{"malformed JSON", jointSource, answer(200, `{"hits":{"hits":[{"_source":`), data.ReasonParse, 200, "joint business"},
		{"challenge behind 403", jointSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 403, "challenge"},
		{"challenge behind 200", jointSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 200, "challenge"},
		{"route ignores from", jointSource, func(w http.ResponseWriter, r *http.Request) bool {
			json.NewEncoder(w).Encode(map[string]any{"hits": map[string]any{"total": map[string]any{"value": 190}, "hits": firstPage}})
			return true
		}, data.ReasonParse, 200, "ignores from"},
		{"most records unreadable", jointSource, answer(200, `{"hits":{"total":3,"hits":[{"_source":{"name":"no id"}},
			{"_source":{"jointId":"a","name":"x","variants":[{"price":"forty"}]}},{"_source":{"jointId":"b","name":"ok"}}]}}`),
			data.ReasonParse, 200, "2 of 3 records unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newJointServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := jointFetch(t, srv.URL, tt.src)
			checkFetchFailure(t, "joint", menu, err, tt.reason, tt.status, tt.detail)
		})
	}
}

func TestJointValidate(t *testing.T) {
	a := testAdapter(t, jointPlatform, "", nil)
	checkValidate(t, a, []validateCase{
		{"shop site and business", jointSource, ""},
		{"search endpoint", data.MenuSource{Market: data.Medical, StoreID: jointBusiness,
			Endpoint: "https://www.shopcuzzies.com/wp-json/joint-ecommerce/v1/products/5731/_search"}, ""},
		{"no business", data.MenuSource{Market: data.Recreational, URL: jointSource.URL}, "storeId"},
		{"business not numeric", data.MenuSource{Market: data.Recreational, StoreID: "cuzzies", URL: jointSource.URL}, "storeId"},
		{"no site", data.MenuSource{Market: data.Recreational, StoreID: jointBusiness}, "url"},
		{"site not absolute", data.MenuSource{Market: data.Recreational, StoreID: jointBusiness, URL: "www.shopcuzzies.com/menu/"}, "url"},
		{"bad endpoint", data.MenuSource{Market: data.Recreational, StoreID: jointBusiness, Endpoint: "javascript:alert(1)"}, "endpoint"},
		{"bad market", data.MenuSource{Market: "adult", StoreID: jointBusiness, URL: jointSource.URL}, "market"},
	})
}

// jointAnswer wraps _source records in an Elasticsearch 7 answer.
func jointAnswer(records []json.RawMessage) []byte {
	hits := make([]any, len(records))
	for i, r := range records {
		hits[i] = map[string]any{"_index": "products", "_source": r}
	}
	b, _ := json.Marshal(map[string]any{"hits": map[string]any{"total": map[string]any{"value": len(records), "relation": "eq"}, "hits": hits}})
	return b
}

// FuzzJoint feeds _search answers to the parse functions: the answer, then every record
// in both markets. Seeds: each of the capture's 190 records in an answer of its own. The
// whole capture (1.9 MB) is left out: mutating it costs a second per input under
// coverage, and the golden test reads it whole already.
func FuzzJoint(f *testing.F) {
	var records []json.RawMessage
	if err := json.Unmarshal(readTestdata(f, jointCaptureFile), &records); err != nil {
		f.Fatal(err)
	}
	for i := range records {
		f.Add(jointAnswer(records[i : i+1]))
	}
	f.Add([]byte(`{"hits":{"total":1,"hits":[{"_source":{"jointId":"x","name":"n","category":"FLOWER","potencyThcRangeHigh":"412.5","potencyThcUnit":"%",
		"variants":[{"option":"1/8oz","price":"1e308","specialPrice":"-3","quantity":"NaN"}]}}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		records, _, err := jointParse(body)
		if err != nil {
			return
		}
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			for _, r := range records {
				offers, _, err := jointRecordOffers(r, m, nil)
				if err != nil {
					continue
				}
				checkFuzzedOffers(t, offers)
			}
		}
	})
}

// BenchmarkParseJoint parses the capture's 190 records as one _search answer.
func BenchmarkParseJoint(b *testing.B) {
	var records []json.RawMessage
	if err := json.Unmarshal(readTestdata(b, jointCaptureFile), &records); err != nil {
		b.Fatal(err)
	}
	body := jointAnswer(records)
	benchParse(b, len(body), func() int {
		records, _, err := jointParse(body)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, r := range records {
			offers, _, err := jointRecordOffers(r, data.Recreational, nil)
			if err != nil {
				b.Fatal(err)
			}
			n += len(offers)
		}
		return n
	})
}
