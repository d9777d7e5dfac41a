package data

import (
	"context"
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

// seriesKey names an offer series: one size of one product at one store and market.
type seriesKey struct {
	slug   string
	market Market
	code   string
	size   string
}

// code returns the offer's code: the stored one, else the one db.Code gives (the 0001
// schema kept none), else "".
func (db *DB) code(o Offer) string {
	if o.Code != "" || db.Code == nil {
		return o.Code
	}
	return db.Code(o)
}

// OfferStates returns the latest state of every offer series listed by the latest
// successful fetch of its category, for the dispensaries of the current registry, in
// stock or not, by store, market and listing order.
func (db *DB) OfferStates(ctx context.Context) ([]OfferState, error) {
	latest, err := db.LatestOffers(ctx)
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	first, err := db.seriesFirstSeen(ctx)
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	out := make([]OfferState, 0, len(latest))
	for _, so := range latest {
		so.Code = db.code(so.Offer)
		st := OfferState{Offer: so.Offer, Slug: so.Slug, Market: so.Market, LastSeen: so.FetchedAt, CategoryUpdate: so.FetchedAt}
		st.FirstSeen = first[seriesKey{so.Slug, so.Market, so.Code, so.Size}]
		if st.FirstSeen.IsZero() || st.FirstSeen.After(st.LastSeen) {
			st.FirstSeen = st.LastSeen
		}
		out = append(out, st)
	}
	return out, nil
}

// seriesFirstSeen returns the first successful fetch listing each series, grouping in
// SQL by what the code is made of and folding to codes in Go.
func (db *DB) seriesFirstSeen(ctx context.Context) (map[seriesKey]time.Time, error) {
	out := map[seriesKey]time.Time{}
	err := db.eachFirstSeen(ctx, true, func(slug string, m Market, o Offer, at time.Time) {
		k := seriesKey{slug, m, db.code(o), o.Size}
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
	err := db.eachFirstSeen(ctx, false, func(_ string, _ Market, o Offer, at time.Time) {
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

// eachFirstSeen calls fn with the first time each distinct offer identity (per store
// and market when perStore) was listed by a successful fetch.
func (db *DB) eachFirstSeen(ctx context.Context, perStore bool, fn func(slug string, m Market, o Offer, at time.Time)) error {
	store := `'', ''`
	group := ``
	if perStore {
		store, group = `f.slug, f.market`, `f.slug, f.market, `
	}
	rows, err := db.db.QueryContext(ctx, `
		SELECT `+store+`, o.product_id, o.name, o.brand, o.size, o.grams, o.mg, min(f.fetched_at)
		FROM fetches f JOIN offers o ON o.fetch_id = f.id
		WHERE f.ok = 1
		GROUP BY `+group+`o.product_id, o.name, o.brand, o.size, o.grams, o.mg`)
	if err != nil {
		return fmt.Errorf("first seen: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug, at string
		var m Market
		var o Offer
		if err := rows.Scan(&slug, &m, &o.ProductID, &o.Name, &o.Brand, &o.Size, &o.Grams, &o.Milligrams, &at); err != nil {
			return fmt.Errorf("first seen: %w", err)
		}
		t, err := parseTime(at)
		if err != nil {
			return fmt.Errorf("first seen: fetched_at %q: %w", at, err)
		}
		fn(slug, m, o, t)
	}
	return rows.Err()
}

// EachDailyPrice calls fn once per day (America/New_York) and offer series observed by a
// successful fetch in [from, to), with the offer as last observed that day. Days come in
// order; within a day, by store, market, code and size. Only one day is held in memory.
// Dispensaries no longer in the registry are included: history is history.
func (db *DB) EachDailyPrice(ctx context.Context, from, to time.Time, fn func(DailyPrice) error) error {
	day := ""
	last := map[seriesKey]DailyPrice{}
	flush := func() error {
		keys := make([]seriesKey, 0, len(last))
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
			if err := fn(last[k]); err != nil {
				return err
			}
		}
		clear(last)
		return nil
	}
	err := db.EachOffer(ctx, from, to, func(so StoredOffer) error {
		d := Day(so.FetchedAt)
		if d != day {
			if err := flush(); err != nil {
				return err
			}
			day = d
		}
		so.Code = db.code(so.Offer)
		last[seriesKey{so.Slug, so.Market, so.Code, so.Size}] = DailyPrice{Day: d, Slug: so.Slug, Market: so.Market, Offer: so.Offer}
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
