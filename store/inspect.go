package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// HistoryTables are the tables whose row counts tell a database's history: rows are
// only ever added to them (dispensaries leave the registry by a flag, never by DELETE;
// a licence the state's roster stops listing is marked so), so a copy with fewer rows
// than an earlier good copy has lost history.
var HistoryTables = []string{"dispensaries", "runs", "menus", "menu_fetches", "offer_series",
	"roster_reads", "roster_licences", "roster_changes"}

// Inspection is what a database file holds, read without changing it.
type Inspection struct {
	// Integrity is the result of PRAGMA integrity_check: "ok" when sound.
	Integrity string `json:"integrity"`
	// Migrations are the schema migrations applied, in name order.
	Migrations []string `json:"migrations"`
	// Counts are the rows of each of HistoryTables.
	Counts map[string]int64 `json:"counts"`
}

// Migrations are the schema migrations this build of omc knows, in name order.
func Migrations() []string {
	names, _ := fs.Glob(migrationFS, "migrations/*.sql")
	for i, n := range names {
		names[i] = path.Base(n)
	}
	sort.Strings(names)
	return names
}

// Inspect opens a database file read-only and reports its integrity, schema and row
// counts. A file that is not a SQLite database is an error naming it.
func Inspect(ctx context.Context, file string) (Inspection, error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return Inspection{}, fmt.Errorf("inspect %s: %w", file, err)
	}
	defer sqlDB.Close()
	var in Inspection
	rows, err := sqlDB.QueryContext(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return in, fmt.Errorf("inspect %s: integrity_check: %w", file, err)
	}
	var lines []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			rows.Close()
			return in, fmt.Errorf("inspect %s: integrity_check: %w", file, err)
		}
		lines = append(lines, s)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return in, fmt.Errorf("inspect %s: integrity_check: %w", file, err)
	}
	in.Integrity = strings.Join(lines, "; ")
	var hasMigrations int
	if err := sqlDB.QueryRowContext(ctx, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name = 'migrations'`).Scan(&hasMigrations); err != nil {
		return in, fmt.Errorf("inspect %s: %w", file, err)
	}
	if hasMigrations == 0 {
		return in, nil
	}
	mrows, err := sqlDB.QueryContext(ctx, `SELECT name FROM migrations ORDER BY name`)
	if err != nil {
		return in, fmt.Errorf("inspect %s: migrations: %w", file, err)
	}
	for mrows.Next() {
		var name string
		if err := mrows.Scan(&name); err != nil {
			mrows.Close()
			return in, fmt.Errorf("inspect %s: migrations: %w", file, err)
		}
		in.Migrations = append(in.Migrations, path.Base(name))
	}
	mrows.Close()
	in.Counts = map[string]int64{}
	for _, t := range HistoryTables {
		// A database of an older schema (0001 had fetches and offers) lacks some tables:
		// they are left out rather than counted as empty.
		var exists bool
		if err := sqlDB.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?)`, t).Scan(&exists); err != nil {
			return in, fmt.Errorf("inspect %s: table %s: %w", file, t, err)
		}
		if !exists {
			continue
		}
		var n int64
		if err := sqlDB.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+t).Scan(&n); err != nil {
			return in, fmt.Errorf("inspect %s: count %s: %w", file, t, err)
		}
		in.Counts[t] = n
	}
	return in, nil
}

// SnapshotTo writes a consistent copy of the open database to file (VACUUM INTO): one
// file, without the write-ahead log, compacted. file must not exist.
func (db *DB) SnapshotTo(ctx context.Context, file string) error {
	if _, err := db.db.ExecContext(ctx, `VACUUM INTO ?`, file); err != nil {
		return fmt.Errorf("snapshot %s to %s: %w", db.Path, file, err)
	}
	return nil
}
