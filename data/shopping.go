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
	// A category emptied by the latest fetch keeps its earlier offers and date: its
	// offers' menu freshness is the category's, not the menu's.
	states, err := db.categoryStates(ctx)
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	var out []OfferState
	err = db.eachLatestSeries(ctx, func(ls latestSeries) error {
		ls.offer.Code = db.code(ls.offer)
		seen := fromNano(ls.fetchedAt)
		st := OfferState{Offer: ls.offer, Slug: ls.slug, Market: ls.market, LastSeen: seen, CategoryUpdate: seen}
		if cs, ok := states[stateKey{ls.slug, ls.market, categoryOf(ls.offer)}]; ok && cs.LastUpdate.Before(seen) {
			st.CategoryUpdate, st.LastSeen = cs.LastUpdate, cs.LastUpdate
		}
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

// eachFirstSeen calls fn with the first time each series was listed. Series are read
// with their menu id and folded in Go (a GROUP BY over every series sorts them all); a
// series stored without a code comes with what db.Code makes its code of.
func (db *DB) eachFirstSeen(ctx context.Context, fn func(slug string, m Market, o Offer, at time.Time)) error {
	type menuOf struct {
		slug   string
		market Market
	}
	menus := map[int64]menuOf{}
	rows, err := db.db.QueryContext(ctx, `SELECT id, slug, market FROM menus`)
	if err != nil {
		return fmt.Errorf("first seen: %w", err)
	}
	for rows.Next() {
		var id int64
		var m menuOf
		if err := rows.Scan(&id, &m.slug, &m.market); err != nil {
			rows.Close()
			return fmt.Errorf("first seen: %w", err)
		}
		menus[id] = m
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("first seen: %w", err)
	}
	rows, err = db.db.QueryContext(ctx, `
		SELECT menu_id, code, size, first_seen,
			CASE WHEN code = '' THEN product_id END, CASE WHEN code = '' THEN name END,
			CASE WHEN code = '' THEN brand END, grams, mg
		FROM offer_series`)
	if err != nil {
		return fmt.Errorf("first seen: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var menu, at int64
		var o Offer
		var pid, name, brand sql.NullString
		if err := rows.Scan(&menu, &o.Code, &o.Size, &at, &pid, &name, &brand, &o.Grams, &o.Milligrams); err != nil {
			return fmt.Errorf("first seen: %w", err)
		}
		o.ProductID, o.Name, o.Brand = pid.String, name.String, brand.String
		m := menus[menu]
		fn(m.slug, m.market, o, fromNano(at))
	}
	return rows.Err()
}

// EachDailyPrice calls fn once per day (America/New_York) and offer series observed by a
// successful fetch in [from, to), with the offer as last observed that day. Days come in
// order; within a day, by store, market, code and size. Only one day is held in memory.
// Dispensaries no longer in the registry are included: history is history.
//
// It replays the change log (see replayChanges) and, per menu and day, starts from the
// series its first fetch of the day lists and follows that day's changes: an unchanged
// year costs one pass over the listed series per menu and day, not one per fetch.
func (db *DB) EachDailyPrice(ctx context.Context, from, to time.Time, fn func(DailyPrice) error) error {
	ds, err := db.dailySeriesOf(ctx, "", nil)
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return db.eachDailyPrice(ctx, from, to, ds, nil, fn)
}

// ProductDailyPrices is EachDailyPrice for one product code, read through the code and
// (menu, time) indexes: only the fetches of the menus that listed it are replayed.
func (db *DB) ProductDailyPrices(ctx context.Context, code string, from, to time.Time) ([]DailyPrice, error) {
	ds, err := db.dailySeriesOf(ctx, `WHERE code = ?`, []any{code})
	if err != nil {
		return nil, fmt.Errorf("product %s: %w", code, err)
	}
	out := []DailyPrice{}
	if len(ds.menus) == 0 {
		return out, nil
	}
	err = db.eachDailyPrice(ctx, from, to, ds, ds.menus, func(p DailyPrice) error {
		out = append(out, p)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("product %s: %w", code, err)
	}
	return out, nil
}

// dailySeries are the series a daily-price walk reports, each with the rank of its key
// (store, market, code, size) in the order a day is reported in: ranked once, so that a
// day is ordered by sorting small integers, not strings.
type dailySeries struct {
	byID  map[int64]*dailyOne
	keys  []shopKey // by rank
	menus []int64   // the menus the series are on
}

type dailyOne struct {
	offer  Offer
	slug   string
	market Market
	rank   int
}

// dailySeriesOf loads the series matching where (all when empty) and ranks their keys.
func (db *DB) dailySeriesOf(ctx context.Context, where string, args []any) (*dailySeries, error) {
	type menuOf struct {
		slug   string
		market Market
	}
	menus := map[int64]menuOf{}
	rows, err := db.db.QueryContext(ctx, `SELECT id, slug, market FROM menus`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var m menuOf
		if err := rows.Scan(&id, &m.slug, &m.market); err != nil {
			rows.Close()
			return nil, err
		}
		menus[id] = m
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	rows, err = db.db.QueryContext(ctx, `SELECT id, menu_id, product_id, size, `+seriesColumnList+` FROM offer_series `+where, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	ds := &dailySeries{byID: map[int64]*dailyOne{}}
	ranks := map[shopKey]int{}
	onMenu := map[int64]bool{}
	for rows.Next() {
		var id, menu int64
		var cols seriesColumns
		one := &dailyOne{}
		if err := rows.Scan(append([]any{&id, &menu, &one.offer.ProductID, &one.offer.Size}, cols.dest()...)...); err != nil {
			return nil, err
		}
		if err := cols.offer(&one.offer); err != nil {
			return nil, fmt.Errorf("series %d: %w", id, err)
		}
		one.offer.Code = db.code(one.offer)
		m := menus[menu]
		one.slug, one.market = m.slug, m.market
		k := shopKey{m.slug, m.market, one.offer.Code, one.offer.Size}
		if one.offer.Code == "" {
			// Without codes, products are told apart by their platform id.
			k.code = "\x00" + one.offer.ProductID
		}
		r, ok := ranks[k]
		if !ok {
			r = len(ds.keys)
			ranks[k] = r
			ds.keys = append(ds.keys, k)
		}
		one.rank = r
		ds.byID[id] = one
		if !onMenu[menu] {
			onMenu[menu] = true
			ds.menus = append(ds.menus, menu)
		}
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Re-rank in report order.
	order := make([]int, len(ds.keys))
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool {
		a, b := ds.keys[order[i]], ds.keys[order[j]]
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
	newRank := make([]int, len(order))
	for r, old := range order {
		newRank[old] = r
	}
	for _, one := range ds.byID {
		one.rank = newRank[one.rank]
	}
	return ds, nil
}

// eachDailyPrice replays the fetches of menus (all when nil) and reports ds's series.
func (db *DB) eachDailyPrice(ctx context.Context, from, to time.Time, ds *dailySeries, menus []int64, fn func(DailyPrice) error) error {
	// obs holds the day's observation of each key, by rank; touched lists the ranks
	// observed that day.
	type observed struct {
		at    int64
		one   *dailyOne
		state seriesState
	}
	obs := make([]observed, len(ds.keys))
	seenDay := make([]int32, len(ds.keys)) // day number (from 1) a rank was last observed on
	var touched []int
	day, dayNo := "", int32(0)
	menuDay := map[int64]int32{} // menu → the day number its observations so far belong to
	observe := func(id int64, st seriesState, at int64) {
		one, ok := ds.byID[id]
		if !ok {
			return
		}
		r := one.rank
		if seenDay[r] != dayNo {
			seenDay[r] = dayNo
			touched = append(touched, r)
		} else if obs[r].at > at {
			return
		}
		obs[r] = observed{at, one, st}
	}
	flush := func() error {
		sort.Ints(touched)
		for _, r := range touched {
			o := obs[r]
			p := DailyPrice{Day: day, Slug: o.one.slug, Market: o.one.market, Offer: o.one.offer}
			p.Price, p.SalePrice, p.InStock = o.state.Price, o.state.SalePrice, o.state.InStock
			if err := fn(p); err != nil {
				return err
			}
		}
		touched = touched[:0]
		return nil
	}
	lo, hi := nanos(from), nanos(to)
	err := db.replayMenus(ctx, to, menus, func(f replayFetch, m *replayMenu, changed []change) error {
		if !f.ok || f.at < lo || f.at >= hi {
			return nil
		}
		if d := Day(fromNano(f.at)); d != day {
			if err := flush(); err != nil {
				return err
			}
			day = d
			dayNo++
		}
		if menuDay[m.id] != dayNo {
			// The menu's first fetch of the day: everything it lists is observed.
			menuDay[m.id] = dayNo
			for _, id := range m.order {
				if st := m.state[id]; st.Listed {
					observe(id, st, f.at)
				}
			}
			return nil
		}
		// Later fetches that day: a series they list unchanged keeps its observation
		// (same state), a changed one is observed anew, one no longer listed keeps the
		// state it was last observed with.
		for _, c := range changed {
			if c.state.Listed {
				observe(c.series, c.state, f.at)
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
