package data

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" driver (pure Go, no cgo)
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// timeLayout is fixed-width UTC so that text order is time order in SQL.
const timeLayout = "2006-01-02T15:04:05.000000000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

func parseTime(s string) (time.Time, error) { return time.Parse(timeLayout, s) }

// DB is the SQLite store of dispensaries, fetches and offers.
type DB struct {
	db   *sql.DB
	Path string
	// Code names the product of a stored offer that carries no code (rows of the 0001
	// schema kept none); omc sets it to scraper.ProductCode. Nil leaves such codes empty.
	Code func(Offer) string
}

// Open opens (creating if needed) the SQLite file at path, in WAL mode with foreign
// keys on, and applies pending migrations.
func Open(ctx context.Context, path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, fmt.Errorf("open db %s: %w", path, err)
		}
	}
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)"
	sqlDB, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open db %s: %w", path, err)
	}
	db := &DB{db: sqlDB, Path: path}
	if err := db.migrate(ctx); err != nil {
		sqlDB.Close()
		return nil, fmt.Errorf("open db %s: %w", path, err)
	}
	return db, nil
}

// Close closes the database.
func (db *DB) Close() error { return db.db.Close() }

// migrate applies each embedded migration once, in name order, one transaction each.
func (db *DB) migrate(ctx context.Context) error {
	if _, err := db.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return fmt.Errorf("migrations table: %w", err)
	}
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		if err := db.migrateFile(ctx, name); err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}

func (db *DB) migrateFile(ctx context.Context, name string) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return err
	}
	if n > 0 {
		return nil
	}
	body, err := fs.ReadFile(migrationFS, name)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name, applied_at) VALUES (?, ?)`, name, formatTime(time.Now())); err != nil {
		return err
	}
	return tx.Commit()
}

// SyncDispensaries stores the registry's dispensaries; when the registry is the whole
// list (replace), dispensaries it no longer lists are marked out of the registry (their
// history is kept).
func (db *DB) SyncDispensaries(ctx context.Context, ds []Dispensary, replace bool, at time.Time) error {
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

// Dispensaries returns the dispensaries of the current registry, by name.
func (db *DB) Dispensaries(ctx context.Context) ([]Dispensary, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT slug, name, brand, city, address, county, region, lat, lng, medical, adult_use,
			monitored, website, menus
		FROM dispensaries WHERE in_registry = 1 ORDER BY name, slug`)
	if err != nil {
		return nil, fmt.Errorf("list dispensaries: %w", err)
	}
	defer rows.Close()
	var out []Dispensary
	for rows.Next() {
		var d Dispensary
		var monitored bool
		var menus string
		if err := rows.Scan(&d.Slug, &d.Name, &d.Brand, &d.City, &d.Address, &d.County, &d.Region,
			&d.Lat, &d.Lng, &d.Medical, &d.AdultUse, &monitored, &d.Website, &menus); err != nil {
			return nil, fmt.Errorf("list dispensaries: %w", err)
		}
		if err := json.Unmarshal([]byte(menus), &d.Menus); err != nil {
			return nil, fmt.Errorf("dispensary %s: menus: %w", d.Slug, err)
		}
		d.Monitored = &monitored
		out = append(out, d)
	}
	return out, rows.Err()
}

// StartRun records the start of a scrape run and returns its id.
func (db *DB) StartRun(ctx context.Context, at time.Time) (int64, error) {
	res, err := db.db.ExecContext(ctx, `INSERT INTO runs (started_at) VALUES (?)`, formatTime(at))
	if err != nil {
		return 0, fmt.Errorf("start run: %w", err)
	}
	return res.LastInsertId()
}

// FinishRun records the totals of a run.
func (db *DB) FinishRun(ctx context.Context, id int64, at time.Time, ok, failed, offers int) error {
	_, err := db.db.ExecContext(ctx, `UPDATE runs SET finished_at = ?, menus_ok = ?, menus_failed = ?, offers = ? WHERE id = ?`,
		formatTime(at), ok, failed, offers, id)
	if err != nil {
		return fmt.Errorf("finish run %d: %w", id, err)
	}
	return nil
}

// MenuFetch is the result of fetching one menu, recorded by RecordMenuFetch.
type MenuFetch struct {
	RunID    int64
	Slug     string
	Market   Market
	Platform string
	At       time.Time
	// Offers is the menu on success; Err the failure (its Reason and status are recorded).
	Offers     []Offer
	HTTPStatus int
	Err        error
}

// RecordMenuFetch stores one fetch per category (every category of AllCategories) and,
// on success, every offer, in one transaction. A failed fetch only adds failure rows:
// earlier offers and dates stay as they were.
func (db *DB) RecordMenuFetch(ctx context.Context, mf MenuFetch) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	defer tx.Rollback()
	at := formatTime(mf.At)
	byCat := map[Category][]Offer{}
	for _, o := range mf.Offers {
		cat := o.Category
		if cat == "" {
			cat = Other
		}
		byCat[cat] = append(byCat[cat], o)
	}
	ok, reason, detail, status := true, ReasonOK, "", mf.HTTPStatus
	if mf.Err != nil {
		ok, reason, detail = false, ReasonOf(mf.Err), mf.Err.Error()
		if s := StatusOf(mf.Err); s != 0 {
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
	for _, cat := range AllCategories {
		offers := byCat[cat]
		count := 0
		if ok {
			count = DistinctProducts(offers)
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

// DistinctProducts counts the distinct products among offers (one product has one
// offer per size).
func DistinctProducts(offers []Offer) int {
	seen := map[string]bool{}
	for _, o := range offers {
		seen[o.ProductID] = true
	}
	return len(seen)
}

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

// categoryStates returns the latest state of every category that has ever been fetched,
// keyed for lookup by slug, market and category.
func (db *DB) categoryStates(ctx context.Context) (map[stateKey]CategoryState, error) {
	out := map[stateKey]CategoryState{}
	// Latest successful fetch per category.
	rows, err := db.db.QueryContext(ctx, `
		SELECT slug, market, category, fetched_at, product_count FROM (
			SELECT slug, market, category, fetched_at, product_count,
				ROW_NUMBER() OVER (PARTITION BY slug, market, category ORDER BY fetched_at DESC, id DESC) AS rn
			FROM fetches WHERE ok = 1)
		WHERE rn = 1`)
	if err != nil {
		return nil, fmt.Errorf("category states: %w", err)
	}
	for rows.Next() {
		var st CategoryState
		var at string
		if err := rows.Scan(&st.Slug, &st.Market, &st.Category, &at, &st.Count); err != nil {
			rows.Close()
			return nil, fmt.Errorf("category states: %w", err)
		}
		if st.LastUpdate, err = parseTime(at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("category states: fetched_at %q: %w", at, err)
		}
		out[stateKey{st.Slug, st.Market, st.Category}] = st
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	// Latest attempt of any outcome.
	rows, err = db.db.QueryContext(ctx, `
		SELECT slug, market, category, fetched_at, ok, reason, detail FROM (
			SELECT slug, market, category, fetched_at, ok, reason, detail,
				ROW_NUMBER() OVER (PARTITION BY slug, market, category ORDER BY fetched_at DESC, id DESC) AS rn
			FROM fetches)
		WHERE rn = 1`)
	if err != nil {
		return nil, fmt.Errorf("category attempts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug, at, detail string
		var market Market
		var cat Category
		var ok bool
		var reason Reason
		if err := rows.Scan(&slug, &market, &cat, &at, &ok, &reason, &detail); err != nil {
			return nil, fmt.Errorf("category attempts: %w", err)
		}
		k := stateKey{slug, market, cat}
		st, found := out[k]
		if !found {
			st = CategoryState{Slug: slug, Market: market, Category: cat, Count: -1}
		}
		if st.LastAttempt, err = parseTime(at); err != nil {
			return nil, fmt.Errorf("category attempts: fetched_at %q: %w", at, err)
		}
		st.LastOK, st.LastReason, st.LastDetail = ok, reason, detail
		out[k] = st
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

// StoredOffer is an offer from the latest successful fetch of its category, with where
// and when it was seen.
type StoredOffer struct {
	Offer
	Slug      string
	Market    Market
	FetchedAt time.Time
}

// LatestOffers returns the offers of the latest successful fetch of every category of
// every dispensary in the registry. Callers filter by freshness.
func (db *DB) LatestOffers(ctx context.Context) ([]StoredOffer, error) {
	rows, err := db.db.QueryContext(ctx, `
		WITH latest AS (
			SELECT id, slug, market, category, fetched_at FROM (
				SELECT id, slug, market, category, fetched_at,
					ROW_NUMBER() OVER (PARTITION BY slug, market, category ORDER BY fetched_at DESC, id DESC) AS rn
				FROM fetches WHERE ok = 1)
			WHERE rn = 1)
		SELECT `+storedOfferColumns+`
		FROM latest l
		JOIN dispensaries d ON d.slug = l.slug AND d.in_registry = 1
		JOIN offers o ON o.fetch_id = l.id
		ORDER BY l.slug, l.market, o.id`)
	if err != nil {
		return nil, fmt.Errorf("latest offers: %w", err)
	}
	defer rows.Close()
	var out []StoredOffer
	for rows.Next() {
		so, err := scanStoredOffer(rows)
		if err != nil {
			return nil, fmt.Errorf("latest offers: %w", err)
		}
		out = append(out, so)
	}
	return out, rows.Err()
}

// storedOfferColumns are the columns scanStoredOffer reads, for queries aliasing the
// fetch as l and the offer as o.
const storedOfferColumns = `l.slug, l.market, l.category, l.fetched_at, o.product_id, o.name, o.brand, o.strain,
	o.strain_type, o.raw_category, o.size, o.grams, o.mg, o.price, o.sale_price, o.in_stock,
	o.thc, o.cbd, o.potency_unit, o.warnings, o.url`

func scanStoredOffer(rows *sql.Rows) (StoredOffer, error) {
	var so StoredOffer
	var at, warnings string
	var thc, cbd sql.NullFloat64
	if err := rows.Scan(&so.Slug, &so.Market, &so.Category, &at, &so.ProductID, &so.Name, &so.Brand,
		&so.Strain, &so.StrainType, &so.RawCategory, &so.Size, &so.Grams, &so.Milligrams, &so.Price,
		&so.SalePrice, &so.InStock, &thc, &cbd, &so.PotencyUnit, &warnings, &so.URL); err != nil {
		return so, err
	}
	var err error
	if so.FetchedAt, err = parseTime(at); err != nil {
		return so, fmt.Errorf("fetched_at %q: %w", at, err)
	}
	if thc.Valid {
		so.THC = &thc.Float64
	}
	if cbd.Valid {
		so.CBD = &cbd.Float64
	}
	if warnings != "" {
		so.Warnings = strings.Split(warnings, "\n")
	}
	return so, nil
}
