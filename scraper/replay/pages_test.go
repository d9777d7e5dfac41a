package replay

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/ohiomc/omc/data"
)

// sizedProducts are a flower sold in two sizes (the larger on sale), a third size sold
// out, and an edible: the cases where products and offers differ in number.
func sizedProducts() []Product {
	return []Product{
		{
			ID: "501", Name: "Lemon Cherry Gelato", Brand: "Klutch Cannabis", StrainType: "hybrid", Category: data.Flower,
			THC: 28.4, PotencyUnit: "%", Sizes: []Size{
				{Label: "2.83g", Grams: 2.83, Price: 40, InStock: true},
				{Label: "5.66g", Grams: 5.66, Price: 75, SalePrice: 60, InStock: true},
				{Label: "14.15g", Grams: 14.15, Price: 160},
			},
		},
		{
			ID: "502", Name: "Watermelon Gummies 10pk", Brand: "Wana", Category: data.Edible, THC: 100, PotencyUnit: "mg",
			Sizes: []Size{{Label: ".1g", Mg: 100, Price: 25, InStock: true}},
		},
	}
}

// sizedDataset is one store per platform of this file, each selling sizedProducts.
func sizedDataset() *Dataset {
	ds := &Dataset{}
	for _, p := range []string{"jsonld", "html", "tymber", "leafly"} {
		ds.Stores = append(ds.Stores, Store{Platform: p, Key: "sized-" + p, Name: "Sized " + p, City: "Akron",
			Markets: []data.Market{data.Recreational}, Products: sizedProducts()})
	}
	return ds
}

// TestPageMenusWithSizes: a product in two sizes is one product on the page platforms
// (one sku, one link, one id) and two items on Leafly, and Expected says so.
func TestPageMenusWithSizes(t *testing.T) {
	ds := sizedDataset()
	ts := httptest.NewServer(New(ds))
	defer ts.Close()
	counters := map[string]func(*testing.T, string, string) map[data.Category]int{
		"jsonld": countJSONLD, "html": countHTMLMenu, "tymber": countTymber, "leafly": countLeafly,
	}
	for _, st := range ds.Stores {
		t.Run(st.Platform, func(t *testing.T) {
			wantFlower := 1
			if st.Platform == "leafly" {
				wantFlower = 2
			}
			want := map[data.Category]int{data.Flower: wantFlower, data.Edible: 1}
			got := counters[st.Platform](t, ts.URL, st.Key)
			expected := ds.Expected(st.Platform, st.Key, data.Recreational)
			for _, c := range data.TrackedCategories {
				if got[c] != want[c] || expected[c] != want[c] {
					t.Errorf("%s: served %d, Expected %d, want %d", c, got[c], expected[c], want[c])
				}
			}
		})
	}
}

func TestJSONLDOffers(t *testing.T) {
	ts := httptest.NewServer(New(sizedDataset()))
	defer ts.Close()
	page := getWith(t, ts.URL+"/stores/sized-jsonld/menu", nil)
	var ld struct {
		Context string           `json:"@context"`
		Graph   []map[string]any `json:"@graph"`
	}
	mustUnmarshal(t, ldScript.FindSubmatch(page)[1], &ld)
	if ld.Context != "https://schema.org" || ld.Graph[0]["@type"] != "Store" {
		t.Fatalf("context %q, first node %v", ld.Context, ld.Graph[0]["@type"])
	}
	flower := ld.Graph[1]["itemListElement"].([]any)[0].(map[string]any)["item"].(map[string]any)
	raw, _ := json.Marshal(flower["offers"])
	want := `[{"@type":"Offer","availability":"https://schema.org/InStock","itemCondition":"https://schema.org/NewCondition","name":"2.83g","price":"40.00","priceCurrency":"USD","url":"/stores/sized-jsonld/product/lemon-cherry-gelato-501/"},` +
		`{"@type":"Offer","availability":"https://schema.org/InStock","itemCondition":"https://schema.org/NewCondition","name":"5.66g","price":"60.00","priceCurrency":"USD",` +
		`"priceSpecification":[{"@type":"UnitPriceSpecification","price":75,"priceCurrency":"USD","priceType":"https://schema.org/StrikethroughPrice"}],"url":"/stores/sized-jsonld/product/lemon-cherry-gelato-501/"}]`
	if string(raw) != want {
		t.Errorf("offers\n%s\nwant\n%s", raw, want)
	}
	if flower["sku"] != "SIZ-501" || flower["category"] != "Flower" {
		t.Errorf("sku %v category %v", flower["sku"], flower["category"])
	}
}

func TestHTMLMenuCards(t *testing.T) {
	ts := httptest.NewServer(New(sizedDataset()))
	defer ts.Close()
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(getWith(t, ts.URL+"/locations/sized-html/menu", nil)))
	if err != nil {
		t.Fatal(err)
	}
	var cards []string
	doc.Find(demoHTMLSelectors["item"]).Each(func(_ int, c *goquery.Selection) {
		href, _ := c.Find(demoHTMLSelectors["link"]).Attr("href")
		cards = append(cards, strings.Join([]string{
			c.Find(demoHTMLSelectors["name"]).Text(), c.Find(demoHTMLSelectors["brand"]).Text(), c.Find(demoHTMLSelectors["size"]).Text(),
			c.Find(demoHTMLSelectors["thc"]).Text(), c.Find(demoHTMLSelectors["price"]).Text(), c.Find(demoHTMLSelectors["salePrice"]).Text(), href,
		}, "|"))
	})
	want := []string{
		"Lemon Cherry Gelato|Klutch Cannabis|2.83g|THC 28.4%|$40.00||/locations/sized-html/product/lemon-cherry-gelato-501/",
		"Lemon Cherry Gelato|Klutch Cannabis|5.66g|THC 28.4%|$75.00|$60.00|/locations/sized-html/product/lemon-cherry-gelato-501/",
		"Watermelon Gummies 10pk|Wana|100mg|100mg THC|$25.00||/locations/sized-html/product/watermelon-gummies-10pk-502/",
	}
	if fmt.Sprint(cards) != fmt.Sprint(want) {
		t.Errorf("cards\n%q\nwant\n%q", cards, want)
	}
}

func TestTymberPages(t *testing.T) {
	ds := literalDataset(120) // 24 products per category
	ts := httptest.NewServer(New(ds))
	defer ts.Close()

	var page struct {
		Page  string `json:"page"`
		Props struct {
			PageProps struct {
				Products struct {
					Data struct {
						Meta struct {
							Total int `json:"total_count"`
						} `json:"meta"`
						Objects []struct {
							Attributes struct {
								WeightPrices []struct {
									Price, DiscountPrice *struct {
										Amount json.Number `json:"amount"`
									}
									DisplayName string `json:"display_name"`
								} `json:"weight_prices"`
								UnitPrices []struct {
									Price struct {
										Amount json.Number `json:"amount"`
									} `json:"price"`
									DiscountPrice *struct {
										Amount json.Number `json:"amount"`
									} `json:"discount_price"`
									DisplayName string `json:"display_name"`
								} `json:"unit_prices"`
							} `json:"attributes"`
						} `json:"objects"`
					} `json:"data"`
				} `json:"products"`
			} `json:"pageProps"`
		} `json:"props"`
	}
	tymberData(t, ts.URL+"/shop/test-tymber/menu/categories/flower", &page)
	d := page.Props.PageProps.Products.Data
	if page.Page != "/menu/categories/[category]" || d.Meta.Total != 24 || len(d.Objects) != tymberPageSize {
		t.Fatalf("page %q: %d of %d products rendered, want the first %d of 24", page.Page, len(d.Objects), d.Meta.Total, tymberPageSize)
	}
	if wp := d.Objects[0].Attributes.WeightPrices; len(wp) != 1 || wp[0].Price.Amount != "4000" || wp[0].DisplayName != "3.5g" {
		t.Errorf("weight_prices %+v, want 3.5g at 4000 cents", wp)
	}
	tymberData(t, ts.URL+"/shop/test-tymber/menu/categories/edibles", &page)
	up := page.Props.PageProps.Products.Data.Objects[0].Attributes.UnitPrices
	if len(up) != 1 || up[0].Price.Amount != "2000" || up[0].DiscountPrice.Amount != "1500" || up[0].DisplayName != "100mg" {
		t.Errorf("unit_prices %+v, want 100mg at 2000 cents, 1500 on sale", up)
	}
	for _, path := range []string{"/shop/test-tymber/menu/categories/topicals", "/shop/no-such-shop/menu", "/shop/no-such-shop/menu/categories/flower"} {
		if status, _ := get(t, ts.URL+path); status != http.StatusNotFound {
			t.Errorf("%s: status %d, want 404", path, status)
		}
	}
}

func TestCapTymberMenu(t *testing.T) {
	menu := literalProducts(120)
	capped := capTymberMenu(menu)
	per := map[data.Category]int{}
	for i, p := range capped {
		per[p.Category]++
		if p.ID != menu[i].ID {
			t.Fatalf("product %d is %s, want %s: the first products stay in menu order", i, p.ID, menu[i].ID)
		}
	}
	for _, c := range data.TrackedCategories {
		if per[c] != tymberPageSize {
			t.Errorf("%s: %d products, want %d", c, per[c], tymberPageSize)
		}
	}
	ds := mustDemo(t)
	st, _ := ds.Store("tymber", "scioto-river-cannabis")
	for c, n := range ds.Expected("tymber", st.Key, data.Recreational) {
		if n > tymberPageSize {
			t.Errorf("demo Tymber store: %d %s products, more than a category page renders", n, c)
		}
	}
}

func TestLeaflyPaging(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(120)))
	defer ts.Close()
	menu := ts.URL + "/api/dispensaries/v1/test-leafly/menu_items"
	tests := []struct {
		query  string
		status int
		items  int
	}{
		{"?take=50&skip=0", 200, 50},
		{"?take=50&skip=100", 200, 20},
		{"?take=50&skip=200", 200, 0},
		{"?take=51&skip=0", 400, 0},
		{"?take=0&skip=0", 400, 0},
		{"?take=10&skip=-1", 400, 0},
		{"?skip=0", 400, 0},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			status, raw := get(t, menu+tt.query)
			if status != tt.status {
				t.Fatalf("status %d, want %d: %s", status, tt.status, raw)
			}
			if status != http.StatusOK {
				return
			}
			var r struct {
				Data     []map[string]any `json:"data"`
				Metadata struct {
					TotalCount int `json:"totalCount"`
				} `json:"metadata"`
			}
			mustUnmarshal(t, raw, &r)
			if len(r.Data) != tt.items || r.Data == nil || r.Metadata.TotalCount != 120 {
				t.Errorf("%d items of %d, want %d of 120", len(r.Data), r.Metadata.TotalCount, tt.items)
			}
		})
	}
	if status, raw := get(t, ts.URL+"/api/dispensaries/v1/no-such-store/menu_items?take=50&skip=0"); status != http.StatusNotFound {
		t.Errorf("unknown dispensary: status %d %s, want 404", status, raw)
	}
}

func TestPageStoreKey(t *testing.T) {
	tests := []struct {
		m    data.MenuSource
		want string
	}{
		{data.MenuSource{Platform: "jsonld", URL: "https://a.example/stores/bloom-akron/menu"}, "bloom-akron"},
		{data.MenuSource{Platform: "jsonld", URL: "https://a.example/stores/bloom-akron/menu/"}, "bloom-akron"},
		{data.MenuSource{Platform: "jsonld", Endpoint: "https://a.example/stores/x/menu", URL: "https://a.example/stores/y/menu"}, "x"},
		{data.MenuSource{Platform: "html", URL: "https://a.example/locations/klutch-akron/menu"}, "klutch-akron"},
		{data.MenuSource{Platform: "html", URL: "https://a.example/stores/klutch-akron/menu"}, ""},
		{data.MenuSource{Platform: "tymber", URL: "https://shop.a.example/shop/scioto"}, "scioto"},
		{data.MenuSource{Platform: "tymber", URL: "https://shop.a.example/shop/scioto/menu"}, "scioto"},
		{data.MenuSource{Platform: "tymber", URL: "https://shop.a.example/menu"}, ""},
		{data.MenuSource{Platform: "leafly", StoreID: "lake-erie-leaf"}, "lake-erie-leaf"},
	}
	for _, tt := range tests {
		if got := StoreKey(tt.m); got != tt.want {
			t.Errorf("StoreKey(%s %s%s) = %q, want %q", tt.m.Platform, tt.m.Endpoint, tt.m.URL, got, tt.want)
		}
	}
}

func TestPageNotFound(t *testing.T) {
	ts := httptest.NewServer(New(literalDataset(5)))
	defer ts.Close()
	for _, path := range []string{"/stores/no-such-store/menu", "/locations/no-such-store/menu"} {
		status, body := get(t, ts.URL+path)
		if status != http.StatusNotFound || !bytes.Contains(body, []byte("Page not found")) {
			t.Errorf("%s: status %d, want the site's 404 page", path, status)
		}
	}
}
