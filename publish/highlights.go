package publish

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
	_ "time/tzdata" // the highlights count years in America/New_York on any machine

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// Highlights is api/highlights: one summary per calendar year of the history.
type Highlights struct {
	GeneratedAt string          `json:"generatedAt"`
	Years       []YearHighlight `json:"years"`
}

// YearHighlight sums up one year (America/New_York) of fetches and offers.
type YearHighlight struct {
	Year         int           `json:"year"`
	MenusTracked int           `json:"menusTracked"`
	Dispensaries int           `json:"dispensaries"`
	Fetches      int           `json:"fetches"`
	Products     int           `json:"products"`
	FirstSeen    string        `json:"firstSeen"`
	LastSeen     string        `json:"lastSeen"`
	TopStrains   []StrainCount `json:"topStrains"`
	PriceMoves   []PriceMove   `json:"priceMoves"`
}

// PriceMove compares the median price per unit of one category between the first and
// the last month of a year that has data.
type PriceMove struct {
	Category      data.Category `json:"category"`
	Unit          string        `json:"unit"` // "g", or "100mg" for edibles
	FirstMonth    string        `json:"firstMonth"`
	LastMonth     string        `json:"lastMonth"`
	From          float64       `json:"from"`
	To            float64       `json:"to"`
	ChangePercent float64       `json:"changePercent"`
}

// HighlightStrains is how many strains a year lists.
const HighlightStrains = 10

// ohio is the zone the years and months of the highlights are counted in.
var ohio = mustZone("America/New_York")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		panic(fmt.Sprintf("time zone %s: %v (import time/tzdata)", name, err))
	}
	return loc
}

// buildHighlights reads the whole history of the series sd read, one year at a time,
// newest first. Offers are streamed, and only two months of unit prices per category are
// held at once.
func buildHighlights(ctx context.Context, db *store.DB, sd *store.ShopData, now time.Time) (Highlights, error) {
	out := Highlights{GeneratedAt: now.UTC().Format(time.RFC3339), Years: []YearHighlight{}}
	all, err := db.FetchSpanBetween(ctx, time.Time{}, now.Add(time.Second))
	if err != nil || all.Fetches == 0 {
		return out, err
	}
	for year := all.Last.In(ohio).Year(); year >= all.First.In(ohio).Year(); year-- {
		from := time.Date(year, 1, 1, 0, 0, 0, 0, ohio)
		to := time.Date(year+1, 1, 1, 0, 0, 0, 0, ohio)
		if end := now.Add(time.Second); end.Before(to) {
			to = end // nothing after --now counts: a publish "as of" a date sees that date's world
		}
		span, err := db.FetchSpanBetween(ctx, from, to)
		if err != nil {
			return out, err
		}
		if span.Fetches == 0 {
			continue
		}
		y := YearHighlight{Year: year, MenusTracked: span.Menus, Dispensaries: span.Dispensaries, Fetches: span.Fetches,
			FirstSeen: span.First.UTC().Format(time.RFC3339), LastSeen: span.Last.UTC().Format(time.RFC3339)}
		var strains strainCounter
		products := map[string]bool{}
		strainOf := map[*data.Offer][2]string{} // a description's flowerStrain, once
		prices := map[data.Category]*monthPrices{}
		err = sd.EachOfferRun(ctx, from, to, func(r store.OfferRun) error {
			o := r.Desc
			strain, described := strainOf[o]
			if !described {
				products[strings.ToLower(o.Brand)+"\x00"+strings.ToLower(o.Name)] = true
				if o.Category == data.Flower {
					strain[0], strain[1] = flowerStrain(o)
				}
				strainOf[o] = strain
			}
			if o.Category == data.Flower && r.InStock {
				strains.addStrain(r.Slug, strain[0], strain[1], r.Count)
			}
			if unit, ok := unitPrice(o, r.Price, r.SalePrice, r.InStock); ok {
				mp := prices[o.Category]
				if mp == nil {
					mp = &monthPrices{}
					prices[o.Category] = mp
				}
				mp.add(r.Month, unit, r.Count)
			}
			return nil
		})
		if err != nil {
			return out, err
		}
		y.Products = len(products)
		y.TopStrains = strains.top(HighlightStrains)
		y.PriceMoves = []PriceMove{}
		for _, c := range data.TrackedCategories {
			if mp := prices[c]; mp != nil && mp.lastMonth != "" && mp.lastMonth != mp.firstMonth {
				from, to := weightedMedian(mp.first), weightedMedian(mp.last)
				unit := "g"
				if c == data.Edible {
					unit = "100mg"
				}
				y.PriceMoves = append(y.PriceMoves, PriceMove{Category: c, Unit: unit, FirstMonth: mp.firstMonth, LastMonth: mp.lastMonth,
					From: cents(from), To: cents(to), ChangePercent: math.Round(1000*(to-from)/from) / 10})
			}
		}
		out.Years = append(out.Years, y)
	}
	return out, nil
}

// unitPrice is what an in-stock, unflagged offer costs per gram (per 100 mg for edibles).
func unitPrice(o *data.Offer, price, sale float64, inStock bool) (float64, bool) {
	cost := price
	if sale > 0 && sale < price {
		cost = sale
	}
	if !inStock || len(o.Warnings) > 0 || cost <= 0 {
		return 0, false
	}
	switch {
	case o.Category == data.Edible && o.Milligrams > 0:
		return cost / (o.Milligrams / 100), true
	case o.Category != data.Edible && o.Category != data.Other && o.Grams > 0:
		return cost / o.Grams, true
	}
	return 0, false
}

// weighed is a value seen n times.
type weighed struct {
	v float64
	n int
}

// monthPrices keeps the unit prices of the first month seen and of the latest month;
// offers arrive in month order, each price with the number of fetches that saw it.
type monthPrices struct {
	firstMonth, lastMonth string
	first, last           []weighed
}

func (m *monthPrices) add(month string, v float64, n int) {
	w := weighed{v, n}
	switch {
	case m.firstMonth == "" || month == m.firstMonth:
		m.firstMonth = month
		m.first = append(m.first, w)
	case month == m.lastMonth:
		m.last = append(m.last, w)
	default:
		m.lastMonth, m.last = month, append(m.last[:0], w)
	}
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return sortedMedian(s)
}

// sortedMedian is the median of values in ascending order.
func sortedMedian(s []float64) float64 {
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// weightedMedian is the median of the values each repeated its number of times.
func weightedMedian(xs []weighed) float64 {
	total := 0
	for _, x := range xs {
		total += x.n
	}
	if total == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.SortFunc(s, func(a, b weighed) int { return cmp.Compare(a.v, b.v) })
	at := func(k int) float64 { // the k-th value (from 0) of the repeated, sorted list
		for _, x := range s {
			if k < x.n {
				return x.v
			}
			k -= x.n
		}
		return s[len(s)-1].v
	}
	if total%2 == 1 {
		return at(total / 2)
	}
	return (at(total/2-1) + at(total/2)) / 2
}
