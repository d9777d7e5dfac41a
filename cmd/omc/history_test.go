package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/history"
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
	registry := registryFile(t, run, "dispensaries:\n"+strings.Join(entries, ""))
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
		in, err := data.Inspect(context.Background(), db)
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

	t.Run("only the last --keep copies are kept", func(t *testing.T) {
		must(0, "history", "restore", "--storage", storage, "--db", db)
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
