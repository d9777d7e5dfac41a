package scraper

import (
	"encoding/json"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestProductPageOfEachPlatform checks the product page each platform's adapter keeps
// from the first product of its capture (testdata/), against the platform's product URL
// pattern (docs/platforms.md, "Product pages"). Dutchie, Jane, Joint and Sweed's API make
// the page from the record's identifiers (Joint and Sweed's API through a whole fetch of
// the capture); the others read it from their records or pages, and their golden files
// (each compared with the adapter's output by its own test) hold what they kept. Dutchie
// Plus, Leafly and Tymber have no row: no source shows their product pages.
func TestProductPageOfEachPlatform(t *testing.T) {
	tests := []struct {
		platform string
		offers   func(t *testing.T) []data.Offer
		want     string
	}{
		{"dutchie", func(t *testing.T) []data.Offer {
			var reply struct {
				Data struct {
					FilteredProducts struct {
						Products []json.RawMessage `json:"products"`
					} `json:"filteredProducts"`
				} `json:"data"`
			}
			if err := json.Unmarshal(readTestdata(t, ethosCaptureFile), &reply); err != nil {
				t.Fatal(err)
			}
			offers, err := dutchieOffers(reply.Data.FilteredProducts.Products[0], "rec", "ethos-harmarville", data.Recreational, "")
			if err != nil {
				t.Fatal(err)
			}
			return offers
		}, "https://dutchie.com/dispensary/ethos-harmarville/product/forza-live-sugar-1g"},
		{"jane", func(t *testing.T) []data.Offer {
			recs, _, err := janeRecords(janeReplyOf(t, janeCaptureHits(t)[0]))
			if err != nil {
				t.Fatal(err)
			}
			if err := recs[0].decode(); err != nil {
				t.Fatal(err)
			}
			store := janeStore(data.MenuSource{StoreID: "2913", URL: "https://www.iheartjane.com/stores/2913/some-store/menu"})
			offers, err := recs[0].offers(store)
			if err != nil {
				t.Fatal(err)
			}
			return offers
		}, "https://www.iheartjane.com/stores/2913/some-store/products/" + janeFirstProduct(t)},
		{"dispense", golden("dispense_indigodispensary_edibles"),
			"https://www.indigodispensary.com/shop/none/gron-blueberry-lemonade-fun-size-pearls-1-1-cbg-thc-20mg"},
		{"weedmaps", golden("weedmaps_off-the-charts-las-cruces"),
			"https://weedmaps.com/dispensaries/off-the-charts-las-cruces/menu/pharmicated-blackberry-kush-2g-disposable"},
		{"weedmaps discovery", golden("weedmaps_discovery_written-from-docs"),
			"https://weedmaps.com/dispensaries/test-store/menu/gary-payton-3-5g"},
		{"sweed storefront", golden("sweed_gleaf-rockville_shop_page"),
			"https://www.gleaf.com/stores/maryland/rockville/shop/recreational/menu/flower-3763/buds-berried-alive-buds-3.5g-400027?stockType=Default"},
		{"leafbridge", golden("leafbridge_mpxnj_edibles"),
			"https://mpxnj.com/product/shine-fruit-punch-bites-10pk-100mg/?retailer_id=11883dc4-d7d7-4085-8e7b-ba5353eca58a"},
		// The API's first Flower product (Ice Cream Cake: Buds, Indica, 3.5g variant
		// 439427), under the category list's Flower (page id 3763, filter 495364).
		{"sweed api", func(t *testing.T) []data.Offer {
			srv := httptest.NewServer(gleafServer(t))
			defer srv.Close()
			menu, err := sweedFetch(t, srv, data.MenuSource{Market: data.Recreational, CName: "production", StoreID: "376",
				URL: "https://www.gleaf.com/stores/maryland/rockville/shop/"})
			if err != nil {
				t.Fatal(err)
			}
			return menu.Offers
		}, "https://www.gleaf.com/stores/maryland/rockville/shop/menu/flower-3763/buds-indica-ice-cream-cake-buds-3.5g-439427?stockType=Default"},
		// The product page bRaInT00T/cana-scrape's normalize_data.py gives as its example,
		// made from the Curaleaf capture's record of it (its own category: Flower, 7049).
		{"sweed curaleaf", func(t *testing.T) []data.Offer {
			links := &sweedLinks{storefront: sweedStorefront("https://curaleaf.com/shop/new-jersey/curaleaf-nj-bellmawr")}
			return must(sweedRecordOffers(sweedRecord(t, "7671"), "Recreational", links, map[string]bool{}))(t)
		}, "https://curaleaf.com/shop/new-jersey/curaleaf-nj-bellmawr/menu/flower-7049/whole-flower-indica-zesty-garlic-cookies-3.5g-18162"},
		{"joint", func(t *testing.T) []data.Offer {
			srv := httptest.NewServer(newJointServer(t))
			defer srv.Close()
			menu, err := jointFetch(t, srv.URL, jointSource)
			if err != nil {
				t.Fatal(err)
			}
			return menu.Offers
		}, "https://www.shopcuzzies.com/?product=13b421a4-f854-4a5f-b4d9-8179b5c10c1e"},
	}
	for _, tt := range tests {
		t.Run(tt.platform, func(t *testing.T) {
			offers := tt.offers(t)
			if len(offers) == 0 {
				t.Fatal("no offers")
			}
			if offers[0].URL != tt.want {
				t.Errorf("product page %q, want %q", offers[0].URL, tt.want)
			}
		})
	}
}

// sweedRecord is the record of product id in the Curaleaf capture.
func sweedRecord(t *testing.T, id string) json.RawMessage {
	var records []json.RawMessage
	if err := json.Unmarshal(readTestdata(t, "sweed/curaleaf-nj_GetProductList_list_concatenated.json"), &records); err != nil {
		t.Fatal(err)
	}
	for _, raw := range records {
		var p struct{ ID json.Number }
		if json.Unmarshal(raw, &p) == nil && p.ID.String() == id {
			return raw
		}
	}
	t.Fatalf("no product %s in the Curaleaf capture", id)
	return nil
}

// TestSweedPatternIsTheStorefrontsCards: the pattern a Sweed menu read from the API
// links by makes, from each record of the captured gLeaf storefront page, the very link
// of every product card the page shows for it. The storefront root is the card's own
// (the page links both /shop/menu/… and /shop/recreational/menu/…).
func TestSweedPatternIsTheStorefrontsCards(t *testing.T) {
	page := readTestdata(t, "sweed/gleaf-rockville_shop_page_rendered.html")
	raws, err := sweedPageProducts(page, "Recreational")
	if err != nil {
		t.Fatal(err)
	}
	products := map[string]*sweedProduct{}
	for _, raw := range raws {
		var p sweedProduct
		if err := json.Unmarshal(raw, &p); err != nil {
			t.Fatal(err)
		}
		if seen := products[p.ID.String()]; seen != nil {
			seen.Variants = append(seen.Variants, p.Variants...) // carousels split a product's variants
			continue
		}
		products[p.ID.String()] = &p
	}
	site, _ := url.Parse("https://www.gleaf.com/")
	checked, without := 0, 0
	for _, m := range sweedCard.FindAllSubmatch(page, -1) {
		href := sweedHref.FindSubmatch(m[0])
		if href == nil {
			continue
		}
		card := webLink(htmlUnescape(string(href[1])), site)
		p := products[string(m[1])]
		if p == nil {
			without++ // a card the page's cache holds no record of
			continue
		}
		root, _, ok := strings.Cut(card, "/menu/")
		if !ok {
			t.Fatalf("card %s has no /menu/", card)
		}
		links := &sweedLinks{storefront: sweedStorefront(root)}
		found := false
		for i := range p.Variants {
			if page := links.page(p, &p.Variants[i]); strings.HasSuffix(card, "-"+string(p.Variants[i].ID)+"?stockType=Default") {
				found = true
				if page != card {
					t.Errorf("product %s variant %s: pattern %s, card %s", p.ID, p.Variants[i].ID, page, card)
				}
			}
		}
		if !found {
			t.Errorf("card %s: no variant of product %s has its id", card, p.ID)
		}
		checked++
	}
	// The page links 157 cards: 134 of products in its cache, 23 of products it loads later.
	if checked != 134 || without != 23 {
		t.Errorf("checked %d cards, %d without a record; want 134 and 23", checked, without)
	}
}

// janeFirstProduct is "<product_id>/<url_slug>" of the Jane capture's first record.
func janeFirstProduct(t *testing.T) string {
	var r struct {
		ID   json.Number `json:"product_id"`
		Slug string      `json:"url_slug"`
	}
	if err := json.Unmarshal(janeCaptureHits(t)[0], &r); err != nil {
		t.Fatal(err)
	}
	return r.ID.String() + "/" + r.Slug
}

// golden reads the offers of testdata/golden/<name>.json.
func golden(name string) func(t *testing.T) []data.Offer {
	return func(t *testing.T) []data.Offer {
		b, err := os.ReadFile(filepath.Join("testdata", "golden", name+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var offers []data.Offer
		if err := json.Unmarshal(b, &offers); err != nil {
			t.Fatal(err)
		}
		return offers
	}
}

// TestLinksRefuseWhatIsNotAWebPage: a link is kept only as an absolute http(s) URL, so
// that no javascript:, data: or relative address ever reaches a shopper's link.
func TestLinksRefuseWhatIsNotAWebPage(t *testing.T) {
	for _, raw := range []string{"javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,<script>x</script>",
		"vbscript:x", "/product/x", "product/x", "//evil.example/x", "ftp://example.com/x", "http://", "https:///x", "mailto:a@b.example"} {
		if got := webLink(raw, nil); got != "" {
			t.Errorf("webLink(%q) = %q, want it refused", raw, got)
		}
		if got := menuPageOf(data.MenuSource{URL: raw}, ""); got != "" {
			t.Errorf("menuPageOf(url %q) = %q, want it refused", raw, got)
		}
	}
	// Slugs from records become path segments only as plain slugs.
	for _, slug := range []string{"", "../admin", "a/b", "x?y=1", "javascript:alert(1)", "a b", "%2e%2e"} {
		if got := dutchieProductPage("store", slug); got != "" {
			t.Errorf("dutchieProductPage(store, %q) = %q, want none", slug, got)
		}
	}
	if got := janeStore(data.MenuSource{StoreID: "12", URL: "https://www.iheartjane.com/stores/13/other/menu"}); got != nil {
		t.Errorf("janeStore of another store's page = %v, want nil", got)
	}
	if got := janeStore(data.MenuSource{StoreID: "12", URL: "https://evil.example/stores/12/x/menu"}); got != nil {
		t.Errorf("janeStore of a page off iheartjane.com = %v, want nil", got)
	}
	site, _ := url.Parse("https://shop.example/menu")
	for _, id := range []string{"", "../admin", "a&b=c", "x y"} {
		if got := jointProductPage(site, id); got != "" {
			t.Errorf("jointProductPage(%q) = %q, want none", id, got)
		}
	}
	if got := jointSite(data.MenuSource{URL: "javascript:alert(1)", Endpoint: "/wp-json/x"}); got != nil {
		t.Errorf("jointSite of no web address = %v, want nil", got)
	}
	// A Sweed page needs numeric ids, a category and words spelled in ASCII.
	store := sweedStorefront("https://shop.example/store/")
	for _, tt := range []struct {
		category, categoryID string
		words                []string
		variantID            string
	}{
		{"Flower", "3763", []string{"Buds", "Señorita"}, "1"},
		{"Flower", "3763", []string{"Buds"}, "1/../2"},
		{"Flower", "x", []string{"Buds"}, "1"},
		{"", "3763", []string{"Buds"}, "1"},
		{"Flower", "3763", []string{"", " + "}, "1"},
	} {
		if got := sweedProductPage(store, tt.category, tt.categoryID, tt.words, tt.variantID, "Default"); got != "" {
			t.Errorf("sweedProductPage(%+v) = %q, want none", tt, got)
		}
	}
	if got := sweedProductPage(store, "Pre-Rolls", "3766", []string{"Single", "L'Delight", "[0.75g]"}, "359197", "Default?x"); got != "https://shop.example/store/menu/pre-rolls-3766/single-l'delight-0.75g-359197" {
		t.Errorf("sweedProductPage kept %q", got)
	}
	if got := sweedStorefront("javascript:alert(1)"); got != nil {
		t.Errorf("sweedStorefront of no web address = %v, want nil", got)
	}
}

// TestMenuPageFallback: the menu's page is the registry's url, else the one the
// platform's pattern makes from the menu's identifiers, else none.
func TestMenuPageFallback(t *testing.T) {
	tests := []struct {
		src     data.MenuSource
		adapter string
		want    string
	}{
		{data.MenuSource{URL: "https://shop.example/menu"}, dutchieMenuPage("x"), "https://shop.example/menu"},
		{data.MenuSource{CName: "amplify-coventry"}, dutchieMenuPage("amplify-coventry"), "https://dutchie.com/dispensary/amplify-coventry"},
		{data.MenuSource{URL: "javascript:alert(1)"}, leaflyMenuPage("scioto-river"), "https://www.leafly.com/dispensary-info/scioto-river"},
		{data.MenuSource{}, "", ""},
		{data.MenuSource{}, dutchieMenuPage(""), ""},
	}
	for _, tt := range tests {
		if got := menuPageOf(tt.src, tt.adapter); got != tt.want {
			t.Errorf("menuPageOf(%+v, %q) = %q, want %q", tt.src, tt.adapter, got, tt.want)
		}
	}
}
