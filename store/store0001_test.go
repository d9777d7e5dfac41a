package store

// The store's write path as it was with the 0001 schema (before history grew with
// change), copied verbatim from data/store.go at the commit before migration 0002, so
// that the migration test and the growth benchmark work on databases made the way
// existing ones were.

import (
	"context"
	"encoding/json"
	"fmt"
	"github.com/ohiomc/omc/data"
	"strings"
	"time"
)

// syncDispensaries0001 stores the registry's dispensaries; when the registry is the whole
// list (replace), dispensaries it no longer lists are marked out of the registry (their
// history is kept).
func (db *DB) syncDispensaries0001(ctx context.Context, ds []data.Dispensary, replace bool, at time.Time) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sync dispensaries: %w", err)
	}
	defer tx.Rollback()
	if replace {
		if _, err := tx.ExecContext(ctx, `UPDATE dispensaries SET in_registry = 0`); err != nil {
			return fmt.Errorf("sync dispensaries: %w", err)
		}
	}
	for _, d := range ds {
		menus, err := json.Marshal(d.Menus)
		if err != nil {
			return fmt.Errorf("sync dispensary %s: %w", d.Slug, err)
		}
		_, err = tx.ExecContext(ctx, `
			INSERT INTO dispensaries (slug, name, brand, city, address, county, region, lat, lng,
				medical, adult_use, monitored, website, menus, in_registry, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)
			ON CONFLICT (slug) DO UPDATE SET name = excluded.name, brand = excluded.brand,
				city = excluded.city, address = excluded.address, county = excluded.county,
				region = excluded.region, lat = excluded.lat, lng = excluded.lng,
				medical = excluded.medical, adult_use = excluded.adult_use,
				monitored = excluded.monitored, website = excluded.website, menus = excluded.menus,
				in_registry = 1, updated_at = excluded.updated_at`,
			d.Slug, d.Name, d.Brand, d.City, d.Address, d.County, d.Region, d.Lat, d.Lng,
			d.Medical, d.AdultUse, d.IsMonitored(), d.Website, string(menus), formatTime(at))
		if err != nil {
			return fmt.Errorf("sync dispensary %s: %w", d.Slug, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sync dispensaries: %w", err)
	}
	return nil
}

// recordMenuFetch0001 stores one fetch per category (every category of AllCategories) and,
// on success, every offer, in one transaction. A failed fetch only adds failure rows:
// earlier offers and dates stay as they were.
func (db *DB) recordMenuFetch0001(ctx context.Context, mf MenuFetch) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	defer tx.Rollback()
	at := formatTime(mf.At)
	byCat := map[data.Category][]data.Offer{}
	for _, o := range mf.Offers {
		cat := o.Category
		if cat == "" {
			cat = data.Other
		}
		byCat[cat] = append(byCat[cat], o)
	}
	ok, reason, detail, status := true, data.ReasonOK, "", mf.HTTPStatus
	if mf.Err != nil {
		ok, reason, detail = false, data.ReasonOf(mf.Err), mf.Err.Error()
		if s := data.StatusOf(mf.Err); s != 0 {
			status = s
		}
	}
	insOffer, err := tx.PrepareContext(ctx, `INSERT INTO offers (fetch_id, product_id, name, brand, strain,
		strain_type, raw_category, size, grams, mg, price, sale_price, in_stock, thc, cbd, potency_unit, warnings, url)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
	if err != nil {
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	defer insOffer.Close()
	for _, cat := range data.AllCategories {
		offers := byCat[cat]
		count := 0
		if ok {
			count = data.DistinctProducts(offers)
		}
		var runID any
		if mf.RunID != 0 {
			runID = mf.RunID
		}
		res, err := tx.ExecContext(ctx, `INSERT INTO fetches (run_id, slug, market, platform, category,
			fetched_at, ok, reason, http_status, detail, product_count) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			runID, mf.Slug, mf.Market, mf.Platform, cat, at, ok, reason, status, detail, count)
		if err != nil {
			return fmt.Errorf("record %s %s %s: %w", mf.Slug, mf.Market, cat, err)
		}
		fetchID, err := res.LastInsertId()
		if err != nil {
			return err
		}
		for _, o := range offers {
			if _, err := insOffer.ExecContext(ctx, fetchID, o.ProductID, o.Name, o.Brand, o.Strain, o.StrainType,
				o.RawCategory, o.Size, o.Grams, o.Milligrams, o.Price, o.SalePrice, o.InStock, o.THC, o.CBD,
				o.PotencyUnit, strings.Join(o.Warnings, "\n"), o.URL); err != nil {
				return fmt.Errorf("record %s %s offer %s: %w", mf.Slug, mf.Market, o.ProductID, err)
			}
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	return nil
}
