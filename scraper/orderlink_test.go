package scraper

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestProductPageOfEachPlatform checks the product page each platform's adapter keeps
// from the first product of its capture (testdata/), against the platform's product URL
// pattern (docs/platforms.md, "Product pages"). Dutchie and Jane make the page from the
// record's identifiers; the others read it from their records or pages, and their golden
// files (each compared with the adapter's output by its own test) hold what they kept.
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
			offers, err := dutchieOffers(reply.Data.FilteredProducts.Products[0], "rec", "ethos-harmarville")
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
