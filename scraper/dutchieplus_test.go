package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

const (
	plusGraphQLPath = "/plus/2021-07/graphql"
	plusTestKey     = "test-plus-key"
	// plusPageCap is the most products the test server returns per page whatever the
	// limit: the capture's 20 records then take pages of 8, 8 and 4 under the adapter's
	// limit of 50, so paging is exercised. Written for the test.
	plusPageCap = 8
)

// gqlSelection is a GraphQL selection set: each field with its own selection, nil for
// a leaf.
type gqlSelection map[string]gqlSelection

// parseSelection returns the selection set of the first field named field in query.
// It reads as much GraphQL as the adapter's query uses: fields and nested selections;
// arguments are skipped; fragments, aliases and directives are not supported.
func parseSelection(query, field string) (gqlSelection, error) {
	var toks []string
	depth := 0 // parentheses: arguments and variable definitions
	for i := 0; i < len(query); {
		c := query[i]
		switch {
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			i++
		case depth > 0:
			i++
		case c == '{' || c == '}':
			toks = append(toks, string(c))
			i++
		case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
			j := i
			for j < len(query) && (query[j] == '_' || query[j] >= 'a' && query[j] <= 'z' || query[j] >= 'A' && query[j] <= 'Z' || query[j] >= '0' && query[j] <= '9') {
				j++
			}
			toks = append(toks, query[i:j])
			i = j
		case c == '.' || c == '@' || c == ':':
			return nil, fmt.Errorf("unsupported GraphQL at %d: %.20q", i, query[i:])
		default:
			i++
		}
	}
	for k := 0; k+1 < len(toks); k++ {
		if toks[k] == field && toks[k+1] == "{" {
			pos := k + 1
			return parseSet(toks, &pos)
		}
	}
	return nil, fmt.Errorf("no selection for %s", field)
}

// parseSet reads the set opening at toks[*pos] and leaves *pos after its closing brace.
func parseSet(toks []string, pos *int) (gqlSelection, error) {
	sel := gqlSelection{}
	*pos++ // {
	for *pos < len(toks) && toks[*pos] != "}" {
		name := toks[*pos]
		*pos++
		sel[name] = nil
		if *pos < len(toks) && toks[*pos] == "{" {
			sub, err := parseSet(toks, pos)
			if err != nil {
				return nil, err
			}
			sel[name] = sub
		}
	}
	if *pos >= len(toks) {
		return nil, fmt.Errorf("unclosed selection")
	}
	*pos++ // }
	return sel, nil
}

// project keeps of v what sel asks for, as a GraphQL server answers: objects lose the
// fields not selected, lists are projected item by item.
func project(v any, sel gqlSelection) any {
	if sel == nil {
		return v
	}
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(sel))
		for k, sub := range sel {
			if fv, ok := x[k]; ok {
				out[k] = project(fv, sub)
			}
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i := range x {
			out[i] = project(x[i], sel)
		}
		return out
	}
	return v
}

// plusRequest is one request the Plus test server saw.
type plusRequest struct {
	header    http.Header
	operation string
	query     string
	vars      plusVars
}

type plusVars struct {
	RetailerID string `json:"retailerId"`
	MenuType   string `json:"menuType"`
	Limit      *int   `json:"limit"`
	Offset     *int   `json:"offset"`
}

// plusServer answers the Dutchie Plus headless GraphQL menu query for one retailer and
// key with the LeafBridge capture's Product records, which are the Plus API's own
// objects (docs/platforms.md §2): each is cut down to the fields the query selects, filtered
// by menuTypes, and paged by offset and limit (capped at plusPageCap).
type plusServer struct {
	products []map[string]any
	// fail, when set, answers every request it returns true for instead.
	fail func(w http.ResponseWriter, r *http.Request) bool

	mu       sync.Mutex
	requests []plusRequest
}

func newPlusServer(t testing.TB) *plusServer {
	t.Helper()
	s := &plusServer{}
	for _, raw := range readLeafbridgeCapture(t).products {
		var p map[string]any
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		s.products = append(s.products, p)
	}
	return s
}

// graphQLFailure writes a GraphQL error answer; the messages are written for the test.
func graphQLFailure(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(map[string]any{"errors": []any{map[string]any{"message": msg, "extensions": map[string]any{"code": code}}}, "data": nil})
}

func (s *plusServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	raw, _ := io.ReadAll(r.Body)
	var req struct {
		OperationName string   `json:"operationName"`
		Query         string   `json:"query"`
		Variables     plusVars `json:"variables"`
	}
	decodeErr := json.Unmarshal(raw, &req)
	s.mu.Lock()
	s.requests = append(s.requests, plusRequest{header: r.Header.Clone(), operation: req.OperationName, query: req.Query, vars: req.Variables})
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	if r.URL.Path != plusGraphQLPath || r.Method != http.MethodPost {
		http.NotFound(w, r)
		return
	}
	if r.Header.Get("Authorization") != "Bearer "+plusTestKey {
		graphQLFailure(w, http.StatusUnauthorized, "UNAUTHENTICATED", "Invalid API key")
		return
	}
	v := req.Variables
	if decodeErr != nil || v.Limit == nil || v.Offset == nil || *v.Limit < 1 || *v.Offset < 0 || (v.MenuType != "RECREATIONAL" && v.MenuType != "MEDICAL") {
		graphQLFailure(w, http.StatusBadRequest, "BAD_USER_INPUT", fmt.Sprintf("invalid variables %+v (%v)", v, decodeErr))
		return
	}
	sel, err := parseSelection(req.Query, "products")
	if err != nil {
		graphQLFailure(w, http.StatusBadRequest, "GRAPHQL_PARSE_FAILED", err.Error())
		return
	}
	if v.RetailerID != plusRetailer {
		graphQLFailure(w, http.StatusOK, "NOT_FOUND", "Retailer not found")
		return
	}
	var menu []any
	for _, p := range s.products {
		types, _ := p["menuTypes"].([]any)
		if slices.Contains(types, any(v.MenuType)) {
			menu = append(menu, project(p, sel))
		}
	}
	from := min(*v.Offset, len(menu))
	to := min(from+min(*v.Limit, plusPageCap), len(menu))
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]any{"data": map[string]any{"menu": map[string]any{"products": append([]any{}, menu[from:to]...)}}})
}

var plusSource = data.MenuSource{Market: data.Recreational, Platform: "dutchieplus", StoreID: plusRetailer}

func plusFetch(t *testing.T, base, key string, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, dutchiePlusPlatform, base, map[string]string{"apiKey": key})
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

func TestDutchiePlusGolden(t *testing.T) {
	for _, tt := range []struct {
		golden string
		market data.Market
	}{
		{"dutchieplus_mpxnj_edibles_recreational", data.Recreational},
		{"dutchieplus_mpxnj_edibles_medical", data.Medical},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			s := newPlusServer(t)
			srv := httptest.NewServer(s)
			defer srv.Close()
			src := plusSource
			src.Market = tt.market
			menu, err := plusFetch(t, srv.URL, plusTestKey, src)
			if err != nil {
				t.Fatal(err)
			}
			if len(menu.Skipped) > 0 {
				t.Errorf("skipped %q", menu.Skipped)
			}
			// Offsets 0, 8 and 16 bring 8, 8 and 4 records; offset 20 is empty and ends it.
			if menu.Requests != 4 {
				t.Errorf("%d requests, want 4", menu.Requests)
			}
			if n := data.DistinctProducts(menu.Offers); n != 20 {
				t.Errorf("%d products, want 20", n)
			}
			// The same records read whole, as LeafBridge hands them over, make the same
			// offers: the query selects every field the mapping reads.
			var whole []data.Offer
			for _, raw := range readLeafbridgeCapture(t).products {
				offers, _, err := plusRecordOffers(raw, tt.market, nil)
				if err != nil {
					t.Fatal(err)
				}
				whole = append(whole, offers...)
			}
			a, _ := json.Marshal(menu.Offers)
			b, _ := json.Marshal(whole)
			if !bytes.Equal(a, b) {
				t.Errorf("offers from the selected fields differ from those of the whole records:\n%s\n%s", a, b)
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, tt.golden, menu.Offers)
		})
	}
}

// TestDutchiePlusHandChecked asserts offers read by eye from the capture's records, in
// both markets: the medical prices are priceMed and specialPriceMed.
func TestDutchiePlusHandChecked(t *testing.T) {
	srv := httptest.NewServer(newPlusServer(t))
	defer srv.Close()
	fetch := func(m data.Market) []data.Offer {
		src := plusSource
		src.Market = m
		menu, err := plusFetch(t, srv.URL, plusTestKey, src)
		if err != nil {
			t.Fatal(err)
		}
		return menu.Offers
	}
	rec, med := fetch(data.Recreational), fetch(data.Medical)
	tests := []struct {
		name   string
		offers []data.Offer
		want   offerWant
	}{
		// Gron Dragon Punch Pearls: option "1g", priceRec 32, specialPriceRec 24, quantity
		// 25, potencyThc "0.45%", strainType INDICA.
		{"recreational special", rec, offerWant{id: "6827be1ce5ec86a6a8346816", size: "1g", name: "Dragon Punch Pearls", category: data.Edible,
			strainType: "indica", strain: "Dragon Punch Pearls", price: 32, sale: 24, inStock: true, thc: 0.45, unit: "%"}},
		// The same product for medical patients: priceMed 32, specialPriceMed null.
		{"medical has no special", med, offerWant{id: "6827be1ce5ec86a6a8346816", size: "1g", name: "Dragon Punch Pearls", category: data.Edible,
			strainType: "indica", strain: "Dragon Punch Pearls", price: 32, inStock: true, thc: 0.45, unit: "%"}},
		// Beboe Huckleberry: "20pk/100mg", priceRec 35, quantity 3, THC "0.08%", strainType
		// THC (no lineage).
		{"dose in the option", rec, offerWant{id: "67a625f74a17d8f280adbd35", size: "20pk/100mg", name: "Beboe Huckleberry 20pk/100mg",
			category: data.Edible, strain: "Huckleberry", mg: 100, price: 35, inStock: true, thc: 0.08, unit: "%"}},
		// Wana Classic Blueberry Indica Chews: "10pk/100mg", priceMed 32, quantity 21, THC
		// "0.9%", INDICA.
		{"medical price", med, offerWant{id: "65975dfcbde17e0001fc5888", size: "10pk/100mg", name: "Classic Blueberry Indica Chews [10 Pack] | 100mg",
			category: data.Edible, strainType: "indica", strain: "Classic Blueberry Indica", mg: 100, price: 32, inStock: true, thc: 0.9, unit: "%"}},
		// Effin Do It!: the name says "5mg x 10-Pack" but the option is "20pk/100mg", priced
		// 25: the option is what is sold.
		{"option over name", rec, offerWant{id: "6824e6fa528b9a98787e4168", size: "20pk/100mg", name: "Effin Do It! Amplified Apple THC:THV Gummies 5mg x 10-Pack",
			category: data.Edible, strainType: "sativa", strain: "Do It! Amplified Apple THC:THV", mg: 100, price: 25, inStock: true, thc: 0.25, unit: "%"}},
		// Jersey Jellies Blueberry Lemon Pie: "10pk/100mg", priceMed 20, quantity 16, THC "0.3%".
		{"medical, pipe in the name", med, offerWant{id: "6843828cd123b6315ca9757e", size: "10pk/100mg", name: "Blueberry Lemon Pie 4:1 THC:CBN Sugar Free Gummies | 10mg x 10-Pack",
			category: data.Edible, strainType: "indica", strain: "Blueberry Lemon Pie 4:1 THC:CBN Sugar Free", mg: 100, price: 20, inStock: true, thc: 0.3, unit: "%"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, tt.offers) })
	}
}

// TestDutchiePlusRequests checks what the Plus API needs: a POST with the Bearer key and
// a JSON body naming the Menu operation, the retailer, the market's MenuType and the
// page; offsets advance by what each page brought.
func TestDutchiePlusRequests(t *testing.T) {
	s := newPlusServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	src := plusSource
	src.Market = data.Medical
	if _, err := plusFetch(t, srv.URL, plusTestKey, src); err != nil {
		t.Fatal(err)
	}
	var offsets []int
	for i, r := range s.requests {
		if r.header.Get("Authorization") != "Bearer "+plusTestKey || r.header.Get("Content-Type") != "application/json" {
			t.Errorf("request %d: Authorization %q Content-Type %q", i, r.header.Get("Authorization"), r.header.Get("Content-Type"))
		}
		if r.operation != "Menu" || r.vars.RetailerID != plusRetailer || r.vars.MenuType != "MEDICAL" || r.vars.Limit == nil || *r.vars.Limit != dutchiePlusPageSize {
			t.Errorf("request %d: operation %q variables %+v", i, r.operation, r.vars)
		}
		offsets = append(offsets, *r.vars.Offset)
	}
	if !slices.Equal(offsets, []int{0, 8, 16, 20}) {
		t.Errorf("offsets %v, want 0 8 16 20", offsets)
	}
	sel, err := parseSelection(dutchiePlusMenuQuery, "products")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"id", "name", "category", "strainType", "menuTypes", "brand", "potencyThc", "potencyCbd", "variants"} {
		if _, ok := sel[f]; !ok {
			t.Errorf("the query does not select %s", f)
		}
	}
}

func TestDutchiePlusFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	answer := func(status int, body string) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(status)
			w.Write([]byte(body))
			return true
		}
	}
	tests := []struct {
		name   string
		key    string
		src    data.MenuSource
		fail   func(w http.ResponseWriter, r *http.Request) bool
		reason data.Reason
		status int
		detail string
	}{
		{"wrong key", "old-key", plusSource, nil, data.ReasonHTTPStatus, 401, `"Invalid API key": the Plus key was refused; check platforms.dutchieplus.settings.apiKey`},
		{"unknown retailer", plusTestKey, data.MenuSource{Market: data.Recreational, StoreID: "00000000-0000-4000-8000-000000000000"}, nil,
			data.ReasonConfig, 200, `"Retailer not found": check storeId`},
		{"HTTP 500", plusTestKey, plusSource, answer(500, `{"errors":[{"message":"Internal server error"}]}`), data.ReasonHTTPStatus, 500, `the server says "Internal server error"`},
		{"schema changed", plusTestKey, plusSource, answer(200, `{"errors":[{"message":"Cannot query field \"potencyThc\" on type \"Product\".","extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}`),
			data.ReasonParse, 200, "layout changed: GraphQL error"},
		{"reply without the menu", plusTestKey, plusSource, answer(200, `{"data":{"retailer":null}}`), data.ReasonParse, 200, "layout changed: reply has no data.menu.products"},
		{"malformed JSON", plusTestKey, plusSource, answer(200, `{"data":{"menu":{"products":[{"id":`), data.ReasonParse, 200, "dutchieplus retailer"},
		{"challenge behind 403", plusTestKey, plusSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 403, "challenge"},
		{"challenge behind 200", plusTestKey, plusSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 200, "challenge"},
		{"server ignores the offset", plusTestKey, plusSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.Write([]byte(`{"data":{"menu":{"products":[{"id":"a1","name":"Gummies","category":"EDIBLES","variants":[{"option":"10pk/100mg","priceRec":20}]}]}}}`))
			return true
		}, data.ReasonParse, 200, "ignores the offset"},
		{"most records unreadable", plusTestKey, plusSource, answer(200, `{"data":{"menu":{"products":[{"name":"no id"},{"id":"b","variants":[{"priceRec":"n/a"}]},{"id":"c","name":"ok"}]}}}`),
			data.ReasonParse, 200, "2 of 3 records unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newPlusServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := plusFetch(t, srv.URL, tt.key, tt.src)
			checkFetchFailure(t, "dutchieplus", menu, err, tt.reason, tt.status, tt.detail)
		})
	}
}

func TestDutchiePlusValidate(t *testing.T) {
	a := testAdapter(t, dutchiePlusPlatform, "", map[string]string{"apiKey": plusTestKey})
	checkValidate(t, a, []validateCase{
		{"retailer", plusSource, ""},
		{"retailer and endpoint", data.MenuSource{Market: data.Medical, StoreID: plusRetailer, Endpoint: "https://plus.dutchie.com/plus/2021-07/graphql"}, ""},
		{"no retailer", data.MenuSource{Market: data.Recreational}, "storeId"},
		{"retailer not a UUID", data.MenuSource{Market: data.Recreational, StoreID: "621900cebbc5580e15476deb"}, "storeId"},
		{"bad market", data.MenuSource{Market: "rec", StoreID: plusRetailer}, "market"},
		{"bad endpoint", data.MenuSource{Market: data.Recreational, StoreID: plusRetailer, Endpoint: "plus.dutchie.com/graphql"}, "endpoint"},
	})
	noKey := testAdapter(t, dutchiePlusPlatform, "", nil)
	if err := noKey.Validate(plusSource); err == nil || !strings.Contains(err.Error(), "apiKey") {
		t.Errorf("no key: %v", err)
	}
	if _, err := dutchiePlusPlatform.adapter(polite.NewEngine(fastOptions()), data.PlatformConfig{Settings: map[string]string{"endpoint": "not a url"}}, nil); err == nil ||
		!strings.Contains(err.Error(), "settings.endpoint") {
		t.Errorf("bad endpoint setting: %v", err)
	}
}

// plusMenuReply wraps Product records as a Plus menu answer.
func plusMenuReply(products []json.RawMessage) []byte {
	b, _ := json.Marshal(map[string]any{"data": map[string]any{"menu": map[string]any{"products": products}}})
	return b
}

// FuzzDutchiePlus feeds menu answers to the parse functions: the answer, then every
// record in both markets. Seeds: each of the capture's records in an answer of its own
// (the whole page is left out for the reason FuzzLeafBridge gives).
func FuzzDutchiePlus(f *testing.F) {
	products := readLeafbridgeCapture(f).products
	for i := range products {
		f.Add(plusMenuReply(products[i : i+1]))
	}
	f.Add([]byte(`{"data":{"menu":{"products":[{"id":"x","name":"n","category":"CONCENTRATES","potencyThc":{"formatted":"340%"},
		"variants":[{"option":"1g","priceRec":1e308,"priceMed":-5,"specialPriceRec":"1e308"}]}]}}}`))
	f.Add([]byte(`{"errors":[{"message":"Retailer not found","extensions":{"code":"NOT_FOUND"}}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		products, err := dutchiePlusProducts(body)
		if err != nil {
			return
		}
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			for _, p := range products {
				offers, _, err := plusRecordOffers(p, m, nil)
				if err != nil {
					continue
				}
				checkFuzzedOffers(t, offers)
			}
		}
	})
}

// BenchmarkParseDutchiePlus parses the capture's records as one Plus menu answer (the
// capture is a LeafBridge answer; its products_list is the Plus payload).
func BenchmarkParseDutchiePlus(b *testing.B) {
	body := plusMenuReply(readLeafbridgeCapture(b).products)
	benchParse(b, len(body), func() int {
		products, err := dutchiePlusProducts(body)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, p := range products {
			offers, _, err := plusRecordOffers(p, data.Recreational, nil)
			if err != nil {
				b.Fatal(err)
			}
			n += len(offers)
		}
		return n
	})
}

// TestPlusPotency reads potency from the range, else from the formatted text, in the
// API's unit names or the symbols LeafBridge sends.
func TestPlusPotency(t *testing.T) {
	n := func(v float64) looseNumber { return looseNumber{V: v, Set: true} }
	tests := []struct {
		name  string
		p     *plusPotency
		value float64
		unit  string
	}{
		{"range", &plusPotency{Formatted: "0.38%", Range: []looseNumber{n(0.38)}, Unit: "%"}, 0.38, "%"},
		{"top of a range", &plusPotency{Range: []looseNumber{n(18.2), n(22.5)}, Unit: "PERCENTAGE"}, 22.5, "%"},
		{"formatted range", &plusPotency{Formatted: "0.3% - 0.5%"}, 0.5, "%"},
		{"thousands separator", &plusPotency{Formatted: "1,000mg"}, 1000, "mg"},
		{"API enum", &plusPotency{Range: []looseNumber{n(100)}, Unit: "MILLIGRAMS"}, 100, "mg"},
		{"empty", &plusPotency{Unit: "mg"}, 0, "mg"},
		{"absent", nil, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if v, u := tt.p.value(), tt.p.unit(); v != tt.value || u != tt.unit {
				t.Errorf("got %v %q, want %v %q", v, u, tt.value, tt.unit)
			}
		})
	}
}
