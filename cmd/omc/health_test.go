package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// healthDB records runs in which every menu of the given platforms fails with the
// given reason; the others are read. A lead never read fails in every run.
func healthDB(t *testing.T, runs int, failing map[string]data.Reason) string {
	t.Helper()
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "omc.db")
	db, err := store.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	no := false
	ds := []data.Dispensary{
		{Slug: "j1", Name: "J1", City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: "1"}}},
		{Slug: "j2", Name: "J2", City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: "2"}}},
		{Slug: "d1", Name: "D1", City: "Akron", Region: "Northeast", Menus: []data.MenuSource{{Market: data.Medical, Platform: "dutchie", CName: "d1"}}},
		{Slug: "lead", Name: "Lead", City: "Akron", Region: "Northeast", Verified: &no,
			Menus: []data.MenuSource{{Market: data.Medical, Platform: "dutchie", CName: "lead", Verified: &no}}},
	}
	if err := db.SyncDispensaries(ctx, ds, true, demoNow); err != nil {
		t.Fatal(err)
	}
	offer := []data.Offer{{ProductID: "p", Name: "P", Category: data.Flower, Price: 10, InStock: true}}
	for i := range runs {
		at := demoNow.Add(time.Duration(i-runs) * 4 * time.Hour)
		id, _ := db.StartRun(ctx, at)
		ok, failed := 0, 0
		for _, d := range ds {
			m := d.Menus[0]
			var err error
			if r, bad := failing[m.Platform]; bad {
				err = &data.FetchError{Reason: r}
			}
			if d.Slug == "lead" {
				err = &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 404}
			}
			var offers []data.Offer
			if err == nil {
				offers = offer
				ok++
			} else {
				failed++
			}
			if e := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: id, Slug: d.Slug, Market: m.Market, Platform: m.Platform, At: at, Offers: offers, Err: err}); e != nil {
				t.Fatal(e)
			}
		}
		if err := db.FinishRun(ctx, id, at.Add(time.Minute), ok, failed, ok); err != nil {
			t.Fatal(err)
		}
	}
	return path
}

func TestHealth(t *testing.T) {
	health := func(db string, args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		code := execute(append([]string{"health", "--db", db}, args...), testDeps(&out, &errOut))
		return code, out.String(), errOut.String()
	}
	t.Run("healthy: the never-read lead is left out", func(t *testing.T) {
		// 3 of 4 menus read in each run; the lead's failure is not counted: 100 %.
		code, out, errOut := health(healthDB(t, 3, nil), "--runs", "3", "--min-share", "0.9")
		if code != exitOK || !strings.Contains(out, "healthy: 100.0% of menus read in the last 3 runs") ||
			!strings.Contains(out, "dutchie http_status 1 (1 unverified leads)") {
			t.Errorf("exit %d:\n%s%s", code, out, errOut)
		}
	})
	t.Run("unhealthy names the failing platforms and reasons", func(t *testing.T) {
		summary := filepath.Join(t.TempDir(), "summary.md")
		code, out, errOut := health(healthDB(t, 4, map[string]data.Reason{"jane": data.ReasonBlocked}), "--runs", "2", "--markdown", summary)
		// 1 of 3 counted menus read: 33 % < 50 %.
		if code != exitFailed || !strings.Contains(out, "UNHEALTHY: 33.3%") || !strings.Contains(errOut, "failing: jane blocked (4 menus)") ||
			strings.Contains(errOut, "dutchie http_status") {
			t.Errorf("exit %d:\n%s%s", code, out, errOut)
		}
		md, err := os.ReadFile(summary)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(md), "## Pipeline health: ❌ unhealthy") || strings.Count(string(md), "| jane blocked 2; dutchie http_status 1 (1 unverified leads) |") != 2 {
			t.Errorf("markdown:\n%s", md)
		}
	})
	t.Run("no run is unhealthy", func(t *testing.T) {
		code, _, errOut := health(healthDB(t, 0, nil))
		if code != exitFailed || !strings.Contains(errOut, "no finished scrape run") {
			t.Errorf("exit %d: %s", code, errOut)
		}
	})
	t.Run("no database", func(t *testing.T) {
		code, _, errOut := health(filepath.Join(t.TempDir(), "none.db"))
		if code != exitFailed || !strings.Contains(errOut, "none.db") {
			t.Errorf("exit %d: %s", code, errOut)
		}
	})
	for name, args := range map[string][]string{"runs": {"--runs", "0"}, "share": {"--min-share", "1.5"}} {
		t.Run("usage: "+name, func(t *testing.T) {
			if code, _, _ := health(healthDB(t, 1, nil), args...); code != exitUsage {
				t.Errorf("exit %d", code)
			}
		})
	}
}
