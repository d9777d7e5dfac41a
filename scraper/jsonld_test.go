package scraper

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// jsonldPages are the hand-written fixtures by their path on the test store.
var jsonldPages = map[string]string{
	"/shop/": "jsonld/menu-graph.html",
	"/menu":  "jsonld/menu-sections.html",
}

func jsonldServer(t testing.TB) *pageServer {
	s := &pageServer{pages: map[string][]byte{}}
	for path, file := range jsonldPages {
		s.pages[path] = readTestdata(t, file)
	}
	s.pages["/gleaf"] = readTestdata(t, "sweed/gleaf-rockville_shop_page_rendered.html")
	return s
}

var (
	jsonldGraphSource    = data.MenuSource{Market: data.Recreational, Platform: "jsonld", Endpoint: "https://buckeyevalleywellness.example/shop/"}
	jsonldSectionsSource = data.MenuSource{Market: data.Medical, Platform: "jsonld", URL: "https://lakeerieremedies.example/menu"}
)

func jsonldFetch(t *testing.T, src data.MenuSource) data.Menu {
	t.Helper()
	srv := httptest.NewServer(jsonldServer(t))
	defer srv.Close()
	menu, err := pageFetch(t, jsonldPlatform, srv, src)
	if err != nil {
		t.Fatal(err)
	}
	return menu
}

func TestJSONLDGolden(t *testing.T) {
	tests := []struct {
		golden  string
		src     data.MenuSource
		skipped []string // what each skipped record's description holds
	}{
		{"jsonld_menu-graph", jsonldGraphSource, []string{"price range (20.00 to 60.00) without its offers", "price in CAD, not USD", "JSON-LD block 3"}},
		{"jsonld_menu-sections", jsonldSectionsSource, nil},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			menu := jsonldFetch(t, tt.src)
			if menu.Requests != 1 || len(menu.Skipped) != len(tt.skipped) {
				t.Fatalf("requests %d, skipped %q", menu.Requests, menu.Skipped)
			}
			for i, want := range tt.skipped {
				if !strings.Contains(menu.Skipped[i], want) {
					t.Errorf("skipped[%d] = %q, want it to hold %q", i, menu.Skipped[i], want)
				}
			}
			menuInvariants(t, menu.Offers)
			checkGolden(t, tt.golden, menu.Offers)
		})
	}
}

// TestJSONLDHandChecked asserts offers read by eye from the fixtures.
func TestJSONLDHandChecked(t *testing.T) {
	graph := jsonldFetch(t, jsonldGraphSource).Offers
	sections := jsonldFetch(t, jsonldSectionsSource).Offers
	tests := []struct {
		name   string
		offers []data.Offer
		want   menuWant
	}{
		// ItemList 1: offer price "45.00" with a StrikethroughPrice of 55.00: $55 on sale
		// at $45; weight 3.5 GRM; THC 27.4 %; "Flower > Indica"; relative url resolved.
		{"strikethrough sale", graph, menuWant{id: "BVW-1001", size: "3.5 g", name: "GMO Cookies 3.5g", category: data.Flower,
			price: 55, sale: 45, grams: 3.5, inStock: true, thc: 27.4, unit: "%", strainType: "indica",
			url: "https://buckeyevalleywellness.example/product/gmo-cookies-3-5g/"}},
		// ItemList 2: weight "2.83 g" as text, THC "24.1%" as text, OutOfStock.
		{"out of stock, text weight", graph, menuWant{id: "BVW-1002", size: "2.83 g", name: "Tropicanna Cherry", category: data.Flower,
			price: 35, grams: 2.83, thc: 24.1, unit: "%", strainType: "sativa",
			url: "https://buckeyevalleywellness.example/product/tropicanna-cherry-2-83g/"}},
		// ProductGroup variant: the group's id, brand and url; THC unitCode P1.
		{"group variant", graph, menuWant{id: "BVW-2000", size: "5.66 g", name: "Blue Dream 5.66g", category: data.Flower,
			price: 55, grams: 5.66, inStock: true, thc: 21.9, unit: "%", strainType: "sativa",
			url: "https://buckeyevalleywellness.example/product/blue-dream/"}},
		// AggregateOffer's nested 1g offer, LimitedAvailability is in stock; the
		// javascript: url is dropped.
		{"aggregate nested", graph, menuWant{id: "BVW-3001", size: "1g", name: "Live Resin Cart - Mango Haze", category: data.Vape,
			price: 70, grams: 1, inStock: true, thc: 78.2, unit: "%"}},
		// AggregateOffer 25.00 to 25.00 is one price; 100 mg from the THC property.
		{"aggregate single price edible", graph, menuWant{id: "BVW-4001", size: "", name: "Watermelon Gummies 10pk 100mg", category: data.Edible,
			price: 25, mg: 100, inStock: true, thc: 100, unit: "mg"}},
		// Priced only in priceSpecification; a tincture is Other.
		{"priceSpecification only", graph, menuWant{id: "BVW-5001", size: "", name: "Tincture 1:1 30ml", category: data.Other,
			price: 60, inStock: true}},
		// MenuItem in section "Pre-Rolls", id from identifier.
		{"menu item", sections, menuWant{id: "ler-pr-01", size: "", name: "Sour Diesel Pre-Roll 1g", category: data.Preroll,
			price: 12, grams: 1, inStock: true}},
		// SoldOut; 5pk (2.5g) read from the name.
		{"menu item sold out", sections, menuWant{id: "name:ice cream cake infused pre roll 5pk 2 5g", size: "", name: "Ice Cream Cake Infused Pre-Roll 5pk (2.5g)",
			category: data.Preroll, price: 40, grams: 2.5}},
		// Nested section "Concentrates > Live Rosin": ListPrice 75 over price 60.
		{"nested section list price", sections, menuWant{id: "name:papaya live rosin 1g", size: "", name: "Papaya Live Rosin 1g", category: data.Extract,
			price: 75, sale: 60, grams: 1, inStock: true}},
		// OfferCatalog: eligibleQuantity 0.125 ONZ is an eighth, 3.5 g; InStoreOnly.
		{"offer catalog ounces", sections, menuWant{id: "ler-fl-07", size: "0.125 oz", name: "Jealousy", category: data.Flower,
			price: 38, grams: 3.5, inStock: true, url: "https://lakeerieremedies.example/menu/jealousy"}},
		// Nested OfferCatalog, weight 110 MGM on a chocolate, currency "usd".
		{"nested catalog edible", sections, menuWant{id: "ler-ed-02", size: "110 mg", name: "Dark Chocolate Bar", category: data.Edible,
			price: 18, mg: 110, inStock: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, tt.offers) })
	}
	for _, o := range graph {
		if o.ProductID == "BVW-6001" || o.ProductID == "BVW-4002" {
			t.Errorf("offer %s should have been skipped: %+v", o.ProductID, o)
		}
	}
	if o := findOffer(t, sections, "name:510 battery", ""); o.Category != data.Other || o.RawCategory != "Accessories" {
		t.Errorf("battery: %+v", o)
	}
}

func TestJSONLDFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	page := func(body string) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
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
		// The one real page with JSON-LD: Store and Menu without products.
		{"gLeaf Store and Menu without products", data.MenuSource{Market: data.Recreational, Endpoint: "https://www.gleaf.com/gleaf"}, nil,
			data.ReasonParse, 200, "no Product offers in JSON-LD (found Menu, Store)"},
		{"no JSON-LD at all", jsonldGraphSource, page(`<!doctype html><html><head><title>Shop</title></head><body>Menu</body></html>`),
			data.ReasonParse, 200, "no JSON-LD"},
		{"only links to product pages", jsonldGraphSource, page(`<script type="application/ld+json">{"@type":"ItemList","itemListElement":[{"@type":"ListItem","item":"https://x.example/p/1"}]}</script>`),
			data.ReasonParse, 200, "1 list items only link to product pages"},
		{"broken JSON", jsonldGraphSource, page(`<script type="application/ld+json">{"@type":"Product",</script>`),
			data.ReasonParse, 200, "JSON-LD block 1"},
		{"lowest prices only", jsonldGraphSource, page(`<script type="application/ld+json">[{"@type":"Product","name":"a","offers":{"@type":"AggregateOffer","lowPrice":20}},{"@type":"Product","name":"b","offers":{"@type":"AggregateOffer","lowPrice":"30","offerCount":1}},{"@type":"Product","name":"c","offers":{"@type":"AggregateOffer","lowPrice":20,"offerCount":3}}]</script>`),
			data.ReasonParse, 200, "only its lowest price (20.00)"},
		{"most products unreadable", jsonldGraphSource, page(`<script type="application/ld+json">[{"@type":"Product","name":"a","offers":{"price":"ten"}},{"@type":"Product","offers":{"price":1}},{"@type":"Product","name":"c","offers":{"price":3}}]</script>`),
			data.ReasonParse, 200, "2 of 3 records unreadable"},
		{"HTTP 404", data.MenuSource{Market: data.Recreational, Endpoint: "https://buckeyevalleywellness.example/gone"}, nil,
			data.ReasonHTTPStatus, 404, "jsonld page"},
		{"challenge page behind 403", jsonldGraphSource, func(w http.ResponseWriter, r *http.Request) bool {
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 403, "bot-challenge"},
		{"challenge page behind 200", jsonldGraphSource, page(string(challenge)), data.ReasonBlocked, 200, "bot-challenge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := jsonldServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := pageFetch(t, jsonldPlatform, srv, tt.src)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) || !strings.Contains(err.Error(), "jsonld") {
				t.Errorf("status %d, error %q; want %d and %q", fe.Status, err, tt.status, tt.detail)
			}
			if menu.Requests != 1 {
				t.Errorf("requests %d", menu.Requests)
			}
		})
	}
}

func TestJSONLDValidate(t *testing.T) {
	a := testAdapter(t, jsonldPlatform, "", nil)
	tests := []struct {
		name    string
		src     data.MenuSource
		wantErr string
	}{
		{"endpoint", jsonldGraphSource, ""},
		{"url", jsonldSectionsSource, ""},
		{"neither", data.MenuSource{Market: data.Recreational}, "endpoint or url"},
		{"relative endpoint", data.MenuSource{Market: data.Recreational, Endpoint: "/shop"}, "endpoint"},
		{"ftp url", data.MenuSource{Market: data.Recreational, URL: "ftp://x.example/menu"}, "url"},
		{"bad market", data.MenuSource{Market: "adult", URL: "https://x.example/menu"}, "market"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := a.Validate(tt.src)
			if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("error %v, want one naming %q", err, tt.wantErr)
			}
		})
	}
}

func FuzzJSONLD(f *testing.F) {
	for _, file := range jsonldPages {
		f.Add(readTestdata(f, file))
	}
	f.Add(readTestdata(f, "sweed/gleaf-rockville_shop_page_rendered.html"))
	f.Add([]byte(`<script type="application/ld+json">{"@type":"Product","name":"x","additionalProperty":{"name":"THC","value":"250%"},"offers":{"price":-5}}</script>`))
	page, _ := url.Parse("https://store.example/menu")
	f.Fuzz(func(t *testing.T, body []byte) {
		res, err := jsonldParse(testBudget(), body, page, "fuzz")
		if err != nil {
			return
		}
		fuzzInvariants(t, res.set.offers)
	})
}

func BenchmarkParseJSONLD(b *testing.B) {
	body := readTestdata(b, "jsonld/menu-graph.html")
	page, _ := url.Parse(jsonldGraphSource.Endpoint)
	benchParse(b, len(body), func() int {
		res, err := jsonldParse(testBudget(), body, page, "bench")
		if err != nil {
			b.Fatal(err)
		}
		return len(res.set.offers)
	})
}

// TestJSONLDBrokenBlocks keeps a menu whose only product is beside broken blocks: a
// block that is not JSON is noted, not counted against the products.
func TestJSONLDBrokenBlocks(t *testing.T) {
	page := `<script type="application/ld+json">{"@type":"BreadcrumbList",}</script>` +
		`<script type="application/ld+json">{"@type":"Organization" "name":"x"}</script>` +
		`<script type="application/ld+json">{"@type":"Product","name":"Kush Mints 3.5g","sku":"km","category":"Flower","offers":{"@type":"Offer","price":40,"priceCurrency":"USD"}}</script>`
	srv := httptest.NewServer(&pageServer{pages: map[string][]byte{"/shop/": []byte(page)}})
	defer srv.Close()
	menu, err := pageFetch(t, jsonldPlatform, srv, jsonldGraphSource)
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Offers) != 1 || menu.Offers[0].Grams != 3.5 || len(menu.Skipped) != 2 || !strings.Contains(menu.Skipped[1], "JSON-LD block 2") {
		t.Fatalf("offers %+v skipped %q", menu.Offers, menu.Skipped)
	}
}

// BenchmarkParseJSONLDGleaf measures the scan of the one real page with JSON-LD (the
// gLeaf storefront, 1 MB, no products): the cost of finding the markup in a large
// page, reported as MB/s (it has no offers to count allocations by).
func BenchmarkParseJSONLDGleaf(b *testing.B) {
	body := readTestdata(b, "sweed/gleaf-rockville_shop_page_rendered.html")
	page, _ := url.Parse("https://www.gleaf.com/stores/maryland/rockville/shop")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := jsonldParse(testBudget(), body, page, "bench"); err == nil {
			b.Fatal("the gLeaf page has no products")
		}
	}
}
