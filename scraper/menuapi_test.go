package scraper

import (
	"bytes"
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

// Helpers shared by the Sweed, Weedmaps and Dispense adapter tests.

// menuTestAdapter builds p's adapter against a test server: no delay, no retries.
func menuTestAdapter(t testing.TB, p platform, baseURL string, settings map[string]string) data.Adapter {
	t.Helper()
	a, err := p.build(NewEngine(Options{Delay: 0, Retries: 0, Timeout: 5 * time.Second}), data.PlatformConfig{BaseURL: baseURL, Settings: settings})
	if err != nil {
		t.Fatalf("build %s: %v", p.name, err)
	}
	return a
}

// menuTestdata reads a file under testdata.
func menuTestdata(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// menuGolden compares offers with testdata/golden/<name>.json, or rewrites the file
// when update is set.
func menuGolden(t *testing.T, name string, update bool, offers []data.Offer) {
	t.Helper()
	got, err := json.MarshalIndent(offers, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run the test with its -update flag to create it)", err)
	}
	if !bytes.Equal(got, want) {
		var w []data.Offer
		if err := json.Unmarshal(want, &w); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for i := range min(len(w), len(offers)) {
			a, _ := json.Marshal(offers[i])
			b, _ := json.Marshal(w[i])
			if !bytes.Equal(a, b) {
				t.Fatalf("%s: offer %d differs:\n got %s\nwant %s", path, i, a, b)
			}
		}
		t.Fatalf("%s: got %d offers, golden has %d", path, len(offers), len(w))
	}
}

// menuInvariants fails on an offer no adapter may produce, whatever its input: a
// negative or non-finite price, a sale price not below the price, a link that is not
// http(s).
func menuInvariants(t testing.TB, offers []data.Offer) {
	t.Helper()
	for i, o := range offers {
		if o.Price < 0 || math.IsNaN(o.Price) || math.IsInf(o.Price, 0) {
			t.Fatalf("offer %d (%s): price %v", i, o.ProductID, o.Price)
		}
		if o.SalePrice < 0 || math.IsNaN(o.SalePrice) || (o.SalePrice != 0 && o.SalePrice >= o.Price) {
			t.Fatalf("offer %d (%s): sale price %v with price %v", i, o.ProductID, o.SalePrice, o.Price)
		}
		if o.URL != "" {
			u, err := url.Parse(o.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				t.Fatalf("offer %d (%s): URL %q is not http(s)", i, o.ProductID, o.URL)
			}
		}
	}
}

// menuReason fails unless err is a *data.FetchError with reason.
func menuReason(t *testing.T, err error, reason data.Reason) *data.FetchError {
	t.Helper()
	var fe *data.FetchError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T), want a FetchError with reason %s", err, err, reason)
	}
	if fe.Reason != reason {
		t.Fatalf("reason %s (%v), want %s", fe.Reason, err, reason)
	}
	return fe
}

// menuFind returns the offer of product id in size.
func menuFind(t *testing.T, offers []data.Offer, id, size string) data.Offer {
	t.Helper()
	for _, o := range offers {
		if o.ProductID == id && o.Size == size {
			return o
		}
	}
	t.Fatalf("no offer for product %s size %q among %d offers", id, size, len(offers))
	return data.Offer{}
}

// menuWant is a hand-checked offer: the fields read from the capture by eye.
type menuWant struct {
	id, size, name string
	category       data.Category
	price, sale    float64
	grams, mg      float64
	inStock        bool
	thc            float64 // 0: none
	unit           string
	strainType     string
	url            string
}

func (w menuWant) check(t *testing.T, offers []data.Offer) {
	t.Helper()
	o := menuFind(t, offers, w.id, w.size)
	thc := 0.0
	if o.THC != nil {
		thc = *o.THC
	}
	got := menuWant{id: o.ProductID, size: o.Size, name: o.Name, category: o.Category, price: o.Price, sale: o.SalePrice,
		grams: o.Grams, mg: o.Milligrams, inStock: o.InStock, thc: thc, unit: o.PotencyUnit, strainType: o.StrainType, url: o.URL}
	if got != w {
		t.Errorf("offer %s %q:\n got %+v\nwant %+v", w.id, w.size, got, w)
	}
}

func TestLooseNumber(t *testing.T) {
	tests := []struct {
		in      string
		want    looseNumber
		wantErr bool
	}{
		{`12.5`, looseNumber{12.5, true}, false},
		{`"12.00"`, looseNumber{12, true}, false},
		{`" 7 "`, looseNumber{7, true}, false},
		{`""`, looseNumber{}, false},
		{`null`, looseNumber{}, false},
		{`"NaN"`, looseNumber{}, true},
		{`"Inf"`, looseNumber{}, true},
		{`"$12"`, looseNumber{}, true},
		{`true`, looseNumber{}, true},
		{`{}`, looseNumber{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var n looseNumber
			err := json.Unmarshal([]byte(tt.in), &n)
			if (err != nil) != tt.wantErr || n != tt.want {
				t.Fatalf("got %+v, %v; want %+v, error %v", n, err, tt.want, tt.wantErr)
			}
		})
	}
}

func TestSellingAndSalePrice(t *testing.T) {
	tests := []struct {
		price, sale       float64
		wantOK            bool
		wantPrice, wantSl float64
	}{
		{30, 21, true, 30, 21},
		{31.25, 25.000000000000004, true, 31.25, 25},
		{10, 10, true, 10, 0},    // no discount
		{10, 12, true, 10, 0},    // a "sale" above the price is not one
		{10, 9.999, true, 10, 0}, // equal once rounded to cents
		{0, 0, false, 0, 0},
		{-5, 0, false, 0, 0},
		{0.001, 0, false, 0, 0},
		{1e308, 1, false, 0, 0}, // overflows cents
	}
	for _, tt := range tests {
		p, ok := sellingPrice(tt.price)
		s := 0.0
		if ok {
			s = salePrice(p, tt.sale)
		}
		if ok != tt.wantOK || p != tt.wantPrice || s != tt.wantSl {
			t.Errorf("price %v sale %v: got %v %v %v, want %v %v %v", tt.price, tt.sale, p, ok, s, tt.wantPrice, tt.wantOK, tt.wantSl)
		}
	}
}

func TestWebLink(t *testing.T) {
	base, _ := url.Parse("https://www.gleaf.com/stores/maryland/rockville/shop")
	tests := []struct {
		raw  string
		base *url.URL
		want string
	}{
		{"https://weedmaps.com/dispensaries/x/menu/y", nil, "https://weedmaps.com/dispensaries/x/menu/y"},
		{"/stores/maryland/rockville/shop/recreational/menu/flower-3763/a-1?stockType=Default", base,
			"https://www.gleaf.com/stores/maryland/rockville/shop/recreational/menu/flower-3763/a-1?stockType=Default"},
		{"/relative/without/base", nil, ""},
		{"javascript:alert(1)", base, ""},
		{"ftp://example.com/x", nil, ""},
		{"//evil.example/x", base, "https://evil.example/x"},
		{"", base, ""},
		{"http://[::1", nil, ""},
	}
	for _, tt := range tests {
		if got := webLink(tt.raw, tt.base); got != tt.want {
			t.Errorf("webLink(%q) = %q, want %q", tt.raw, got, tt.want)
		}
	}
}

func TestMenuCategory(t *testing.T) {
	tests := []struct {
		labels []string
		want   data.Category
	}{
		{[]string{"Pre Roll", "Flower"}, data.Preroll},                // Weedmaps sub first
		{[]string{"Shake", "Flower"}, data.Flower},                    // unknown sub, known parent
		{[]string{"Tincture", "Edibles"}, data.Other},                 // Weedmaps files tinctures under Edibles
		{[]string{"Batteries", "Vape Pens"}, data.Other},              // and batteries under Vape Pens
		{[]string{"Accessories", "Battery", "Vaporizer"}, data.Other}, // Sweed accessories
		{[]string{"Vape", "Cartridge", "Live Resin Cartridge"}, data.Vape},
		{[]string{"🍬Edibles🍫", "Edibles", "EDIBLES"}, data.Edible},
		{[]string{"Apparel", "Apparel", "Hat"}, data.Other},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.labels, "/"), func(t *testing.T) {
			if got := menuCategory(tt.labels...); got != tt.want {
				t.Fatalf("got %s, want %s", got, tt.want)
			}
		})
	}
}

func TestSetPotency(t *testing.T) {
	tests := []struct {
		name             string
		thc              float64
		thcUnit          string
		cbd              float64
		cbdUnit          string
		wantTHC, wantCBD float64
		wantUnit         string
	}{
		{"percent pair", 22.29, "%", 0.05, "%", 22.29, 0.05, "%"},
		{"mg pair", 100, "MG", 20, "MG", 100, 20, "mg"},
		{"cbd in another unit is left out", 24.45, "%", 20, "mg", 24.45, 0, "%"},
		{"cbd alone", 0, "", 3.7, "mg", 0, 3.7, "mg"},
		{"unknown unit shows nothing", 0.3, "", 0, "", 0, 0, ""},
		{"zero is no figure", 0, "%", 0, "%", 0, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var o data.Offer
			setPotency(&o, tt.thc, tt.thcUnit, tt.cbd, tt.cbdUnit)
			val := func(p *float64) float64 {
				if p == nil {
					return 0
				}
				return *p
			}
			if val(o.THC) != tt.wantTHC || val(o.CBD) != tt.wantCBD || o.PotencyUnit != tt.wantUnit {
				t.Fatalf("got THC %v CBD %v %q, want %v %v %q", val(o.THC), val(o.CBD), o.PotencyUnit, tt.wantTHC, tt.wantCBD, tt.wantUnit)
			}
		})
	}
}
