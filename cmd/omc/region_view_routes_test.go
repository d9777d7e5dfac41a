package main

import (
	"net/http"
	"strings"
	"testing"
)

// TestRegionViewsFollowTheirFirstPage: a region's view of Menus (/dispensary-menus/<region>/<type>,
// the site's menusRegion route) is found when publish wrote that region's first page of that
// type, api/search/<type>/first-<region> (written beside its shard), which routes.json names as
// its snapshot, its two segments in the file name's order. The test writes Central's flower
// first page into a published tree (a publish of an empty store writes none); a region or type
// with none, or one spelt in capitals, answers 404 with the not-found page, and a store's page
// beside them follows its own snapshot.
func TestRegionViewsFollowTheirFirstPage(t *testing.T) {
	answer := servePublished(t, `{
  "paths": ["/", "/dispensary-menus", "/dispensary-menus/:region/:type", "/dispensary-menus/:store"],
  "snapshots": {"/dispensary-menus/:region/:type": "search/:type/first-:region", "/dispensary-menus/:store": "menus/:store"}
}
`, map[string]string{
		// Central's flower first page, as publish names it.
		"api/search/flower/first-central": `{"category":"Flower","region":"Central"}`,
	})
	for _, path := range []string{"/dispensary-menus", "/dispensary-menus/central/flower", "/dispensary-menus/central/flower/", "/dispensary-menus/central/flower?sale=1"} {
		if code, body := answer(path); code != http.StatusOK || !strings.Contains(body, "<title>app</title>") {
			t.Errorf("%s: %d %q, want 200 and the app", path, code, body)
		}
	}
	for _, path := range []string{"/dispensary-menus/central/gummies", "/dispensary-menus/atlantis/flower", "/dispensary-menus/Central/Flower", "/dispensary-menus/flower/central", "/dispensary-menus/no-such-store"} {
		if code, body := answer(path); code != http.StatusNotFound || !strings.Contains(body, "Not found") {
			t.Errorf("%s: %d %q, want 404 and the not-found page", path, code, body)
		}
	}
}
