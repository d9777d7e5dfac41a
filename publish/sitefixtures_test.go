package publish_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// madeUpFixtures are the site's fixtures that no publish test writes, with why.
var madeUpFixtures = map[string]string{
	// publish's golden announcements hold one line ("shown"); the homepage's tests
	// need two real-looking ones, dismissed one by one.
	"announcements.json": "two announcements for the homepage's tests",
}

// TestSiteFixturesArePublished: every snapshot the site's unit tests serve
// (site/src/testing/fixtures, its content/ aside, which TestSiteContentFixtures keeps)
// is one of publish's golden files, so none is written by hand and drifts from what
// publish writes. A new fixture fails here until it is a golden file's copy (see
// siteFixture) or is named in madeUpFixtures with why.
func TestSiteFixturesArePublished(t *testing.T) {
	goldens := map[string]any{}
	files, err := filepath.Glob(filepath.Join("testdata", "*.golden.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files (%v)", err)
	}
	for _, file := range files {
		goldens[file] = readJSON(t, file)
	}
	dir := filepath.Join("..", "site", "src", "testing", "fixtures")
	fixtures, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	shop, _ := filepath.Glob(filepath.Join(dir, "shop", "*.json"))
	fixtures = append(fixtures, shop...)
	if len(fixtures) < 10 {
		t.Fatalf("only %d fixtures in %s", len(fixtures), dir)
	}
	for _, fixture := range fixtures {
		name := filepath.ToSlash(strings.TrimPrefix(fixture, dir+string(filepath.Separator)))
		if _, ok := madeUpFixtures[name]; ok {
			continue
		}
		got := readJSON(t, fixture)
		copied := false
		for _, golden := range goldens {
			if reflect.DeepEqual(got, golden) {
				copied = true
				break
			}
		}
		if !copied {
			t.Errorf("site fixture %s is no golden file of publish/testdata: make it a copy of one (siteFixture), or name it in madeUpFixtures with why", name)
		}
	}
}

func readJSON(t *testing.T, file string) any {
	t.Helper()
	raw, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return v
}
