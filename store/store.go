package store

import (
	"context"
	"database/sql"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"time"

	"github.com/ohiomc/omc/data"
	"modernc.org/sqlite" // registers the "sqlite" driver (pure Go, no cgo)
	sqlite3 "modernc.org/sqlite/lib"
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
	// Code names the product of an offer recorded without a code, and of the offers of a
	// database made before codes were kept when it is migrated (WithProductCode); omc
	// sets it to scraper.ProductCode (the store cannot import the scraper). Nil leaves such
	// codes empty.
	Code  func(data.Offer) string
	cache *menuCache
	// stmts are the write path's prepared statements, by query.
	stmtMu sync.Mutex
	stmts  map[string]*sql.Stmt
	// migrateUpTo, when set, stops migrations after that file (tests of a migration).
	migrateUpTo string
	// passedOver are the rows the reads below Dispensaries, Runs, RosterState and Roster
	// could not read as their types and passed over (PassedOver).
	passedMu   sync.Mutex
	passedOver []string
}

// passOver notes a row a read passed over because a stored value could not be read as
// its type: a database edited by hand never stops a publish, and says what it lost.
func (db *DB) passOver(format string, args ...any) {
	db.passedMu.Lock()
	defer db.passedMu.Unlock()
	db.passedOver = append(db.passedOver, fmt.Sprintf(format, args...))
}

// PassedOver returns, and forgets, the rows the reads of dispensaries, runs and the
// roster passed over since it was last called, one line each ("dispensary …", "run …",
// "roster …"); publish lists them in its manifest's leftOut.
func (db *DB) PassedOver() []string {
	db.passedMu.Lock()
	defer db.passedMu.Unlock()
	out := db.passedOver
	db.passedOver = nil
	return out
}

// Option configures Open.
type Option func(*DB)

// WithProductCode sets DB.Code before migrations run, which a database made before codes
// were kept needs.
func WithProductCode(code func(data.Offer) string) Option {
	return func(db *DB) { db.Code = code }
}

// Open opens (creating if needed) the SQLite file at path, in WAL mode with foreign
// keys on, and applies pending migrations. Transactions take the write lock when they
// begin (BEGIN IMMEDIATE), so that concurrent fetches queue on the busy timeout instead
// of failing when a read turns into a write. Sorts and groupings of the read queries run
// in memory with a 32 MiB page cache per connection: at Ohio's size they would otherwise
// spill to temporary files.
//
// A path that cannot be a database (a folder, a file that is not SQLite, a path through
// a file, an unreadable or read-only place) is an EINVALID error naming path and the
// problem: a configuration error, found before anything is written.
func Open(ctx context.Context, path string, opts ...Option) (*DB, error) {
	if err := checkDBPath(path); err != nil {
		return nil, err
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, data.PathError("open db", path, err)
		}
	}
	dsn := "file:" + path + "?_pragma=foreign_keys(1)&_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=cache_size(-" + strconv.Itoa(pageCacheKiB) + ")&_pragma=wal_autocheckpoint(16384)&_txlock=immediate"
	sqlDB, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("open db %s: %w", path, err)
	}
	db := &DB{db: sqlDB, Path: path, cache: newMenuCache()}
	for _, o := range opts {
		o(db)
	}
	if err := db.migrate(ctx); err != nil {
		sqlDB.Close()
		var se *sqlite.Error
		if errors.As(err, &se) {
			switch se.Code() & 0xff {
			case sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_NOTADB:
				return nil, &data.Error{Code: data.EINVALID, Message: fmt.Sprintf("open db %s: %s", path, sqlite.ErrorCodeString[se.Code()&0xff])}
			}
		}
		return nil, fmt.Errorf("open db %s: %w", path, err)
	}
	return db, nil
}

// pageCacheKiB is each connection's page cache (PRAGMA cache_size), in KiB.
const pageCacheKiB = 32 << 10

// sqliteHeader starts every SQLite database file (sqlite.org/fileformat.html §1.3).
const sqliteHeader = "SQLite format 3\x00"

// checkDBPath refuses, before SQLite sees it, a path that cannot be a database. A missing
// or empty file is fine: SQLite makes the database.
func checkDBPath(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return data.PathError("open db", path, err)
	}
	if fi.IsDir() {
		return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf("open db %s: is a folder, not a SQLite database file", path)}
	}
	if !fi.Mode().IsRegular() {
		return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf("open db %s: is not a regular file", path)}
	}
	f, err := os.Open(path)
	if err != nil {
		return data.PathError("open db", path, err)
	}
	defer f.Close()
	head := make([]byte, len(sqliteHeader))
	n, err := io.ReadFull(f, head)
	if n == 0 && (err == nil || errors.Is(err, io.EOF)) {
		return nil
	}
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return data.PathError("open db", path, err)
	}
	if string(head[:n]) != sqliteHeader {
		return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf("open db %s: is not a SQLite database (the file does not start with the SQLite header)", path)}
	}
	return nil
}

// Close closes the database.
func (db *DB) Close() error {
	db.stmtMu.Lock()
	for _, s := range db.stmts {
		s.Close()
	}
	db.stmts = nil
	db.stmtMu.Unlock()
	return db.db.Close()
}

// migrate applies each embedded migration once, in name order, one transaction each:
// its SQL, then its Go step if it has one (goSteps).
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
		if db.migrateUpTo != "" && path.Base(name) > db.migrateUpTo {
			break
		}
		vacuum, err := db.migrateFile(ctx, name)
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
		if vacuum {
			// A step that dropped tables leaves their pages free; give them back.
			if _, err := db.db.ExecContext(ctx, `VACUUM`); err != nil {
				return fmt.Errorf("migration %s: vacuum: %w", name, err)
			}
		}
	}
	return nil
}

// goSteps are the Go parts of migrations, by file name, run after the file's SQL in its
// transaction. A step reports whether the database should be vacuumed afterwards.
var goSteps = map[string]func(ctx context.Context, db *DB, tx *sql.Tx) (vacuum bool, err error){
	"0002_offer_series.sql": migrate0002,
}

func (db *DB) migrateFile(ctx context.Context, name string) (vacuum bool, err error) {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return false, err
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM migrations WHERE name = ?`, name).Scan(&n); err != nil {
		return false, err
	}
	if n > 0 {
		return false, nil
	}
	body, err := fs.ReadFile(migrationFS, name)
	if err != nil {
		return false, err
	}
	if _, err := tx.ExecContext(ctx, string(body)); err != nil {
		return false, err
	}
	if step := goSteps[path.Base(name)]; step != nil {
		if vacuum, err = step(ctx, db, tx); err != nil {
			return false, err
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO migrations (name, applied_at) VALUES (?, ?)`, name, formatTime(time.Now())); err != nil {
		return false, err
	}
	return vacuum, tx.Commit()
}

// SyncDispensaries stores the registry's dispensaries; when the registry is the whole
// list (replace), dispensaries it no longer lists are marked out of the registry (their
// history is kept).
func (db *DB) SyncDispensaries(ctx context.Context, ds []data.Dispensary, replace bool, at time.Time) error {
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
				medical, adult_use, monitored, website, menus, sample, in_registry, updated_at, coordinates, verified, licence)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?)
			ON CONFLICT (slug) DO UPDATE SET name = excluded.name, brand = excluded.brand,
				city = excluded.city, address = excluded.address, county = excluded.county,
				region = excluded.region, lat = excluded.lat, lng = excluded.lng,
				medical = excluded.medical, adult_use = excluded.adult_use,
				monitored = excluded.monitored, website = excluded.website, menus = excluded.menus,
				sample = excluded.sample, in_registry = 1, updated_at = excluded.updated_at,
				coordinates = excluded.coordinates, verified = excluded.verified, licence = excluded.licence`,
			d.Slug, d.Name, d.Brand, d.City, d.Address, d.County, d.Region, d.Lat, d.Lng,
			d.Medical, d.AdultUse, d.IsMonitored(), d.Website, string(menus), d.Sample, formatTime(at), d.Coordinates, d.IsVerified(), d.Licence)
		if err != nil {
			return fmt.Errorf("sync dispensary %s: %w", d.Slug, err)
		}
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sync dispensaries: %w", err)
	}
	return nil
}

// Dispensaries returns the dispensaries of the current registry, by name. A row whose
// stored values cannot be read as their types (text where a number belongs, menus that
// are no JSON) is passed over, noted (PassedOver).
func (db *DB) Dispensaries(ctx context.Context) ([]data.Dispensary, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT d.slug, name, brand, city, address, county, region,
			COALESCE(p.lat, d.lat), COALESCE(p.lng, d.lng), medical, adult_use,
			monitored, website, menus, sample, CASE WHEN p.slug IS NULL THEN d.coordinates ELSE 'store' END, verified, licence
		FROM dispensaries d LEFT JOIN store_places p ON p.slug = d.slug
		WHERE in_registry = 1 ORDER BY name, d.slug`)
	if err != nil {
		return nil, fmt.Errorf("list dispensaries: %w", err)
	}
	defer rows.Close()
	var out []data.Dispensary
	for rows.Next() {
		var d data.Dispensary
		var lat, lng storedFloat
		var medical, adultUse, monitored, sample, verified storedInt
		var menus string
		if err := rows.Scan(&d.Slug, &d.Name, &d.Brand, &d.City, &d.Address, &d.County, &d.Region,
			&lat, &lng, &medical, &adultUse, &monitored, &d.Website, &menus, &sample, &d.Coordinates, &verified, &d.Licence); err != nil {
			return nil, fmt.Errorf("list dispensaries: %w", err)
		}
		var u unreadable
		u.float("lat", lat, true)
		u.float("lng", lng, true)
		u.int("medical", medical, true)
		u.int("adult_use", adultUse, true)
		u.int("monitored", monitored, true)
		u.int("sample", sample, true)
		u.int("verified", verified, true)
		if err := json.Unmarshal([]byte(menus), &d.Menus); err != nil {
			u = append(u, "menus: "+data.ClipMessage(err.Error()))
		}
		if len(u) > 0 {
			db.passOver("dispensary %s: stored %s; the store is left out", data.Clip(d.Slug), u)
			continue
		}
		d.Lat, d.Lng = lat.v, lng.v
		d.Medical, d.AdultUse, d.Sample = medical.v != 0, adultUse.v != 0, sample.v != 0
		isMonitored, isVerified := monitored.v != 0, verified.v != 0
		d.Monitored = &isMonitored
		if !isVerified {
			d.Verified = &isVerified
		}
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
