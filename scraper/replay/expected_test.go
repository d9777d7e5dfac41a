package replay

import (
	"bytes"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"

	"github.com/ohiomc/omc/data"
)

// Category names as the platforms write them, for decoding served JSON independently of
// the maps the server renders with.
var (
	janeKindCategory = map[string]data.Category{
		"flower": data.Flower, "pre-roll": data.Preroll, "vape": data.Vape, "extract": data.Extract, "edible": data.Edible,
	}
	dutchieTypeCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vaporizers": data.Vape, "Concentrate": data.Extract, "Edible": data.Edible,
	}
	sweedFilterCategory = map[float64]data.Category{
		495364: data.Flower, 495365: data.Preroll, 495366: data.Vape, 495367: data.Extract, 495368: data.Edible,
	}
	weedmapsParentCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vape Pens": data.Vape, "Concentrates": data.Extract, "Edibles": data.Edible,
	}
	plusEnumCategory = map[string]data.Category{
		"FLOWER": data.Flower, "PRE_ROLLS": data.Preroll, "VAPORIZERS": data.Vape, "CONCENTRATES": data.Extract, "EDIBLES": data.Edible,
	}
	dispenseNameCategory = map[string]data.Category{
		"🌿Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vapes": data.Vape, "Concentrates": data.Extract, "🍬Edibles🍫": data.Edible,
	}
)

// TestExpectedMatchesServed pages through every demo store the way a scraper does and
// counts distinct products per category from the raw JSON; Expected must agree.
func TestExpectedMatchesServed(t *testing.T) {
	ds := mustDemo(t)
	ts := httptest.NewServer(New(ds))
	defer ts.Close()

	for _, st := range ds.Stores {
		for _, market := range []data.Market{data.Recreational, data.Medical} {
			t.Run(fmt.Sprintf("%s %s %s", st.Platform, st.Key, market), func(t *testing.T) {
				var got map[data.Category]int
				switch st.Platform {
				case "jane":
					got = countJane(t, ts.URL, st.Key)
				case "dutchie":
					pricing := map[data.Market]string{data.Recreational: "rec", data.Medical: "med"}[market]
					got = countDutchie(t, ts.URL, st.DispensaryID, pricing)
				case "sweed":
					got = countSweed(t, ts.URL, st.Key, market)
				case "weedmaps":
					got = countWeedmaps(t, ts.URL, st.Key)
				case "dispense":
					got = countDispense(t, ts.URL, st.Key)
				case "dutchieplus":
					got = countPlus(t, ts.URL, st.Key, market)
				case "leafbridge":
					got = countLeafBridge(t, ts.URL, st.Key, market)
				case "joint":
					got = countJoint(t, ts.URL, st.Key, market)
				case "jsonld":
					got = countJSONLD(t, ts.URL, st.Key)
				case "html":
					got = countHTMLMenu(t, ts.URL, st.Key)
				case "tymber":
					got = countTymber(t, ts.URL, st.Key)
				case "leafly":
					got = countLeafly(t, ts.URL, st.Key)
				default:
					t.Fatalf("no counter for %s", st.Platform)
				}
				want := ds.Expected(st.Platform, st.Key, market)
				total := 0
				for _, c := range data.TrackedCategories {
					if got[c] != want[c] {
						t.Errorf("%s: served %d, Expected says %d", c, got[c], want[c])
					}
					total += got[c]
				}
				if len(got) > len(data.TrackedCategories) {
					t.Errorf("served categories outside the tracked five: %v", got)
				}
				if total == 0 {
					t.Error("store served nothing")
				}
			})
		}
	}
}

// countJane reads every page of a Jane store (hitsPerPage 25) and counts distinct
// product_id by kind.
func countJane(t *testing.T, base, storeID string) map[data.Category]int {
	t.Helper()
	seen := map[float64]data.Category{}
	for page, pages := 0, 1; page < pages; page++ {
		_, raw := janeSearch(t, base, fmt.Sprintf(`{"query":"","filters":"store_id = %s","hitsPerPage":25,"page":%d}`, storeID, page))
		var r algoliaReply
		mustUnmarshal(t, raw, &r)
		pages = r.NbPages
		for _, h := range r.Hits {
			kind, _ := h["kind"].(string)
			c, ok := janeKindCategory[kind]
			if !ok {
				t.Fatalf("hit %v has kind %q", h["name"], kind)
			}
			seen[h["product_id"].(float64)] = c
		}
	}
	return tally(seen)
}

// countDutchie reads every page of a Dutchie store (perPage 20) and counts distinct _id
// by type.
func countDutchie(t *testing.T, base, dispensaryID, pricing string) map[data.Category]int {
	t.Helper()
	seen := map[string]data.Category{}
	for page, pages := 0, 1; page < pages; page++ {
		_, raw := get(t, dutchieURL(base, "/graphql", "FilteredProducts", productsVars(dispensaryID, pricing, page, 20), testHash))
		var r filteredProductsReply
		mustUnmarshal(t, raw, &r)
		pages = r.Data.FilteredProducts.QueryInfo.TotalPages
		for _, p := range r.Data.FilteredProducts.Products {
			typ, _ := p["type"].(string)
			c, ok := dutchieTypeCategory[typ]
			if !ok {
				t.Fatalf("product %v has type %q", p["Name"], typ)
			}
			seen[p["_id"].(string)] = c
		}
	}
	return tally(seen)
}

// countSweed lists the store's categories, then pages each one's filter (pageSize 10)
// and counts distinct ids by the filter asked.
func countSweed(t *testing.T, base, storeID string, market data.Market) map[data.Category]int {
	t.Helper()
	saleType := map[data.Market]string{data.Recreational: "Recreational", data.Medical: "Medical"}[market]
	header := map[string]string{"Storeid": storeID}
	var cats []struct {
		Filter struct {
			Category []float64 `json:"category"`
		} `json:"filter"`
	}
	mustUnmarshal(t, postJSON(t, base+"/_api/proxy/Products/GetProductCategoryList", header, `{"saleType":"`+saleType+`"}`), &cats)
	seen := map[float64]data.Category{}
	for _, c := range cats {
		filter := c.Filter.Category[0]
		cat, ok := sweedFilterCategory[filter]
		if !ok {
			t.Fatalf("category filter %v is not a tracked category's", filter)
		}
		for page, read, total := 1, 0, 1; read < total; page++ {
			var r struct {
				Total int              `json:"total"`
				List  []map[string]any `json:"list"`
			}
			mustUnmarshal(t, postJSON(t, base+"/_api/proxy/Products/GetProductList", header,
				fmt.Sprintf(`{"filters":{"category":[%v]},"page":%d,"pageSize":10,"saleType":%q}`, filter, page, saleType)), &r)
			total, read = r.Total, read+len(r.List)
			if len(r.List) == 0 {
				break
			}
			for _, p := range r.List {
				seen[p["id"].(float64)] = cat
			}
		}
	}
	return tally(seen)
}

// countWeedmaps pages a listing's menu items (limit 20) and counts distinct ids by
// their edge category's parent.
func countWeedmaps(t *testing.T, base, slug string) map[data.Category]int {
	t.Helper()
	seen := map[float64]data.Category{}
	for page, read, total := 1, 0, 1; read < total; page++ {
		_, raw := get(t, fmt.Sprintf("%s/discovery/v1/listings/dispensaries/%s/menu_items?limit=20&page=%d", base, slug, page))
		var r struct {
			Meta struct {
				Total int `json:"total_menu_items"`
			} `json:"meta"`
			Data struct {
				Items []struct {
					ID   float64 `json:"id"`
					Edge struct {
						Ancestors []struct {
							Name string `json:"name"`
						} `json:"ancestors"`
					} `json:"edge_category"`
				} `json:"menu_items"`
			} `json:"data"`
		}
		mustUnmarshal(t, raw, &r)
		total, read = r.Meta.Total, read+len(r.Data.Items)
		if len(r.Data.Items) == 0 {
			break
		}
		for _, it := range r.Data.Items {
			c, ok := weedmapsParentCategory[it.Edge.Ancestors[0].Name]
			if !ok {
				t.Fatalf("item %v under %q", it.ID, it.Edge.Ancestors[0].Name)
			}
			seen[it.ID] = c
		}
	}
	return tally(seen)
}

// countDispense lists the venue's categories and pages each (limit 7) until a short
// page, counting distinct group ids by the category's name.
func countDispense(t *testing.T, base, venue string) map[data.Category]int {
	t.Helper()
	header := map[string]string{"Api-Key": "test"}
	var cats struct {
		Data []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"data"`
	}
	mustUnmarshal(t, getWith(t, base+"/v1/venues/"+venue+"/product-categories", header), &cats)
	seen := map[string]data.Category{}
	for _, c := range cats.Data {
		cat, ok := dispenseNameCategory[c.Name]
		if !ok {
			t.Fatalf("category %q", c.Name)
		}
		for skip := 0; ; skip += 7 {
			var r struct {
				Data []struct {
					ID string `json:"id"`
				} `json:"data"`
			}
			mustUnmarshal(t, getWith(t, fmt.Sprintf("%s/v1/venues/%s/product-categories/%s/products?limit=7&skip=%d", base, venue, c.ID, skip), header), &r)
			for _, g := range r.Data {
				seen[g.ID] = cat
			}
			if len(r.Data) < 7 {
				break
			}
		}
	}
	return tally(seen)
}

// plusMenuType is the Plus MenuType of a market.
func plusMenuType(m data.Market) string {
	return map[data.Market]string{data.Recreational: "RECREATIONAL", data.Medical: "MEDICAL"}[m]
}

// countPlus pages a Plus retailer's menu (limit 15) until an empty page and counts
// distinct product ids by category enum, for the market's products (menuTypes).
func countPlus(t *testing.T, base, retailer string, market data.Market) map[data.Category]int {
	t.Helper()
	seen := map[string]data.Category{}
	for offset := 0; ; offset += 15 {
		var r struct {
			Data struct {
				Menu struct {
					Products []struct {
						ID        string   `json:"id"`
						Category  string   `json:"category"`
						MenuTypes []string `json:"menuTypes"`
					} `json:"products"`
				} `json:"menu"`
			} `json:"data"`
		}
		mustUnmarshal(t, postJSON(t, base+dutchiePlusPath, map[string]string{"Authorization": "Bearer k"},
			fmt.Sprintf(`{"variables":{"retailerId":%q,"menuType":%q,"limit":15,"offset":%d}}`, retailer, plusMenuType(market), offset)), &r)
		if len(r.Data.Menu.Products) == 0 {
			break
		}
		for _, p := range r.Data.Menu.Products {
			if slices.Contains(p.MenuTypes, plusMenuType(market)) {
				seen[p.ID] = plusEnumCategory[p.Category]
			}
		}
	}
	return tally(seen)
}

// countLeafBridge reads the shop page's nonce, then pages wizard_show_products for the
// retailer and market, counting distinct product ids by category enum.
func countLeafBridge(t *testing.T, base, retailer string, market data.Market) map[data.Category]int {
	t.Helper()
	page := getWith(t, base+leafbridgeShopPath, nil)
	m := regexp.MustCompile(`"nonce_ajax":"([0-9a-z]+)"`).FindSubmatch(page)
	if m == nil {
		t.Fatalf("no nonce in the shop page: %.200s", page)
	}
	seen := map[string]data.Category{}
	for n, pages := 1, 1; n <= pages; n++ {
		form := url.Values{"action": {"wizard_show_products"}, "nonce_ajax": {string(m[1])}, "prods_pageNumber": {fmt.Sprint(n)},
			"wizard_data[retailer_id]": {retailer}, "wizard_data[menu_type]": {plusMenuType(market)}}
		status, raw := post(t, base+leafbridgeAjaxPath, form.Encode(), map[string]string{"Content-Type": "application/x-www-form-urlencoded"})
		if status != http.StatusOK {
			t.Fatalf("admin-ajax: %d %s", status, raw)
		}
		var r struct {
			Data struct {
				List []struct {
					ID       string `json:"id"`
					Category string `json:"category"`
				} `json:"products_list"`
				Count   int `json:"products_count"`
				PerPage int `json:"prods_per_page"`
			} `json:"data"`
		}
		mustUnmarshal(t, raw, &r)
		pages = (r.Data.Count + r.Data.PerPage - 1) / r.Data.PerPage
		for _, p := range r.Data.List {
			seen[p.ID] = plusEnumCategory[p.Category]
		}
	}
	return tally(seen)
}

// countJoint pages a business's _search for the market (size 12) to its total and
// counts distinct jointIds by category enum.
func countJoint(t *testing.T, base, business string, market data.Market) map[data.Category]int {
	t.Helper()
	seen := map[string]data.Category{}
	for from, total := 0, 1; from < total; from += 12 {
		var r struct {
			Hits struct {
				Total struct {
					Value int `json:"value"`
				} `json:"total"`
				Hits []struct {
					Source struct {
						ID       string `json:"jointId"`
						Category string `json:"category"`
					} `json:"_source"`
				} `json:"hits"`
			} `json:"hits"`
		}
		body := fmt.Sprintf(`{"query":{"bool":{"filter":[{"term":{"businessId":%q}},{"term":{"menuType":%q}}]}},"size":12,"from":%d}`,
			business, plusMenuType(market), from)
		mustUnmarshal(t, postJSON(t, base+"/wp-json/joint-ecommerce/v1/products/"+business+"/_search", nil, body), &r)
		total = r.Hits.Total.Value
		for _, h := range r.Hits.Hits {
			seen[h.Source.ID] = plusEnumCategory[h.Source.Category]
		}
	}
	return tally(seen)
}

func tally[K comparable](seen map[K]data.Category) map[data.Category]int {
	counts := map[data.Category]int{}
	for _, c := range seen {
		counts[c]++
	}
	return counts
}

func TestExpectedUnknown(t *testing.T) {
	ds := mustDemo(t)
	tests := []struct {
		name          string
		platform, key string
		market        data.Market
	}{
		{"unknown jane store", "jane", "424242", data.Recreational},
		{"unmonitored dispensary", "jane", "9999", data.Medical},
		{"platform the replay does not serve", "meadow", "12", data.Medical},
		{"bad market", "jane", "2410", data.Market("adult")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ds.Expected(tt.platform, tt.key, tt.market); got != nil {
				t.Errorf("Expected = %v, want nil", got)
			}
		})
	}
}

// postJSON posts body with header and returns the 200 reply.
func postJSON(t *testing.T, url string, header map[string]string, body string) []byte {
	t.Helper()
	status, raw := post(t, url, body, header)
	if status != http.StatusOK {
		t.Fatalf("POST %s: %d %s", url, status, raw)
	}
	return raw
}

// getWith gets url with header and returns the 200 reply.
func getWith(t *testing.T, url string, header map[string]string) []byte {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	status, raw := do(t, req)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, status, raw)
	}
	return raw
}

// Category names of the page platforms and Leafly, written out again for the same
// reason.
var (
	jsonldNameCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vaporizers": data.Vape, "Concentrates": data.Extract, "Edibles": data.Edible,
	}
	htmlHeadingCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vapes": data.Vape, "Concentrates": data.Extract, "Edibles": data.Edible,
	}
	tymberNameCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-Rolls": data.Preroll, "Vaporizers": data.Vape, "Concentrates": data.Extract, "Edibles": data.Edible,
	}
	leaflyNameCategory = map[string]data.Category{
		"Flower": data.Flower, "Pre-roll": data.Preroll, "Vaporizers": data.Vape, "Concentrate": data.Extract, "Edible": data.Edible,
	}
)

// ldScript finds a page's JSON-LD; nextData its Next.js data.
var (
	ldScript = regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`)
	nextData = regexp.MustCompile(`(?s)<script id="__NEXT_DATA__" type="application/json">(.*?)</script>`)
)

// countJSONLD reads a store's page and counts distinct Product skus by their category
// across the @graph's ItemLists; every product must carry an offer.
func countJSONLD(t *testing.T, base, slug string) map[data.Category]int {
	t.Helper()
	page := getWith(t, base+"/stores/"+slug+"/menu", nil)
	m := ldScript.FindSubmatch(page)
	if m == nil {
		t.Fatalf("no JSON-LD in %.300s", page)
	}
	var ld struct {
		Graph []struct {
			Type  string `json:"@type"`
			Items []struct {
				Item struct {
					Type     string           `json:"@type"`
					SKU      string           `json:"sku"`
					Category string           `json:"category"`
					Offers   []map[string]any `json:"offers"`
				} `json:"item"`
			} `json:"itemListElement"`
		} `json:"@graph"`
	}
	mustUnmarshal(t, m[1], &ld)
	seen := map[string]data.Category{}
	for _, node := range ld.Graph {
		for _, li := range node.Items {
			c, ok := jsonldNameCategory[li.Item.Category]
			if li.Item.Type != "Product" || !ok || len(li.Item.Offers) == 0 {
				t.Fatalf("list item %+v is not a Product of a tracked category with offers", li.Item)
			}
			seen[li.Item.SKU] = c
		}
	}
	return tally(seen)
}

// countHTMLMenu reads a store's page and counts distinct product links by the heading
// of the section their card is in.
func countHTMLMenu(t *testing.T, base, slug string) map[data.Category]int {
	t.Helper()
	page := getWith(t, base+"/locations/"+slug+"/menu", nil)
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]data.Category{}
	doc.Find("section").Each(func(_ int, sec *goquery.Selection) {
		heading := strings.TrimSpace(sec.Find("h2").First().Text())
		c, ok := htmlHeadingCategory[heading]
		if !ok {
			t.Fatalf("section heading %q", heading)
		}
		sec.Find("article").Each(func(_ int, card *goquery.Selection) {
			href, _ := card.Find("a").First().Attr("href")
			if href == "" || !strings.HasPrefix(card.Find(".menu-product__price").Text(), "$") {
				t.Fatalf("card without a link or a price: %s", card.Text())
			}
			seen[href] = c
		})
	})
	return tally(seen)
}

// countTymber reads a shop's menu page for its categories, then each category page,
// counting distinct product ids; a category page must render all its products.
func countTymber(t *testing.T, base, slug string) map[data.Category]int {
	t.Helper()
	var menu struct {
		Props struct {
			PageProps struct {
				FiltersCatalog struct {
					Included []struct {
						Type       string `json:"type"`
						Attributes struct {
							Name string `json:"name"`
							Slug string `json:"slug"`
						} `json:"attributes"`
					} `json:"included"`
				} `json:"filtersCatalog"`
			} `json:"pageProps"`
		} `json:"props"`
	}
	tymberData(t, base+"/shop/"+slug+"/menu", &menu)
	seen := map[string]data.Category{}
	for _, inc := range menu.Props.PageProps.FiltersCatalog.Included {
		if inc.Type != "product_categories" {
			continue
		}
		c, ok := tymberNameCategory[inc.Attributes.Name]
		if !ok {
			t.Fatalf("category %q", inc.Attributes.Name)
		}
		var page struct {
			Props struct {
				PageProps struct {
					Products struct {
						Data struct {
							Meta struct {
								Total int `json:"total_count"`
							} `json:"meta"`
							Objects []struct {
								ID string `json:"id"`
							} `json:"objects"`
						} `json:"data"`
					} `json:"products"`
				} `json:"pageProps"`
			} `json:"props"`
		}
		tymberData(t, base+"/shop/"+slug+"/menu/categories/"+inc.Attributes.Slug, &page)
		d := page.Props.PageProps.Products.Data
		if d.Meta.Total != len(d.Objects) {
			t.Fatalf("%s: %d of %d products rendered; a scraper cannot read the rest", inc.Attributes.Slug, len(d.Objects), d.Meta.Total)
		}
		for _, o := range d.Objects {
			seen[o.ID] = c
		}
	}
	return tally(seen)
}

func tymberData(t *testing.T, url string, into any) {
	t.Helper()
	m := nextData.FindSubmatch(getWith(t, url, nil))
	if m == nil {
		t.Fatalf("%s: no __NEXT_DATA__", url)
	}
	mustUnmarshal(t, m[1], into)
}

// countLeafly pages a menu (take 50) until a short page, counting distinct item ids by
// productCategory.
func countLeafly(t *testing.T, base, slug string) map[data.Category]int {
	t.Helper()
	seen := map[float64]data.Category{}
	for skip := 0; ; skip += 50 {
		var r struct {
			Data []struct {
				ID       float64 `json:"id"`
				Category string  `json:"productCategory"`
			} `json:"data"`
		}
		mustUnmarshal(t, getWith(t, fmt.Sprintf("%s/api/dispensaries/v1/%s/menu_items?take=50&skip=%d", base, slug, skip), nil), &r)
		for _, it := range r.Data {
			c, ok := leaflyNameCategory[it.Category]
			if !ok {
				t.Fatalf("item %v in %q", it.ID, it.Category)
			}
			seen[it.ID] = c
		}
		if len(r.Data) < 50 {
			break
		}
	}
	return tally(seen)
}
