package replay

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
)

type algoliaReply struct {
	Hits        []map[string]any `json:"hits"`
	NbHits      int              `json:"nbHits"`
	Page        int              `json:"page"`
	NbPages     int              `json:"nbPages"`
	HitsPerPage int              `json:"hitsPerPage"`
	Query       *string          `json:"query"`
	Params      *string          `json:"params"`
}

func TestJanePagination(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(35)))
	defer ts.Close()

	seen := map[float64]bool{}
	wantHits := []int{10, 10, 10, 5, 0}
	for page, want := range wantHits {
		body := `{"query":"","filters":"store_id = 100","hitsPerPage":10,"page":` + itoa(page) + `}`
		status, raw := janeSearch(t, ts.URL, body)
		if status != http.StatusOK {
			t.Fatalf("page %d: status %d: %s", page, status, raw)
		}
		var r algoliaReply
		mustUnmarshal(t, raw, &r)
		if len(r.Hits) != want || r.NbHits != 35 || r.NbPages != 4 || r.Page != page || r.HitsPerPage != 10 {
			t.Errorf("page %d: %d hits, nbHits %d, nbPages %d, page %d, hitsPerPage %d; want %d hits, 35, 4, %d, 10",
				page, len(r.Hits), r.NbHits, r.NbPages, r.Page, r.HitsPerPage, want, page)
		}
		if r.Query == nil || r.Params == nil {
			t.Errorf("page %d: reply lacks query or params", page)
		}
		for _, h := range r.Hits {
			id := h["product_id"].(float64)
			if seen[id] {
				t.Errorf("product_id %v served on two pages", id)
			}
			seen[id] = true
		}
	}
	if len(seen) != 35 {
		t.Errorf("paging served %d distinct products, want 35", len(seen))
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestJaneQueryForms(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(35)))
	defer ts.Close()

	tests := []struct {
		name     string
		body     string
		wantHits int
		nbHits   int
	}{
		{"json form", `{"query":"","filters":"store_id = 100","hitsPerPage":1000,"page":0}`, 35, 35},
		{"params form", `{"params":"filters=store_id%3D100&hitsPerPage=1000&page=0"}`, 35, 35},
		{"params form with spaces", `{"params":"query=&filters=store_id%20%3D%20100&hitsPerPage=20&page=1"}`, 15, 35},
		{"numbers as strings", `{"filters":"store_id:\"100\"","hitsPerPage":"5","page":"0"}`, 5, 35},
		{"default hitsPerPage is 20", `{"filters":"store_id=100"}`, 20, 35},
		{"kind filter", `{"filters":"store_id = 100 AND kind:edible","hitsPerPage":100}`, 7, 7},
		{"kind filter with pre-roll", `{"filters":"(store_id = 100) AND kind:\"pre-roll\"","hitsPerPage":100}`, 7, 7},
		{"contradictory stores", `{"filters":"store_id = 100 AND store_id = 101","hitsPerPage":100}`, 0, 0},
		{"unknown store has no hits", `{"filters":"store_id = 424242","hitsPerPage":100}`, 0, 0},
		{"hitsPerPage 0 counts only", `{"filters":"store_id = 100","hitsPerPage":0}`, 0, 35},
		{"no filter lists every store", `{"hitsPerPage":100}`, 35, 35},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := janeSearch(t, ts.URL, tt.body)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var r algoliaReply
			mustUnmarshal(t, raw, &r)
			if len(r.Hits) != tt.wantHits || r.NbHits != tt.nbHits {
				t.Errorf("%d hits of nbHits %d, want %d of %d", len(r.Hits), r.NbHits, tt.wantHits, tt.nbHits)
			}
		})
	}
}

func TestJaneRefusals(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(5)))
	defer ts.Close()
	good := `{"filters":"store_id = 100"}`

	tests := []struct {
		name    string
		method  string
		path    string
		body    string
		header  map[string]string
		status  int
		message string
	}{
		{"no credentials", http.MethodPost, janeQueryPath, good, nil, 403, "Invalid Application-ID or API key"},
		{"empty api key", http.MethodPost, janeQueryPath, good, map[string]string{"X-Algolia-Application-Id": "VFM4X0N23A", "X-Algolia-API-Key": " "}, 403, "API key"},
		{"no application id", http.MethodPost, janeQueryPath, good, map[string]string{"X-Algolia-API-Key": "k"}, 403, "Application-ID"},
		{"GET", http.MethodGet, janeQueryPath, "", algoliaHeaders, 405, "POST"},
		{"other index", http.MethodPost, "/1/indexes/other-index/query", good, algoliaHeaders, 404, "Index does not exist"},
		{"not json", http.MethodPost, janeQueryPath, `filters=store_id`, algoliaHeaders, 400, "not a JSON object"},
		{"OR filter", http.MethodPost, janeQueryPath, `{"filters":"store_id = 1 OR store_id = 2"}`, algoliaHeaders, 400, "only AND"},
		{"unknown attribute", http.MethodPost, janeQueryPath, `{"filters":"brand:Klutch"}`, algoliaHeaders, 400, `attribute "brand"`},
		{"store id not a number", http.MethodPost, janeQueryPath, `{"filters":"store_id = abc"}`, algoliaHeaders, 400, "not a number"},
		{"hitsPerPage too big", http.MethodPost, janeQueryPath, `{"filters":"store_id = 100","hitsPerPage":1001}`, algoliaHeaders, 400, "between 0 and 1000"},
		{"negative page", http.MethodPost, janeQueryPath, `{"filters":"store_id = 100","page":-1}`, algoliaHeaders, 400, "page"},
		{"numericFilters", http.MethodPost, janeQueryPath, `{"numericFilters":["store_id=100"]}`, algoliaHeaders, 400, "use filters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, err := http.NewRequest(tt.method, ts.URL+tt.path, strings.NewReader(tt.body))
			if err != nil {
				t.Fatal(err)
			}
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			status, raw := do(t, req)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %s", status, tt.status, raw)
			}
			var e struct {
				Message string `json:"message"`
				Status  int    `json:"status"`
			}
			mustUnmarshal(t, raw, &e)
			if e.Status != tt.status || !strings.Contains(e.Message, tt.message) {
				t.Errorf("error %+v, want status %d and a message containing %q", e, tt.status, tt.message)
			}
		})
	}
}

func TestJaneCredentialsInURL(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(5)))
	defer ts.Close()
	// Algolia's JavaScript client sends the credentials as URL parameters.
	status, raw := post(t, ts.URL+janeQueryPath+"?x-algolia-application-id=VFM4X0N23A&x-algolia-api-key=k", `{"filters":"store_id = 100"}`, nil)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, raw)
	}
}

// TestJaneHitShape compares a served hit with a real Algolia record of the Jane capture:
// the fields an adapter reads must be there, and every field both have must carry the
// same JSON type.
func TestJaneHitShape(t *testing.T) {
	ds := mustDemo(t)
	ts := httptest.NewServer(New(ds))
	defer ts.Close()
	status, raw := janeSearch(t, ts.URL, `{"filters":"store_id = 2410","hitsPerPage":1000}`)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, raw)
	}
	var r algoliaReply
	mustUnmarshal(t, raw, &r)

	template := readTemplate(t, "testdata/jane_algolia_record.json")
	required := []string{
		"product_id", "objectID", "store_id", "name", "brand", "kind", "category", "type", "percent_thc",
		"available_weights", "inventory_potencies", "special_price_eighth_ounce", "max_cart_quantity_eighth_ounce",
		"bucket_price", "url_slug", "root_types", "store_types", "net_weight_grams", "custom_product_type",
	}
	var sawSale, sawPrice bool
	for _, h := range r.Hits {
		for _, k := range required {
			if _, ok := h[k]; !ok {
				t.Fatalf("hit %v lacks %q", h["name"], k)
			}
		}
		compareTypes(t, "hit "+h["name"].(string), template, h)
		for _, w := range h["available_weights"].([]any) {
			key := janeKey(w.(string))
			if _, ok := h["price_"+key].(float64); !ok {
				t.Errorf("hit %v: weight %q has no numeric price_%s", h["name"], w, key)
			}
			sawPrice = true
			if special := h["special_price_"+key].(map[string]any); len(special) > 0 {
				sawSale = true
				compareTypes(t, "special of "+h["name"].(string), template["special_price_eighth_ounce"].(map[string]any), special)
				if _, ok := h["discounted_price_"+key].(float64); !ok {
					t.Errorf("hit %v: a special without discounted_price_%s", h["name"], key)
				}
			}
		}
	}
	if !sawSale || !sawPrice {
		t.Errorf("store 2410 served no sale (%v) or no price (%v); the shape test needs both", sawSale, sawPrice)
	}
}

func readTemplate(t *testing.T, path string) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	mustUnmarshal(t, raw, &m)
	return m
}

// compareTypes fails when a key present in both the real record and ours holds a
// different JSON type; null on either side is allowed (the real records have nulls too).
func compareTypes(t *testing.T, what string, real, ours map[string]any) {
	t.Helper()
	for k, rv := range real {
		ov, ok := ours[k]
		if !ok || rv == nil || ov == nil {
			continue
		}
		if jsonKind(rv) != jsonKind(ov) {
			t.Errorf("%s: %q is %s, the real record has %s", what, k, jsonKind(ov), jsonKind(rv))
		}
	}
}

func jsonKind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case string:
		return "string"
	case float64:
		return "number"
	case bool:
		return "bool"
	default:
		return "null"
	}
}

// TestJaneReplyEncoding: a reply assembled from pre-encoded hits is byte for byte what
// json.Marshal writes for the whole reply, hits first (escaping included: the query
// and a product name carry <, > and &).
func TestJaneReplyEncoding(t *testing.T) {
	ds := literalDataset(3)
	st := &ds.Stores[0]
	st.Products[0].Name = `Tom & Jerry's <Kush>`
	var maps []map[string]any
	var hits [][]byte
	for _, p := range st.OnMenu() {
		h := janeHit(st, p)
		maps = append(maps, h)
		b, err := json.Marshal(h)
		if err != nil {
			t.Fatal(err)
		}
		hits = append(hits, b)
	}
	reply := janeReply{hits: hits, NbHits: 3, NbPages: 1, HitsPerPage: 10, ExhaustiveNbHits: true, ExhaustiveTypo: true,
		Query: "a<b>&c", Params: "query=a%3Cb%3E%26c", ProcessingTimeMS: 1}
	got, err := reply.encode()
	if err != nil {
		t.Fatal(err)
	}
	want, err := json.Marshal(struct {
		Hits []map[string]any `json:"hits"`
		janeReply
	}{maps, reply})
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != string(want) {
		t.Errorf("encode:\n%s\njson.Marshal:\n%s", got, want)
	}
	empty, _ := janeReply{Query: "q"}.encode()
	if !strings.HasPrefix(string(empty), `{"hits":[],"nbHits":0,`) || !json.Valid(empty) {
		t.Errorf("no hits: %s", empty)
	}
}
