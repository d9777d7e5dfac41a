package main

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/ohiomc/omc/history"
	"github.com/ohiomc/omc/store"
)

// TestHistoryRehearsal rehearses the scheduled workflow locally, a folder standing in for
// the release storage: restore → check → scrape (replay) → publish → save, twice; then a
// database damaged after its scrape is refused at save, a corrupted newest copy is
// refused at restore, a database with less history than the last copy is refused, and
// every time the last good copy is kept and restored.
func TestHistoryRehearsal(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	run.setFailures()
	var entries []string
	for _, d := range run.Registry.Monitored() {
		m := d.Menus[0]
		if (m.Platform != "jane" && m.Platform != "dutchie") || len(entries) == 3 {
			continue
		}
		id := fmt.Sprintf("storeId: %q", m.StoreID)
		if m.Platform == "dutchie" {
			id = "cName: " + m.CName
		}
		entries = append(entries, fmt.Sprintf("  - slug: %s\n    name: %q\n    city: %q\n    region: %s\n    menus: [{market: %s, platform: %s, %s}]\n",
			d.Slug, d.Name, d.City, d.Region, m.Market, m.Platform, id))
	}
	// Every scrape reads the state's roster too (the replay's), whose history a save
	// checks as it checks the menus'.
	registry := registryFile(t, run, fmt.Sprintf("roster: {url: %q}\ndispensaries:\n", run.Registry.Roster.URL)+strings.Join(entries, ""))
	storage := filepath.Join(t.TempDir(), "storage")
	work := t.TempDir()
	db := filepath.Join(work, "data", "omc.db")

	omc := func(args ...string) (int, string) {
		t.Helper()
		var out, errOut bytes.Buffer
		code := execute(args, testDeps(&out, &errOut))
		return code, out.String() + errOut.String()
	}
	must := func(want int, args ...string) string {
		t.Helper()
		code, out := omc(args...)
		if code != want {
			t.Fatalf("omc %s: exit %d, want %d:\n%s", strings.Join(args, " "), code, want, out)
		}
		return out
	}
	records := func() []string {
		t.Helper()
		names, _ := history.Dir(storage).List(context.Background())
		var recs []string
		for _, n := range names {
			if strings.HasSuffix(n, ".json") {
				recs = append(recs, n)
			}
		}
		sort.Strings(recs)
		return recs
	}
	fetches := func() int64 {
		t.Helper()
		in, err := store.Inspect(context.Background(), db)
		if err != nil {
			t.Fatal(err)
		}
		return in.Counts["menu_fetches"]
	}
	// One scheduled run on a fresh checkout: the database comes only from storage.
	scheduled := func(now string) {
		t.Helper()
		for _, f := range []string{db, db + "-wal", db + "-shm"} {
			os.Remove(f)
		}
		out := must(0, "history", "restore", "--storage", storage, "--db", db)
		if strings.HasPrefix(out, "restored") {
			must(0, "history", "check", "--storage", storage, "--db", db)
		}
		must(0, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "5s", "--now", now)
		must(0, "publish", "--db", db, "--out", filepath.Join(work, "out"), "--now", now)
		must(0, "history", "save", "--storage", storage, "--db", db)
	}

	scheduled("2026-07-01T08:00:00Z")
	if recs := records(); len(recs) != 1 {
		t.Fatalf("after the first run, records %v", recs)
	}
	first := fetches()
	scheduled("2026-07-01T12:00:00Z")
	if recs := records(); len(recs) != 2 || !strings.HasPrefix(recs[1], "omc-000002-") {
		t.Fatalf("after the second run, records %v", recs)
	}
	if second := fetches(); second != 2*first {
		t.Fatalf("the second run restored the first's %d fetches and added its own: %d", first, second)
	}
	if in, err := store.Inspect(context.Background(), db); err != nil || in.Counts["roster_reads"] != 2 || in.Counts["roster_licences"] == 0 {
		t.Fatalf("the second run restored the first's roster read and added its own: %v, %v", in.Counts, err)
	}

	t.Run("a damaged database is not saved", func(t *testing.T) {
		must(0, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "5s", "--now", "2026-07-01T16:00:00Z")
		corrupt(t, db)
		out := must(1, "history", "save", "--storage", storage, "--db", db)
		if !strings.Contains(out, "not saved") || (!strings.Contains(out, "integrity_check") && !strings.Contains(out, "malformed")) {
			t.Errorf("save of a damaged database:\n%s", out)
		}
		if recs := records(); len(recs) != 2 {
			t.Errorf("storage changed: %v", recs)
		}
		must(1, "history", "check", "--storage", storage, "--db", db)
	})

	t.Run("a corrupted newest copy is refused and the good one restored", func(t *testing.T) {
		// A copy and record as a bad upload or a tampered asset would leave them.
		bad := "omc-000003-20260701T170000Z"
		os.WriteFile(filepath.Join(storage, bad+".db.zst"), []byte("not a database"), 0o644)
		os.WriteFile(filepath.Join(storage, bad+".json"), []byte(`{"seq":3,"copy":"`+bad+`.db.zst","sha256":"00","bytes":14,"counts":{"menu_fetches":999999}}`), 0o644)
		out := must(0, "history", "restore", "--storage", storage, "--db", db)
		if !strings.Contains(out, "refused "+bad+".db.zst") || !strings.Contains(out, "restored omc-000002-") {
			t.Errorf("restore:\n%s", out)
		}
		if got := fetches(); got != 2*first {
			t.Errorf("restored %d fetches, want the good copy's %d", got, 2*first)
		}
		os.Remove(filepath.Join(storage, bad+".db.zst"))
		os.Remove(filepath.Join(storage, bad+".json"))
	})

	t.Run("a database with less history than the last copy is not saved", func(t *testing.T) {
		for _, f := range []string{db, db + "-wal", db + "-shm"} {
			os.Remove(f)
		}
		must(0, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "5s", "--now", "2026-07-01T20:00:00Z")
		out := must(1, "history", "save", "--storage", storage, "--db", db)
		if !strings.Contains(out, "history would be lost") {
			t.Errorf("save of a shorter history:\n%s", out)
		}
		if recs := records(); len(recs) != 2 {
			t.Errorf("storage changed: %v", recs)
		}
	})

	t.Run("restore onto a database with runs the copy lacks is refused unless forced", func(t *testing.T) {
		// The shorter database of the last step holds a run the copies lack.
		out := must(1, "history", "restore", "--storage", storage, "--db", db)
		if !strings.Contains(out, "restore refused: "+db+" holds 1 run ") || !strings.Contains(out, "omc-000002-") || !strings.Contains(out, "--force") {
			t.Errorf("restore onto a newer database:\n%s", out)
		}
		out = must(0, "history", "restore", "--force", "--storage", storage, "--db", db)
		_, rest, _ := strings.Cut(out, "kept the database it replaces as ")
		kept, _, _ := strings.Cut(rest, "\n")
		if in, err := store.Inspect(context.Background(), kept); kept == "" || err != nil || in.Counts["runs"] != 1 {
			t.Errorf("forced restore kept %q (%v runs, %v):\n%s", kept, in.Counts, err, out)
		}
		if got := fetches(); got != 2*first {
			t.Errorf("restored %d fetches, want the good copy's %d", got, 2*first)
		}
	})

	t.Run("only the last --keep copies are kept", func(t *testing.T) {
		for i, now := range []string{"2026-07-02T00:00:00Z", "2026-07-02T04:00:00Z"} {
			must(0, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "5s", "--now", now)
			must(0, "history", "save", "--storage", storage, "--db", db, "--keep", "2")
			_ = i
		}
		recs := records()
		if len(recs) != 2 || !strings.HasPrefix(recs[0], "omc-000003-") || !strings.HasPrefix(recs[1], "omc-000004-") {
			t.Errorf("records %v, want seq 3 and 4", recs)
		}
		names, _ := history.Dir(storage).List(context.Background())
		if len(names) != 4 {
			t.Errorf("storage holds %v, want two copies and their records", names)
		}
	})
}

// corrupt overwrites a stretch in the middle of a database file, as a bad disk or a
// truncated transfer would.
func corrupt(t *testing.T, path string) {
	t.Helper()
	for _, f := range []string{path + "-wal", path + "-shm"} {
		os.Remove(f)
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, _ := f.Stat()
	junk := bytes.Repeat([]byte{0xA5}, 8192)
	if _, err := f.WriteAt(junk, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
}

// firstSchemaDB writes a database of omc's first schema (0001: a row per category fetch
// and per offer), as the former pipeline-data branch holds one.
func firstSchemaDB(t *testing.T, path string) {
	t.Helper()
	schema, err := os.ReadFile(filepath.Join("..", "..", "store", "migrations", "0001_init.sql"))
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []string{
		`CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`,
		string(schema),
		`INSERT INTO migrations VALUES ('migrations/0001_init.sql', '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO dispensaries (slug, name, city, region, monitored, menus, updated_at) VALUES ('bloom-akron', 'Bloom Akron', 'Akron', 'Northeast', 1,
			'[{"market":"recreational","platform":"jane","storeId":"1"}]', '2026-01-01T00:00:00.000000000Z')`,
		`INSERT INTO runs (started_at, finished_at, menus_ok) VALUES ('2026-01-01T00:00:00.000000000Z', '2026-01-01T00:01:00.000000000Z', 1)`,
		`INSERT INTO fetches (run_id, slug, market, platform, category, fetched_at, ok, reason, product_count)
			VALUES (1, 'bloom-akron', 'recreational', 'jane', 'Flower', '2026-01-01T00:00:00.000000000Z', 1, 'ok', 1)`,
		`INSERT INTO offers (fetch_id, product_id, name, size, grams, price, in_stock) VALUES (1, 'a', 'Muul Fuel', '3.5g', 3.5, 40, 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// TestHistorySaveMigratesFirstSchema: history save refused a first-schema database
// ("need product codes") while check called it ok, so the one-time move (docs/operations.md) from
// the pipeline-data branch failed. Save migrates first, as every command does.
func TestHistorySaveMigratesFirstSchema(t *testing.T) {
	dir := t.TempDir()
	db, storage := filepath.Join(dir, "omc.db"), filepath.Join(dir, "copies")
	firstSchemaDB(t, db)
	var out, errOut bytes.Buffer
	if code := execute([]string{"history", "save", "--storage", storage, "--db", db}, testDeps(&out, &errOut)); code != 0 {
		t.Fatalf("save of a first-schema database: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	in, err := store.Inspect(context.Background(), db)
	if err != nil || !slices.Equal(in.Migrations, store.Migrations()) || in.Counts["offer_series"] != 1 {
		t.Errorf("after save: %+v, %v", in, err)
	}
}

// TestHistoryUsageErrors: a storage that cannot be one (a file, a path through a file,
// a place no folder can be made) and a missing --db are usage errors (exit 2), for
// every action alike, before any work.
func TestHistoryUsageErrors(t *testing.T) {
	dir := t.TempDir()
	db := filepath.Join(dir, "omc.db")
	file := filepath.Join(dir, "a-file")
	os.WriteFile(file, []byte("x"), 0o644)
	firstSchemaDB(t, db)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"save", "--storage", file, "--db", db}, "a file, not a folder"},
		{[]string{"check", "--storage", file, "--db", db}, "a file, not a folder"},
		{[]string{"restore", "--storage", file, "--db", db}, "a file, not a folder"},
		{[]string{"save", "--storage", filepath.Join(file, "sub"), "--db", db}, "a part of the path is a file"},
		{[]string{"restore", "--storage", filepath.Join(file, "sub"), "--db", db}, "a part of the path is a file"},
		{[]string{"save", "--storage", "/proc/omc-no-such-folder", "--db", db}, "/proc/omc-no-such-folder"},
		{[]string{"save", "--storage", filepath.Join(dir, "copies"), "--db", filepath.Join(dir, "missing.db")}, "missing.db"},
		{[]string{"check", "--storage", filepath.Join(dir, "copies"), "--db", filepath.Join(dir, "missing.db")}, "missing.db"},
	} {
		var out, errOut bytes.Buffer
		code := execute(append([]string{"history"}, tt.args...), testDeps(&out, &errOut))
		if code != exitUsage || !strings.Contains(errOut.String(), tt.want) {
			t.Errorf("omc history %s: exit %d, want 2 naming %q:\n%s", strings.Join(tt.args, " "), code, tt.want, errOut.String())
		}
	}
	// Nothing was worked on: the first-schema database is as it was.
	if in, _ := store.Inspect(context.Background(), db); len(in.Migrations) != 1 {
		t.Errorf("a refused command migrated the database: %v", in.Migrations)
	}
}
