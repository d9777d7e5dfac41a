package data

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"time"
	_ "time/tzdata" // days are counted in America/New_York on any machine
)

// The read queries behind the shopping snapshots (publish: menus, products, search,
// deals, trends, strains, terpenes). Their signatures are the contract between the store
// and publish: a new schema re-implements them and keeps their tests.

// ohio is the zone the shopping history counts its days in.
var ohio = func() *time.Location {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		panic(fmt.Sprintf("time zone America/New_York: %v", err))
	}
	return loc
}()

// Day is the calendar day (YYYY-MM-DD, America/New_York) a time falls on.
func Day(t time.Time) string { return t.In(ohio).Format(time.DateOnly) }

// OfferState is the latest state of one offer series (dispensary × market × code × size)
// that the latest successful fetch of its category lists.
type OfferState struct {
	// Offer is the offer as that fetch saw it; Code is set (see DB.Code).
	Offer
	Slug   string
	Market Market
	// FirstSeen is the first successful fetch that listed the series at that store;
	// LastSeen the latest.
	FirstSeen, LastSeen time.Time
	// CategoryUpdate is the time of the latest successful fetch of the offer's category
	// at that store (its freshness).
	CategoryUpdate time.Time
}

// DailyPrice is one offer series on one day: the offer as last observed that day.
type DailyPrice struct {
	// Day is YYYY-MM-DD in America/New_York.
	Day    string
	Slug   string
	Market Market
	// Offer carries the code, category, size, grams, mg, price, sale price and stock.
	Offer
}

// shopKey names an offer series as the shopping snapshots see it: one size of one
// product at one store and market.
type shopKey struct {
	slug   string
	market Market
	code   string
	size   string
}

// code returns the offer's code: the stored one, else the one db.Code gives (offers
// recorded without a code or function), else "".
func (db *DB) code(o Offer) string {
	if o.Code != "" || db.Code == nil {
		return o.Code
	}
	return db.Code(o)
}

// OfferStates returns the latest state of every offer series listed by the latest
// successful fetch of its menu, for the dispensaries of the current registry, in stock
// or not, by store, market and listing order.
func (db *DB) OfferStates(ctx context.Context) ([]OfferState, error) {
	first, err := db.seriesFirstSeen(ctx)
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	var out []OfferState
	err = db.eachLatestSeries(ctx, func(ls latestSeries) error {
		ls.offer.Code = db.code(ls.offer)
		seen := fromNano(ls.fetchedAt)
		st := OfferState{Offer: ls.offer, Slug: ls.slug, Market: ls.market, LastSeen: seen, CategoryUpdate: seen}
		st.FirstSeen = fromNano(ls.firstSeen)
		if t, ok := first[shopKey{ls.slug, ls.market, ls.offer.Code, ls.offer.Size}]; ok && t.Before(st.FirstSeen) {
			st.FirstSeen = t
		}
		out = append(out, st)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	return out, nil
}

// seriesFirstSeen returns when each series (store, market, code, size) was first listed,
// over every platform's menu and product id it has had there.
func (db *DB) seriesFirstSeen(ctx context.Context) (map[shopKey]time.Time, error) {
	out := map[shopKey]time.Time{}
	err := db.eachFirstSeen(ctx, func(slug string, m Market, o Offer, at time.Time) {
		k := shopKey{slug, m, db.code(o), o.Size}
		if t, ok := out[k]; !ok || at.Before(t) {
			out[k] = at
		}
	})
	return out, err
}

// ProductFirstSeen returns, per product code, when any menu first listed it (any store,
// market or size; dispensaries since removed from the registry included).
func (db *DB) ProductFirstSeen(ctx context.Context) (map[string]time.Time, error) {
	out := map[string]time.Time{}
	err := db.eachFirstSeen(ctx, func(_ string, _ Market, o Offer, at time.Time) {
		code := db.code(o)
		if t, ok := out[code]; !ok || at.Before(t) {
			out[code] = at
		}
	})
	if err != nil {
		return nil, fmt.Errorf("product first seen: %w", err)
	}
	return out, nil
}

// eachFirstSeen calls fn with the first time each series was listed, grouped in SQL by
// store, market, code and size (the code index serves it); a series stored without a
// code comes with what db.Code makes its code of.
func (db *DB) eachFirstSeen(ctx context.Context, fn func(slug string, m Market, o Offer, at time.Time)) error {
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, s.code, s.size, min(s.first_seen),
			CASE WHEN s.code = '' THEN s.product_id END, max(s.name), max(s.brand), max(s.grams), max(s.mg)
		FROM offer_series s JOIN menus m ON m.id = s.menu_id
		GROUP BY m.slug, m.market, s.code, s.size, CASE WHEN s.code = '' THEN s.product_id END`)
	if err != nil {
		return fmt.Errorf("first seen: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug string
		var m Market
		var o Offer
		var at int64
		var pid sql.NullString
		if err := rows.Scan(&slug, &m, &o.Code, &o.Size, &at, &pid, &o.Name, &o.Brand, &o.Grams, &o.Milligrams); err != nil {
			return fmt.Errorf("first seen: %w", err)
		}
		o.ProductID = pid.String
		fn(slug, m, o, fromNano(at))
	}
	return rows.Err()
}

// EachDailyPrice calls fn once per day (America/New_York) and offer series observed by a
// successful fetch in [from, to), with the offer as last observed that day. Days come in
// order; within a day, by store, market, code and size. Only one day is held in memory.
// Dispensaries no longer in the registry are included: history is history.
//
// It replays the change log (see replay) and, per menu and day, starts from the series
// its first fetch of the day lists and follows that day's changes: an unchanged year
// costs one pass over the listed series per menu and day, not one per fetch.
func (db *DB) EachDailyPrice(ctx context.Context, from, to time.Time, fn func(DailyPrice) error) error {
	series, err := db.seriesOffers(ctx)
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return db.eachDailyPrice(ctx, from, to, series, nil, fn)
}

// ProductDailyPrices is EachDailyPrice for one product code, read through the code and
// (menu, time) indexes: only the fetches of the menus that listed it are replayed.
func (db *DB) ProductDailyPrices(ctx context.Context, code string, from, to time.Time) ([]DailyPrice, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT id, menu_id, product_id, size, `+seriesColumnList+` FROM offer_series WHERE code = ?`, code)
	if err != nil {
		return nil, fmt.Errorf("product %s: %w", code, err)
	}
	series := map[int64]Offer{}
	var menus []int64
	seenMenu := map[int64]bool{}
	for rows.Next() {
		var id, menu int64
		var o Offer
		var cols seriesColumns
		if err := rows.Scan(append([]any{&id, &menu, &o.ProductID, &o.Size}, cols.dest()...)...); err != nil {
			rows.Close()
			return nil, fmt.Errorf("product %s: %w", code, err)
		}
		if err := cols.offer(&o); err != nil {
			rows.Close()
			return nil, fmt.Errorf("product %s: series %d: %w", code, id, err)
		}
		series[id] = o
		if !seenMenu[menu] {
			seenMenu[menu] = true
			menus = append(menus, menu)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("product %s: %w", code, err)
	}
	out := []DailyPrice{}
	if len(menus) == 0 {
		return out, nil
	}
	err = db.eachDailyPrice(ctx, from, to, series, menus, func(p DailyPrice) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("product %s: %w", code, err)
	}
	return out, nil
}

// eachDailyPrice replays the fetches of menus (all when nil) and reports the series in
// series (the others are skipped).
func (db *DB) eachDailyPrice(ctx context.Context, from, to time.Time, series map[int64]Offer, menus []int64, fn func(DailyPrice) error) error {
	type observed struct {
		at    int64
		price DailyPrice
	}
	day := ""
	last := map[shopKey]observed{}
	menuDay := map[int64]string{} // menu → the day its observations so far belong to
	observe := func(m *replayMenu, id int64, st seriesState, at int64, d string) {
		o, ok := series[id]
		if !ok {
			return
		}
		o.Code = db.code(o)
		o.Price, o.SalePrice, o.InStock = st.Price, st.SalePrice, st.InStock
		k := shopKey{m.slug, m.market, o.Code, o.Size}
		if o.Code == "" {
			// Without codes, products are told apart by their platform id.
			k.code = "\x00" + o.ProductID
		}
		if prev, ok := last[k]; !ok || prev.at <= at {
			last[k] = observed{at, DailyPrice{Day: d, Slug: m.slug, Market: m.market, Offer: o}}
		}
	}
	flush := func() error {
		keys := make([]shopKey, 0, len(last))
		for k := range last {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool {
			a, b := keys[i], keys[j]
			if a.slug != b.slug {
				return a.slug < b.slug
			}
			if a.market != b.market {
				return a.market < b.market
			}
			if a.code != b.code {
				return a.code < b.code
			}
			return a.size < b.size
		})
		for _, k := range keys {
			if err := fn(last[k].price); err != nil {
				return err
			}
		}
		clear(last)
		clear(menuDay)
		return nil
	}
	lo, hi := nanos(from), nanos(to)
	err := db.replayMenus(ctx, to, menus, func(f replayFetch, m *replayMenu, changed []change) error {
		if !f.ok || f.at < lo || f.at >= hi {
			return nil
		}
		d := Day(fromNano(f.at))
		if d != day {
			if err := flush(); err != nil {
				return err
			}
			day = d
		}
		if menuDay[m.id] != d {
			// The menu's first fetch of the day: everything it lists is observed.
			menuDay[m.id] = d
			for _, id := range m.order {
				if st := m.state[id]; st.Listed {
					observe(m, id, st, f.at, d)
				}
			}
			return nil
		}
		// Later fetches that day: a series they list unchanged keeps its observation
		// (same state), a changed one is observed anew, one no longer listed keeps the
		// state it was last observed with.
		for _, c := range changed {
			if c.state.Listed {
				observe(m, c.series, c.state, f.at, d)
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	if err := flush(); err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return nil
}
