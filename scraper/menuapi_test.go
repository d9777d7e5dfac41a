package scraper

import (
	"encoding/json"
	"errors"
	"math"
	"net/url"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// Helpers shared by the adapter tests.

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

// checkFetchFailure fails t unless err is a fetch failure of reason and status whose
// message names platform and holds detail, and menu counted the requests made.
func checkFetchFailure(t *testing.T, platform string, menu data.Menu, err error, reason data.Reason, status int, detail string) {
	t.Helper()
	fe := menuReason(t, err, reason)
	if fe.Status != status || !strings.Contains(err.Error(), detail) || !strings.Contains(err.Error(), platform) {
		t.Errorf("status %d, error %v; want %d naming %s and %q", fe.Status, err, status, platform, detail)
	}
	if menu.Requests == 0 {
		t.Error("no request counted")
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
