package scraper

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// htmlSelectors are the fixture page's selectors, as a registry entry carries them.
var htmlSelectors = map[string]string{
	"item":      "article.product-card",
	"name":      ".product-name",
	"price":     ".price.was",
	"salePrice": ".price.sale",
	"brand":     ".product-brand",
	"category":  ".category-tag, h2.section-title",
	"size":      ".size",
	"thc":       ".potency",
	"link":      "a.product-link",
	"stock":     ".badge",
}

var htmlSource = data.MenuSource{Market: data.Medical, Platform: "html", URL: "https://maumeebayprovisions.example/menu/", Selectors: htmlSelectors}

func htmlServer(t testing.TB) *pageServer {
	return &pageServer{pages: map[string][]byte{"/menu/": readTestdata(t, "html/menu.html")}}
}

func htmlFetch(t *testing.T, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	srv := httptest.NewServer(htmlServer(t))
	defer srv.Close()
	return pageFetch(t, htmlPlatform, srv, src)
}

func TestHTMLMenuGolden(t *testing.T) {
	menu, err := htmlFetch(t, htmlSource)
	if err != nil {
		t.Fatal(err)
	}
	// "Call for price" is the one unreadable card.
	if menu.Requests != 1 || len(menu.Skipped) != 1 || !strings.Contains(menu.Skipped[0], `"Mystery Joint": no price`) {
		t.Fatalf("requests %d, skipped %q", menu.Requests, menu.Skipped)
	}
	menuInvariants(t, menu.Offers)
	checkGolden(t, "html_menu", menu.Offers)
}

// TestHTMLMenuHandChecked asserts offers read by eye from the fixture.
func TestHTMLMenuHandChecked(t *testing.T) {
	menu, err := htmlFetch(t, htmlSource)
	if err != nil {
		t.Fatal(err)
	}
	link := func(path string) string { return "https://maumeebayprovisions.example" + path }
	tests := []struct {
		name string
		want menuWant
	}{
		// $40.00 struck through, $32.00 sale; section "Flower"; lineage is not configured.
		{"sale under a section heading", menuWant{id: link("/product/apple-fritter-2-83g/"), size: "2.83g", name: "Apple Fritter", category: data.Flower,
			price: 40, sale: 32, grams: 2.83, inStock: true, thc: 26.8, unit: "%", url: link("/product/apple-fritter-2-83g/")}},
		// "THC: 22.1 %"; 1/8oz is 3.5 g.
		{"eighth", menuWant{id: link("/product/slurricane-1-8oz/"), size: "1/8oz", name: "Slurricane", category: data.Flower,
			price: 45, grams: 3.5, inStock: true, thc: 22.1, unit: "%", url: link("/product/slurricane-1-8oz/")}},
		// "$1,000" and a "Sold Out" badge; an absolute link kept as is.
		{"sold out, thousands", menuWant{id: "https://maumeebayprovisions.example/product/ohio-kush-5-66g/", size: "5.66 g", name: "Ohio Kush", category: data.Flower,
			price: 1000, grams: 5.66, thc: 19.5, unit: "%", url: "https://maumeebayprovisions.example/product/ohio-kush-5-66g/"}},
		// "5 x 0.5g (2.5g)": five half-gram pre-rolls, a 2.5 g pack.
		{"pre-roll pack", menuWant{id: link("/product/gelato-pre-roll-5pk/"), size: "5 x 0.5g (2.5g)", name: "Gelato Pre-Roll 5pk", category: data.Preroll,
			price: 35, grams: 2.5, inStock: true, thc: 23, unit: "%", url: link("/product/gelato-pre-roll-5pk/")}},
		// The card's own "Cartridges" tag; a sale equal to the price is no sale.
		{"card category, equal sale", menuWant{id: link("/product/strawberry-cough-cart/"), size: "0.5g", name: "Strawberry Cough Live Resin Cartridge", category: data.Vape,
			price: 50, grams: 0.5, inStock: true, thc: 81.3, unit: "%", url: link("/product/strawberry-cough-cart/")}},
		// "10pk / 100mg", "100mg THC"; sale $20.
		{"edible", menuWant{id: link("/product/blue-raspberry-gummies/"), size: "10pk / 100mg", name: "Blue Raspberry Gummies", category: data.Edible,
			price: 25, sale: 20, mg: 100, inStock: true, thc: 100, unit: "mg", url: link("/product/blue-raspberry-gummies/")}},
		// "Only 3 left" is in stock; &amp; decoded.
		{"low stock badge", menuWant{id: link("/product/dark-chocolate-bar/"), size: "110mg", name: "Dark Chocolate Bar & Sea Salt", category: data.Edible,
			price: 22, mg: 110, inStock: true, url: link("/product/dark-chocolate-bar/")}},
		// No link: the id is brand and name; Accessories is Other.
		{"accessory without link", menuWant{id: "name:510 thread battery", size: "", name: "510 Thread Battery", category: data.Other,
			price: 15, inStock: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
}

func TestHTMLMenuAttributeSelectors(t *testing.T) {
	page := `<ul><li class="p" data-id="7" data-price="12.5"><a href="/p/7">Kush Mints</a></li>` +
		`<li class="p" data-id="8" data-price="oops"><a href="/p/8">Bad</a></li>` +
		`<li class="p" data-id="9" data-price="30"><a href="/p/9">Zkittlez</a></li></ul>`
	s := &pageServer{pages: map[string][]byte{"/m": []byte(page)}}
	srv := httptest.NewServer(s)
	defer srv.Close()
	src := data.MenuSource{Market: data.Recreational, Endpoint: "https://x.example/m",
		Selectors: map[string]string{"item": "li.p", "name": "a", "price": "@data-price", "link": "a@href"}}
	menu, err := pageFetch(t, htmlPlatform, srv, src)
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Offers) != 2 || menu.Offers[0].Price != 12.5 || menu.Offers[1].URL != "https://x.example/p/9" || len(menu.Skipped) != 1 {
		t.Fatalf("offers %+v skipped %q", menu.Offers, menu.Skipped)
	}
}

func TestHTMLMenuFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	page := func(body string) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			w.Write([]byte(body))
			return true
		}
	}
	tests := []struct {
		name   string
		fail   func(w http.ResponseWriter, r *http.Request) bool
		reason data.Reason
		status int
		detail string
	}{
		{"redesigned page", page(`<!doctype html><html><body><div class="tile"><b>Apple Fritter</b> $40</div></body></html>`),
			data.ReasonParse, 200, `selectors.item "article.product-card" matches nothing`},
		{"most cards unreadable", page(`<article class="product-card"><h3 class="product-name">A</h3></article><article class="product-card"><span class="price was">$3</span></article><article class="product-card"><h3 class="product-name">C</h3><span class="price was">$3</span></article>`),
			data.ReasonParse, 200, "2 of 3 records unreadable"},
		{"HTTP 500", func(w http.ResponseWriter, r *http.Request) bool {
			http.Error(w, "oops", http.StatusInternalServerError)
			return true
		}, data.ReasonHTTPStatus, 500, "html page"},
		{"challenge behind 503", func(w http.ResponseWriter, r *http.Request) bool {
			w.WriteHeader(http.StatusServiceUnavailable)
			w.Write(challenge)
			return true
		}, data.ReasonBlocked, 503, "bot-challenge"},
		{"challenge behind 200", page(string(challenge)), data.ReasonBlocked, 200, "bot-challenge"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := htmlServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := pageFetch(t, htmlPlatform, srv, htmlSource)
			fe := menuReason(t, err, tt.reason)
			if fe.Status != tt.status || !strings.Contains(err.Error(), tt.detail) || !strings.Contains(err.Error(), "html") {
				t.Errorf("status %d, error %q; want %d and %q", fe.Status, err, tt.status, tt.detail)
			}
			if menu.Requests != 1 {
				t.Errorf("requests %d", menu.Requests)
			}
		})
	}
}

// TestHTMLMenuValidate checks the adapter and the registry loader agree on every
// selector set: the registry refuses at load time what the adapter would refuse.
func TestHTMLMenuValidate(t *testing.T) {
	with := func(k, v string) map[string]string {
		m := map[string]string{"item": ".card", "name": ".name", "price": ".price"}
		if v == "\x00" {
			delete(m, k)
		} else {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name      string
		selectors map[string]string
		wantErr   string
	}{
		{"fixture's selectors", htmlSelectors, ""},
		{"minimal", with("brand", ".brand"), ""},
		{"attribute", with("price", "[data-price]@data-price"), ""},
		{"own attribute", with("link", "@href"), ""},
		{"attribute selector with @ in a value", with("link", `a[href^="mailto:a@b"]`), ""},
		{"empty optional", with("salePrice", ""), ""},
		{"no item", with("item", "\x00"), "selectors.item"},
		{"blank name", with("name", "  "), "selectors.name"},
		{"no price", with("price", "\x00"), "selectors.price"},
		{"unknown key", with("colour", ".c"), "unknown colour"},
		{"does not compile", with("brand", "div[[x"), "selectors.brand"},
		{"bad attribute", with("price", ".p@1x"), "selectors.price"},
		{"item reads an attribute", with("item", ".card@id"), "selectors.item"},
	}
	// Every selector the adapter reads, so that a key added to one list only is caught.
	for _, k := range htmlSelectorKeys {
		tests = append(tests, struct {
			name      string
			selectors map[string]string
			wantErr   string
		}{"known key " + k, with(k, ".x"), ""})
	}
	a := testAdapter(t, htmlPlatform, "", nil)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := data.MenuSource{Market: data.Recreational, Platform: "html", URL: "https://x.example/menu", Selectors: tt.selectors}
			err := a.Validate(src)
			if (tt.wantErr == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tt.wantErr)) {
				t.Fatalf("Validate: %v, want an error naming %q", err, tt.wantErr)
			}
			var yaml strings.Builder
			yaml.WriteString("dispensaries:\n- slug: x\n  name: X\n  city: Toledo\n  region: Northwest\n  menus:\n  - market: recreational\n    platform: html\n    url: https://x.example/menu\n    selectors:\n")
			for k, v := range tt.selectors {
				fmt.Fprintf(&yaml, "      %s: %q\n", k, v)
			}
			_, rerr := data.ParseRegistry("test.yaml", []byte(yaml.String()), RegistryRules())
			if (err == nil) != (rerr == nil) {
				t.Fatalf("adapter says %v, registry says %v", err, rerr)
			}
			if rerr != nil && !strings.Contains(rerr.Error(), "test.yaml:7:") {
				t.Errorf("registry error %q does not name the menu's line", rerr)
			}
		})
	}
	if err := a.Validate(data.MenuSource{Market: data.Recreational, Selectors: htmlSelectors}); err == nil || !strings.Contains(err.Error(), "endpoint or url") {
		t.Errorf("no page: %v", err)
	}
}

func FuzzHTMLMenu(f *testing.F) {
	f.Add(readTestdata(f, "html/menu.html"))
	f.Add([]byte(`<article class="product-card"><h3 class="product-name">x</h3><span class="price was">-5</span><span class="potency">THC 250%</span><a class="product-link" href="javascript:x">l</a></article>`))
	sels, err := compileHTMLSelectors(htmlSelectors)
	if err != nil {
		f.Fatal(err)
	}
	page, _ := url.Parse(htmlSource.URL)
	f.Fuzz(func(t *testing.T, body []byte) {
		set, err := htmlParse(testBudget(), body, page, sels, "fuzz")
		if err != nil {
			return
		}
		fuzzInvariants(t, set.offers)
	})
}

func BenchmarkParseHTMLMenu(b *testing.B) {
	body := readTestdata(b, "html/menu.html")
	sels, err := compileHTMLSelectors(htmlSelectors)
	if err != nil {
		b.Fatal(err)
	}
	page, _ := url.Parse(htmlSource.URL)
	benchParse(b, len(body), func() int {
		set, err := htmlParse(testBudget(), body, page, sels, "bench")
		if err != nil {
			b.Fatal(err)
		}
		return len(set.offers)
	})
}
