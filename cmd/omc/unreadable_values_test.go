package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestUnreadableStoredValuesAreLeftOut: a database edited by hand holds text where a
// number belongs: a price of "call for price", a first-seen time of "yesterday", terpenes
// that are no JSON, a fetch's product count of "many". Each used to stop the publish
// ("Scan error on column … price"); now each offer (or fetch) is left out and listed in
// manifest.json's leftOut, and the rest published; so is an offer whose name is longer
// than its maximum, as a database written before names were bounded may hold.
func TestUnreadableStoredValuesAreLeftOut(t *testing.T) {
	cfg, out, errOut, d := scrapeJoint(t, []replay.Product{jointFlower("71000001", "Comet Tail", 40),
		jointFlower("71000002", "Gelato Cake", 45), jointFlower("71000003", "Wedding Pie", 50), jointFlower("71000004", "Lemon Haze", 55),
		jointFlower("71000005", "Blue Dream", 60)})
	raw, err := sql.Open("sqlite", "file:"+cfg.DB)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE offer_series SET price = 'call for price' WHERE name = 'Gelato Cake'`,
		`UPDATE offer_series SET first_seen = 'yesterday' WHERE name = 'Wedding Pie'`,
		`UPDATE offer_series SET terpenes = '{not json' WHERE name = 'Lemon Haze'`,
		`UPDATE menu_fetches SET n_flower = 'many' WHERE id = (SELECT MIN(id) FROM menu_fetches)`,
		// Written before names were bounded: a name above its maximum.
		`UPDATE offer_series SET name = 'Blue Dream ' || printf('%.300c', 'x') WHERE name = 'Blue Dream'`,
	} {
		if res, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		} else if n, _ := res.RowsAffected(); n != 1 {
			t.Fatalf("%s: %d rows", q, n)
		}
	}
	raw.Close()
	out.Reset()
	errOut.Reset()
	if code := execute([]string{"publish", "--db", cfg.DB, "--out", cfg.Out, "--now", demoNow.Format(time.RFC3339), "--dir", t.TempDir()}, d); code != exitOK {
		t.Fatalf("publish exit %d:\n%s", code, errOut.String())
	}
	var manifest publish.Manifest
	readJSON(t, filepath.Join(cfg.Out, publish.PathManifest), &manifest)
	for _, want := range []string{
		`3.5g: stored price "call for price" is not a number`,
		`3.5g: stored first_seen "yesterday" is not an integer`,
		`stored terpenes: invalid character`,
		`fetch 1 of joint-akron medical: stored n_flower "many" is not an integer; the fetch is left out`,
		`3.5g: name is 311 bytes, above its maximum of 200`,
	} {
		found := false
		for _, l := range manifest.LeftOut {
			found = found || strings.HasPrefix(l, "offer joint-akron medical ") && strings.Contains(l, want) || l == want
		}
		if !found {
			t.Errorf("leftOut %q lacks %q", manifest.LeftOut, want)
		}
	}
	if len(manifest.LeftOut) != 5 {
		t.Errorf("left out %d, want 5: %q", len(manifest.LeftOut), manifest.LeftOut)
	}
	if !strings.Contains(errOut.String(), "Left out 5 items") {
		t.Errorf("publish did not say what it left out:\n%s", errOut.String())
	}
	menu, err := os.ReadFile(filepath.Join(cfg.Out, publish.PathMenus+"joint-akron"))
	if err != nil || !strings.Contains(string(menu), "Comet Tail") {
		t.Errorf("the sound offer is not published: %v\n%.500s", err, menu)
	}
	for _, gone := range []string{"Gelato Cake", "Wedding Pie", "Lemon Haze", "Blue Dream"} {
		if strings.Contains(string(menu), gone) {
			t.Errorf("%s is published with a value that cannot be read", gone)
		}
	}
	if _, err := os.Stat(filepath.Join(cfg.Out, publish.PathProducts+"buckeye-farms-comet-tail-flower-3-5g")); err != nil {
		t.Errorf("the sound product's page: %v", err)
	}

	// The menu's own row and the last run's counts, unreadable too: the menu is left out
	// (and said so), api/pipeline shows the run before, and the publish still goes on.
	raw, err = sql.Open("sqlite", "file:"+cfg.DB)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`UPDATE menus SET last_ok_at = 'soon'`,
		`UPDATE runs SET menus_ok = 'lots' WHERE id = (SELECT MAX(id) FROM runs)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	errOut.Reset()
	if code := execute([]string{"publish", "--db", cfg.DB, "--out", cfg.Out, "--now", demoNow.Format(time.RFC3339), "--dir", t.TempDir()}, d); code != exitOK {
		t.Fatalf("publish exit %d:\n%s", code, errOut.String())
	}
	readJSON(t, filepath.Join(cfg.Out, publish.PathManifest), &manifest)
	if !slices.Contains(manifest.LeftOut, `menu joint-akron medical joint: stored last_ok_at "soon" is not an integer; its offers are left out`) {
		t.Errorf("leftOut %q does not name the menu", manifest.LeftOut)
	}
	var pipeline publish.Pipeline
	readJSON(t, filepath.Join(cfg.Out, publish.PathPipeline), &pipeline)
	if pipeline.LastRun == nil || pipeline.LastRun.StartedAt != demoNow.Add(-24*time.Hour).Format(time.RFC3339) {
		t.Errorf("api/pipeline lastRun %+v, want the first run (the last one's counts cannot be read)", pipeline.LastRun)
	}

	// A store, a run's time and the roster's reads and licences, unreadable in turn: each
	// is passed over, listed, and the publish goes on.
	passedOverAreListed(t, cfg.DB, func() []string {
		errOut.Reset()
		if code := execute([]string{"publish", "--db", cfg.DB, "--out", cfg.Out, "--now", demoNow.Format(time.RFC3339), "--dir", t.TempDir()}, d); code != exitOK {
			t.Fatalf("publish exit %d:\n%s", code, errOut.String())
		}
		readJSON(t, filepath.Join(cfg.Out, publish.PathManifest), &manifest)
		return manifest.LeftOut
	})
	var status []struct {
		Slug string `json:"slug"`
	}
	readJSON(t, filepath.Join(cfg.Out, publish.PathStatus), &status)
	for _, st := range status {
		if st.Slug == "hand-edited" {
			t.Error("api/DispensaryStatus lists the store whose position cannot be read")
		}
	}
}

// passedOverAreListed writes into the database at path a store whose position is text,
// a first run whose start is no time, a roster read whose count is text (after a good
// one) and a licence
// whose first listing is no time; publish (which returns the manifest's leftOut) must
// list each and go on.
func passedOverAreListed(t *testing.T, path string, publish func() []string) {
	t.Helper()
	raw, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		`INSERT INTO dispensaries (slug, name, city, region, lat, lng, menus, in_registry, updated_at)
			VALUES ('hand-edited', 'Hand Edited', 'Akron', 'Northeast', 'north', -81.5, '[]', 1, '2026-01-01T00:00:00Z')`,
		`UPDATE runs SET started_at = 'last tuesday' WHERE id = (SELECT MIN(id) FROM runs)`,
		`INSERT INTO roster_reads (url, read_at, error, rows, active) VALUES ('https://roster.example/', '2026-01-01T00:00:00.000000000Z', '', 1, 1)`,
		`INSERT INTO roster_reads (url, read_at, error, rows, active) VALUES ('https://roster.example/', '2026-01-02T00:00:00.000000000Z', '', 'many', 3)`,
		`INSERT INTO roster_licences (licence, name, business_name, status, type, street, city, zip, county, phone, hours,
			lat, lng, sample, first_listed, last_listed, listed)
			VALUES ('CCD000099-00', 'Hand Edited', '', 'Active', 'Dual Use Dispensary', '1 Main St', 'Akron', '', 'Summit', '', '',
			41.1, -81.5, 0, 'someday', '2026-01-02T00:00:00.000000000Z', 1)`,
	} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	raw.Close()
	leftOut := publish()
	for _, want := range []string{
		`dispensary hand-edited: stored lat "north" is not a number; the store is left out`,
		`run 1: stored started_at "last tuesday" is not a time; the run is passed over`,
		`stored rows "many" is not an integer; the read is passed over`,
		`roster licence CCD000099-00: stored first_listed "someday" is not a time; the licence is left out`,
	} {
		if !slices.ContainsFunc(leftOut, func(l string) bool { return strings.Contains(l, want) }) {
			t.Errorf("leftOut %q lacks %q", leftOut, want)
		}
	}
}
