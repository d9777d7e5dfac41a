package store

import (
	"context"
	"database/sql"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"github.com/ohiomc/omc/data"
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"time"
)

// MenuFetch is the result of fetching one menu, recorded by RecordMenuFetch.
type MenuFetch struct {
	RunID    int64
	Slug     string
	Market   data.Market
	Platform string
	At       time.Time
	// Offers is the menu on success; Err the failure (its Reason and status are recorded).
	Offers     []data.Offer
	HTTPStatus int
	Err        error
	// EmptyCategories are categories of a successful fetch that had products at the
	// last success and now have none while the menu still lists others: each is recorded
	// as failed (ReasonEmptyCategory) with no product count, and its series stay as they
	// were, so it ages to stale and missing like any failure instead of looking current
	// and empty.
	EmptyCategories []data.Category
	// Source is the source that served the fetch: the menu's platform, or the platform
	// of the alternative that answered when the menu's own source was blocked
	// (MenuSource.Alternatives); "" when unknown (fetches from before 0007).
	Source string
	// Page is the menu's page for shoppers (an absolute http(s) URL, "" when unknown):
	// kept on the menu, where an offer whose product has no page of its own links.
	// An empty Page keeps the one recorded before.
	Page string
	// logged, set by the 0002 migration, is the outcome as the old log had it.
	logged *loggedOutcome
}

// RecordMenuFetch records one fetch of a menu in one transaction: one fetch-log row with
// its outcome and product count per category (every category of AllCategories) and, on
// success, what changed in the menu's offer series (docs/design.md §4): a new offer starts a
// series, a price, sale price or stock change adds a change, an offer the menu no longer
// lists is marked unlisted, and an unchanged offer writes nothing (its last-seen time is
// the menu's). A failed fetch only adds its log row: earlier offers and dates stay.
// An offer without a Code gets one from the store's product code function, if any.
func (db *DB) RecordMenuFetch(ctx context.Context, mf MenuFetch) (err error) {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	defer tx.Rollback()
	if err := db.recordTx(ctx, db.runner(tx), db.cache, mf); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		db.cache.drop()
		return fmt.Errorf("record %s %s: %w", mf.Slug, mf.Market, err)
	}
	return nil
}

// RecordMenuFetches records several fetches as RecordMenuFetch records each, in one
// transaction, and returns one error per fetch (nil when it is recorded). When any
// fetch cannot be recorded, that transaction is rolled back and each fetch is recorded
// on its own by RecordMenuFetch, so that a bad fetch costs only itself, as it would
// have alone. One commit for several menus is what makes a large scrape's writes
// affordable: the pages a menu touches (the product-code index above all) are shared
// with the menus recorded beside it and written to the log once per commit instead of
// once per menu. (A savepoint per fetch would spare the retry, but costs every page a
// copy in the sub-journal.)
func (db *DB) RecordMenuFetches(ctx context.Context, fetches []MenuFetch) []error {
	errs := make([]error, len(fetches))
	if len(fetches) == 0 {
		return errs
	}
	if len(fetches) > 1 && db.recordAll(ctx, fetches) == nil {
		return errs
	}
	for i, mf := range fetches {
		errs[i] = db.RecordMenuFetch(ctx, mf)
	}
	return errs
}

// recordAll records every fetch in one transaction, or none of them.
func (db *DB) recordAll(ctx context.Context, fetches []MenuFetch) error {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	run := db.runner(tx)
	for _, mf := range fetches {
		if err := db.recordTx(ctx, run, db.cache, mf); err != nil {
			// What the cache learnt of the others' writes goes with the transaction.
			db.cache.drop()
			return err
		}
	}
	if err := tx.Commit(); err != nil {
		db.cache.drop()
		return err
	}
	return nil
}

// recordTx is RecordMenuFetch within tx, shared with the 0002 migration. cache keeps
// each menu's series between fetches so that an unchanged fetch needs no read of them;
// on any error the menu's entry is dropped (the transaction's writes are rolled back).
func (db *DB) recordTx(ctx context.Context, tx *txRunner, cache *menuCache, mf MenuFetch) (err error) {
	where := fmt.Sprintf("record %s %s", mf.Slug, mf.Market)
	menuID, lastFetch, lastOKAt, err := upsertMenu(ctx, tx, mf)
	if err != nil {
		return fmt.Errorf("%s: menu: %w", where, err)
	}
	defer func() {
		if err != nil {
			cache.forget(menuID)
		}
	}()
	at := nanos(mf.At)
	if lastFetch.Valid {
		// A menu's changes are deltas from its previous fetch, so its history must be
		// recorded in time order.
		var lastAt int64
		if err := tx.queryRow(ctx, `SELECT at FROM menu_fetches WHERE id = ?`, lastFetch.Int64).Scan(&lastAt); err != nil {
			return fmt.Errorf("%s: last fetch: %w", where, err)
		}
		if at < lastAt {
			return fmt.Errorf("%s: fetch time %s is before the menu's last fetch (%s): history is recorded in time order",
				where, mf.At.UTC().Format(time.RFC3339), fromNano(lastAt).Format(time.RFC3339))
		}
	}
	ok, reason, detail, status := mf.Err == nil, data.ReasonOK, "", mf.HTTPStatus
	if mf.Err != nil {
		reason, detail = data.ReasonOf(mf.Err), mf.Err.Error()
		if len(detail) > data.MaxDetail {
			detail = data.CutUTF8(detail, data.MaxDetail) + "…" // a reply quoted whole would fill the log and the status page
		}
		if s := data.StatusOf(mf.Err); s != 0 {
			status = s
		}
	}
	emptied := map[data.Category]bool{}
	var emptiedNames []string
	var counts [6]sql.NullInt64
	perCategory := distinctPerCategory(mf.Offers)
	for i, cat := range data.AllCategories {
		counts[i] = sql.NullInt64{Valid: true}
		if ok {
			counts[i].Int64 = int64(perCategory[i])
		}
		if ok && perCategory[i] == 0 && slices.Contains(mf.EmptyCategories, cat) {
			counts[i] = sql.NullInt64{}
			emptied[cat] = true
			emptiedNames = append(emptiedNames, string(cat))
		}
	}
	if l := mf.logged; l != nil {
		reason, status, detail, counts = l.reason, l.status, l.detail, l.counts
	}
	var blob []byte
	if ok {
		ms, err := cache.load(ctx, tx, menuID, lastFetch.Int64)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		changes, err := db.applyOffers(ctx, tx, ms, menuID, at, lastOKAt.Int64, mf.Offers, emptied)
		if err != nil {
			return fmt.Errorf("%s: %w", where, err)
		}
		blob = encodeChanges(changes)
	}
	var runID any
	if mf.RunID != 0 {
		runID = mf.RunID
	}
	insert := `INSERT INTO menu_fetches (menu_id, run_id, at, ok, reason, http_status, detail,
		n_flower, n_preroll, n_vape, n_extract, n_edible, n_other, changes, empty_categories, source)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	args := []any{menuID, runID, at, ok, reason, status, detail, counts[0], counts[1], counts[2], counts[3], counts[4], counts[5], blob,
		strings.Join(emptiedNames, ","), mf.Source}
	if mf.logged != nil {
		// The 0002 migration replays old fetches before 0007 has added source.
		insert = strings.Replace(strings.Replace(insert, ", source)", ")", 1), ", ?)", ")", 1)
		args = args[:len(args)-1]
	}
	res, err := tx.exec(ctx, insert, args...)
	if err != nil {
		return fmt.Errorf("%s: fetch: %w", where, err)
	}
	fetchID, err := res.LastInsertId()
	if err != nil {
		return fmt.Errorf("%s: fetch: %w", where, err)
	}
	if ok {
		_, err = tx.exec(ctx, `UPDATE menus SET last_fetch_id = ?, last_ok_fetch_id = ?, last_ok_at = ? WHERE id = ?`, fetchID, fetchID, at, menuID)
	} else {
		_, err = tx.exec(ctx, `UPDATE menus SET last_fetch_id = ? WHERE id = ?`, fetchID, menuID)
	}
	if err != nil {
		return fmt.Errorf("%s: menu: %w", where, err)
	}
	cache.fetched(menuID, lastFetch.Int64, fetchID)
	return nil
}

// upsertMenu makes sure mf's menu has its row, keeping the page it was last seen at
// (an empty page keeps the one known), and returns the row's id, last fetch and last
// good fetch's time.
func upsertMenu(ctx context.Context, tx *txRunner, mf MenuFetch) (menuID int64, lastFetch, lastOKAt sql.NullInt64, err error) {
	menuRow := `
		INSERT INTO menus (slug, market, platform, page_url) VALUES (?, ?, ?, ?)
		ON CONFLICT (slug, market, platform) DO UPDATE SET
			page_url = CASE WHEN excluded.page_url = '' THEN menus.page_url ELSE excluded.page_url END
		RETURNING id, last_fetch_id, last_ok_at`
	args := []any{mf.Slug, mf.Market, mf.Platform, mf.Page}
	if mf.logged != nil {
		// The 0002 migration replays old fetches before 0005 has added page_url.
		menuRow = `
		INSERT INTO menus (slug, market, platform) VALUES (?, ?, ?)
		ON CONFLICT (slug, market, platform) DO UPDATE SET slug = excluded.slug
		RETURNING id, last_fetch_id, last_ok_at`
		args = args[:3]
	}
	err = tx.queryRow(ctx, menuRow, args...).Scan(&menuID, &lastFetch, &lastOKAt)
	return menuID, lastFetch, lastOKAt, err
}

// distinctPerCategory is DistinctProducts of each category's offers, in AllCategories
// order, in one pass (0 for a category without offers).
func distinctPerCategory(offers []data.Offer) [6]int {
	var counts [6]int
	in := make(map[string]uint8, len(offers)) // product id → bit i for AllCategories[i]
	for _, o := range offers {
		i := slices.Index(data.AllCategories, categoryOf(o))
		if i < 0 {
			continue
		}
		if bits := in[o.ProductID]; bits&(1<<i) == 0 {
			in[o.ProductID] = bits | 1<<i
			counts[i]++
		}
	}
	return counts
}

func categoryOf(o data.Offer) data.Category {
	if o.Category == "" {
		return data.Other
	}
	return o.Category
}

// applyOffers compares a successful fetch's offers with the menu's series, writes what
// differs and returns the state changes. prevOK is the time of the menu's previous
// successful fetch: the last time an offer missing now was seen. The series of an
// emptied category are left as they were: that category's fetch counts as failed.
func (db *DB) applyOffers(ctx context.Context, tx *txRunner, ms *menuSeries, menuID, at, prevOK int64, offers []data.Offer, emptied map[data.Category]bool) ([]change, error) {
	var changes []change
	seen := make(map[int64]bool, len(offers))
	args := make([]any, 0, 32) // a new series' arguments, the slice reused by every one
	for _, o := range offers {
		o.Code = db.code(o)
		key := seriesKey{productID: o.ProductID, size: o.Size}
		cols, err := columnsOf(o)
		if err != nil {
			return nil, fmt.Errorf("offer %s: %w", o.ProductID, err)
		}
		hash := cols.hash()
		now := seriesState{Price: o.Price, SalePrice: o.SalePrice, InStock: o.InStock, Listed: true}
		s := pickSeries(ms.byKey[key], seen, o.Name)
		if s == nil {
			variant := len(ms.byKey[key])
			res, err := tx.exec(ctx, `INSERT INTO offer_series (menu_id, product_id, size, variant, `+tx.seriesColumns()+`,
				first_seen, last_seen, changed_at, price, sale_price, in_stock, listed)
				VALUES (?, ?, ?, ?, `+tx.seriesPlaceholders()+`, ?, ?, ?, ?, ?, ?, 1)`,
				cols.appendArgs(append(args[:0], menuID, key.productID, key.size, variant), tx.lows(),
					at, at, at, now.Price, now.SalePrice, now.InStock)...)
			if err != nil {
				return nil, fmt.Errorf("offer %s: %w", o.ProductID, err)
			}
			id, err := res.LastInsertId()
			if err != nil {
				return nil, err
			}
			s = &cachedSeries{id: id, name: o.Name, category: categoryOf(o), state: now, cols: hash}
			ms.add(key, s)
			changes = append(changes, change{id, now})
			seen[id] = true
			continue
		}
		seen[s.id] = true
		if s.cols != hash {
			if _, err := tx.exec(ctx, `UPDATE offer_series SET (`+tx.seriesColumns()+`) = (`+tx.seriesPlaceholders()+`)
				WHERE id = ?`, cols.appendArgs(nil, tx.lows(), s.id)...); err != nil {
				return nil, fmt.Errorf("offer %s: %w", o.ProductID, err)
			}
			s.cols, s.name, s.category = hash, o.Name, categoryOf(o)
		}
		if s.state != now {
			if _, err := tx.exec(ctx, `UPDATE offer_series SET price = ?, sale_price = ?, in_stock = ?, listed = 1,
				changed_at = ? WHERE id = ?`, now.Price, now.SalePrice, now.InStock, at, s.id); err != nil {
				return nil, fmt.Errorf("offer %s: %w", o.ProductID, err)
			}
			s.state = now
			changes = append(changes, change{s.id, now})
		}
	}
	for _, s := range ms.all {
		if !s.state.Listed || seen[s.id] || emptied[s.category] {
			continue
		}
		s.state.Listed = false
		if _, err := tx.exec(ctx, `UPDATE offer_series SET listed = 0, last_seen = ?, changed_at = ? WHERE id = ?`,
			prevOK, at, s.id); err != nil {
			return nil, fmt.Errorf("series %d: %w", s.id, err)
		}
		changes = append(changes, change{s.id, s.state})
	}
	return changes, nil
}

// pickSeries chooses which of the series of one product id and size an offer continues:
// the first not yet taken by this fetch with the offer's name, else the first not taken;
// nil when every one is taken (the offer starts a new variant). Menus rarely repeat an
// id and size, but when they do (two flavours under one id) each keeps its own history.
func pickSeries(cands []*cachedSeries, taken map[int64]bool, name string) *cachedSeries {
	var free *cachedSeries
	for _, s := range cands {
		if taken[s.id] {
			continue
		}
		if s.name == name {
			return s
		}
		if free == nil {
			free = s
		}
	}
	return free
}

// seriesColumns are an offer's descriptive columns as stored.
type seriesColumns struct {
	code, name, brand, strain, strainType, category, rawCategory string
	grams, mg                                                    float64
	thc, cbd                                                     sql.NullFloat64
	potencyUnit, warnings, url, terpenes, lineage                string
	// thcLow and cbdLow are the lower ends of ranges (0006_potency_low.sql).
	thcLow, cbdLow sql.NullFloat64
}

func columnsOf(o data.Offer) (seriesColumns, error) {
	c := seriesColumns{code: o.Code, name: o.Name, brand: o.Brand, strain: o.Strain, strainType: o.StrainType,
		category: string(categoryOf(o)), rawCategory: o.RawCategory, grams: o.Grams, mg: o.Milligrams,
		potencyUnit: o.PotencyUnit, warnings: strings.Join(o.Warnings, "\n"), url: o.URL,
		lineage: strings.Join(o.Lineage, "\n")}
	if o.THC != nil {
		c.thc = sql.NullFloat64{Float64: *o.THC, Valid: true}
	}
	if o.CBD != nil {
		c.cbd = sql.NullFloat64{Float64: *o.CBD, Valid: true}
	}
	if o.THCLow != nil {
		c.thcLow = sql.NullFloat64{Float64: *o.THCLow, Valid: true}
	}
	if o.CBDLow != nil {
		c.cbdLow = sql.NullFloat64{Float64: *o.CBDLow, Valid: true}
	}
	if len(o.Terpenes) > 0 {
		b, err := json.Marshal(o.Terpenes)
		if err != nil {
			return c, fmt.Errorf("terpenes: %w", err)
		}
		c.terpenes = string(b)
	}
	return c, nil
}

// appendArgs appends the columns in seriesColumnList order to args (with the lower
// ends after them when lows is true: txRunner.lows), then more.
func (c seriesColumns) appendArgs(args []any, lows bool, more ...any) []any {
	args = append(args, c.code, c.name, c.brand, c.strain, c.strainType, c.category, c.rawCategory, c.grams, c.mg,
		c.thc, c.cbd, c.potencyUnit, c.warnings, c.url, c.terpenes, c.lineage)
	if lows {
		args = append(args, c.thcLow, c.cbdLow)
	}
	return append(args, more...)
}

// hash stands for the columns in the cache, so that it holds 8 bytes per series
// rather than every string. The cache lives in one process, so a per-process seed does.
func (c seriesColumns) hash() uint64 {
	var h maphash.Hash
	h.SetSeed(columnsSeed)
	var num [9]byte
	float := func(v float64, valid bool) {
		binary.LittleEndian.PutUint64(num[:8], math.Float64bits(v))
		num[8] = 0
		if valid {
			num[8] = 1
		}
		h.Write(num[:])
	}
	for _, s := range [...]string{c.code, c.name, c.brand, c.strain, c.strainType, c.category, c.rawCategory,
		c.potencyUnit, c.warnings, c.url, c.terpenes, c.lineage} {
		h.WriteString(s)
		h.WriteByte(0)
	}
	float(c.grams, true)
	float(c.mg, true)
	float(c.thc.Float64, c.thc.Valid)
	float(c.cbd.Float64, c.cbd.Valid)
	float(c.thcLow.Float64, c.thcLow.Valid)
	float(c.cbdLow.Float64, c.cbdLow.Valid)
	return h.Sum64()
}

var columnsSeed = maphash.MakeSeed()

// seriesColumnList are the descriptive columns in the order dest and appendArgs give
// them; seriesLowColumns follow them once 0006_potency_low.sql has added them.
const (
	seriesColumnList = `code, name, brand, strain, strain_type, category, raw_category, grams, mg, thc, cbd,
	potency_unit, warnings, url, terpenes, lineage`
	seriesLowColumns = `thc_low, cbd_low`
)

// lows reports whether the transaction writes and reads the lower ends of ranges:
// every one but the 0002 migration's, which replays old fetches before 0006 has added
// their columns (and whose offers have none).
func (r *txRunner) lows() bool { return r.db != nil }

// seriesColumns is the descriptive columns the transaction writes and reads.
func (r *txRunner) seriesColumns() string {
	if r.lows() {
		return seriesColumnList + ", " + seriesLowColumns
	}
	return seriesColumnList
}

// seriesPlaceholders is one "?" per column of seriesColumns.
func (r *txRunner) seriesPlaceholders() string {
	return strings.TrimSuffix(strings.Repeat("?, ", strings.Count(r.seriesColumns(), ",")+1), ", ")
}

func (c *seriesColumns) dest(lows bool) []any {
	d := []any{&c.code, &c.name, &c.brand, &c.strain, &c.strainType, &c.category, &c.rawCategory, &c.grams,
		&c.mg, &c.thc, &c.cbd, &c.potencyUnit, &c.warnings, &c.url, &c.terpenes, &c.lineage}
	if lows {
		d = append(d, &c.thcLow, &c.cbdLow)
	}
	return d
}

// offer fills the descriptive fields of an Offer from the columns.
func (c seriesColumns) offer(o *data.Offer) error {
	o.Code, o.Name, o.Brand, o.Strain, o.StrainType = c.code, c.name, c.brand, c.strain, c.strainType
	o.Category, o.RawCategory, o.Grams, o.Milligrams = data.Category(c.category), c.rawCategory, c.grams, c.mg
	o.PotencyUnit, o.URL = c.potencyUnit, c.url
	if c.thc.Valid {
		v := c.thc.Float64
		o.THC = &v
	}
	if c.cbd.Valid {
		v := c.cbd.Float64
		o.CBD = &v
	}
	if c.thcLow.Valid {
		v := c.thcLow.Float64
		o.THCLow = &v
	}
	if c.cbdLow.Valid {
		v := c.cbdLow.Float64
		o.CBDLow = &v
	}
	if c.warnings != "" {
		o.Warnings = strings.Split(c.warnings, "\n")
	}
	if c.lineage != "" {
		o.Lineage = strings.Split(c.lineage, "\n")
	}
	if c.terpenes != "" {
		if err := json.Unmarshal([]byte(c.terpenes), &o.Terpenes); err != nil {
			return fmt.Errorf("terpenes: %w", err)
		}
	}
	return nil
}
