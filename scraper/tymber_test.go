package scraper

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

var tymberSource = data.MenuSource{Market: data.Recreational, Platform: "tymber", Endpoint: "https://shop.sciotoriver.example"}

// tymberServer serves the hand-written storefront: the menu page and one page per
// category.
func tymberServer(t testing.TB) *pageServer {
	s := &pageServer{pages: map[string][]byte{"/menu": readTestdata(t, "tymber/menu.html")}}
	for _, c := range []string{"flower", "pre-rolls", "edibles", "tinctures"} {
		s.pages["/menu/categories/"+c] = readTestdata(t, "tymber/category-"+c+".html")
	}
	return s
}

func tymberFetch(t *testing.T, s *pageServer, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	srv := httptest.NewServer(s)
	defer srv.Close()
	return pageFetch(t, tymberPlatform, srv, src)
}

func TestTymberGolden(t *testing.T) {
	s := tymberServer(t)
	menu, err := tymberFetch(t, s, tymberSource)
	if err != nil {
		t.Fatal(err)
	}
	// The menu page, then each category once (Flower is listed twice in the catalog).
	want := []string{"/menu", "/menu/categories/flower", "/menu/categories/pre-rolls", "/menu/categories/edibles", "/menu/categories/tinctures"}
	if got := s.paths(); !slices.Equal(got, want) || menu.Requests != len(want) {
		t.Fatalf("requests %d %v, want %v", menu.Requests, got, want)
	}
	// Flower renders 4 of 23; product 7503's price is not a number.
	if len(menu.Skipped) != 2 || !strings.Contains(menu.Skipped[0], "4 of 23 products rendered by the server") ||
		!strings.Contains(menu.Skipped[1], "not a number") {
		t.Fatalf("skipped %q", menu.Skipped)
	}
	menuInvariants(t, menu.Offers)
	checkGolden(t, "tymber_scioto-river", menu.Offers)
}

// TestTymberHandChecked asserts offers read by eye from the fixtures.
func TestTymberHandChecked(t *testing.T) {
	menu, err := tymberFetch(t, tymberServer(t), tymberSource)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		want menuWant
	}{
		// weight_prices[1]: 7500 cents, discount_price 6000 cents.
		{"cents and discount", menuWant{id: "7301", size: "5.66g", name: "Lemon Cherry Gelato", category: data.Flower,
			price: 75, sale: 60, grams: 5.66, inStock: true, thc: 28.4, unit: "%", strainType: "hybrid"}},
		// "1/8 oz" at 4500 cents; its 1/4 oz size at 0 cents is not sold.
		{"eighth", menuWant{id: "7302", size: "1/8 oz", name: "Black Maple | Grown Rogue", category: data.Flower,
			price: 45, grams: 3.5, inStock: true, thc: 24.2, unit: "%", strainType: "indica"}},
		// in_stock false; an empty display_name with weight_key eighth_ounce; a discount
		// equal to the price is no sale.
		{"out of stock, weight key", menuWant{id: "7303", size: "", name: "Super Lemon Haze", category: data.Flower,
			price: 38, grams: 3.5, thc: 21, unit: "%", strainType: "sativa"}},
		// unit_prices: 3500 → 2800 cents; "5 x 0.5g" is a 2.5 g pack.
		{"unit prices", menuWant{id: "7401", size: "5 x 0.5g", name: "Jealousy Pre-Roll 5pk", category: data.Preroll,
			price: 35, sale: 28, grams: 2.5, inStock: true, thc: 25.5, unit: "%", strainType: "hybrid"}},
		// unit_price only, size display_text; composition thc 100 read as mg on an edible.
		{"unit price edible", menuWant{id: "7501", size: "10pk / 100mg", name: "Watermelon Gummies 10pk", category: data.Edible,
			price: 25, mg: 100, inStock: true, thc: 100, unit: "mg"}},
		{"edible sale", menuWant{id: "7502", size: "100mg", name: "Camino Sours - Pineapple Habanero", category: data.Edible,
			price: 22, sale: 17.6, mg: 100, inStock: true, thc: 100, unit: "mg"}},
		// Tinctures are Other; their composition is read as mg.
		{"tincture", menuWant{id: "7601", size: "30ml", name: "Rest 1:1 Tincture", category: data.Other,
			price: 60, inStock: true, thc: 300, unit: "mg"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
	n := 0
	for _, o := range menu.Offers {
		switch o.ProductID {
		case "7301":
			n++
			if o.Category != data.Flower {
				t.Errorf("7301 takes the category it was first listed under: %+v", o)
			}
		case "7304", "7402":
			t.Errorf("hidden or deleted product %s listed", o.ProductID)
		}
	}
	if n != 2 {
		t.Errorf("7301 has %d offers, want its 2 sizes once", n)
	}
}

func TestTymberFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	at := func(path, body string, status int) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			if r.URL.Path != path {
				return false
			}
			w.WriteHeader(status)
			w.Write([]byte(body))
			return true
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
		{"not a Next.js page", tymberSource, at("/menu", `<!doctype html><html><body><h1>Menu</h1></body></html>`, 200),
			data.ReasonParse, 200, "no __NEXT_DATA__ script"},
		{"menu page without the catalog", tymberSource, at("/menu", `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{}}}</script>`, 200),
			data.ReasonParse, 200, "no props.pageProps.filtersCatalog"},
		{"catalog without categories", tymberSource, at("/menu", `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"filtersCatalog":{"included":[{"type":"brands","attributes":{"slug":"x"}}]}}}}</script>`, 200),
			data.ReasonParse, 200, "lists no product_categories"},
		{"category slug that is not a path segment", tymberSource, at("/menu", `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"filtersCatalog":{"included":[{"type":"product_categories","attributes":{"slug":"../admin","name":"X"}}]}}}}</script>`, 200),
			data.ReasonParse, 200, "not a path segment"},
		{"broken __NEXT_DATA__", tymberSource, at("/menu", `<script id="__NEXT_DATA__" type="application/json">{"props":</script>`, 200),
			data.ReasonParse, 200, "__NEXT_DATA__"},
		{"category page without products", tymberSource, at("/menu/categories/edibles", `<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"products":{}}}}</script>`, 200),
			data.ReasonParse, 200, "tymber https://shop.sciotoriver.example/menu/categories/edibles: __NEXT_DATA__ has no props.pageProps.products.data.objects"},
		{"category page 404", tymberSource, at("/menu/categories/pre-rolls", "gone", 404),
			data.ReasonHTTPStatus, 404, "menu/categories/pre-rolls"},
		{"challenge", tymberSource, at("/menu", string(challenge), 403), data.ReasonBlocked, 403, "bot-challenge"},
		{"wrong shop", data.MenuSource{Market: data.Recreational, Endpoint: "https://shop.sciotoriver.example/elsewhere"}, nil,
			data.ReasonHTTPStatus, 404, "elsewhere/menu"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := tymberServer(t)
			s.fail = tt.fail
			_, err := tymberFetch(t, s, tt.src)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) || !strings.Contains(err.Error(), "tymber") {
				t.Errorf("status %d, error %q; want %d and %q", fe.Status, err, tt.status, tt.detail)
			}
		})
	}
}

func TestTymberValidate(t *testing.T) {
	a := testAdapter(t, tymberPlatform, "", nil)
	for _, tt := range []struct {
		src     data.MenuSource
		wantErr string
	}{
		{tymberSource, ""},
		{data.MenuSource{Market: data.Medical, URL: "https://shop.sciotoriver.example/menu"}, ""},
		{data.MenuSource{Market: data.Medical}, "endpoint or url"},
		{data.MenuSource{Market: data.Medical, Endpoint: "shop.sciotoriver.example"}, "endpoint"},
		{data.MenuSource{Market: "both", Endpoint: "https://shop.sciotoriver.example"}, "market"},
	} {
		err := a.Validate(tt.src)
		if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
			t.Errorf("%+v: error %v, want one naming %q", tt.src, err, tt.wantErr)
		}
	}
	// A url ending in /menu is the same shop.
	shop, err := tymberShop(data.MenuSource{URL: "https://shop.sciotoriver.example/menu/"})
	if err != nil || shop.String() != "https://shop.sciotoriver.example" {
		t.Errorf("shop %v, %v", shop, err)
	}
}

// tymberFuzzParse is what the adapter makes of one category page.
func tymberFuzzParse(body []byte) ([]data.Offer, error) {
	pg, err := tymberCategoryProducts(testBudget(), body)
	if err != nil {
		return nil, err
	}
	set := recordSet{where: "fuzz"}
	for _, raw := range pg.objects {
		var p tymberProduct
		if err := json.Unmarshal(raw, &p); err != nil {
			continue
		}
		offers, err := p.offers(string(p.ID), tymberCategory{Slug: "flower", Name: "Flower"})
		set.add(set.records, offers, err)
	}
	return set.offers, nil
}

func FuzzTymber(f *testing.F) {
	for _, c := range []string{"flower", "pre-rolls", "edibles", "tinctures"} {
		f.Add(readTestdata(f, "tymber/category-"+c+".html"))
	}
	f.Add(readTestdata(f, "tymber/menu.html"))
	f.Add([]byte(`<script id="__NEXT_DATA__" type="application/json">{"props":{"pageProps":{"products":{"data":{"objects":[{"id":"1","attributes":{"name":"x","composition":{"thc":400},"weight_prices":[{"price":{"amount":-500},"discount_price":{"amount":900}}]}}]}}}}}</script>`))
	f.Fuzz(func(t *testing.T, body []byte) {
		_, _ = tymberCategories(testBudget(), body)
		offers, err := tymberFuzzParse(body)
		if err != nil {
			return
		}
		fuzzInvariants(t, offers)
	})
}

func BenchmarkParseTymber(b *testing.B) {
	body := readTestdata(b, "tymber/category-flower.html")
	benchParse(b, len(body), func() int {
		offers, err := tymberFuzzParse(body)
		if err != nil {
			b.Fatal(err)
		}
		return len(offers)
	})
}
