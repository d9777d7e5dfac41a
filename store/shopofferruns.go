package store

import (
	"context"
	"fmt"
	"time"

	"github.com/ohiomc/omc/data"
)

// OfferRun is what EachOfferRun reports for one series: the offer as
// Count successful fetches of its menu in one month listed it, unchanged.
type OfferRun struct {
	Slug   string
	Market data.Market
	// Desc is the series' description, shared (see ShopData).
	Desc *data.Offer
	// Price, SalePrice and InStock are the state those fetches saw.
	Price, SalePrice float64
	InStock          bool
	// Month is the month of the fetches (YYYY-MM, America/New_York).
	Month string
	Count int
}

// EachOfferRun reports the offers every successful fetch in [from, to) listed (each with
// its price, sale price and stock at that fetch, its description the latest), with the
// fetches that list a series unchanged within one month folded into one run: a year's history costs a call per change and month, not
// one per offer and fetch. Runs come in month order; within a month, in no set order.
// Dispensaries no longer in the registry are included; history is history.
func (sd *ShopData) EachOfferRun(ctx context.Context, from, to time.Time, fn func(OfferRun) error) error {
	w := &offerRuns{sd: sd, fn: fn, runs: make([]offerRunState, len(sd.series)),
		fetches: map[*shopMenu]int32{}, reopen: map[*shopMenu]bool{}, paused: map[*shopMenu]uint8{}}
	for _, m := range sd.menus {
		w.reopen[m] = true
	}
	lo, hi := nanos(from), nanos(to)
	err := sd.replay(ctx, to, &w.rs, nil, func(f replayFetch, changed []slotChange) error {
		if !f.ok || f.at < lo || f.at >= hi {
			return nil
		}
		return w.fetch(f, changed)
	})
	if err == nil {
		err = w.closeAll()
	}
	if err != nil {
		return fmt.Errorf("offer history: %w", err)
	}
	return nil
}

// offerRuns is EachOfferRun's walk: the open run of each series, and per menu its
// successful fetches in the window so far, whether its listed series need a run opened
// (at the start and after each month), and the categories an emptying fetch paused.
type offerRuns struct {
	sd      *ShopData
	fn      func(OfferRun) error
	rs      replayState
	runs    []offerRunState
	fetches map[*shopMenu]int32
	reopen  map[*shopMenu]bool
	paused  map[*shopMenu]uint8 // categories (bits) whose runs an emptying fetch ended
	month   string
}

// offerRunState is a series' open run. Its state is the series' in the replay (rs),
// which any change ends the run at: kept here too, it was 24 of its 32 bytes, 17 MB
// at 2,000 menus.
type offerRunState struct {
	open  bool
	start int32 // the menu's count of fetches in the window when the run began
}

// closeRun ends series i's run at its state in the replay, reporting it when a fetch in
// the window listed it.
func (w *offerRuns) closeRun(i int32) error { return w.closeRunAt(i, w.rs.cur[i]) }

// closeRunAt ends series i's run, in state at, reporting it when a fetch in the window
// listed it.
func (w *offerRuns) closeRunAt(i int32, at seriesState) error {
	r := &w.runs[i]
	if !r.open {
		return nil
	}
	r.open = false
	s := &w.sd.series[i]
	n := w.fetches[s.menu] - r.start
	if n <= 0 {
		return nil
	}
	return w.fn(OfferRun{Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Price: at.Price,
		SalePrice: at.SalePrice, InStock: at.InStock, Month: w.month, Count: int(n)})
}

// closeAll ends every run (a month ended, or the window): every menu's listed series
// start anew at its next fetch.
func (w *offerRuns) closeAll() error {
	for i := range w.runs {
		if err := w.closeRun(int32(i)); err != nil {
			return err
		}
	}
	for m := range w.reopen {
		w.reopen[m] = true
	}
	clear(w.paused)
	return nil
}

// fetch takes one successful fetch in the window and the series it changed.
func (w *offerRuns) fetch(f replayFetch, changed []slotChange) error {
	if mo := fromNano(f.at).In(ohio).Format("2006-01"); mo != w.month {
		// The runs end at the states before this fetch, which the replay has applied.
		if err := w.rs.asBefore(changed, w.closeAll); err != nil {
			return err
		}
		w.month = mo
	}
	// A changed series ends its run, at the state before; its new state starts one if
	// listed.
	for _, c := range changed {
		if err := w.closeRunAt(c.slot, c.prev); err != nil {
			return err
		}
	}
	m := f.menu
	if f.emptied != 0 {
		// The series of a category this fetch emptied were not seen by it: their
		// runs end with the fetch before.
		for _, i := range m.series {
			if !f.lists(&w.sd.series[i]) {
				if err := w.closeRun(i); err != nil {
					return err
				}
			}
		}
	}
	start := w.fetches[m]
	w.fetches[m]++
	begin := func(i int32) {
		if cur := w.rs.cur[i]; cur.Listed && !w.runs[i].open && f.lists(&w.sd.series[i]) {
			w.runs[i] = offerRunState{open: true, start: start}
		}
	}
	if w.reopen[m] {
		w.reopen[m] = false
		w.paused[m] = f.emptied
		for _, i := range m.series {
			begin(i)
		}
		return nil
	}
	if back := w.paused[m] &^ f.emptied; back != 0 {
		// A category listed again: its series' runs start anew.
		for _, i := range m.series {
			if back&(1<<w.sd.series[i].category) != 0 {
				begin(i)
			}
		}
	}
	w.paused[m] = f.emptied // the others were never paused or are listed again
	for _, c := range changed {
		begin(c.slot)
	}
	return nil
}
