package replay

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

type filteredProductsReply struct {
	Data struct {
		FilteredProducts struct {
			Products  []map[string]any `json:"products"`
			QueryInfo struct {
				TotalCount int `json:"totalCount"`
				TotalPages int `json:"totalPages"`
			} `json:"queryInfo"`
		} `json:"filteredProducts"`
	} `json:"data"`
	Errors []struct {
		Message    string `json:"message"`
		Extensions struct {
			Code string `json:"code"`
		} `json:"extensions"`
	} `json:"errors"`
}

const testDispensaryID = "0123456789abcdef01234567"

func TestDutchieRequestForms(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(30)))
	defer ts.Close()
	vars := productsVars(testDispensaryID, "rec", 0, 25)

	tests := []struct {
		name string
		send func() (int, []byte)
	}{
		{"GET /graphql", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", vars, testHash))
		}},
		{"GET operator proxy /api-4/graphql", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/api-4/graphql", "FilteredProducts", vars, testHash))
		}},
		{"POST /graphql", func() (int, []byte) {
			return post(t, ts.URL+"/graphql", dutchieBody("FilteredProducts", vars, testHash), nil)
		}},
		{"POST /api-2/graphql", func() (int, []byte) {
			return post(t, ts.URL+"/api-2/graphql", dutchieBody("FilteredProducts", vars, testHash), nil)
		}},
		{"POST with variables as a string", func() (int, []byte) {
			body := `{"operationName":"FilteredProducts","variables":"{\"productsFilter\":{\"dispensaryId\":\"` + testDispensaryID +
				`\",\"pricingType\":\"rec\"},\"page\":0,\"perPage\":25}","extensions":{"persistedQuery":{"version":1,"sha256Hash":"x"}}}`
			return post(t, ts.URL+"/graphql", body, nil)
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := tt.send()
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			fp := r.Data.FilteredProducts
			if len(r.Errors) > 0 || len(fp.Products) != 25 || fp.QueryInfo.TotalCount != 30 || fp.QueryInfo.TotalPages != 2 {
				t.Errorf("errors %v, %d products, totalCount %d, totalPages %d; want 25, 30, 2",
					r.Errors, len(fp.Products), fp.QueryInfo.TotalCount, fp.QueryInfo.TotalPages)
			}
		})
	}
}

func TestDutchiePaging(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(250)))
	defer ts.Close()

	tests := []struct {
		name       string
		page       int
		perPage    int
		products   int
		totalPages int
	}{
		{"first page of 25", 0, 25, 25, 10},
		{"last page of 25", 9, 25, 25, 10},
		{"past the end", 10, 25, 0, 10},
		{"perPage 100", 2, 100, 50, 3},
		{"perPage 200 is capped at 100", 0, 200, 100, 3},
		{"perPage 5000 is capped at 100", 2, 5000, 50, 3},
		{"perPage 7", 35, 7, 5, 36},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", tt.page, tt.perPage), testHash))
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			fp := r.Data.FilteredProducts
			if len(fp.Products) != tt.products || fp.QueryInfo.TotalCount != 250 || fp.QueryInfo.TotalPages != tt.totalPages {
				t.Errorf("%d products, totalCount %d, totalPages %d; want %d, 250, %d",
					len(fp.Products), fp.QueryInfo.TotalCount, fp.QueryInfo.TotalPages, tt.products, tt.totalPages)
			}
		})
	}
}

func TestDutchieFilters(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(30)))
	defer ts.Close()

	tests := []struct {
		name        string
		types       []string
		strainTypes []string
		want        int
	}{
		{"no filter", nil, nil, 30},
		{"Pre-Rolls", []string{"Pre-Rolls"}, nil, 6},
		{"Edible and Concentrate", []string{"Edible", "Concentrate"}, nil, 12},
		{"Vaporizers hybrid", []string{"Vaporizers"}, []string{"Hybrid"}, 6},
		{"Indica", nil, []string{"Indica"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := productsVars(testDispensaryID, "rec", 0, 100)
			filter := vars["productsFilter"].(map[string]any)
			if tt.types != nil {
				filter["types"] = tt.types
			}
			if tt.strainTypes != nil {
				filter["strainTypes"] = tt.strainTypes
			}
			_, raw := get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", vars, testHash))
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			if got := r.Data.FilteredProducts.QueryInfo.TotalCount; got != tt.want {
				t.Errorf("totalCount %d, want %d", got, tt.want)
			}
		})
	}
}

func TestDutchiePricing(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(5)))
	defer ts.Close()

	tests := []struct {
		pricing    string
		wantPrices []float64 // flower product, then the edible (on sale)
	}{
		{"rec", []float64{40, 20}},
		{"med", []float64{36, 18}},
		{"", []float64{40, 20}}, // rec is the default
	}
	for _, tt := range tests {
		t.Run("pricingType "+tt.pricing, func(t *testing.T) {
			_, raw := get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, tt.pricing, 0, 10), testHash))
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			products := r.Data.FilteredProducts.Products
			if len(products) != 5 {
				t.Fatalf("%d products, want 5", len(products))
			}
			flower, edible := products[0], products[4]
			if got := flower["Prices"].([]any)[0].(float64); got != tt.wantPrices[0] {
				t.Errorf("flower Prices[0] = %v, want %v", got, tt.wantPrices[0])
			}
			if got := edible["Prices"].([]any)[0].(float64); got != tt.wantPrices[1] {
				t.Errorf("edible Prices[0] = %v, want %v", got, tt.wantPrices[1])
			}
			if got := edible["medicalSpecialPrices"].([]any)[0].(float64); got != 13.5 {
				t.Errorf("edible medicalSpecialPrices[0] = %v, want 13.5 (15 x 0.9)", got)
			}
			if got := edible["recSpecialPrices"].([]any)[0].(float64); got != 15 {
				t.Errorf("edible recSpecialPrices[0] = %v, want 15", got)
			}
			if edible["special"] != true || flower["special"] != nil {
				t.Errorf("special: edible %v, flower %v; want true and null", edible["special"], flower["special"])
			}
			thc := edible["THCContent"].(map[string]any)
			if thc["unit"] != "MILLIGRAMS" || thc["range"].([]any)[0].(float64) != 100 {
				t.Errorf("edible THCContent %v, want 100 MILLIGRAMS", thc)
			}
		})
	}
}

// TestDutchieProductShape compares served products with a real product of the Ethos
// capture: the same keys, and the same JSON type wherever both are non-null.
func TestDutchieProductShape(t *testing.T) {
	ds := mustDemo(t)
	ts := httptest.NewServer(New(ds))
	defer ts.Close()
	st, _ := ds.Store("dutchie", "culture-cannabis-club-akron")
	_, raw := get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(st.DispensaryID, "med", 0, 100), testHash))
	var r filteredProductsReply
	mustUnmarshal(t, raw, &r)
	template := readTemplate(t, "testdata/dutchie_product.json")
	if len(r.Data.FilteredProducts.Products) == 0 {
		t.Fatal("no products served")
	}
	sawSpecial := false
	for _, p := range r.Data.FilteredProducts.Products {
		name := p["Name"].(string)
		for k := range template {
			if _, ok := p[k]; !ok {
				t.Errorf("product %s lacks %q", name, k)
			}
		}
		for k := range p {
			if _, ok := template[k]; !ok {
				t.Errorf("product %s has %q, which the real product does not", name, k)
			}
		}
		compareTypes(t, "product "+name, template, p)
		if p["special"] == true {
			sawSpecial = true
			compareTypes(t, "specialData of "+name, template["specialData"].(map[string]any), p["specialData"].(map[string]any))
		}
		if n := len(p["Options"].([]any)); n != len(p["Prices"].([]any)) || n != len(p["recPrices"].([]any)) || n != len(p["medicalPrices"].([]any)) {
			t.Errorf("product %s: Options and price lists differ in length", name)
		}
	}
	if !sawSpecial {
		t.Error("no product on special; the shape test needs one")
	}
}

func TestConsumerDispensaries(t *testing.T) {
	ds := mustDemo(t)
	ts := httptest.NewServer(New(ds))
	defer ts.Close()
	culture, _ := ds.Store("dutchie", "culture-cannabis-club-akron")

	tests := []struct {
		name      string
		cNameOrID string
		wantID    string
		wantCName string
	}{
		{"by cName", "culture-cannabis-club-akron", culture.DispensaryID, "culture-cannabis-club-akron"},
		{"by id", culture.DispensaryID, culture.DispensaryID, "culture-cannabis-club-akron"},
		{"registry dispensaryId", "klutch-akron", "5fefa138b2782100c5acd671", "klutch-akron"},
		{"unknown", "no-such-store", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			vars := map[string]any{"dispensaryFilter": map[string]any{"cNameOrID": tt.cNameOrID}}
			status, raw := post(t, ts.URL+"/graphql", dutchieBody("ConsumerDispensaries", vars, testHash), nil)
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var r struct {
				Data struct {
					FilteredDispensaries []struct {
						ID    string `json:"id"`
						CName string `json:"cName"`
						Name  string `json:"name"`
					} `json:"filteredDispensaries"`
				} `json:"data"`
			}
			mustUnmarshal(t, raw, &r)
			found := r.Data.FilteredDispensaries
			if tt.wantID == "" {
				if found == nil || len(found) != 0 {
					t.Errorf("got %+v, want an empty list", found)
				}
				return
			}
			if len(found) != 1 || found[0].ID != tt.wantID || found[0].CName != tt.wantCName || found[0].Name == "" {
				t.Errorf("got %+v, want id %s cName %s", found, tt.wantID, tt.wantCName)
			}
		})
	}
}

func TestDutchieErrors(t *testing.T) {
	srv := New(literalDataset(5))
	srv.RequireHash("ConsumerDispensaries", "current-hash")
	ts := httptest.NewServer(srv)
	defer ts.Close()
	good := productsVars(testDispensaryID, "rec", 0, 10)
	lookup := map[string]any{"dispensaryFilter": map[string]any{"cNameOrID": "test-dutchie"}}

	tests := []struct {
		name    string
		send    func() (int, []byte)
		status  int
		message string
		code    string
	}{
		{"unknown operation", func() (int, []byte) { return get(t, dutchieURL(ts.URL, "/graphql", "SomethingElse", good, testHash)) },
			200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"},
		{"missing operation", func() (int, []byte) { return get(t, dutchieURL(ts.URL, "/graphql", "", good, testHash)) },
			200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"},
		{"rotated hash", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "ConsumerDispensaries", lookup, testHash))
		}, 200, "PersistedQueryNotFound", "PERSISTED_QUERY_NOT_FOUND"},
		{"no hash and no query", func() (int, []byte) {
			return post(t, ts.URL+"/graphql", `{"operationName":"FilteredProducts","variables":{}}`, nil)
		}, 400, "persistedQuery", "BAD_REQUEST"},
		{"batched", func() (int, []byte) { return post(t, ts.URL+"/graphql", `[{}]`, nil) }, 400, "batched", "BAD_REQUEST"},
		{"no productsFilter", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", map[string]any{"perPage": 10}, testHash))
		}, 400, "$productsFilter", "BAD_USER_INPUT"},
		{"bad pricingType", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, "adult", 0, 10), testHash))
		}, 400, "pricingType", "BAD_USER_INPUT"},
		{"perPage 0", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", 0, 0), testHash))
		}, 400, "perPage", "BAD_USER_INPUT"},
		{"negative page", func() (int, []byte) {
			return get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(testDispensaryID, "rec", -1, 10), testHash))
		}, 400, "page", "BAD_USER_INPUT"},
		{"variables not JSON", func() (int, []byte) {
			return get(t, ts.URL+"/graphql?operationName=FilteredProducts&variables=%7Bnope&extensions=%7B%22persistedQuery%22%3A%7B%22sha256Hash%22%3A%22x%22%7D%7D")
		}, 400, "variables", "BAD_USER_INPUT"},
		{"no cNameOrID", func() (int, []byte) {
			return post(t, ts.URL+"/graphql", dutchieBody("ConsumerDispensaries", map[string]any{}, "current-hash"), nil)
		}, 400, "cNameOrID", "BAD_USER_INPUT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, raw := tt.send()
			if status != tt.status {
				t.Fatalf("status %d, want %d: %s", status, tt.status, raw)
			}
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			if len(r.Errors) != 1 || !strings.Contains(r.Errors[0].Message, tt.message) || r.Errors[0].Extensions.Code != tt.code {
				t.Errorf("errors %+v, want one with %q and code %s", r.Errors, tt.message, tt.code)
			}
		})
	}

	t.Run("current hash accepted", func(t *testing.T) {
		_, raw := get(t, dutchieURL(ts.URL, "/graphql", "ConsumerDispensaries", lookup, "current-hash"))
		if !strings.Contains(string(raw), `"cName":"test-dutchie"`) {
			t.Errorf("reply %s does not resolve the store", raw)
		}
	})
}

func TestDutchieUnknownDispensary(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(5)))
	defer ts.Close()
	for _, id := range []string{"ffffffffffffffffffffffff", "test-dutchie"} {
		t.Run(id, func(t *testing.T) {
			status, raw := get(t, dutchieURL(ts.URL, "/graphql", "FilteredProducts", productsVars(id, "rec", 0, 10), testHash))
			if status != http.StatusOK {
				t.Fatalf("status %d: %s", status, raw)
			}
			var r filteredProductsReply
			mustUnmarshal(t, raw, &r)
			fp := r.Data.FilteredProducts
			if fp.Products == nil || len(fp.Products) != 0 || fp.QueryInfo.TotalCount != 0 || fp.QueryInfo.TotalPages != 0 {
				t.Errorf("got %d products, totalCount %d, totalPages %d; want an empty list and zeros", len(fp.Products), fp.QueryInfo.TotalCount, fp.QueryInfo.TotalPages)
			}
		})
	}
}
