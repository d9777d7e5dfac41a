package store

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
)

// DayPrice is one offer series on one day (ShopData.EachDayPrice): the offer as last
// observed that day, its description shared.
type DayPrice struct {
	// Day is YYYY-MM-DD in America/New_York.
	Day    string
	Slug   string
	Market data.Market
	Desc   *data.Offer
	// Key numbers the observation's store, market, code and size from 0: the
	// observations of one key on different days share it.
	Key int32
	// Price, SalePrice and InStock are the observed state.
	Price, SalePrice float64
	InStock          bool
}

// rank orders the series' keys (store, market, code, size) once, in the order a day of
// daily prices is reported in; series sharing a key share a rank.
func (sd *ShopData) rank() { sd.ranking.Do(sd.rankKeys) }

func (sd *ShopData) rankKeys() {
	code := func(s *shopSeries) string {
		if s.desc.Code == "" {
			// Without codes, products are told apart by their platform id.
			return "\x00" + s.desc.ProductID
		}
		return s.desc.Code
	}
	order := make([]int32, len(sd.series))
	for i := range order {
		order[i] = int32(i)
	}
	cmpKeys := func(a, b *shopSeries) int {
		if c := strings.Compare(a.menu.slug, b.menu.slug); c != 0 {
			return c
		}
		if c := strings.Compare(string(a.menu.market), string(b.menu.market)); c != 0 {
			return c
		}
		if c := strings.Compare(code(a), code(b)); c != 0 {
			return c
		}
		return strings.Compare(a.desc.Size, b.desc.Size)
	}
	slices.SortFunc(order, func(i, j int32) int { return cmpKeys(&sd.series[i], &sd.series[j]) })
	r := int32(-1)
	for n, i := range order {
		if n == 0 || cmpKeys(&sd.series[order[n-1]], &sd.series[i]) != 0 {
			r++
		}
		sd.series[i].rank = r
	}
	sd.keys = int(r + 1)
	sd.keyFirst = make([]int64, sd.keys)
	for i := range sd.series {
		s := &sd.series[i]
		if t := &sd.keyFirst[s.rank]; *t == 0 || s.firstSeen < *t {
			*t = s.firstSeen
		}
	}
}

// EachDayPrice calls fn once per day (America/New_York) and offer series observed by a
// successful fetch in [from, to), with the offer as last observed that day. Days come in
// order; within a day, by store, market, code and size. Only one day is held in memory.
// Dispensaries no longer in the registry are included: history is history.
//
// It replays the change log (see replay) and, per menu and day, starts from the
// series its first fetch of the day lists and follows that day's changes: an unchanged
// year costs one pass over the listed series per menu and day, not one per fetch.
func (sd *ShopData) EachDayPrice(ctx context.Context, from, to time.Time, fn func(DayPrice) error) error {
	sd.rank()
	w := &dayPrices{sd: sd, fn: fn, obs: make([]int32, sd.keys), seenDay: make([]int32, sd.keys),
		touched: make([]int32, 0, sd.keys), menuDay: map[int64]menuToday{}}
	lo, hi := nanos(from), nanos(to)
	inWindow := func(f replayFetch) bool { return f.ok && f.at >= lo && f.at < hi }
	// A new day ends the last before the fetch's changes apply.
	before := func(f replayFetch) error {
		if !inWindow(f) {
			return nil
		}
		if d := Day(fromNano(f.at)); d != w.day {
			if err := w.flush(); err != nil {
				return err
			}
			w.day = d
			w.dayNo++
		}
		return nil
	}
	err := sd.replay(ctx, to, &w.rs, before, func(f replayFetch, changed []slotChange) error {
		if inWindow(f) {
			w.fetch(f, changed)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	if err := w.flush(); err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return nil
}

// dayPrices is EachDayPrice's walk. obs holds the series of each key (by rank)
// observed last that day, touched the ranks observed that day. Fetches come in time
// order, so the last observation is the latest; and its state is the series' state at
// the end of the day: a later change that day is observed in turn, except one that
// unlists the series, which keeps its prices and stock.
type dayPrices struct {
	sd      *ShopData
	fn      func(DayPrice) error
	rs      replayState
	obs     []int32
	seenDay []int32 // day number (from 1) a rank was last observed on
	touched []int32
	day     string
	dayNo   int32
	menuDay map[int64]menuToday
}

// menuToday is, per menu, the day number its observations so far belong to and the
// categories none of its fetches that day has seen yet (emptied).
type menuToday struct {
	day    int32
	unseen uint8
}

func (w *dayPrices) observe(i int32) {
	r := w.sd.series[i].rank
	if w.seenDay[r] != w.dayNo {
		w.seenDay[r] = w.dayNo
		w.touched = append(w.touched, r)
	}
	w.obs[r] = i
}

// flush reports the day's observations in key order.
func (w *dayPrices) flush() error {
	if len(w.touched)*16 > len(w.seenDay) {
		// Most keys were seen: a pass over them is cheaper than a sort.
		w.touched = w.touched[:0]
		for r, d := range w.seenDay {
			if d == w.dayNo {
				w.touched = append(w.touched, int32(r))
			}
		}
	} else {
		slices.Sort(w.touched)
	}
	for _, r := range w.touched {
		i := w.obs[r]
		s, st := &w.sd.series[i], w.rs.cur[i]
		p := DayPrice{Day: w.day, Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Key: r,
			Price: st.Price, SalePrice: st.SalePrice, InStock: st.InStock}
		if err := w.fn(p); err != nil {
			return err
		}
	}
	w.touched = w.touched[:0]
	return nil
}

// fetch observes what one successful fetch in the window lists or changed.
func (w *dayPrices) fetch(f replayFetch, changed []slotChange) {
	today := w.menuDay[f.menu.id]
	if today.day != w.dayNo {
		// The menu's first fetch of the day: everything it lists is observed, but
		// for the categories it emptied (their series keep their state, unseen).
		w.menuDay[f.menu.id] = menuToday{w.dayNo, f.emptied}
		for _, i := range f.menu.series {
			if w.rs.cur[i].Listed && f.lists(&w.sd.series[i]) {
				w.observe(i)
			}
		}
		return
	}
	if back := today.unseen &^ f.emptied; back != 0 {
		// A category unseen so far today is listed again: its series are observed.
		for _, i := range f.menu.series {
			if s := &w.sd.series[i]; back&(1<<s.category) != 0 && w.rs.cur[i].Listed {
				w.observe(i)
			}
		}
		w.menuDay[f.menu.id] = menuToday{w.dayNo, today.unseen &^ back}
	}
	// Later fetches that day: a series they list unchanged keeps its observation
	// (same state), a changed one is observed anew, one no longer listed keeps the
	// state it was last observed with.
	for _, c := range changed {
		if c.state.Listed {
			w.observe(c.slot)
		}
	}
}
