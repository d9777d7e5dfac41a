package publish

import (
	"math/rand/v2"
	"testing"
	"time"
)

// TestLowFoldAgainstDays folds random daily prices of a few keys (days out of stock,
// sales beginning and ending, prices changing) and checks each key's lows against the
// same figures taken from every day kept: the fold keeps only the spells a sale can
// still look back at, in one array whose dropped nodes it reuses.
func TestLowFoldAgainstDays(t *testing.T) {
	type sighting struct {
		day                int32
		paid, price        int32
		sale, inStock, any bool
	}
	now := time.Date(2026, 11, 24, 17, 0, 0, 0, time.UTC)
	start := now.AddDate(0, 0, -150)
	r := rand.New(rand.NewPCG(7, 11))
	const keys = 200
	fold := newLowFold(now, 0)
	seen := make([][]sighting, keys)
	prices := []float64{40, 45, 50}
	for d := start; !d.After(now); d = d.AddDate(0, 0, 1) {
		day := d.Format(time.DateOnly)
		n, _ := dayNumber(day)
		for k := range int32(keys) {
			if r.IntN(5) == 0 {
				continue // not fetched that day
			}
			price := prices[r.IntN(len(prices))]
			sale := 0.0
			if r.IntN(3) == 0 {
				sale = price - 10
			}
			inStock := r.IntN(6) != 0
			fold.observe(day, k, price, sale, inStock)
			paid := price
			if sale > 0 {
				paid = sale
			}
			seen[k] = append(seen[k], sighting{day: n, paid: inCents(paid), price: inCents(price), sale: sale > 0, inStock: inStock, any: true})
		}
	}
	l := fold.lows()
	today := dayNumberOf(now)
	for k := range int32(keys) {
		// The sale under way began at the first of the in-stock sightings on sale since
		// the last one not on sale.
		var began, first, low90 int32
		for _, s := range seen[k] {
			if first == 0 {
				first = s.day
			}
			if !s.inStock {
				continue
			}
			switch {
			case !s.sale:
				began = 0
			case began == 0:
				began = s.day
			}
			if s.day > today-ProductLowDays && (low90 == 0 || s.paid < low90) {
				low90 = s.paid
			}
		}
		if began == 0 {
			began = today
		}
		const regular = 50
		var want saleLow
		for _, s := range seen[k] {
			if !s.inStock || s.day >= began || s.day < began-LowBeforeSale {
				continue
			}
			if want.low == 0 || s.paid < want.low {
				want.low = s.paid
			}
			if !s.sale && s.price >= regular*100 {
				want.regularCharged = true
			}
		}
		if first > began-LowBeforeSale {
			want.daysSeen = max(today-first+1, 1)
		}
		if got := l.lowFor(k, regular, time.Time{}); got != want {
			t.Errorf("key %d: lowFor = %+v, want %+v", k, got, want)
		}
		if got := l.low90(k); got != low90 {
			t.Errorf("key %d: low90 = %d, want %d", k, got, low90)
		}
	}
	if len(fold.spells) > keys*(LowBeforeSale+2)*2 {
		t.Errorf("the fold holds %d spell nodes for %d keys: dropped nodes are not reused", len(fold.spells), keys)
	}
}
