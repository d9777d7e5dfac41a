package store

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/data"
	"time"
)

// RecordPlace stores where a platform's store record put the dispensary at a fetch;
// the latest record wins. Dispensaries then gives these coordinates, marked
// CoordinatesStore.
func (db *DB) RecordPlace(ctx context.Context, slug, platform string, p data.Place, at time.Time) error {
	_, err := db.db.ExecContext(ctx, `
		INSERT INTO store_places (slug, platform, lat, lng, seen_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (slug) DO UPDATE SET platform = excluded.platform, lat = excluded.lat,
			lng = excluded.lng, seen_at = excluded.seen_at`,
		slug, platform, p.Lat, p.Lng, formatTime(at))
	if err != nil {
		return fmt.Errorf("record place of %s: %w", slug, err)
	}
	return nil
}
