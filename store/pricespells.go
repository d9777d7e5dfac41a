package store

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/data"
	"time"
)

// PriceSpell is one run of one offer series at one price: the successful fetches of its
// menu that listed the series with the same price and sale price, one after another,
// within one month (America/New_York). A change of price or sale price, an unlisting (a
// fetch that no longer lists the series, or one that emptied its category) and the end
// of a month end a spell; a change of stock alone does not. A spell that runs on into
// the next month is reported in each month, with that month's fetches: a month's spells
// never change once the month is over.
type PriceSpell struct {
	Slug   string
	Market data.Market
	// Desc is the series' description, the latest (shared, see ShopData).
	Desc *data.Offer
	// Price and SalePrice are what the spell's fetches saw (SalePrice 0: not on sale).
	Price, SalePrice float64
	// FirstSeen and LastSeen are the first and last fetch of the spell; Fetches counts
	// its fetches.
	FirstSeen, LastSeen time.Time
	Fetches             int
	// Month is the month of the spell's fetches (YYYY-MM, America/New_York).
	Month string
}

// Month is the month (YYYY-MM, America/New_York) of t, as PriceSpell.Month names it.
func Month(t time.Time) string { return t.In(ohio).Format("2006-01") }

// EachPriceSpell reports every price spell of the fetches before to, month by month:
// every spell of a month comes before any of the next, and within a month spells come
// in the order they end (deterministic for a store). fn is called once per spell.
// Dispensaries no longer in the registry are included: history is history.
func (sd *ShopData) EachPriceSpell(ctx context.Context, to time.Time, fn func(PriceSpell) error) error {
	w := &priceSpells{sd: sd, fn: fn, spells: make([]spellState, len(sd.series)), menus: map[*shopMenu]*spellMenu{}}
	err := sd.replay(ctx, to, &w.rs, nil, func(f replayFetch, changed []slotChange) error {
		if !f.ok {
			return nil
		}
		return w.fetch(f, changed)
	})
	if err == nil {
		err = w.closeAll()
	}
	if err != nil {
		return fmt.Errorf("price spells: %w", err)
	}
	return nil
}

// priceSpells is EachPriceSpell's walk: the open spell of each series, and per menu its
// fetches so far in the month.
type priceSpells struct {
	sd     *ShopData
	fn     func(PriceSpell) error
	rs     replayState
	spells []spellState
	menus  map[*shopMenu]*spellMenu
	month  string
}

// spellMenu is a menu's fetches in the month: how many, the time of the last, whether
// its listed series need a spell opened (its first fetch of the month), and the
// categories its last fetch emptied.
type spellMenu struct {
	fetches int32
	lastAt  int64
	started bool
	emptied uint8
}

// spellState is a series' open spell: the menu's fetch count and the time when it began.
// Its price and sale price are the series' in the replay (rs), which a change of
// either ends the spell at: kept here too, they were 16 of its 32 bytes, 11 MB at
// 2,000 menus.
type spellState struct {
	open  bool
	start int32
	first int64
}

// close ends series i's spell with the fetches its menu has had since it began, at the
// series' state in the replay.
func (w *priceSpells) close(i int32) error { return w.closeAt(i, w.rs.cur[i]) }

// closeAt ends series i's spell with the fetches its menu has had since it began, at
// state at (the spell's price and sale price).
func (w *priceSpells) closeAt(i int32, at seriesState) error {
	sp := &w.spells[i]
	if !sp.open {
		return nil
	}
	sp.open = false
	s := &w.sd.series[i]
	m := w.menus[s.menu]
	n := m.fetches - sp.start
	if n <= 0 {
		return nil
	}
	return w.fn(PriceSpell{Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Price: at.Price, SalePrice: at.SalePrice,
		FirstSeen: fromNano(sp.first), LastSeen: fromNano(m.lastAt), Fetches: int(n), Month: w.month})
}

// closeAll ends every open spell, in series order (a month ended, or the history).
func (w *priceSpells) closeAll() error {
	for i := range w.spells {
		if err := w.close(int32(i)); err != nil {
			return err
		}
	}
	clear(w.menus)
	return nil
}

// fetch takes one successful fetch and the series it changed.
func (w *priceSpells) fetch(f replayFetch, changed []slotChange) error {
	if mo := Month(fromNano(f.at)); mo != w.month {
		// The spells end at the states before this fetch, which the replay has applied.
		if err := w.rs.asBefore(changed, w.closeAll); err != nil {
			return err
		}
		w.month = mo
	}
	m := w.menus[f.menu]
	if m == nil {
		m = &spellMenu{}
		w.menus[f.menu] = m
	}
	// A change of price or sale, or an unlisting, ends a spell with the fetch before, at
	// the state before the change.
	for _, c := range changed {
		sp := &w.spells[c.slot]
		if sp.open && (!c.state.Listed || c.state.Price != c.prev.Price || c.state.SalePrice != c.prev.SalePrice) {
			if err := w.closeAt(c.slot, c.prev); err != nil {
				return err
			}
		}
	}
	if f.emptied != 0 {
		// The series of a category this fetch emptied were not seen by it.
		for _, i := range f.menu.series {
			if !f.lists(&w.sd.series[i]) {
				if err := w.close(i); err != nil {
					return err
				}
			}
		}
	}
	start := m.fetches
	m.fetches++
	m.lastAt = f.at
	begin := func(i int32) {
		if cur := w.rs.cur[i]; cur.Listed && !w.spells[i].open && f.lists(&w.sd.series[i]) {
			w.spells[i] = spellState{open: true, start: start, first: f.at}
		}
	}
	back := m.emptied &^ f.emptied // categories listed again
	m.emptied = f.emptied
	if !m.started || back != 0 {
		for _, i := range f.menu.series {
			if !m.started || back&(1<<w.sd.series[i].category) != 0 {
				begin(i)
			}
		}
		m.started = true
	}
	for _, c := range changed {
		begin(c.slot)
	}
	return nil
}
