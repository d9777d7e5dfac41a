package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"github.com/ohiomc/omc/data"
	"slices"
	"sync"
)

// menuCache keeps, per menu, its offer series as last recorded, so that recording an
// unchanged menu reads nothing but the menu's row. An entry is trusted only while the
// menu's last_fetch_id is the one it was made at: a fetch recorded by another process
// (or a rolled-back transaction) makes the next fetch reload the series.
type menuCache struct {
	mu    sync.Mutex
	menus map[int64]*menuSeries
}

// menuSeries is one menu's series: by product id and size (variants in order), and
// all of them in the order they started.
type menuSeries struct {
	lastFetch int64
	byKey     map[seriesKey][]*cachedSeries
	all       []*cachedSeries
}

type seriesKey struct{ productID, size string }

type cachedSeries struct {
	id       int64
	name     string
	category data.Category
	state    seriesState
	cols     uint64 // seriesColumns.hash of the stored descriptive columns
}

func newMenuCache() *menuCache { return &menuCache{menus: map[int64]*menuSeries{}} }

// add appends a series, the next variant of its key.
func (ms *menuSeries) add(k seriesKey, s *cachedSeries) {
	ms.byKey[k] = append(ms.byKey[k], s)
	ms.all = append(ms.all, s)
}

// load returns the menu's series, from the cache when it is current (the menu's
// last fetch is lastFetch), else from the database within tx. One menu is recorded by
// one goroutine at a time; the lock only guards the map.
func (c *menuCache) load(ctx context.Context, tx *txRunner, menuID, lastFetch int64) (*menuSeries, error) {
	c.mu.Lock()
	ms, ok := c.menus[menuID]
	c.mu.Unlock()
	if ok && ms.lastFetch == lastFetch {
		return ms, nil
	}
	ms = &menuSeries{lastFetch: lastFetch, byKey: map[seriesKey][]*cachedSeries{}}
	rows, err := tx.tx.QueryContext(ctx, `SELECT id, product_id, size, price, sale_price, in_stock, listed, `+
		tx.seriesColumns()+` FROM offer_series WHERE menu_id = ? ORDER BY product_id, size, variant`, menuID)
	if err != nil {
		return nil, fmt.Errorf("series: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k seriesKey
		var s cachedSeries
		var cols seriesColumns
		dest := append([]any{&s.id, &k.productID, &k.size, &s.state.Price, &s.state.SalePrice,
			&s.state.InStock, &s.state.Listed}, cols.dest(tx.lows())...)
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("series: %w", err)
		}
		s.name, s.category, s.cols = cols.name, data.Category(cols.category), cols.hash()
		ms.add(k, &s)
	}
	slices.SortFunc(ms.all, func(a, b *cachedSeries) int { return cmp.Compare(a.id, b.id) })
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("series: %w", err)
	}
	c.mu.Lock()
	c.menus[menuID] = ms
	c.mu.Unlock()
	return ms, nil
}

// fetched notes that fetchID followed prev as the menu's last fetch; an entry made at
// another fetch than prev is stale and dropped.
func (c *menuCache) fetched(menuID, prev, fetchID int64) {
	c.mu.Lock()
	if ms, ok := c.menus[menuID]; ok {
		if ms.lastFetch == prev {
			ms.lastFetch = fetchID
		} else {
			delete(c.menus, menuID)
		}
	}
	c.mu.Unlock()
}

func (c *menuCache) forget(menuID int64) {
	c.mu.Lock()
	delete(c.menus, menuID)
	c.mu.Unlock()
}

func (c *menuCache) drop() {
	c.mu.Lock()
	clear(c.menus)
	c.mu.Unlock()
}

// txRunner runs the recording's statements in one transaction, each parsed once: by
// the database's statement cache (prepared once per connection, bound to the
// transaction), or, during a migration (its tables exist only in the transaction), by
// a cache of the transaction's own.
type txRunner struct {
	tx    *sql.Tx
	db    *DB // nil in a migration
	stmts map[string]*sql.Stmt
}

func (db *DB) runner(tx *sql.Tx) *txRunner {
	return &txRunner{tx: tx, db: db, stmts: map[string]*sql.Stmt{}}
}

func (r *txRunner) stmt(ctx context.Context, query string) (*sql.Stmt, error) {
	if s, ok := r.stmts[query]; ok {
		return s, nil
	}
	var s *sql.Stmt
	if r.db == nil {
		var err error
		if s, err = r.tx.PrepareContext(ctx, query); err != nil {
			return nil, err
		}
	} else {
		shared, err := r.db.prepared(ctx, query)
		if err != nil {
			return nil, err
		}
		s = r.tx.StmtContext(ctx, shared)
	}
	r.stmts[query] = s
	return s, nil
}

func (r *txRunner) exec(ctx context.Context, query string, args ...any) (sql.Result, error) {
	s, err := r.stmt(ctx, query)
	if err != nil {
		return nil, err
	}
	return s.ExecContext(ctx, args...)
}

func (r *txRunner) queryRow(ctx context.Context, query string, args ...any) *sql.Row {
	s, err := r.stmt(ctx, query)
	if err != nil {
		// QueryRowContext on the transaction reports the same error through Scan.
		return r.tx.QueryRowContext(ctx, query, args...)
	}
	return s.QueryRowContext(ctx, args...)
}

// prepared returns the database-wide prepared statement of query.
func (db *DB) prepared(ctx context.Context, query string) (*sql.Stmt, error) {
	db.stmtMu.Lock()
	defer db.stmtMu.Unlock()
	if s, ok := db.stmts[query]; ok {
		return s, nil
	}
	s, err := db.db.PrepareContext(ctx, query)
	if err != nil {
		return nil, err
	}
	if db.stmts == nil {
		db.stmts = map[string]*sql.Stmt{}
	}
	db.stmts[query] = s
	return s, nil
}
