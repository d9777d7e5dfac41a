package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

const (
	leafbridgeCaptureFile = "dutchie-plus-leafbridge/leafbridge_wizard_show_products_mpxnj_edibles_page1.json"
	// plusRetailer is the capture's wizard_data[retailer_id] (PROVENANCE.md): MPX
	// Pennsauken's Dutchie Plus retailer, recreational.
	plusRetailer       = "11883dc4-d7d7-4085-8e7b-ba5353eca58a"
	leafbridgeShopPath = "/shop/"
	leafbridgeAjax     = "/wp-admin/admin-ajax.php"
	leafbridgeNonceVal = "3c5e1f0a9b"
	// leafbridgePerPage re-pages the capture's 20 records into 7, 7 and 6 so that the
	// adapter walks prods_pageNumber as it would through the real 101-product menu.
	leafbridgePerPage = 7
)

// leafbridgeCapture is the recorded admin-ajax answer: its data object kept whole (the
// envelope a test server re-serves), its Product records and, for each, the rendered
// card of products_html (the cards follow products_list one for one).
type leafbridgeCapture struct {
	envelope map[string]json.RawMessage
	products []json.RawMessage
	cards    []string
}

func readLeafbridgeCapture(tb testing.TB) leafbridgeCapture {
	tb.Helper()
	var reply struct {
		Data map[string]json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(readTestdata(tb, leafbridgeCaptureFile), &reply); err != nil {
		tb.Fatal(err)
	}
	c := leafbridgeCapture{envelope: reply.Data}
	if err := json.Unmarshal(reply.Data["products_list"], &c.products); err != nil {
		tb.Fatal(err)
	}
	var cards string
	if err := json.Unmarshal(reply.Data["products_html"], &cards); err != nil {
		tb.Fatal(err)
	}
	// Each card is one <div filter_data=…> element; the text before the first is empty.
	const cardStart = "<div filter_data="
	for _, part := range strings.Split(cards, cardStart)[1:] {
		c.cards = append(c.cards, cardStart+part)
	}
	if len(c.cards) != len(c.products) || len(c.products) != 20 {
		tb.Fatalf("%d cards for %d products, want 20 of each", len(c.cards), len(c.products))
	}
	return c
}

// leafbridgeShopPage is the shop page's head as WordPress prints a plugin's localised
// script object. Written for the test: the capture is the AJAX answer only, and the
// capture's own scraper found the nonce in the rendered page as "nonce":"<10 hex>".
func leafbridgeShopPage(nonce string) []byte {
	return []byte(`<!DOCTYPE html><html lang="en-US"><head><meta charset="UTF-8"><title>Shop – MPX NJ</title>
<script id="leafbridge-public-js-extra">
var leafbridge_public_ajax_obj = {"ajaxurl":"https:\/\/mpxnj.com\/wp-admin\/admin-ajax.php","nonce":"` + nonce + `","site_url":"https:\/\/mpxnj.com"};
</script></head><body class="page-template-default"><div id="leafbridge_shop_wrapper"></div></body></html>`)
}

// leafbridgeServer is a WordPress site running the plugin: the shop page carrying the
// nonce, and admin-ajax.php answering wizard_show_products for one retailer with the
// capture's records, paged by prods_pageNumber.
type leafbridgeServer struct {
	capture leafbridgeCapture
	perPage int
	// fail, when set, answers every request it returns true for instead.
	fail func(w http.ResponseWriter, r *http.Request) bool

	mu      sync.Mutex
	gets    int
	forms   []url.Values
	headers []http.Header
}

func newLeafbridgeServer(t testing.TB) *leafbridgeServer {
	return &leafbridgeServer{capture: readLeafbridgeCapture(t), perPage: leafbridgePerPage}
}

func (s *leafbridgeServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	form, _ := url.ParseQuery(string(body))
	s.mu.Lock()
	if r.Method == http.MethodGet {
		s.gets++
	} else {
		s.forms = append(s.forms, form)
		s.headers = append(s.headers, r.Header.Clone())
	}
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	switch {
	case r.Method == http.MethodGet && r.URL.Path == leafbridgeShopPath:
		// The recorded scraper posted with the cookies of its page visit; a site's
		// session cookie, written for the test, must come back with the form posts.
		http.SetCookie(w, &http.Cookie{Name: "lb_session", Value: "s3ss10n", Path: "/"})
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.Write(leafbridgeShopPage(leafbridgeNonceVal))
	case r.Method == http.MethodPost && r.URL.Path == leafbridgeAjax:
		s.ajax(w, form)
	default:
		http.NotFound(w, r)
	}
}

// ajax answers as admin-ajax.php does: "0" with 400 for an action nobody registered,
// "-1" with 403 when check_ajax_referer refuses the nonce (wp_die), else the plugin's
// JSON. A retailer the site does not serve gets an empty menu (written for the test).
func (s *leafbridgeServer) ajax(w http.ResponseWriter, form url.Values) {
	if form.Get("action") != "wizard_show_products" {
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte("0"))
		return
	}
	if form.Get("nonce_ajax") != leafbridgeNonceVal {
		w.WriteHeader(http.StatusForbidden)
		w.Write([]byte("-1"))
		return
	}
	products, cards := s.capture.products, s.capture.cards
	if form.Get("wizard_data[retailer_id]") != plusRetailer {
		products, cards = nil, nil
	}
	page, _ := strconv.Atoi(form.Get("prods_pageNumber"))
	from, to := min(max(page-1, 0)*s.perPage, len(products)), min(max(page, 0)*s.perPage, len(products))
	w.Header().Set("Content-Type", "application/json; charset=UTF-8")
	w.Write(leafbridgeAnswer(s.capture.envelope, products[from:to], cards[from:to], len(products), s.perPage, page))
}

// leafbridgeAnswer is the capture's answer re-cut to one page: its records and cards,
// the menu's count and page size, every other key as recorded.
func leafbridgeAnswer(envelope map[string]json.RawMessage, products []json.RawMessage, cards []string, count, perPage, page int) []byte {
	d := make(map[string]json.RawMessage, len(envelope))
	for k, v := range envelope {
		d[k] = v
	}
	set := func(k string, v any) { d[k], _ = json.Marshal(v) }
	if products == nil {
		products = []json.RawMessage{}
	}
	set("products_list", products)
	set("products_html", strings.Join(cards, ""))
	set("products_count", count)
	set("prods_per_page", perPage)
	set("current_page", page)
	set("products_list_count", len(products))
	b, _ := json.Marshal(map[string]any{"success": true, "data": d})
	return b
}

// leafbridgeSource is the MPX menu as a registry gives it: the real shop URL, its host
// replaced by the test server's through baseURL.
var leafbridgeSource = data.MenuSource{Market: data.Recreational, Platform: "leafbridge", StoreID: plusRetailer,
	URL: "https://mpxnj.com" + leafbridgeShopPath}

func leafbridgeFetch(t *testing.T, base string, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, leafbridgePlatform, base, nil)
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

func TestLeafBridgeGolden(t *testing.T) {
	s := newLeafbridgeServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	menu, err := leafbridgeFetch(t, srv.URL, leafbridgeSource)
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Skipped) > 0 {
		t.Errorf("skipped %q", menu.Skipped)
	}
	// The shop page, then pages 1 to 3 of 7, 7 and 6 (products_count 20).
	if menu.Requests != 4 || s.gets != 1 || len(s.forms) != 3 {
		t.Errorf("%d requests (%d pages, %d forms), want 4", menu.Requests, s.gets, len(s.forms))
	}
	if n := data.DistinctProducts(menu.Offers); n != 20 {
		t.Errorf("%d products, want 20", n)
	}
	for _, o := range menu.Offers {
		if !strings.HasPrefix(o.URL, "https://mpxnj.com/product/") {
			t.Errorf("%s: URL %q is not the card's product page", o.ProductID, o.URL)
		}
	}
	menuInvariants(t, menu.Offers)
	checkGolden(t, "leafbridge_mpxnj_edibles", menu.Offers)
}

// TestLeafBridgeHandChecked asserts offers read by eye from the capture (products_list
// and the cards of products_html).
func TestLeafBridgeHandChecked(t *testing.T) {
	srv := httptest.NewServer(newLeafbridgeServer(t))
	defer srv.Close()
	menu, err := leafbridgeFetch(t, srv.URL, leafbridgeSource)
	if err != nil {
		t.Fatal(err)
	}
	link := func(slug string) string {
		return "https://mpxnj.com/product/" + slug + "/?retailer_id=" + plusRetailer
	}
	tests := []struct {
		name string
		want offerWant
	}{
		// &Shine Fruit Punch Bites: variant "10pk/100mg", priceRec 30, specialPriceRec null,
		// quantity 4; potencyThc {formatted "0.38%", range [0.38], unit "%"}, potencyCbd
		// empty; strainType SATIVA; the card's href is /product/shine-fruit-punch-bites-10pk-100mg/.
		{"dose in the option", offerWant{id: "65e38534895d2a0001a5d9b9", size: "10pk/100mg", name: "&Shine Fruit Punch Bites 10pk/100mg",
			category: data.Edible, strainType: "sativa", strain: "Fruit Punch Bites", mg: 100, price: 30, inStock: true, thc: 0.38, unit: "%",
			url: link("shine-fruit-punch-bites-10pk-100mg")}},
		// Gron 1:1 Blackberry Mega Discs: option "1g", priceRec 24, specialPriceRec 18 (the
		// card shows "$24 $18 25% off"), quantity 25, THC 0.44 %; the card's link carries a
		// de-duplication suffix the product's own slug lacks (…-cbn-thc-99514). "1g" on an edible is neither a dose nor a package weight
		// the menu can stand behind: no mg, no grams.
		{"rec special, option 1g", offerWant{id: "66ce022b4c4adf00012722a7", size: "1g", name: "1:1 Blackberry Mega Discs - CBN/THC",
			category: data.Edible, strainType: "indica", strain: "1:1 Blackberry Mega Discs - CBN/THC", price: 24, sale: 18, inStock: true,
			thc: 0.44, unit: "%", url: link("1-1-blackberry-mega-discs-cbn-thc-99514")}},
		// Gron 1:1:1 Blackberry Lemonade Pearls: potencyThc {formatted "", range [], unit
		// "mg"}: no figure; "10pk/100mg", priceRec 32, specialPriceRec 24.
		{"no potency figure", offerWant{id: "6597524cb56b25000111f567", size: "10pk/100mg", name: "1:1:1 Blackberry Lemonade Pearls – CBD/CBN/THC",
			category: data.Edible, strainType: "indica", strain: "1:1:1 Blackberry Lemonade Pearls – CBD/CBN/THC", mg: 100, price: 32, sale: 24,
			inStock: true, url: link("1-1-1-blackberry-lemonade-pearls-cbd-cbn-thc-6354")}},
		// Camino Sparkling Pear: THC "0.05%" and CBD "0.17%" (range [0.17]); strainType THC
		// is no lineage; option "1g", priceRec 34, quantity 18.
		{"THC and CBD", offerWant{id: "66a552a37ff6cd000180596d", size: "1g", name: "Camino Sparkling Pear 2:6 THC:CBD Gummies 2mg x 20-Pack",
			category: data.Edible, strain: "Sparkling Pear 2:6 THC:CBD", price: 34, inStock: true, thc: 0.05, cbd: 0.17, unit: "%",
			url: link("camino-sparkling-pear-2-6-thc-cbd-gummies-2mg-x-20-pack")}},
		// ILLICIT Bananas Foster Soft Caramels: category EDIBLES, subcategory CHEWS,
		// "10pk/100mg", priceRec 24, quantity 20, THC 1.06 %.
		{"chews", offerWant{id: "6852c5a254b192b6667b0e96", size: "10pk/100mg", name: "Bananas Foster Soft Caramels 10mg | 10-Pack",
			category: data.Edible, strain: "Bananas Foster Soft Caramels", mg: 100, price: 24, inStock: true, thc: 1.06, unit: "%",
			url: link("bananas-foster-soft-caramels-10mg-10-pack")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.want.check(t, menu.Offers) })
	}
	if o := findOffer(t, menu.Offers, "6852c5a254b192b6667b0e96", "10pk/100mg"); o.Brand != "ILLICIT" || o.RawCategory != "EDIBLES" {
		t.Errorf("brand %q raw category %q, want ILLICIT and EDIBLES", o.Brand, o.RawCategory)
	}
}

// TestLeafBridgeRequests checks the requests against the recorded ones (PROVENANCE.md):
// the shop page first, then form POSTs with the nonce from it, the wizard fields and
// the browser's AJAX headers, prods_pageNumber counting from 1.
func TestLeafBridgeRequests(t *testing.T) {
	s := newLeafbridgeServer(t)
	srv := httptest.NewServer(s)
	defer srv.Close()
	src := leafbridgeSource
	src.Market = data.Medical
	if _, err := leafbridgeFetch(t, srv.URL, src); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"action":                         "wizard_show_products",
		"nonce_ajax":                     leafbridgeNonceVal,
		"wizard_data[retailer_id]":       plusRetailer,
		"wizard_data[menu_type]":         "MEDICAL",
		"wizard_data[collection_method]": "PICKUP",
		"wizard_data[sort]":              "NAME_ASC",
		"wizard_data[age_confirm]":       "true",
		"wizard_data[default_set]":       "true",
		// The recorded request's empty search and filter fields.
		"search_key_word":                    "",
		"prod_categories[search_key_word]":   "",
		"prod_categories[sort_order]":        "NAME_ASC",
		"filter_attributes[search_key_word]": "",
		"filter_attributes[sort_order]":      "NAME_ASC",
	}
	var pages []string
	for i, f := range s.forms {
		for k, v := range want {
			if !f.Has(k) || f.Get(k) != v {
				t.Errorf("form %d: %s = %q, want %q", i, k, f.Get(k), v)
			}
		}
		pages = append(pages, f.Get("prods_pageNumber"))
		h := s.headers[i]
		if c, err := (&http.Request{Header: h}).Cookie("lb_session"); err != nil || c.Value != "s3ss10n" {
			t.Errorf("form %d: the shop page's cookie did not come back (%v)", i, err)
		}
		for k, v := range map[string]string{
			"Content-Type":     "application/x-www-form-urlencoded; charset=UTF-8",
			"X-Requested-With": "XMLHttpRequest",
			"Origin":           "https://mpxnj.com",
			"Referer":          leafbridgeSource.URL,
		} {
			if h.Get(k) != v {
				t.Errorf("form %d: header %s = %q, want %q", i, k, h.Get(k), v)
			}
		}
	}
	if !slices.Equal(pages, []string{"1", "2", "3"}) {
		t.Errorf("pages %q, want 1 2 3", pages)
	}
}

func TestLeafBridgeFailures(t *testing.T) {
	challenge := readTestdata(t, dutchieBlockedFile)
	lc := readLeafbridgeCapture(t)
	onAjax := func(h http.HandlerFunc) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			if r.Method != http.MethodPost {
				return false
			}
			h(w, r)
			return true
		}
	}
	onShop := func(h http.HandlerFunc) func(w http.ResponseWriter, r *http.Request) bool {
		return func(w http.ResponseWriter, r *http.Request) bool {
			if r.Method != http.MethodGet {
				return false
			}
			h(w, r)
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
		{"unknown retailer", data.MenuSource{Market: data.Recreational, StoreID: "00000000-0000-4000-8000-000000000000", URL: leafbridgeSource.URL},
			nil, data.ReasonConfig, 200, "check storeId"},
		{"page without the nonce", leafbridgeSource, onShop(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`<!doctype html><html><head><title>About us</title></head><body>MPX</body></html>`))
		}), data.ReasonConfig, 200, "no LeafBridge nonce"},
		{"nonce refused", leafbridgeSource, onShop(func(w http.ResponseWriter, r *http.Request) {
			w.Write(leafbridgeShopPage("0badc0ffee"))
		}), data.ReasonHTTPStatus, 403, "the nonce was refused"},
		{"plugin gone", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusBadRequest)
			w.Write([]byte("0"))
		}), data.ReasonHTTPStatus, 400, "no wizard_show_products action"},
		{"shop page HTTP 500", leafbridgeSource, onShop(func(w http.ResponseWriter, r *http.Request) {
			w.WriteHeader(http.StatusInternalServerError)
			w.Write([]byte(`{"message":"Error establishing a database connection"}`))
		}), data.ReasonHTTPStatus, 500, "Error establishing a database connection"},
		{"challenge instead of the shop page", leafbridgeSource, onShop(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusForbidden)
			w.Write(challenge)
		}), data.ReasonBlocked, 403, "challenge"},
		{"challenge behind 200 at admin-ajax", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write(challenge)
		}), data.ReasonBlocked, 200, "challenge"},
		{"success false", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"success":false,"data":"Retailer API error"}`))
		}), data.ReasonParse, 200, "success:false"},
		{"no products_list", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"success":true,"data":{"products_count":101,"products_html":"<div></div>"}}`))
		}), data.ReasonParse, 200, "layout changed: reply has no data.products_list"},
		{"malformed JSON", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"success":true,"data":{"products_list":[{"id":`))
		}), data.ReasonParse, 200, "leafbridge"},
		{"site ignores the page number", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write(leafbridgeAnswer(lc.envelope, lc.products[:7], lc.cards[:7], 14, 7, 1)) // two pages: the last one repeats
		}), data.ReasonParse, 200, "ignores prods_pageNumber"},
		{"most records unreadable", leafbridgeSource, onAjax(func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(`{"success":true,"data":{"products_count":3,"prods_per_page":20,"products_list":[
				{"name":"no id"},{"id":"a","variants":[{"priceRec":"n/a"}]},{"id":"b","name":"ok","variants":[]}]}}`))
		}), data.ReasonParse, 200, "2 of 3 records unreadable"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := newLeafbridgeServer(t)
			s.fail = tt.fail
			srv := httptest.NewServer(s)
			defer srv.Close()
			menu, err := leafbridgeFetch(t, srv.URL, tt.src)
			checkFetchFailure(t, "leafbridge", menu, err, tt.reason, tt.status, tt.detail)
		})
	}
}

func TestLeafBridgeValidate(t *testing.T) {
	a := testAdapter(t, leafbridgePlatform, "", nil)
	checkValidate(t, a, []validateCase{
		{"shop page and retailer", leafbridgeSource, ""},
		{"with an admin-ajax endpoint", data.MenuSource{Market: data.Medical, StoreID: plusRetailer, URL: leafbridgeSource.URL,
			Endpoint: "https://mpxnj.com/wp-admin/admin-ajax.php"}, ""},
		{"no retailer", data.MenuSource{Market: data.Recreational, URL: leafbridgeSource.URL}, "storeId"},
		{"retailer not a UUID", data.MenuSource{Market: data.Recreational, StoreID: "5731", URL: leafbridgeSource.URL}, "storeId"},
		{"no shop page", data.MenuSource{Market: data.Recreational, StoreID: plusRetailer}, "url"},
		{"shop page not absolute", data.MenuSource{Market: data.Recreational, StoreID: plusRetailer, URL: "mpxnj.com/shop/"}, "url"},
		{"bad endpoint", data.MenuSource{Market: data.Recreational, StoreID: plusRetailer, URL: leafbridgeSource.URL, Endpoint: "ftp://mpxnj.com/x"}, "endpoint"},
		{"bad market", data.MenuSource{Market: "adult", StoreID: plusRetailer, URL: leafbridgeSource.URL}, "market"},
	})
	if _, err := leafbridgePlatform.adapter(polite.NewEngine(fastOptions()), data.PlatformConfig{Settings: map[string]string{"collectionMethod": "CURBSIDE"}}, nil); err == nil ||
		!strings.Contains(err.Error(), "collectionMethod") {
		t.Errorf("collectionMethod CURBSIDE: %v", err)
	}
}

// FuzzLeafBridge feeds admin-ajax answers to the parse functions: the answer, the
// cards' links and every record in both markets. Seeds: each of the capture's records
// in an answer of its own with its card, without the answer's filter and pagination
// markup the adapter does not read. Seeds stay small because the fuzzer minimises every
// input that finds new coverage: minimising the whole 320 kB capture, or 50 kB
// answers, takes longer than a smoke run (the golden test reads the capture whole).
func FuzzLeafBridge(f *testing.F) {
	c := readLeafbridgeCapture(f)
	for i := range c.products {
		f.Add(leafbridgeAnswer(nil, c.products[i:i+1], c.cards[i:i+1], 1, 20, 1))
	}
	f.Add([]byte(`{"success":true,"data":{"products_list":[{"id":"x","name":"n","category":"FLOWER","potencyThc":{"range":[240],"unit":"%"},
		"variants":[{"option":"1/8oz","priceRec":"45.00","specialPriceRec":50}]}],"products_html":"<div data_product_id=\"x\"><a href=\"javascript:alert(1)\">"}}`))
	site, _ := url.Parse("https://mpxnj.com/shop/")
	f.Fuzz(func(t *testing.T, body []byte) {
		reply, err := leafbridgeParse(body)
		if err != nil {
			return
		}
		links := leafbridgeLinks(reply.ProductsHTML, site)
		for _, l := range links {
			if !httpURL(l) {
				t.Fatalf("link %q kept", l)
			}
		}
		_ = reply.pages()
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			for _, p := range reply.ProductsList {
				offers, _, err := plusRecordOffers(p, m, links)
				if err != nil {
					continue
				}
				checkFuzzedOffers(t, offers)
			}
		}
	})
}

// BenchmarkParseLeafBridge parses the captured admin-ajax answer as FetchMenu does:
// the envelope, the cards' links, every record.
func BenchmarkParseLeafBridge(b *testing.B) {
	body := readTestdata(b, leafbridgeCaptureFile)
	site, _ := url.Parse("https://mpxnj.com/shop/")
	parse := func() int {
		reply, err := leafbridgeParse(body)
		if err != nil {
			b.Fatal(err)
		}
		links := leafbridgeLinks(reply.ProductsHTML, site)
		n := 0
		for _, p := range reply.ProductsList {
			offers, _, err := plusRecordOffers(p, data.Recreational, links)
			if err != nil {
				b.Fatal(err)
			}
			n += len(offers)
		}
		return n
	}
	benchParse(b, len(body), parse)
}

// TestLeafBridgeLinks reads links off cards: attributes with spaces around "=" as the
// plugin writes them, relative links resolved against the site, unsafe ones dropped.
func TestLeafBridgeLinks(t *testing.T) {
	site, _ := url.Parse("https://mpxnj.com/shop/")
	cards := `<div class="card" data_product_id = "a1"><div href="/product/a/" absolute_url><a href="/product/other/">x</a></div></div>` +
		`<div data_product_id="b2"><a href="javascript:alert(1)">x</a><a href="https://mpxnj.com/product/b/">y</a></div>` +
		`<div data_product_id="c3"><img src="x.png"></div>`
	got := leafbridgeLinks(cards, site)
	want := map[string]string{"a1": "https://mpxnj.com/product/a/", "b2": "https://mpxnj.com/product/b/"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("links %v, want %v", got, want)
	}
	if !bytes.Contains(leafbridgeShopPage("abc123"), []byte(`"nonce":"abc123"`)) {
		t.Error("shop page lacks the nonce")
	}
}

// TestLeafBridgeProductsListShapes reads products_list however PHP encodes it: a list,
// an object keyed by the indexes a filter left (in the order sent), or null.
func TestLeafBridgeProductsListShapes(t *testing.T) {
	tests := []struct {
		name, list string
		want       []string
		wantErr    bool
	}{
		{"array", `[{"id":"a"},{"id":"b"}]`, []string{`{"id":"a"}`, `{"id":"b"}`}, false},
		{"object after a filter", `{"2":{"id":"c"},"0":{"id":"a"}}`, []string{`{"id":"c"}`, `{"id":"a"}`}, false},
		{"empty object", `{}`, []string{}, false},
		{"string", `"none"`, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			reply, err := leafbridgeParse([]byte(`{"success":true,"data":{"products_list":` + tt.list + `}}`))
			if tt.wantErr {
				if err == nil {
					t.Fatalf("no error for %s", tt.list)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range reply.ProductsList {
				got = append(got, string(r))
			}
			if len(got) != len(tt.want) || (len(got) > 0 && !slices.Equal(got, tt.want)) {
				t.Errorf("got %q, want %q", got, tt.want)
			}
		})
	}
	if _, err := leafbridgeParse([]byte(`{"success":true,"data":{"products_list":null}}`)); err == nil || !strings.Contains(err.Error(), "layout changed") {
		t.Errorf("null list: %v", err)
	}
}
