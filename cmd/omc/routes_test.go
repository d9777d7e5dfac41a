package main

import (
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// siteWithRoutes builds a site directory as the site's build writes it: index.html,
// 404.html and, when routesJSON is not "", routes.json.
func siteWithRoutes(t *testing.T, routesJSON string) string {
	t.Helper()
	site := t.TempDir()
	files := map[string]string{
		"index.html": "<!doctype html><title>app</title>",
		"404.html":   "<!doctype html><title>Not found</title>",
	}
	if routesJSON != "" {
		files[siteRoutesFile] = routesJSON
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(site, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return site
}

// get answers a GET of path from the site in dir, served by omc serve's handler.
func get(t *testing.T, dir, path string) (int, string) {
	t.Helper()
	h, err := siteHandler(dir, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

// TestSiteRoutesMatchPaths: omc serve answers 200 with the app for exactly the paths
// the built site's routes.json lists (its one list of routes, site/src/config/routes.ts,
// as the build writes it), a ":name" segment standing for any one segment, and 404
// with the not-found page for every other page path, under a route's path too.
func TestSiteRoutesMatchPaths(t *testing.T) {
	site := siteWithRoutes(t, `{
  "paths": [
    "/",
    "/home",
    "/dispensary-status",
    "/Reservation",
    "/product/:code",
    "/strain-genetics",
    "/strain-genetics/:genetic",
    "/genetics/:genetic"
  ]
}
`)
	for _, path := range []string{
		"/", "/home", "/dispensary-status", "/dispensary-status/", "/Reservation", "/reservation", "/HOME",
		"/product/wedding-cake-3-5g", "/strain-genetics", "/strain-genetics/og-kush", "/genetics/og-kush/",
	} {
		if code, body := get(t, site, path); code != http.StatusOK || !strings.Contains(body, "<title>app</title>") {
			t.Errorf("%s: %d %q, want 200 and the app", path, code, body)
		}
	}
	for _, path := range []string{
		"/dispensary-maps", "/dispensary-status/x", "/product", "/product/a/b", "/strain-genetics/og-kush/more",
		"/genetics", "/home/x", "/no/such/page",
	} {
		if code, body := get(t, site, path); code != http.StatusNotFound || !strings.Contains(body, "Not found") {
			t.Errorf("%s: %d %q, want 404 and the not-found page", path, code, body)
		}
	}
}

// TestSiteRoutesWithoutFile: a site built before it listed its routes gets the app
// for every page path (its router shows the not-found screen), never a 404 for a
// screen it has; files that are not there are still 404.
func TestSiteRoutesWithoutFile(t *testing.T) {
	site := siteWithRoutes(t, "")
	for _, path := range []string{"/", "/dispensary-maps", "/product/x", "/no/such/page"} {
		if code, body := get(t, site, path); code != http.StatusOK || !strings.Contains(body, "<title>app</title>") {
			t.Errorf("%s: %d %q, want 200 and the app", path, code, body)
		}
	}
	for _, path := range []string{"/assets/missing.js", "/missing.png"} {
		if code, _ := get(t, site, path); code != http.StatusNotFound {
			t.Errorf("%s: %d, want 404", path, code)
		}
	}
}

// TestSiteRoutesBadFile: a routes.json omc cannot use stops omc serve with an error
// naming the file and the problem.
func TestSiteRoutesBadFile(t *testing.T) {
	for name, body := range map[string]string{
		"not JSON":            `<html>`,
		"no paths":            `{"paths": []}`,
		"not a path":          `{"paths": ["/", "events"]}`,
		"empty segment":       `{"paths": ["/a//b"]}`,
		"snapshot of no path": `{"paths": ["/"], "snapshots": {"/menu/:store": "menus/:store"}}`,
		"snapshot not a name": `{"paths": ["/menu/:store"], "snapshots": {"/menu/:store": "/api/menus"}}`,
		"alias of no path":    `{"paths": ["/menu/:store"], "aliases": {"/menu/:store": "/dispensary-menus/:store"}}`,
		"alias not a path":    `{"paths": ["/", "/home"], "aliases": {"/houme": "/"}}`,
		"alias lacks a name":  `{"paths": ["/menu", "/dispensary-menus/:store"], "aliases": {"/menu": "/dispensary-menus/:store"}}`,
	} {
		t.Run(name, func(t *testing.T) {
			_, err := siteHandler(siteWithRoutes(t, body), t.TempDir())
			if err == nil || !strings.Contains(err.Error(), siteRoutesFile) {
				t.Errorf("error %v, want one naming %s", err, siteRoutesFile)
			}
		})
	}
}
