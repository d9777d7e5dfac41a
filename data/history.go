package data

import (
	"context"
	"fmt"
	"time"
)

// EachOffer calls fn with every offer every successful fetch in [from, to) recorded, in
// time order, without holding them all in memory: the history behind yearly highlights
// and trends. Dispensaries no longer in the registry are included; history is history.
func (db *DB) EachOffer(ctx context.Context, from, to time.Time, fn func(StoredOffer) error) error {
	rows, err := db.db.QueryContext(ctx, `
		SELECT `+storedOfferColumns+`
		FROM fetches l JOIN offers o ON o.fetch_id = l.id
		WHERE l.ok = 1 AND l.fetched_at >= ? AND l.fetched_at < ?
		ORDER BY l.fetched_at, l.id, o.id`, formatTime(from), formatTime(to))
	if err != nil {
		return fmt.Errorf("offer history: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		so, err := scanStoredOffer(rows)
		if err != nil {
			return fmt.Errorf("offer history: %w", err)
		}
		if err := fn(so); err != nil {
			return err
		}
	}
	return rows.Err()
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
	var first, last *string
	err := db.db.QueryRowContext(ctx, `
		SELECT count(*),
			count(DISTINCT CASE WHEN ok = 1 THEN slug || char(0) || market END),
			count(DISTINCT CASE WHEN ok = 1 THEN slug END),
			min(fetched_at), max(fetched_at)
		FROM fetches WHERE fetched_at >= ? AND fetched_at < ?`, formatTime(from), formatTime(to)).
		Scan(&s.Fetches, &s.Menus, &s.Dispensaries, &first, &last)
	if err != nil {
		return s, fmt.Errorf("fetch span: %w", err)
	}
	if first != nil {
		if s.First, err = parseTime(*first); err != nil {
			return s, fmt.Errorf("fetch span: %w", err)
		}
	}
	if last != nil {
		if s.Last, err = parseTime(*last); err != nil {
			return s, fmt.Errorf("fetch span: %w", err)
		}
	}
	return s, nil
}
