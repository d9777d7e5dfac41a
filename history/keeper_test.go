package history

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gofrs/flock"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

var t0 = time.Date(2026, 7, 1, 8, 0, 0, 0, time.UTC)

// grow adds runs to the database at path, each recording one menu fetch whose prices
// move, as scrapes do.
func grow(t *testing.T, path string, runs int) {
	t.Helper()
	ctx := context.Background()
	var n int
	if _, err := os.Stat(path); err == nil {
		in, err := store.Inspect(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		n = int(in.Counts["runs"])
	}
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ds := []data.Dispensary{{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Region: "Northeast",
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "1"}}}}
	if err := db.SyncDispensaries(ctx, ds, true, t0); err != nil {
		t.Fatal(err)
	}
	for i := n; i < n+runs; i++ {
		at := t0.Add(time.Duration(i) * 4 * time.Hour)
		id, err := db.StartRun(ctx, at)
		if err != nil {
			t.Fatal(err)
		}
		err = db.RecordMenuFetch(ctx, store.MenuFetch{RunID: id, Slug: "bloom-akron", Market: data.Recreational, Platform: "jane", At: at,
			Offers: []data.Offer{
				{ProductID: "a", Name: "Muul Fuel", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40 + float64(i), InStock: true},
				{ProductID: fmt.Sprintf("new-%d", i), Name: "Gelato", Category: data.Flower, Size: "1g", Grams: 1, Price: 12, InStock: true},
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := db.FinishRun(ctx, id, at.Add(time.Minute), 1, 0, 2); err != nil {
			t.Fatal(err)
		}
	}
}

// execSQL runs SQL on the database at path, as a hand or a bug outside omc might.
func execSQL(t *testing.T, path, query string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(query); err != nil {
		t.Fatal(err)
	}
}

func newKeeper(t *testing.T, keep int) (*Keeper, string) {
	storage := filepath.Join(t.TempDir(), "storage")
	clock := t0
	return &Keeper{Storage: Dir(storage), Keep: keep, TempDir: t.TempDir(), Now: func() time.Time {
		clock = clock.Add(time.Hour) // every save its own name
		return clock
	}}, storage
}

func copyDB(t *testing.T, from, to string) {
	t.Helper()
	b, err := os.ReadFile(from)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(to, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// restoreDB puts the saved copy back in db's place, without the write-ahead log and
// shared memory of the database it replaces.
func restoreDB(t *testing.T, saved, db string) {
	t.Helper()
	copyDB(t, saved, db)
	os.Remove(db + "-wal")
	os.Remove(db + "-shm")
}

// checkRefused fails t unless saving db is refused with a message holding want and
// the storage still holds its one record.
func checkRefused(t *testing.T, k *Keeper, db, want string) {
	t.Helper()
	_, err := k.Save(context.Background(), db)
	var re *RefusedError
	if !errors.As(err, &re) || !strings.Contains(err.Error(), want) {
		t.Fatalf("save: %v; want refused: %s", err, want)
	}
	recs, _, _ := k.Records(context.Background())
	if len(recs) != 1 {
		t.Errorf("storage changed: %d records", len(recs))
	}
}

// TestSaveRefusesChangedHistory: a save checks that the rows of the last good copy are
// all still there unchanged (a digest of them in its record), not only their number
// (a copy with every price × 10, or three fetch rows deleted and two scrapes more, was saved
// with exit 0).
func TestSaveRefusesChangedHistory(t *testing.T) {
	ctx := context.Background()
	k, _ := newKeeper(t, 5)
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 3)
	first, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if d := first.Digests["menu_fetches"]; d.Through != 3 || d.SHA256 == "" {
		t.Fatalf("the record keeps no digest of the fetches: %+v", first.Digests)
	}
	saved := filepath.Join(t.TempDir(), "saved.db")
	copyDB(t, db, saved)

	for _, tt := range []struct {
		name, sql, want string
	}{
		{"every price × 10", `UPDATE offer_series SET price = price * 10`, "series hold a price or stock other than their fetches recorded"},
		{"an old fetch changed", `UPDATE menu_fetches SET reason = 'timeout', ok = 0 WHERE id = 1`, "menu_fetches: rows 1 to 3 of the last good copy"},
		{"fetch rows deleted, then more scrapes", `DELETE FROM menu_fetches WHERE id <= 2`, "menu_fetches: rows 1 to 3 of the last good copy"},
		{"a run rewritten", `UPDATE runs SET started_at = '2020-01-01T00:00:00Z' WHERE id = 2`, "runs: rows 1 to 3"},
		// new-2, listed by the last saved run, is unlisted by the next: the fetch that
		// unlists it records the state it had, so a hand-changed price would pass into
		// its history unless that change is checked against the state before it.
		{"a price changed, then the offer unlisted", `UPDATE offer_series SET price = price * 10 WHERE product_id = 'new-2'`, "a price or stock other than their series last recorded"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			restoreDB(t, saved, db)
			execSQL(t, db, tt.sql)
			grow(t, db, 2) // as many rows or more than the copy has
			checkRefused(t, k, db, tt.want)
		})
	}
	// The database grown as omc grows it saves.
	restoreDB(t, saved, db)
	grow(t, db, 2)
	if _, err := k.Save(ctx, db); err != nil {
		t.Fatalf("a database that only grew: %v", err)
	}
}

// corruptCopy rewrites a stored copy with other bytes, its record unchanged, as a
// silent storage fault would.
func corruptCopy(t *testing.T, storage, name string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(storage, name), []byte("not the copy any more"), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestPruneKeepsCopiesThatVerify: with --keep 2, a silently corrupt copy was kept and
// the good older one pruned, and later no copy could be restored. Pruning
// counts only copies that verify, and never removes the newest good one.
func TestPruneKeepsCopiesThatVerify(t *testing.T) {
	ctx := context.Background()
	k, storage := newKeeper(t, 2)
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 1)
	a, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	grow(t, db, 1)
	b, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	corruptCopy(t, storage, b.Copy)
	grow(t, db, 1)
	c, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	names, _ := k.Storage.List(ctx)
	if !slices.Contains(names, a.Copy) {
		t.Fatalf("the good copy %s was pruned for the corrupt %s: storage holds %v", a.Copy, b.Copy, names)
	}
	// The newest goes bad too: the older good copy is still there to restore.
	corruptCopy(t, storage, c.Copy)
	res, err := k.Restore(ctx, filepath.Join(t.TempDir(), "restored.db"), false)
	if err != nil || res.Record == nil || res.Record.Copy != a.Copy {
		t.Fatalf("restore: %+v, %v; want %s", res.Record, err, a.Copy)
	}
	// Once two newer copies verify, the older ones go, bad or good.
	grow(t, db, 1)
	d, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	grow(t, db, 1)
	e, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	recs, _, _ := k.Records(ctx)
	var kept []string
	for _, r := range recs {
		kept = append(kept, r.Copy)
	}
	if !slices.Equal(kept, []string{e.Copy, d.Copy}) {
		t.Errorf("kept %v, want %v", kept, []string{e.Copy, d.Copy})
	}
}

// TestRestoreRefusesNewerDatabase: restore overwrote a live database with three more
// runs than the newest copy without a word, losing them. It is refused, naming both,
// unless forced; a forced restore keeps the replaced database beside.
func TestRestoreRefusesNewerDatabase(t *testing.T) {
	ctx := context.Background()
	k, _ := newKeeper(t, 5)
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 2)
	saved, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	grow(t, db, 3)
	before, _ := store.Inspect(ctx, db)
	_, err = k.Restore(ctx, db, false)
	var ne *NewerError
	if !errors.As(err, &ne) || ne.Runs != 3 || !strings.Contains(err.Error(), db) || !strings.Contains(err.Error(), saved.Copy) {
		t.Fatalf("restore over a newer database: %v", err)
	}
	if after, _ := store.Inspect(ctx, db); after.Counts["runs"] != before.Counts["runs"] {
		t.Fatalf("the refused restore changed the database: %v runs, was %v", after.Counts, before.Counts)
	}
	res, err := k.Restore(ctx, db, true)
	if err != nil || res.Record == nil || res.Replaced == "" {
		t.Fatalf("forced restore: %+v, %v", res, err)
	}
	if in, _ := store.Inspect(ctx, db); in.Counts["runs"] != 2 {
		t.Errorf("restored %d runs, want the copy's 2", in.Counts["runs"])
	}
	if in, err := store.Inspect(ctx, res.Replaced); err != nil || in.Counts["runs"] != 5 {
		t.Errorf("the replaced database kept as %s: %v runs, %v", res.Replaced, in.Counts, err)
	}
	// A restore onto a database the copy already holds all of goes ahead.
	if _, err := k.Restore(ctx, db, false); err != nil {
		t.Errorf("restore onto the same history: %v", err)
	}
}

// raceStorage makes the first two List calls wait for each other (up to a second), so
// that two saves that do not take turns both list the storage before either writes.
type raceStorage struct {
	Dir
	mu      sync.Mutex
	waiting int
	met     chan struct{}
}

func (r *raceStorage) List(ctx context.Context) ([]string, error) {
	r.mu.Lock()
	r.waiting++
	n := r.waiting
	if n == 2 {
		close(r.met)
	}
	r.mu.Unlock()
	if n <= 2 {
		select {
		case <-r.met:
		case <-time.After(time.Second):
		}
	}
	return r.Dir.List(ctx)
}

// TestSavesTakeTurns: two saves to one storage raced (the same sequence number, the
// copy with fewer runs kept, records paired with the other's copy). A folder storage
// is locked: they take turns, and each record names its own copy.
func TestSavesTakeTurns(t *testing.T) {
	ctx := context.Background()
	storage := &raceStorage{Dir: Dir(filepath.Join(t.TempDir(), "storage")), met: make(chan struct{})}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range 2 {
		db := filepath.Join(t.TempDir(), "omc.db")
		grow(t, db, i+1)
		k := &Keeper{Storage: storage, Keep: 5, TempDir: t.TempDir(), Now: func() time.Time { return t0 }}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = k.Save(ctx, db)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		t.Fatal(err)
	}
	k := &Keeper{Storage: storage.Dir}
	recs, bad, err := k.Records(ctx)
	if err != nil || len(bad) > 0 || len(recs) != 2 || recs[0].Seq != 2 || recs[1].Seq != 1 {
		t.Fatalf("records %+v, bad %v, %v; want seq 2 and 1", recs, bad, err)
	}
	for _, r := range recs {
		if _, reasons, err := k.fetchCopy(ctx, r, t.TempDir()); err != nil || len(reasons) > 0 {
			t.Errorf("%s does not match its record: %v %v", r.Copy, reasons, err)
		}
	}
}

// failingStorage fails every Put after writing part of the file, as a full disk would.
type failingStorage struct{ Dir }

func (f failingStorage) Put(ctx context.Context, name, src string) error {
	return f.Dir.Put(ctx, name, string(f.Dir)) // a folder as the source: the copy fails midway
}

// TestNoDebris: a failed save leaves no partial copy in storage and nothing in the
// temporary folder; what a killed save or restore left (its working folder, an older
// omc's .restore-* files) is removed by the next one; a working folder whose process
// still holds its lock is left alone.
func TestNoDebris(t *testing.T) {
	ctx := context.Background()
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 1)
	storage := Dir(filepath.Join(t.TempDir(), "storage"))
	tmp := t.TempDir()
	k := &Keeper{Storage: failingStorage{storage}, TempDir: tmp}
	if _, err := k.Save(ctx, db); err == nil {
		t.Fatal("a save whose storage fails succeeded")
	}
	listAll := func(dir string) []string {
		entries, _ := os.ReadDir(dir)
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		return names
	}
	if names := listAll(string(storage)); !slices.Equal(names, []string{storageLock}) {
		t.Errorf("storage after a failed save holds %v", names)
	}
	if names := listAll(tmp); len(names) != 0 {
		t.Errorf("the temporary folder after a failed save holds %v", names)
	}

	// What processes killed with kill -9 leave: working folders with their lock free
	// (and one still held), an older omc's .restore-* files beside the database.
	old := time.Now().Add(-2 * sweepGrace)
	dead := filepath.Join(tmp, "omc-save-dead")
	os.MkdirAll(dead, 0o755)
	os.WriteFile(filepath.Join(dead, lockName), nil, 0o644)
	os.WriteFile(filepath.Join(dead, "omc.db"), make([]byte, 1<<20), 0o644)
	os.Chtimes(dead, old, old)
	alive := filepath.Join(tmp, "omc-save-alive")
	os.MkdirAll(alive, 0o755)
	held := flock.New(filepath.Join(alive, lockName))
	if ok, err := held.TryLock(); !ok || err != nil {
		t.Fatal(err)
	}
	defer held.Unlock()
	os.Chtimes(alive, old, old)
	dbDir := filepath.Dir(db)
	deadRestore := filepath.Join(dbDir, ".omc-restore-dead")
	os.MkdirAll(deadRestore, 0o755)
	os.WriteFile(filepath.Join(deadRestore, lockName), nil, 0o644)
	os.Chtimes(deadRestore, old, old)
	legacy := filepath.Join(dbDir, ".restore-omc-000001-20260701T090000Z.db")
	os.WriteFile(legacy, []byte("x"), 0o644)
	os.Chtimes(legacy, old, old)
	os.WriteFile(filepath.Join(string(storage), ".omc-000001-20260701T090000Z.db.zst.tmp"), []byte("half"), 0o644)

	k = &Keeper{Storage: storage, TempDir: tmp}
	if _, err := k.Save(ctx, db); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Restore(ctx, db, true); err != nil {
		t.Fatal(err)
	}
	if names := listAll(tmp); !slices.Equal(names, []string{"omc-save-alive"}) {
		t.Errorf("the temporary folder holds %v, want only the live save's folder", names)
	}
	for _, name := range listAll(dbDir) {
		if strings.HasPrefix(name, ".restore-") || strings.HasPrefix(name, ".omc-restore-") {
			t.Errorf("left beside the database: %s", name)
		}
	}
	for _, name := range listAll(string(storage)) {
		if strings.HasSuffix(name, ".tmp") {
			t.Errorf("left in storage: %s", name)
		}
	}
}

// growRoster records reads of the state's roster, each a good read and then a failed
// one, as scrapes do: licence 1 renamed at the third read, licence 2's status flipping
// at every read and its address moving at the fourth, licence 3 listed at even reads
// only, and from the second read on one new licence a read.
func growRoster(t *testing.T, path string, reads int) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	var n int
	err = raw.QueryRowContext(ctx, `SELECT COUNT(*) FROM roster_reads WHERE error = ''`).Scan(&n)
	raw.Close()
	if err != nil {
		t.Fatal(err)
	}
	const url = "http://127.0.0.1:1/FeatureServer/0"
	for i := n; i < n+reads; i++ {
		at := t0.Add(time.Duration(i) * 4 * time.Hour)
		lic := func(k int) string { return fmt.Sprintf("CCD%06d-00", k) }
		one := data.RosterEntry{Licence: lic(1), Name: "Bloom Akron", Status: "Active", Type: "Dual Use Dispensary", Street: "737 E. North St.", City: "Akron"}
		if i >= 2 {
			one.Name = "Bloom Akron Dispensary"
		}
		two := data.RosterEntry{Licence: lic(2), Name: "Zen Leaf Newark", Status: "Active", Street: "1 Main St.", City: "Newark"}
		if i%2 == 1 {
			two.Status = "Suspended"
		}
		if i >= 3 {
			two.Street = "2 Main St."
		}
		entries := []data.RosterEntry{one, two}
		if i%2 == 0 {
			entries = append(entries, data.RosterEntry{Licence: lic(3), Name: "Rise Toledo", Status: "Active", City: "Toledo"})
		}
		for k := 4; k <= 3+i; k++ {
			entries = append(entries, data.RosterEntry{Licence: lic(k), Name: fmt.Sprintf("Store %d", k), Status: "Active", City: "Akron"})
		}
		if _, err := db.RecordRoster(ctx, url, at, entries); err != nil {
			t.Fatal(err)
		}
		if err := db.RecordRosterFailure(ctx, url, at.Add(time.Hour), "HTTP 503"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSaveRefusesChangedRoster: the state's roster is history too (migration 0004):
// every read, every licence's first listing and every change are kept for good, and a
// licence's current name, status, address, listing and last listing are what its
// changes and the reads say. A save refuses a database whose roster rows of the last
// good copy were changed or deleted, or whose roster state differs from its history,
// whatever the counts.
func TestSaveRefusesChangedRoster(t *testing.T) {
	ctx := context.Background()
	k, _ := newKeeper(t, 5)
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 1)
	growRoster(t, db, 3)
	first, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"roster_reads", "roster_licences", "roster_changes"} {
		if first.Counts[table] == 0 || first.Digests[table].SHA256 == "" {
			t.Errorf("the record keeps no count or digest of %s: %v, %+v", table, first.Counts, first.Digests)
		}
	}
	saved := filepath.Join(t.TempDir(), "saved.db")
	copyDB(t, db, saved)

	for _, tt := range []struct {
		name, sql string
		// later: the roster read twice more before the change (else after it)
		later bool
		want  string
	}{
		{"a read rewritten", `UPDATE roster_reads SET rows = rows + 1 WHERE id = 1`, false, "roster_reads: rows 1 to 6 of the last good copy"},
		{"reads deleted, then more reads", `DELETE FROM roster_reads WHERE id <= 2`, false, "roster_reads: rows 1 to 6 of the last good copy"},
		{"a change rewritten", `UPDATE roster_changes SET old = 'Revoked' WHERE what = 'status'`, false, "roster_changes: rows 1 to"},
		{"changes deleted, then more reads", `DELETE FROM roster_changes WHERE id <= 2`, false, "roster_changes: rows 1 to"},
		{"a first listing moved", `UPDATE roster_licences SET first_listed = '2020-01-01T00:00:00Z' WHERE licence = 'CCD000003-00'`, false, "roster_licences: the licences of roster_changes rows 1 to"},
		{"a licence deleted, then more licences", `DELETE FROM roster_licences WHERE licence = 'CCD000004-00'`, false, "roster_licences: the licences of roster_changes rows 1 to"},
		{"a last listing moved back", `UPDATE roster_licences SET last_listed = first_listed WHERE licence = 'CCD000001-00'`, true, "licence CCD000001-00: last listed"},
		{"a licence unlisted by hand", `UPDATE roster_licences SET listed = 0 WHERE licence = 'CCD000001-00'`, true, "licence CCD000001-00: listed"},
		{"a name changed by hand", `UPDATE roster_licences SET name = 'Elsewhere' WHERE licence = 'CCD000001-00'`, true, "licence CCD000001-00: name"},
		{"a status changed by hand", `UPDATE roster_licences SET status = 'Revoked' WHERE licence = 'CCD000002-00'`, true, "licence CCD000002-00: status"},
		// The next read records the change from the hand-made status to the roster's:
		// its old status is not the one the history last recorded.
		{"a status changed by hand, then a read", `UPDATE roster_licences SET status = 'Revoked' WHERE licence = 'CCD000002-00'`, false, "licence CCD000002-00: its status change in roster_changes row"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			restoreDB(t, saved, db)
			if tt.later {
				growRoster(t, db, 2)
			}
			execSQL(t, db, tt.sql)
			if !tt.later {
				growRoster(t, db, 2) // as many rows or more than the copy has
			}
			checkRefused(t, k, db, tt.want)
		})
	}
	// The roster read on as omc reads it saves, and that copy restores.
	restoreDB(t, saved, db)
	growRoster(t, db, 3)
	grow(t, db, 1)
	if _, err := k.Save(ctx, db); err != nil {
		t.Fatalf("a database whose roster only grew: %v", err)
	}
	if _, err := k.Restore(ctx, filepath.Join(t.TempDir(), "restored.db"), false); err != nil {
		t.Fatalf("restore: %v", err)
	}
}

// TestOlderRecordsWithoutRoster: a copy saved by an omc that counted and digested no
// roster table (its record has neither) still restores, and the next save compares
// what its record has.
func TestOlderRecordsWithoutRoster(t *testing.T) {
	ctx := context.Background()
	k, storage := newKeeper(t, 5)
	db := filepath.Join(t.TempDir(), "omc.db")
	grow(t, db, 1)
	growRoster(t, db, 2)
	r, err := k.Save(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	for _, table := range []string{"roster_reads", "roster_licences", "roster_changes"} {
		delete(r.Counts, table)
		delete(r.Digests, table)
	}
	raw, _ := json.MarshalIndent(r, "", "  ")
	if err := os.WriteFile(filepath.Join(storage, strings.TrimSuffix(r.Copy, ".db.zst")+".json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	restored := filepath.Join(t.TempDir(), "restored.db")
	if res, err := k.Restore(ctx, restored, false); err != nil || res.Record == nil {
		t.Fatalf("restore of an older record: %+v, %v", res, err)
	}
	growRoster(t, restored, 1)
	grow(t, restored, 1)
	if _, err := k.Save(ctx, restored); err != nil {
		t.Fatalf("save after an older record: %v", err)
	}
}
