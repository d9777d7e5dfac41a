package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/url"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// This file holds what the Sweed, Weedmaps and Dispense adapters share: one JSON call
// through the engine, numbers that arrive as numbers or strings, and the price, link
// and category rules every offer of theirs follows.

// callJSON sends req and decodes the 2xx JSON reply into into. It counts the request
// on menu and classifies failures: engine errors through requestError (a challenge
// page behind a 403 is blocked), a body that is not JSON through bodyError.
func callJSON(ctx context.Context, e *polite.Engine, req polite.Request, where string, menu *data.Menu, into any) (*polite.Response, error) {
	resp, err := send(ctx, e, req, where, menu)
	if err != nil {
		return resp, err
	}
	if err := json.Unmarshal(resp.Body, into); err != nil {
		return resp, bodyError(where, resp, err)
	}
	return resp, nil
}

// named is the object platforms use for a labelled thing: {"name": "Flower"}.
type named struct {
	Name string `json:"name"`
}

// name is the label, trimmed; "" when the object is absent.
func (n *named) name() string {
	if n == nil {
		return ""
	}
	return strings.TrimSpace(n.Name)
}

// looseNumber is a JSON value platforms send as a number, a numeric string ("12.00"),
// an empty string or null. Set is false for the last two. A value that is neither, or
// not finite, is an error: the record is unreadable rather than silently priced 0.
type looseNumber struct {
	V   float64
	Set bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (n *looseNumber) UnmarshalJSON(b []byte) error {
	*n = looseNumber{}
	s := string(bytes.TrimSpace(b))
	if s == "null" {
		return nil
	}
	if strings.HasPrefix(s, `"`) {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		if s = strings.TrimSpace(str); s == "" {
			return nil
		}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("%.40s is not a number", b)
	}
	*n = looseNumber{V: v, Set: true}
	return nil
}

// sellingPrice rounds a platform price to cents; ok is false when it is no price at
// all (absent, zero, negative: every platform here uses 0 for "not sold in this size")
// or cannot be one (data.PriceProblem: not a number, absurd).
func sellingPrice(v float64) (price float64, ok bool) {
	p := dollars(v)
	if p <= 0 || data.PriceProblem(p) != "" {
		return 0, false
	}
	return p, true
}

// salePrice is the discounted price to record: sale rounded to cents when it is a real
// discount of price (0 < sale < price after rounding), else 0.
func salePrice(price, sale float64) float64 {
	s := dollars(sale)
	if s > 0 && s < price && !math.IsInf(s, 0) {
		return s
	}
	return 0
}

// webLink resolves raw against base (nil for absolute links only) and returns it when
// it is an absolute http(s) URL, "" otherwise: an Offer.URL is published as a link.
func webLink(raw string, base *url.URL) string {
	raw = strings.TrimSpace(raw)
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	if base != nil {
		u = base.ResolveReference(u)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return ""
	}
	return u.String()
}

// roundGrams keeps two decimals of a computed weight (0.35 g x 10 is 3.5, not
// 3.4999999999999996).
func roundGrams(g float64) float64 {
	if g <= 0 || math.IsNaN(g) || math.IsInf(g, 0) {
		return 0
	}
	return math.Round(g*100) / 100
}

// potencyUnit names a platform's potency unit as Offer.PotencyUnit does, "" when the
// unit is unknown (a value without a unit is not shown).
func potencyUnit(u string) string {
	switch strings.ToLower(strings.TrimSpace(u)) {
	case "%", "percent", "percentage":
		return "%"
	case "mg", "milligrams", "milligram":
		return "mg"
	}
	return ""
}

// setPotency records THC and CBD on o in one unit: THC's, or CBD's when THC has none;
// a CBD figure in another unit than THC's is left out rather than mislabelled.
func setPotency(o *data.Offer, thc float64, thcUnit string, cbd float64, cbdUnit string) {
	tu, cu := potencyUnit(thcUnit), potencyUnit(cbdUnit)
	if t := positive(thc); t != nil && tu != "" {
		o.THC, o.PotencyUnit = t, tu
	}
	if c := positive(cbd); c != nil && cu != "" && (o.PotencyUnit == "" || o.PotencyUnit == cu) {
		o.CBD, o.PotencyUnit = c, cu
	}
}
