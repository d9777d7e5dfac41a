package main

import (
	"bytes"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerpenePagesFollowTheirSnapshot: a terpene page is found when its snapshot,
// api/terpenes/<slug>, is published, as a store's or a strain's is (routes.json names
// the snapshot the site's terpene route shows). omc publish writes one for every slug
// and alias the site's terpene guide describes, on a menu or not, and one for every
// terpene a menu lists: so a guide-only terpene (linalool, on no menu of an empty
// store) and its alias answer 200, a terpene menus list (a file as publish writes it)
// answers 200, and a slug neither knows answers 404 with the not-found page.
func TestTerpenePagesFollowTheirSnapshot(t *testing.T) {
	answer := servePublished(t, `{
  "paths": ["/", "/terpenes", "/terpenes/:terpene", "/strain-genetics/:genetic"],
  "snapshots": {"/terpenes/:terpene": "terpenes/:terpene", "/strain-genetics/:genetic": "strains/:genetic"}
}
`, map[string]string{
		// A terpene a menu lists that the guide does not describe.
		"api/terpenes/cedrene": `{"slug":"cedrene","products":[]}`,
	})
	for _, path := range []string{"/terpenes", "/terpenes/linalool", "/terpenes/beta-myrcene", "/terpenes/myrcene/", "/terpenes/cedrene"} {
		if code, body := answer(path); code != http.StatusOK || !strings.Contains(body, "<title>app</title>") {
			t.Errorf("%s: %d %q, want 200 and the app", path, code, body)
		}
	}
	for _, path := range []string{"/terpenes/no-such-terpene", "/terpenes/index-2", "/terpenes/Linalool", "/terpenes/linalool/more", "/strain-genetics/no-such-strain"} {
		if code, body := answer(path); code != http.StatusNotFound || !strings.Contains(body, "Not found") {
			t.Errorf("%s: %d %q, want 404 and the not-found page", path, code, body)
		}
	}
}

// servePublished publishes the demo's empty store as omc publish does, adds files (path in
// the tree → body), and returns what omc serve answers for a path of a site whose routes.json
// is routesJSON, from that tree.
func servePublished(t *testing.T, routesJSON string, files map[string]string) func(path string) (int, string) {
	t.Helper()
	dir := t.TempDir()
	out, errOut := new(bytes.Buffer), new(bytes.Buffer)
	tree := filepath.Join(dir, "out")
	args := []string{"publish", "--db", filepath.Join(dir, "omc.db"), "--out", tree, "--now", demoNow.Format(time.RFC3339), "--dir", t.TempDir()}
	if code := execute(args, testDeps(out, errOut)); code != exitOK {
		t.Fatalf("publish exit %d:\n%s", code, errOut)
	}
	for name, body := range files {
		file := filepath.Join(tree, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h, err := siteHandler(siteWithRoutes(t, routesJSON), tree)
	if err != nil {
		t.Fatal(err)
	}
	return func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		return rec.Code, rec.Body.String()
	}
}
