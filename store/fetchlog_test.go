package store

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/ohiomc/omc/data"
	"time"
)

// The fetch log one category at a time, as the 0001 schema kept it: what the migration
// test compares the migrated log with.

// Fetch is the record of fetching one category of one menu.
type Fetch struct {
	ID         int64
	RunID      int64 // 0 when recorded outside a run
	Slug       string
	Market     data.Market
	Platform   string
	Category   data.Category
	FetchedAt  time.Time
	OK         bool
	Reason     data.Reason
	HTTPStatus int
	Detail     string
	Count      int
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
		for i, cat := range data.AllCategories {
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
