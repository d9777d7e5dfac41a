package data

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"time"
)

// EachOffer calls fn with every offer every successful fetch in [from, to) listed, in
// time order of the fetches, without holding them all in memory: the history behind
// yearly highlights and trends. Price, sale price and stock are those of that fetch; the
// descriptive fields (name, potency...) are the latest seen. Dispensaries no longer in
// the registry are included; history is history.
func (db *DB) EachOffer(ctx context.Context, from, to time.Time, fn func(StoredOffer) error) error {
	sd, err := db.ReadShop(ctx)
	if err != nil {
		return fmt.Errorf("offer history: %w", err)
	}
	return sd.EachOffer(ctx, from, to, fn)
}

// EachOffer is DB.EachOffer over the series read.
func (sd *ShopData) EachOffer(ctx context.Context, from, to time.Time, fn func(StoredOffer) error) error {
	lo, hi := nanos(from), nanos(to)
	err := sd.db.replayChanges(ctx, to, func(f replayFetch, m *replayMenu, _ []change) error {
		if !f.ok || f.at < lo || f.at >= hi {
			return nil
		}
		for _, id := range m.order {
			st := m.state[id]
			if !st.Listed {
				continue
			}
			if id < 0 || id >= int64(len(sd.slot)) || sd.slot[id] < 0 {
				return fmt.Errorf("fetch %d: unknown series %d", f.id, id)
			}
			so := StoredOffer{Offer: *sd.series[sd.slot[id]].desc, Slug: m.slug, Market: m.market, FetchedAt: fromNano(f.at)}
			so.Price, so.SalePrice, so.InStock = st.Price, st.SalePrice, st.InStock
			if err := fn(so); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("offer history: %w", err)
	}
	return nil
}

// replayFetch is one row of the fetch log, as replay sees it.
type replayFetch struct {
	id, menu int64
	at       int64
	ok       bool
}

// replayMenu is one menu's series as of the fetch being replayed.
type replayMenu struct {
	id       int64
	slug     string
	market   Market
	platform string
	// order lists the menu's series in the order they started; state has each one's.
	order []int64
	state map[int64]seriesState
}

// replayChanges walks the fetch log in time order (a menu's fetches are recorded in time
// order, RecordMenuFetch makes sure), up to the last fetch before to, applying each
// successful fetch's changes, and calls fn after each fetch with its menu as that fetch
// left it and the changes it made. Changes are deltas from the menu's fetch before, so
// the walk always starts at the first fetch.
func (db *DB) replayChanges(ctx context.Context, to time.Time, fn func(replayFetch, *replayMenu, []change) error) error {
	menus := map[int64]*replayMenu{}
	rows, err := db.db.QueryContext(ctx, `SELECT id, slug, market, platform FROM menus`)
	if err != nil {
		return err
	}
	for rows.Next() {
		m := &replayMenu{state: map[int64]seriesState{}}
		if err := rows.Scan(&m.id, &m.slug, &m.market, &m.platform); err != nil {
			rows.Close()
			return err
		}
		menus[m.id] = m
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	rows, err = db.db.QueryContext(ctx, `SELECT id, menu_id, at, ok, changes FROM menu_fetches WHERE at < ? ORDER BY at, id`, nanos(to))
	if err != nil {
		return err
	}
	defer rows.Close()
	var blob []byte
	var changed []change
	for rows.Next() {
		var f replayFetch
		if err := rows.Scan(&f.id, &f.menu, &f.at, &f.ok, &blob); err != nil {
			return err
		}
		m := menus[f.menu]
		if m == nil {
			return fmt.Errorf("fetch %d: unknown menu %d", f.id, f.menu)
		}
		changed = changed[:0]
		err := decodeChanges(blob, func(c change) {
			changed = append(changed, c)
			if _, known := m.state[c.series]; !known {
				m.order = append(m.order, c.series)
			}
			m.state[c.series] = c.state
		})
		if err != nil {
			return fmt.Errorf("fetch %d: %w", f.id, err)
		}
		if err := fn(f, m, changed); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EachFetch calls fn with every category fetch of the fetch log, in the order they were
// recorded: one Fetch per category a menu fetch recorded an outcome for.
func (db *DB) EachFetch(ctx context.Context, fn func(Fetch) error) error {
	rows, err := db.db.QueryContext(ctx, `
		SELECT f.id, f.run_id, m.slug, m.market, m.platform, f.at, f.ok, f.reason, f.http_status, f.detail, `+countColumns+`
		FROM menu_fetches f JOIN menus m ON m.id = f.menu_id ORDER BY f.id`)
	if err != nil {
		return fmt.Errorf("fetch log: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var f Fetch
		var run sql.NullInt64
		var at int64
		var counts [6]sql.NullInt64
		if err := rows.Scan(&f.ID, &run, &f.Slug, &f.Market, &f.Platform, &at, &f.OK, &f.Reason, &f.HTTPStatus, &f.Detail,
			&counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5]); err != nil {
			return fmt.Errorf("fetch log: %w", err)
		}
		f.RunID, f.FetchedAt = run.Int64, fromNano(at)
		for i, cat := range AllCategories {
			if !counts[i].Valid {
				continue
			}
			f.Category, f.Count = cat, int(counts[i].Int64)
			if err := fn(f); err != nil {
				return err
			}
		}
	}
	return rows.Err()
}

// nanos is t in Unix nanoseconds, clamped to what int64 holds (time.Time{} is a
// usual "since the beginning").
func nanos(t time.Time) int64 {
	switch {
	case t.Before(time.Unix(0, math.MinInt64)):
		return math.MinInt64
	case t.After(time.Unix(0, math.MaxInt64)):
		return math.MaxInt64
	}
	return t.UnixNano()
}

// FetchSpan is what the fetch history holds between two times.
type FetchSpan struct {
	// Fetches counts category fetches, successful or not.
	Fetches int
	// Menus counts distinct dispensary × market pairs with at least one successful fetch.
	Menus int
	// Dispensaries counts distinct dispensaries with at least one successful fetch.
	Dispensaries int
	// First and Last are the first and last fetch times; zero when there was none.
	First, Last time.Time
}

// FetchSpanBetween summarises the fetches in [from, to).
func (db *DB) FetchSpanBetween(ctx context.Context, from, to time.Time) (FetchSpan, error) {
	var s FetchSpan
	var first, last sql.NullInt64
	err := db.db.QueryRowContext(ctx, `
		SELECT coalesce(sum((n_flower IS NOT NULL) + (n_preroll IS NOT NULL) + (n_vape IS NOT NULL)
				+ (n_extract IS NOT NULL) + (n_edible IS NOT NULL) + (n_other IS NOT NULL)), 0),
			count(DISTINCT CASE WHEN f.ok = 1 THEN m.slug || char(0) || m.market END),
			count(DISTINCT CASE WHEN f.ok = 1 THEN m.slug END),
			min(f.at), max(f.at)
		FROM menu_fetches f JOIN menus m ON m.id = f.menu_id
		WHERE f.at >= ? AND f.at < ?`, nanos(from), nanos(to)).
		Scan(&s.Fetches, &s.Menus, &s.Dispensaries, &first, &last)
	if err != nil {
		return s, fmt.Errorf("fetch span: %w", err)
	}
	if first.Valid {
		s.First = fromNano(first.Int64)
	}
	if last.Valid {
		s.Last = fromNano(last.Int64)
	}
	return s, nil
}
