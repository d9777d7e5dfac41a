package store

import (
	"context"
	"database/sql"
	"fmt"
	"math"
	"time"
)

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
		WHERE f.at >= ? AND f.at < ? AND `+readableFetch("f"), nanos(from), nanos(to)).
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
