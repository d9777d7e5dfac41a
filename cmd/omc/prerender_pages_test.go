package main

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// After a publish where one store's price changed, the renderer of the data pages
// (site/scripts/prerender-pages.mjs, run as omc demo --prerender runs it) renders that
// store's page again, with the new price, and leaves every unchanged store's page as it
// was: the same file, bytes and modification time, carried over the publish's swap of the
// tree (publish/carry.go). The same holds for the pages at the aliases of a store's and a
// strain's page (/menu/<slug>, /genetics/<slug>), which lead to the main path; a store no
// longer published loses its page and its alias page, in a run that renders every page again
// too. Needs the site built (go tool task site:build, a dependency of
// test:go): the renderer reuses the build's pre-rendering bundle.
func TestPrerenderRendersOnlyChangedStores(t *testing.T) {
	// Side by side with the package's other whole-demo scrapes (each has its own replay,
	// database and published tree): the three are most of the package's time.
	t.Parallel()
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	dir := t.TempDir()
	c := DefaultConfig()
	c.DB, c.Out, c.Now = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339)
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	ctx := context.Background()
	if _, err := run.scrapeAll(ctx, c, d, demoNow); err != nil {
		t.Fatal(err)
	}
	if _, err := runPublish(ctx, &c, d); err != nil {
		t.Fatal(err)
	}
	prerender := func(flags ...string) string {
		t.Helper()
		args := append(append([]string{filepath.Join(root, "site/scripts/prerender-pages.mjs"), "--build", "dist"}, flags...), c.Out)
		cmd := exec.Command("node", args...)
		cmd.Dir = filepath.Join(root, "site")
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("prerender-pages: %v\n%s", err, b)
		}
		return string(b)
	}
	prerender()

	db, err := sql.Open("sqlite", "file:"+c.DB)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	// Two stores with listed offers: the second one's cheapest offer gets a new price.
	rows, err := db.Query(`SELECT DISTINCT m.slug FROM offer_series o JOIN menus m ON m.id = o.menu_id WHERE o.listed = 1 ORDER BY m.slug LIMIT 2`)
	if err != nil {
		t.Fatal(err)
	}
	var slugs []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		slugs = append(slugs, s)
	}
	rows.Close()
	if len(slugs) != 2 {
		t.Fatalf("stores with offers: %v, want two", slugs)
	}
	kept, changed := slugs[0], slugs[1]
	page := func(slug string) string { return filepath.Join(c.Out, "pages", "dispensary-menus", slug, "index.html") }
	before, err := os.ReadFile(page(kept))
	if err != nil {
		t.Fatal(err)
	}
	beforeInfo, _ := os.Stat(page(kept))
	alias := func(dir, slug string) string { return filepath.Join(c.Out, "pages", dir, slug, "index.html") }
	strains, err := os.ReadDir(filepath.Join(c.Out, "api", "strains"))
	if err != nil || len(strains) < 2 {
		t.Fatalf("published strains: %v %v", strains, err)
	}
	strain := strains[0].Name()
	if strain == "index" {
		strain = strains[1].Name()
	}
	for file, main := range map[string]string{alias("menu", kept): "/dispensary-menus/" + kept, alias("genetics", strain): "/strain-genetics/" + strain} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("no alias page: %v", err)
		}
		if !strings.Contains(string(b), `<a id="main-path" href="`+main+`">`) || !strings.Contains(string(b), `url=`+main+`"`) {
			t.Errorf("%s does not lead to %s:\n%s", file, main, b)
		}
	}
	aliasBefore, _ := os.ReadFile(alias("menu", kept))
	aliasBeforeInfo, _ := os.Stat(alias("menu", kept))
	if _, err := db.Exec(`UPDATE offer_series SET price = 987.65, sale_price = 0 WHERE id = (
		SELECT o.id FROM offer_series o JOIN menus m ON m.id = o.menu_id WHERE m.slug = ? AND o.listed = 1 ORDER BY o.id LIMIT 1)`, changed); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(page(changed)); strings.Contains(string(b), "987.65") {
		t.Fatal("the changed store's page shows the new price before the publish")
	}
	// Later, so that a page written again has another modification time.
	time.Sleep(1100 * time.Millisecond)
	if _, err := runPublish(ctx, &c, d); err != nil {
		t.Fatal(err)
	}
	report := prerender()

	after, err := os.ReadFile(page(kept))
	if err != nil {
		t.Fatalf("the unchanged store's page is gone after the publish: %v", err)
	}
	afterInfo, _ := os.Stat(page(kept))
	if !bytes.Equal(before, after) || !afterInfo.ModTime().Equal(beforeInfo.ModTime()) {
		t.Errorf("%s's page changed (%s → %s) though its data did not", kept, beforeInfo.ModTime(), afterInfo.ModTime())
	}
	if b, err := os.ReadFile(page(changed)); err != nil || !strings.Contains(string(b), "987.65") {
		t.Errorf("%s's page does not show the new price 987.65 (%v)", changed, err)
	}
	if !strings.Contains(report, "store, product and region pages kept") {
		t.Errorf("the renderer kept no page: %s", report)
	}
	aliasAfter, _ := os.ReadFile(alias("menu", kept))
	aliasAfterInfo, err := os.Stat(alias("menu", kept))
	if err != nil {
		t.Errorf("the alias page of %s is gone: %v", kept, err)
	} else if !bytes.Equal(aliasBefore, aliasAfter) || !aliasAfterInfo.ModTime().Equal(aliasBeforeInfo.ModTime()) {
		t.Errorf("the alias page of %s changed (%s → %s) though nothing it says did", kept, aliasBeforeInfo.ModTime(), aliasAfterInfo.ModTime())
	}

	// A store no longer published: its page and its alias page go, the others stay.
	if err := os.Remove(filepath.Join(c.Out, "api", "menus", changed)); err != nil {
		t.Fatal(err)
	}
	report = prerender()
	for _, file := range []string{page(changed), alias("menu", changed)} {
		if _, err := os.Stat(filepath.Dir(file)); err == nil {
			t.Errorf("%s is still there after its store left the published tree (%s)", filepath.Dir(file), report)
		}
	}
	for _, file := range []string{page(kept), alias("menu", kept), alias("genetics", strain)} {
		if _, err := os.Stat(file); err != nil {
			t.Errorf("a page of a store or strain still published is gone: %v", err)
		}
	}

	// A run that renders every page again (--full, or another build) keeps nothing of the last
	// one, yet the page of a store gone since still goes.
	if err := os.Remove(filepath.Join(c.Out, "api", "menus", kept)); err != nil {
		t.Fatal(err)
	}
	report = prerender("--full")
	for _, file := range []string{page(kept), alias("menu", kept)} {
		if _, err := os.Stat(filepath.Dir(file)); err == nil {
			t.Errorf("%s is still there after a full run without its store (%s)", filepath.Dir(file), report)
		}
	}
}
