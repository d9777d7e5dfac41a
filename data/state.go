package data

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
)

// CategoryState is what the store knows of one dispensary × market × category.
type CategoryState struct {
	Slug     string
	Market   Market
	Category Category
	// LastUpdate is the time of the latest successful fetch; zero when there is none.
	LastUpdate time.Time
	// Count is the product count of that fetch; -1 when there is none.
	Count int
	// LastAttempt, LastOK, LastReason and LastDetail describe the latest fetch of any outcome.
	LastAttempt time.Time
	LastOK      bool
	LastReason  Reason
	LastDetail  string
}

type stateKey struct {
	slug     string
	market   Market
	category Category
}

func fromNano(n int64) time.Time { return time.Unix(0, n).UTC() }

// countColumns are menu_fetches' product counts, in AllCategories order.
const countColumns = `n_flower, n_preroll, n_vape, n_extract, n_edible, n_other`

// categoryStates returns the latest state of every category that has ever been fetched,
// keyed for lookup by slug, market and category. A market served by two platforms'
// menus takes, per category, the latest of them.
func (db *DB) categoryStates(ctx context.Context) (map[stateKey]CategoryState, error) {
	out := map[stateKey]CategoryState{}
	// Latest successful fetch of every menu.
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, f.at, `+countColumns+`
		FROM menus m JOIN menu_fetches f ON f.id = m.last_ok_fetch_id`)
	if err != nil {
		return nil, fmt.Errorf("category states: %w", err)
	}
	for rows.Next() {
		var slug string
		var market Market
		var at int64
		var counts [6]sql.NullInt64
		if err := rows.Scan(&slug, &market, &at, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5]); err != nil {
			rows.Close()
			return nil, fmt.Errorf("category states: %w", err)
		}
		for i, cat := range AllCategories {
			k := stateKey{slug, market, cat}
			if !counts[i].Valid || !out[k].LastUpdate.Before(fromNano(at)) {
				continue
			}
			out[k] = CategoryState{Slug: slug, Market: market, Category: cat, LastUpdate: fromNano(at), Count: int(counts[i].Int64)}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Latest attempt of any outcome.
	rows, err = db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, f.at, f.ok, f.reason, f.detail, `+countColumns+`
		FROM menus m JOIN menu_fetches f ON f.id = m.last_fetch_id`)
	if err != nil {
		return nil, fmt.Errorf("category attempts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug, detail string
		var market Market
		var at int64
		var ok bool
		var reason Reason
		var counts [6]sql.NullInt64
		if err := rows.Scan(&slug, &market, &at, &ok, &reason, &detail, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5]); err != nil {
			return nil, fmt.Errorf("category attempts: %w", err)
		}
		for i, cat := range AllCategories {
			if !counts[i].Valid {
				continue
			}
			k := stateKey{slug, market, cat}
			st, found := out[k]
			if !found {
				st = CategoryState{Slug: slug, Market: market, Category: cat, Count: -1}
			}
			if !st.LastAttempt.Before(fromNano(at)) {
				continue
			}
			st.LastAttempt = fromNano(at)
			st.LastOK, st.LastReason, st.LastDetail = ok, reason, detail
			out[k] = st
		}
	}
	return out, rows.Err()
}

// Status is the state of every menu category of every dispensary in the registry.
type Status struct {
	Dispensary Dispensary
	Markets    []MarketStatus
}

// MarketStatus is the state of the tracked categories of one menu market.
type MarketStatus struct {
	Market     Market
	Categories []CategoryState // in TrackedCategories order
}

// Statuses returns, for every dispensary of the registry (by name), one MarketStatus
// per market it has a menu for, each with the five tracked categories.
func (db *DB) Statuses(ctx context.Context) ([]Status, error) {
	ds, err := db.Dispensaries(ctx)
	if err != nil {
		return nil, err
	}
	states, err := db.categoryStates(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(ds))
	for _, d := range ds {
		st := Status{Dispensary: d}
		seen := map[Market]bool{}
		for _, m := range d.Menus {
			if seen[m.Market] {
				continue
			}
			seen[m.Market] = true
			ms := MarketStatus{Market: m.Market}
			for _, cat := range TrackedCategories {
				cs, ok := states[stateKey{d.Slug, m.Market, cat}]
				if !ok {
					cs = CategoryState{Slug: d.Slug, Market: m.Market, Category: cat, Count: -1}
				}
				ms.Categories = append(ms.Categories, cs)
			}
			st.Markets = append(st.Markets, ms)
		}
		out = append(out, st)
	}
	return out, nil
}

// StoredOffer is an offer from the latest successful fetch of its menu, with where and
// when it was seen.
type StoredOffer struct {
	Offer
	Slug      string
	Market    Market
	FetchedAt time.Time
}

// LatestOffers returns the offers of the latest successful fetch of every menu of every
// dispensary in the registry (of a market served by two platforms' menus, the one
// fetched last), in series order. Callers filter by freshness.
func (db *DB) LatestOffers(ctx context.Context) ([]StoredOffer, error) {
	var out []StoredOffer
	err := db.eachLatestSeries(ctx, func(ls latestSeries) error {
		out = append(out, StoredOffer{Offer: ls.offer, Slug: ls.slug, Market: ls.market, FetchedAt: fromNano(ls.fetchedAt)})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("latest offers: %w", err)
	}
	return out, nil
}

// latestSeries is one offer series listed by its menu's latest successful fetch.
type latestSeries struct {
	offer                           Offer
	id                              int64
	slug                            string
	market                          Market
	firstSeen, changedAt, fetchedAt int64
}

// eachLatestSeries calls fn with every series listed by the latest successful fetch of
// the latest-fetched menu of every market of every dispensary in the registry, ordered
// by dispensary, market and series.
func (db *DB) eachLatestSeries(ctx context.Context, fn func(latestSeries) error) error {
	rows, err := db.db.QueryContext(ctx, `
		WITH latest AS (
			SELECT id, slug, market, last_ok_at FROM (
				SELECT m.id, m.slug, m.market, m.last_ok_at,
					ROW_NUMBER() OVER (PARTITION BY m.slug, m.market ORDER BY m.last_ok_at DESC, m.id DESC) AS rn
				FROM menus m JOIN dispensaries d ON d.slug = m.slug AND d.in_registry = 1
				WHERE m.last_ok_at IS NOT NULL)
			WHERE rn = 1)
		SELECT l.slug, l.market, l.last_ok_at, s.id, s.product_id, s.size, s.price, s.sale_price, s.in_stock,
			s.first_seen, s.changed_at, `+prefixed("s.", seriesColumnList)+`
		FROM latest l JOIN offer_series s ON s.menu_id = l.id AND s.listed = 1
		ORDER BY l.slug, l.market, s.id`)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var ls latestSeries
		var cols seriesColumns
		o := &ls.offer
		dest := append([]any{&ls.slug, &ls.market, &ls.fetchedAt, &ls.id, &o.ProductID, &o.Size, &o.Price,
			&o.SalePrice, &o.InStock, &ls.firstSeen, &ls.changedAt}, cols.dest()...)
		if err := rows.Scan(dest...); err != nil {
			return err
		}
		if err := cols.offer(o); err != nil {
			return fmt.Errorf("series %d: %w", ls.id, err)
		}
		if err := fn(ls); err != nil {
			return err
		}
	}
	return rows.Err()
}

// prefixed qualifies every column of a comma-separated list with p ("s.").
func prefixed(p, list string) string {
	cols := strings.Split(list, ",")
	for i, c := range cols {
		cols[i] = p + strings.TrimSpace(c)
	}
	return strings.Join(cols, ", ")
}
