package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/ohiomc/omc/data"
	"slices"
	"strings"
)

// loggedOutcome is a fetch's outcome as an older schema logged it, recorded as is by
// the 0002 migration instead of being derived from an error and the offers.
type loggedOutcome struct {
	reason data.Reason
	status int
	detail string
	counts [6]sql.NullInt64
}

// oldFetch is one row of the 0001 fetches table: one category of one menu fetch.
type oldFetch struct {
	id       int64
	runID    sql.NullInt64
	slug     string
	market   data.Market
	platform string
	category data.Category
	at       string
	ok       bool
	reason   data.Reason
	status   int
	detail   string
	count    int
}

// sameMenuFetch reports whether b is another category of a's menu fetch: the 0001
// store wrote a menu fetch as consecutive rows, one per category, sharing everything
// but the category and the count.
func (a oldFetch) sameMenuFetch(b oldFetch) bool {
	return a.runID == b.runID && a.slug == b.slug && a.market == b.market && a.platform == b.platform &&
		a.at == b.at && a.ok == b.ok && a.reason == b.reason && a.status == b.status && a.detail == b.detail
}

// migrate0002 replays the 0001 fetch log and offers, oldest row first, through the
// recording of today's store, so that each old menu fetch becomes one fetch-log row
// (with every category's outcome and count as logged) and each offer a series whose
// changes reproduce the price, sale price and stock of every old fetch; then it drops
// the 0001 tables. Product codes come from the store's code function.
func migrate0002(ctx context.Context, db *DB, tx *sql.Tx) (bool, error) {
	var nOffers int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM offers`).Scan(&nOffers); err != nil {
		return false, err
	}
	if nOffers > 0 && db.Code == nil {
		return false, errors.New("the offers of this database need product codes: open it with store.WithProductCode (the omc commands do)")
	}
	rows, err := tx.QueryContext(ctx, `SELECT id, run_id, slug, market, platform, category, fetched_at, ok, reason,
		http_status, detail, product_count FROM fetches ORDER BY id`)
	if err != nil {
		return false, err
	}
	var groups [][]oldFetch
	for rows.Next() {
		var f oldFetch
		if err := rows.Scan(&f.id, &f.runID, &f.slug, &f.market, &f.platform, &f.category, &f.at, &f.ok, &f.reason,
			&f.status, &f.detail, &f.count); err != nil {
			rows.Close()
			return false, err
		}
		if n := len(groups); n > 0 && groups[n-1][0].sameMenuFetch(f) && !hasCategory(groups[n-1], f.category) {
			groups[n-1] = append(groups[n-1], f)
		} else {
			groups = append(groups, []oldFetch{f})
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return false, err
	}
	// History is recorded in time order (a menu's changes are deltas from its previous
	// fetch); the 0001 log is in the order fetches were written, which a scrape run with
	// an earlier --now may have made different.
	slices.SortStableFunc(groups, func(a, b []oldFetch) int { return strings.Compare(a[0].at, b[0].at) })
	cache := newMenuCache()
	run := &txRunner{tx: tx, stmts: map[string]*sql.Stmt{}}
	for _, g := range groups {
		if err := db.migrateMenuFetch(ctx, run, cache, g); err != nil {
			return false, err
		}
	}
	for _, stmt := range []string{`DROP TABLE offers`, `DROP TABLE fetches`} {
		if _, err := tx.ExecContext(ctx, stmt); err != nil {
			return false, err
		}
	}
	return len(groups) > 0, nil
}

func hasCategory(group []oldFetch, c data.Category) bool {
	for _, f := range group {
		if f.category == c {
			return true
		}
	}
	return false
}

// migrateMenuFetch records one old menu fetch (its category rows) and its offers.
func (db *DB) migrateMenuFetch(ctx context.Context, tx *txRunner, cache *menuCache, group []oldFetch) error {
	first := group[0]
	at, err := parseTime(first.at)
	if err != nil {
		return fmt.Errorf("fetch %d: fetched_at %q: %w", first.id, first.at, err)
	}
	mf := MenuFetch{RunID: first.runID.Int64, Slug: first.slug, Market: first.market, Platform: first.platform, At: at,
		logged: &loggedOutcome{reason: first.reason, status: first.status, detail: first.detail}}
	if !first.ok {
		mf.Err = &data.FetchError{Reason: first.reason, Status: first.status, Detail: first.detail}
	}
	category := map[int64]data.Category{}
	for _, f := range group {
		for i, c := range data.AllCategories {
			if c == f.category {
				mf.logged.counts[i] = sql.NullInt64{Int64: int64(f.count), Valid: true}
			}
		}
		category[f.id] = f.category
	}
	if first.ok {
		rows, err := tx.tx.QueryContext(ctx, `SELECT fetch_id, product_id, name, brand, strain, strain_type, raw_category,
			size, grams, mg, price, sale_price, in_stock, thc, cbd, potency_unit, warnings, url
			FROM offers WHERE fetch_id BETWEEN ? AND ? ORDER BY id`, first.id, group[len(group)-1].id)
		if err != nil {
			return fmt.Errorf("fetch %d: offers: %w", first.id, err)
		}
		for rows.Next() {
			var o data.Offer
			var fetchID int64
			var thc, cbd sql.NullFloat64
			var warnings string
			if err := rows.Scan(&fetchID, &o.ProductID, &o.Name, &o.Brand, &o.Strain, &o.StrainType, &o.RawCategory,
				&o.Size, &o.Grams, &o.Milligrams, &o.Price, &o.SalePrice, &o.InStock, &thc, &cbd, &o.PotencyUnit,
				&warnings, &o.URL); err != nil {
				rows.Close()
				return fmt.Errorf("fetch %d: offers: %w", first.id, err)
			}
			o.Category = category[fetchID]
			if thc.Valid {
				o.THC = &thc.Float64
			}
			if cbd.Valid {
				o.CBD = &cbd.Float64
			}
			if warnings != "" {
				o.Warnings = strings.Split(warnings, "\n")
			}
			o.Code = db.Code(o)
			mf.Offers = append(mf.Offers, o)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("fetch %d: offers: %w", first.id, err)
		}
	}
	if err := db.recordTx(ctx, tx, cache, mf); err != nil {
		return fmt.Errorf("fetch %d: %w", first.id, err)
	}
	return nil
}
