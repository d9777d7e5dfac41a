package replay

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// testRegistry is a small literal registry: two Jane menus, a Dutchie store listed for
// both markets, a Dutchie store with its own dispensaryId, a Sweed, a Weedmaps and a
// Dispense menu, a JSON-LD, an HTML and a Tymber page (the Tymber shop listed by its
// address and by its /menu page), a Leafly menu, a platform the replay does not serve,
// and an unmonitored dispensary.
func testRegistry() data.Registry {
	no := false
	return data.Registry{
		Source: "test registry",
		Dispensaries: []data.Dispensary{
			{
				Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Region: "Northeast", Lat: 41.0798, Lng: -81.5219,
				Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "2410"}},
			},
			{
				Slug: "bloom-columbus", Name: "Bloom Columbus", City: "Columbus", Region: "Central",
				Menus: []data.MenuSource{
					{Market: data.Medical, Platform: "jane", StoreID: "2866"},
					{Market: data.Recreational, Platform: "sweed", CName: "production", StoreID: "77"},
					{Market: data.Medical, Platform: "meadow", StoreID: "12"},
				},
			},
			{
				Slug: "culture-cannabis-club-akron", Name: "Culture Cannabis Club Akron", City: "Akron", Region: "Northeast",
				Menus: []data.MenuSource{
					{Market: data.Recreational, Platform: "dutchie", CName: "culture-cannabis-club-akron"},
					{Market: data.Medical, Platform: "dutchie", CName: "culture-cannabis-club-akron"},
				},
			},
			{
				Slug: "klutch-akron", Name: "Klutch Akron", City: "Akron", Region: "Northeast",
				Menus: []data.MenuSource{{Market: data.Medical, Platform: "dutchie", CName: "klutch-akron", DispensaryID: "5fefa138b2782100c5acd671"}},
			},
			{
				Slug: "green-goods-ohio", Name: "Green Goods Ohio", City: "Columbus", Region: "Central",
				Menus: []data.MenuSource{{Market: data.Recreational, Platform: "weedmaps", CName: "green-goods-ohio"}},
			},
			{
				Slug: "indigo-ohio", Name: "Indigo Ohio", City: "Dayton", Region: "Southwest",
				Menus: []data.MenuSource{
					{Market: data.Medical, Platform: "dispense", StoreID: "041444e70b831110"},
					{Market: data.Recreational, Platform: "dispense", StoreID: "041444e70b831110"},
				},
			},
			{
				Slug: "mpx-ohio", Name: "MPX Ohio", City: "Toledo", Region: "Northwest",
				Menus: []data.MenuSource{
					{Market: data.Recreational, Platform: "dutchieplus", StoreID: "6f1e1f7e-3c1d-4d6e-9a5b-2f1e0d9c8b7a"},
					{Market: data.Medical, Platform: "leafbridge", StoreID: "7a2b3c4d-5e6f-4a1b-8c9d-0e1f2a3b4c5d", URL: "https://mpx.example/shop/"},
				},
			},
			{
				Slug: "cuzzies-ohio", Name: "Cuzzies Ohio", City: "Canton", Region: "Northeast",
				Menus: []data.MenuSource{{Market: data.Recreational, Platform: "joint", StoreID: "1234", URL: "https://cuzzies.example/"}},
			},
			{
				Slug: "buckeye-valley-wellness", Name: "Buckeye Valley Wellness", City: "Columbus", Region: "Central",
				Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jsonld", URL: "https://buckeyevalley.example/stores/buckeye-valley-wellness/menu"}},
			},
			{
				Slug: "maumee-bay-provisions", Name: "Maumee Bay Provisions", City: "Toledo", Region: "Northwest",
				Menus: []data.MenuSource{{Market: data.Medical, Platform: "html", URL: "https://maumeebay.example/locations/maumee-bay-provisions/menu", Selectors: demoHTMLSelectors}},
			},
			{
				Slug: "scioto-river-cannabis", Name: "Scioto River Cannabis", City: "Chillicothe", Region: "Southeast",
				Menus: []data.MenuSource{
					{Market: data.Recreational, Platform: "tymber", URL: "https://shop.sciotoriver.example/shop/scioto-river-cannabis"},
					{Market: data.Medical, Platform: "tymber", URL: "https://shop.sciotoriver.example/shop/scioto-river-cannabis/menu"},
				},
			},
			{
				Slug: "lake-erie-leaf", Name: "Lake Erie Leaf", City: "Sandusky", Region: "Northwest",
				Menus: []data.MenuSource{{Market: data.Recreational, Platform: "leafly", StoreID: "lake-erie-leaf"}},
			},
			{
				Slug: "closed-store", Name: "Closed Store", City: "Toledo", Region: "Northwest", Monitored: &no,
				Menus: []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: "9999"}},
			},
		},
	}
}

// mustDemo builds the demo dataset of testRegistry.
func mustDemo(tb testing.TB) *Dataset {
	tb.Helper()
	ds, err := DemoDataset(testRegistry())
	if err != nil {
		tb.Fatalf("DemoDataset: %v", err)
	}
	return ds
}

// testVenue is the literal dataset's Dispense venue; testRetailer its Dutchie Plus and
// LeafBridge retailer.
const (
	testVenue    = "0123456789abcdef"
	testRetailer = "5b3e4c0a-1f2d-4e5f-8a9b-0c1d2e3f4a5b"
)

// literalDataset is a hand-made dataset: a Jane store "100", a Dutchie store
// "test-dutchie", a Sweed store "77", a Weedmaps listing "test-weedmaps", a Dispense
// venue, and "test-jsonld", "test-html", "test-tymber" and "test-leafly" stores, with n
// products each, cycling through the tracked categories.
func literalDataset(n int) *Dataset {
	return &Dataset{Stores: []Store{
		{Platform: "jane", Key: "100", Name: "Jane Test", Markets: []data.Market{data.Recreational}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "dutchie", Key: "test-dutchie", DispensaryID: "0123456789abcdef01234567", Name: "Dutchie Test",
			Markets: []data.Market{data.Medical, data.Recreational}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "sweed", Key: "77", Name: "Sweed Test", Markets: []data.Market{data.Recreational}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "weedmaps", Key: "test-weedmaps", Name: "Weedmaps Test", Markets: []data.Market{data.Recreational}, Products: literalProducts(n)},
		{Platform: "dispense", Key: testVenue, Name: "Dispense Test", Markets: []data.Market{data.Medical}, Products: literalProducts(n)},
		{Platform: "dutchieplus", Key: testRetailer, Name: "Plus Test", Markets: []data.Market{data.Recreational}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "leafbridge", Key: testRetailer, Name: "LeafBridge Test", Markets: []data.Market{data.Medical}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "joint", Key: "4242", Name: "Joint Test", Markets: []data.Market{data.Recreational, data.Medical}, Products: literalProducts(n), MedicalPriceFactor: 0.9},
		{Platform: "jsonld", Key: "test-jsonld", Name: "JSON-LD Test", City: "Columbus", Markets: []data.Market{data.Recreational}, Products: literalProducts(n)},
		{Platform: "html", Key: "test-html", Name: "HTML Test", City: "Toledo", Markets: []data.Market{data.Medical}, Products: literalProducts(n)},
		{Platform: "tymber", Key: "test-tymber", Name: "Tymber Test", City: "Athens", Markets: []data.Market{data.Recreational}, Products: literalProducts(n)},
		{Platform: "leafly", Key: "test-leafly", Name: "Leafly Test", City: "Sandusky", Markets: []data.Market{data.Recreational}, Products: literalProducts(n)},
	}}
}

func literalProducts(n int) []Product {
	out := make([]Product, n)
	for i := range out {
		c := data.TrackedCategories[i%len(data.TrackedCategories)]
		p := Product{
			ID: fmt.Sprint(1000 + i), Name: fmt.Sprintf("Product %d", i), Brand: "Brand", StrainType: "hybrid",
			Category: c, THC: 20, PotencyUnit: "%",
			Sizes: []Size{{Label: "3.5g", Grams: 3.5, Price: 40, InStock: true}},
		}
		if c == data.Edible {
			p.THC, p.PotencyUnit = 100, "mg"
			p.Sizes = []Size{{Label: ".1g", Mg: 100, Price: 20, SalePrice: 15, InStock: true}}
		}
		out[i] = p
	}
	return out
}

// post sends a JSON body and returns the status and body of the reply.
func post(tb testing.TB, url string, body string, header map[string]string) (int, []byte) {
	tb.Helper()
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		tb.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	for k, v := range header {
		req.Header.Set(k, v)
	}
	return do(tb, req)
}

func get(tb testing.TB, url string) (int, []byte) {
	tb.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return do(tb, req)
}

func do(tb testing.TB, req *http.Request) (int, []byte) {
	tb.Helper()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		tb.Fatalf("%s %s: %v", req.Method, req.URL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		tb.Fatalf("read reply: %v", err)
	}
	return resp.StatusCode, body
}

var algoliaHeaders = map[string]string{"X-Algolia-Application-Id": "VFM4X0N23A", "X-Algolia-API-Key": "test-key"}

// janeQuery posts an Algolia query body to the replay.
func janeSearch(tb testing.TB, base, body string) (int, []byte) {
	tb.Helper()
	return post(tb, base+janeQueryPath, body, algoliaHeaders)
}

// dutchieURL is a persisted-query GET URL as the real clients build it.
func dutchieURL(base, path, op string, variables any, hash string) string {
	vars, _ := json.Marshal(variables)
	ext := fmt.Sprintf(`{"persistedQuery":{"version":1,"sha256Hash":%q}}`, hash)
	q := url.Values{"operationName": {op}, "variables": {string(vars)}, "extensions": {ext}}
	return base + path + "?" + q.Encode()
}

// dutchieBody is the same request as a POST body.
func dutchieBody(op string, variables any, hash string) string {
	b, _ := json.Marshal(map[string]any{
		"operationName": op, "variables": variables,
		"extensions": map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}},
	})
	return string(b)
}

func productsVars(dispensaryID, pricing string, page, perPage int) map[string]any {
	return map[string]any{
		"includeEnterpriseSpecials": false,
		"productsFilter": map[string]any{
			"dispensaryId": dispensaryID, "pricingType": pricing, "strainTypes": []string{}, "subcategories": []string{},
			"Status": "Active", "types": []string{}, "useCache": false, "isDefaultSort": true, "sortBy": "weight",
			"sortDirection": 1, "bypassOnlineThresholds": false, "isKioskMenu": false, "removeProductsBelowOptionThresholds": true,
		},
		"page": page, "perPage": perPage,
	}
}

const testHash = "ee29c060826dc41c527e470e9ae502c9b2c169720faa0a9f5d25e1b9a530a4a0"

func mustUnmarshal(tb testing.TB, raw []byte, v any) {
	tb.Helper()
	if err := json.Unmarshal(raw, v); err != nil {
		tb.Fatalf("decode %.200s: %v", raw, err)
	}
}

// embeddedDemoRegistry is the embedded registry (every platform the replay serves
// allowed, with no identifier checks: data knows none) and DemoRegistry's version of it.
func embeddedDemoRegistry(t *testing.T) (reg, demo data.Registry) {
	t.Helper()
	rules := data.PlatformRules{}
	for _, p := range platforms {
		rules[p.name] = nil
	}
	reg, err := data.DefaultRegistry(rules)
	if err != nil {
		t.Fatal(err)
	}
	if demo, err = DemoRegistry(reg); err != nil {
		t.Fatal(err)
	}
	return reg, demo
}
