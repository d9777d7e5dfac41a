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

// The pages rendered with the published data (the published tree's pages/) are
// served before the build's own, only while the script they load is in the site,
// and a tree without them (omc worker alone) gets the build's pages as before.
func TestServePublishedPages(t *testing.T) {
	write := func(root, rel, body string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	page := func(title, script string) string {
		return `<!doctype html><title>` + title + `</title><script type="module" crossorigin src="/` + script + `"></script>`
	}
	site := t.TempDir()
	write(site, "index.html", page("built home", "assets/index-new.js"))
	write(site, "dispensary-status/index.html", page("built status", "assets/index-new.js"))
	write(site, "events/index.html", page("built events", "assets/index-new.js"))
	write(site, "strain-genetics/index.html", page("built strain genetics", "assets/index-new.js"))
	// The build's alias page, for static hosts: omc serve redirects instead.
	write(site, "genetics/index.html", "<title>alias page</title>")
	write(site, "assets/index-new.js", "export {}")
	write(site, "sitemap.xml", "built sitemap")
	write(site, "routes.json", `{
  "paths": ["/", "/home", "/dispensary-status", "/events", "/trends", "/dispensary-menus/:store", "/menu/:store", "/product/:code",
    "/strain-genetics", "/genetics", "/strain-genetics/:genetic", "/genetics/:genetic"],
  "snapshots": {"/dispensary-menus/:store": "menus/:store", "/menu/:store": "menus/:store", "/product/:code": "products/:code",
    "/strain-genetics/:genetic": "strains/:genetic", "/genetics/:genetic": "strains/:genetic"},
  "aliases": {"/home": "/", "/menu/:store": "/dispensary-menus/:store", "/genetics": "/strain-genetics", "/genetics/:genetic": "/strain-genetics/:genetic"}
}`)

	published := t.TempDir()
	write(published, "api/DispensaryStatus", `[]`)
	write(published, "pages/index.html", page("published home", "assets/index-new.js"))
	// An alias page rendered after the publish, for a static host: omc serve redirects instead.
	write(published, "pages/home/index.html", "<title>alias page</title>")
	write(published, "pages/dispensary-status/index.html", page("published status", "assets/index-new.js"))
	// Rendered for an earlier build: its script is gone from the site.
	write(published, "pages/events/index.html", page("stale events", "assets/index-old.js"))
	// Two stores' menus, one of them with its page rendered.
	write(published, "api/menus/bloom-akron", `{}`)
	write(published, "api/menus/zen-leaf-dayton", `{}`)
	write(published, "pages/dispensary-menus/bloom-akron/index.html", page("published Bloom Akron", "assets/index-new.js"))
	write(published, "pages/sitemap.xml", "published sitemap")
	// Two products, one of them with its page rendered.
	write(published, "api/products/muul-fuel-3-5g", `{}`)
	write(published, "api/products/blue-dream-1g", `{}`)
	write(published, "pages/product/muul-fuel-3-5g/index.html", page("published Muul Fuel", "assets/index-new.js"))
	// A strain with its page rendered and its alias page beside it.
	write(published, "api/strains/blue-dream", `{}`)
	write(published, "pages/strain-genetics/blue-dream/index.html", page("published Blue Dream", "assets/index-new.js"))
	write(published, "pages/genetics/blue-dream/index.html", "<title>alias page</title>")

	get := func(t *testing.T, srv *httptest.Server, path string) (int, string, string) {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, resp.Header.Get("Content-Type"), string(b)
	}
	serve := func(t *testing.T, dataDir string) *httptest.Server {
		t.Helper()
		h, err := siteHandler(site, dataDir)
		if err != nil {
			t.Fatal(err)
		}
		srv := httptest.NewServer(h)
		t.Cleanup(srv.Close)
		return srv
	}

	t.Run("with pages", func(t *testing.T) {
		srv := serve(t, published)
		for path, want := range map[string]string{
			"/":                   "published home",
			"/dispensary-status":  "published status",
			"/dispensary-status/": "published status",
			"/events":             "built events",
			"/trends":             "built home",
			// A store's page: rendered with its menu, else the app, for every published menu.
			"/dispensary-menus/bloom-akron":     "published Bloom Akron",
			"/dispensary-menus/zen-leaf-dayton": "built home",
			"/menu/zen-leaf-dayton":             "built home",
			// A product's page: the same.
			"/product/muul-fuel-3-5g": "published Muul Fuel",
			"/product/blue-dream-1g":  "built home",
		} {
			status, ctype, body := get(t, srv, path)
			if status != http.StatusOK || ctype != "text/html; charset=utf-8" || !strings.Contains(body, "<title>"+want+"</title>") {
				t.Errorf("GET %s = %d %q %q, want 200 text/html with %q", path, status, ctype, body, want)
			}
		}
		if status, _, _ := get(t, srv, "/pages/index.html"); status != http.StatusNotFound {
			t.Errorf("GET /pages/index.html = %d, want 404: the pages are served at their own paths only", status)
		}
		// A store or product whose snapshot is not published is not found, whatever the path says.
		for _, path := range []string{"/dispensary-menus/closed-store", "/menu/closed-store", "/dispensary-menus/Bloom-Akron", "/menu/Bloom-Akron",
			"/product/gone-1g", "/product/Muul-Fuel-3-5g", "/genetics/gone-strain"} {
			if status, _, _ := get(t, srv, path); status != http.StatusNotFound {
				t.Errorf("GET %s = %d, want 404: no snapshot for it", path, status)
			}
		}
		// An alias of a page that has its HTML (rendered after the publish, or by the
		// build) is sent to it, its query kept, whatever alias page the trees hold.
		noFollow := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		for path, want := range map[string]string{
			"/menu/bloom-akron":               "/dispensary-menus/bloom-akron",
			"/MENU/bloom-akron/?type=Flower":  "/dispensary-menus/bloom-akron?type=Flower",
			"/genetics/blue-dream?sort=price": "/strain-genetics/blue-dream?sort=price",
			"/home":                           "/",
			"/home?utm=x":                     "/?utm=x",
			"/genetics":                       "/strain-genetics",
		} {
			resp, err := noFollow.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != want {
				t.Errorf("GET %s = %d to %q, want 301 to %q", path, resp.StatusCode, resp.Header.Get("Location"), want)
			}
		}
		// The sitemap written with the pages lists the stores: it wins over the build's.
		if status, _, body := get(t, srv, "/sitemap.xml"); status != http.StatusOK || body != "published sitemap" {
			t.Errorf("GET /sitemap.xml = %d %q, want the published one", status, body)
		}
	})

	t.Run("without pages", func(t *testing.T) {
		bare := t.TempDir()
		write(bare, "api/DispensaryStatus", `[]`)
		srv := serve(t, bare)
		for path, want := range map[string]string{"/": "built home", "/dispensary-status": "built status"} {
			if status, _, body := get(t, srv, path); status != http.StatusOK || !strings.Contains(body, "<title>"+want+"</title>") {
				t.Errorf("GET %s = %d %q, want 200 with %q", path, status, body, want)
			}
		}
		if status, _, body := get(t, srv, "/sitemap.xml"); status != http.StatusOK || body != "built sitemap" {
			t.Errorf("GET /sitemap.xml = %d %q, want the build's", status, body)
		}
		for _, path := range []string{"/dispensary-menus/bloom-akron", "/menu/bloom-akron", "/product/muul-fuel-3-5g"} {
			if status, _, _ := get(t, srv, path); status != http.StatusNotFound {
				t.Errorf("GET %s = %d, want 404: this tree has no snapshot of it", path, status)
			}
		}
	})
}

// omc demo --prerender runs its command with the published directory last, and a
// failing one is an error naming it (the demo reports it and serves the build's pages).
func TestRunPrerender(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	var log strings.Builder
	if err := runPrerender(t.Context(), "mkdir -p", out, &log); err != nil {
		t.Fatalf("runPrerender: %v (%s)", err, log.String())
	}
	if fi, err := os.Stat(out); err != nil || !fi.IsDir() {
		t.Errorf("the command did not get the published directory as its last argument: %v", err)
	}
	err := runPrerender(t.Context(), "mkdir "+filepath.Join(out, "a", "b"), out, &log)
	if err == nil || !strings.Contains(err.Error(), `--prerender "mkdir `) {
		t.Errorf("a failing command: err = %v, want one naming it", err)
	}
	if err := runPrerender(t.Context(), "  ", out, &log); err == nil {
		t.Error("an empty command: no error")
	}
}
