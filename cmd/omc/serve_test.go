package main

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

func TestSiteHandler(t *testing.T) {
	site, snap := t.TempDir(), t.TempDir()
	write := func(root, rel, body string) {
		p := filepath.Join(root, rel)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(site, "index.html", "<!doctype html><title>app</title>")
	write(site, "assets/index-abc123.js", strings.Repeat("console.log('x');", 200))
	write(site, "robots.txt", "User-agent: *")
	write(site, "events/index.html", "<!doctype html><title>Events</title>")
	write(site, "404.html", "<!doctype html><title>Not found</title><p>The page you requested was not found!</p>")
	write(site, "routes.json", `{"paths": ["/", "/dispensary-status", "/Reservation", "/events", "/product/:code", "/terpenes/:terpene", "/strain-genetics/:genetic"]}`)
	write(snap, "api/DispensaryStatus", `[{"name":"Bloom Akron"}]`)
	write(snap, "manifest.json", `{"generatedAt":"x"}`)
	write(snap, "feeds/deals.atom", `<?xml version="1.0" encoding="UTF-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Ohio cannabis deals</title></feed>`)
	// The open data: a closed month immutable, the current one cached as the snapshots.
	write(snap, publish.PathOpenData, `{"months":[{"month":"2026-03","path":"open-data/prices/2026-03.parquet","closed":true},`+
		`{"month":"2026-04","path":"open-data/prices/2026-04.parquet","closed":false}],"index":[]}`)
	write(snap, "open-data/prices/2026-03.parquet", "PAR1 march PAR1")
	write(snap, "open-data/prices/2026-04.parquet", "PAR1 april PAR1")
	h, err := siteHandler(site, snap)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()

	tests := []struct {
		path, wantType, wantCache, wantBody string
		wantStatus                          int
	}{
		{"/api/DispensaryStatus", "application/json; charset=utf-8", publish.CacheSnapshots, "Bloom Akron", 200},
		{"/open-data/prices/2026-03.parquet", "application/vnd.apache.parquet", publish.CacheImmutable, "PAR1 march", 200},
		{"/open-data/prices/2026-04.parquet", "application/vnd.apache.parquet", publish.CacheSnapshots, "PAR1 april", 200},
		{"/manifest.json", "application/json; charset=utf-8", "no-cache", "generatedAt", 200},
		{"/feeds/deals.atom", "application/atom+xml; charset=utf-8", publish.CacheSnapshots, "Ohio cannabis deals", 200},
		{"/feeds/deals-nowhere.atom", "", "", "run omc publish", 404},
		{"/api/statistics", "application/json; charset=utf-8", "", "run omc publish", 404},
		{"/assets/index-abc123.js", "text/javascript; charset=utf-8", "public, max-age=31536000, immutable", "console.log", 200},
		{"/assets/missing.js", "", "", "", 404},
		{"/firebase-messaging-sw.js", "", "", "", 404},
		{"/images/missing.PNG", "", "", "", 404},
		{"/strains/og-kush-1.0", "text/html; charset=utf-8", "", "was not found", 404},
		{"/robots.txt", "text/plain; charset=utf-8", "", "User-agent", 200},
		{"/dispensary-status", "text/html; charset=utf-8", "", "<title>app</title>", 200},
		{"/no/such/page", "text/html; charset=utf-8", "", "The page you requested was not found!", 404},
		{"/%00", "text/html; charset=utf-8", "", "was not found", 404},
		{"/reservation", "text/html; charset=utf-8", "", "<title>app</title>", 200},
		{"/product/wedding-cake-3-5g", "text/html; charset=utf-8", "", "<title>app</title>", 200},
		{"/product", "text/html; charset=utf-8", "", "was not found", 404},
		{"/terpenes/myrcene/", "text/html; charset=utf-8", "", "<title>app</title>", 200},
		{"/strain-genetics/og-kush", "text/html; charset=utf-8", "", "<title>app</title>", 200},
		{"/strain-genetics/og-kush/more", "text/html; charset=utf-8", "", "was not found", 404},
		{"/api/%00", "application/json; charset=utf-8", "", `"error":"bad snapshot path"`, 400},
		{"/api/a%22,%22x%22:%22y", "application/json; charset=utf-8", "", `"path":"/api/a\",\"x\":\"y"`, 404},
		{"/api/" + strings.Repeat("a", 300), "application/json; charset=utf-8", "", "no such snapshot", 404},
		{"/api/DispensaryStatus/x", "application/json; charset=utf-8", "", "no such snapshot", 404},
		{"/api/", "application/json; charset=utf-8", "", "no such snapshot", 404},
		{"/events", "text/html; charset=utf-8", "", "<title>Events</title>", 200},
		{"/events/", "text/html; charset=utf-8", "", "<title>Events</title>", 200},
		{"/events/extra", "text/html; charset=utf-8", "", "was not found", 404},
		{"/", "text/html; charset=utf-8", "", "<title>app</title>", 200},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			req, _ := http.NewRequest("GET", srv.URL+tt.path, nil)
			req.Header.Set("Accept-Encoding", "gzip")
			resp, err := http.DefaultTransport.RoundTrip(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			var body io.Reader = resp.Body
			if resp.Header.Get("Content-Encoding") == "gzip" {
				zr, err := gzip.NewReader(resp.Body)
				if err != nil {
					t.Fatal(err)
				}
				body = zr
			}
			b, _ := io.ReadAll(body)
			if resp.StatusCode != tt.wantStatus {
				t.Fatalf("status %d, want %d", resp.StatusCode, tt.wantStatus)
			}
			if tt.wantType != "" && resp.Header.Get("Content-Type") != tt.wantType {
				t.Errorf("content-type %q", resp.Header.Get("Content-Type"))
			}
			if tt.wantCache != "" && resp.Header.Get("Cache-Control") != tt.wantCache {
				t.Errorf("cache-control %q", resp.Header.Get("Cache-Control"))
			}
			if !strings.Contains(string(b), tt.wantBody) {
				t.Errorf("body %q", b)
			}
			if resp.StatusCode != 200 && strings.HasPrefix(resp.Header.Get("Content-Type"), "application/json") {
				// Any JSON answer is one object with only the keys the server meant.
				var obj map[string]any
				if err := json.Unmarshal(b, &obj); err != nil {
					t.Errorf("not JSON: %v: %q", err, b)
				}
				if _, injected := obj["x"]; injected {
					t.Errorf("the path injected a key: %q", b)
				}
			}
		})
	}
	t.Run("index.html is the app", func(t *testing.T) {
		resp, err := http.Get(srv.URL + "/index.html") // follows ServeFile's redirect to /
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(b), "<title>app</title>") {
			t.Errorf("/index.html: %d %q", resp.StatusCode, b)
		}
	})
	t.Run("the headers of _headers", func(t *testing.T) {
		src, err := publish.ReadSiteSources(site)
		if err != nil {
			t.Fatal(err)
		}
		rules := publish.HeaderRules(src)
		for _, p := range []string{"/", "/dispensary-status", "/api/DispensaryStatus", "/api/missing", "/assets/index-abc123.js", "/no/such/page"} {
			resp, err := http.Get(srv.URL + p)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			want := http.Header{}
			publish.Apply(rules, want, p)
			for name := range want {
				if name == "Cache-Control" && resp.StatusCode >= 400 {
					continue // an error is not cached like the file would be
				}
				if got := resp.Header.Get(name); got != want.Get(name) {
					t.Errorf("%s: %s = %q, want %q", p, name, got, want.Get(name))
				}
			}
			if resp.Header.Get("Content-Security-Policy") == "" {
				t.Errorf("%s: no Content-Security-Policy", p)
			}
		}
	})
	t.Run("large assets are compressed", func(t *testing.T) {
		req, _ := http.NewRequest("GET", srv.URL+"/assets/index-abc123.js", nil)
		req.Header.Set("Accept-Encoding", "gzip")
		resp, err := http.DefaultTransport.RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.Header.Get("Content-Encoding") != "gzip" {
			t.Errorf("not compressed: %v", resp.Header)
		}
	})
	t.Run("no path escapes the site or snapshot directories", func(t *testing.T) {
		// Written outside both directories; a traversal that worked would serve it.
		write(filepath.Dir(site), "secret.txt", "TOP-SECRET")
		for _, p := range []string{"/../secret.txt", "/api/../../secret.txt", "/assets/../../secret.txt", "/%2e%2e/secret.txt"} {
			conn, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
			if err != nil {
				t.Fatal(err)
			}
			fmt.Fprintf(conn, "GET %s HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", p)
			b, _ := io.ReadAll(conn)
			conn.Close()
			if strings.Contains(string(b), "TOP-SECRET") {
				t.Errorf("%s served a file outside the site: %q", p, b)
			}
		}
	})
	if _, err := siteHandler(t.TempDir(), snap); err == nil || exitCode(err) != exitUsage {
		t.Errorf("site dir without index.html: %v", err)
	}
}

func TestEngineOptionsPrecedence(t *testing.T) {
	sec := func(n int) *data.Duration { return &data.Duration{Duration: time.Duration(n) * time.Second} }
	no, three := false, 3
	p := data.Politeness{Delay: sec(5), Timeout: sec(9), Retries: &three, MaxHosts: 4, Robots: &no, ParseTimeout: sec(3)}

	opts := &scrapeOptions{Config: DefaultConfig(), retries: -1}
	eo := opts.engineOptions(data.Politeness{})
	if eo.Delay != 2*time.Second || eo.Timeout != 30*time.Second || !eo.Robots || eo.MaxHosts != 8 || eo.ParseTimeout != 10*time.Second {
		t.Errorf("defaults: %+v", eo)
	}
	eo = opts.engineOptions(p)
	if eo.Delay != 5*time.Second || eo.Timeout != 9*time.Second || eo.Retries != 3 || eo.MaxHosts != 4 || eo.Robots || eo.ParseTimeout != 3*time.Second {
		t.Errorf("registry: %+v", eo)
	}
	opts.Delay, opts.given = 7*time.Second, map[string]bool{"delay": true}
	eo = opts.engineOptions(p)
	if eo.Delay != 7*time.Second || eo.Timeout != 9*time.Second {
		t.Errorf("flag over registry: delay %v timeout %v", eo.Delay, eo.Timeout)
	}
}

// TestCheckSiteURL: --site-url is the site's address or nothing; anything else is a
// usage error naming it.
func TestCheckSiteURL(t *testing.T) {
	for raw, want := range map[string]string{"": "", "https://ohio.example/": "https://ohio.example", "http://127.0.0.1:8080": "http://127.0.0.1:8080", "https://x.example/omc": "https://x.example/omc"} {
		if got, err := checkSiteURL(raw); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", raw, got, err, want)
		}
	}
	for _, raw := range []string{"ohio.example", "ftp://ohio.example", "https://ohio.example/?a=1", "https:///x", "https://u:p@ohio.example"} {
		if _, err := checkSiteURL(raw); err == nil || !strings.Contains(err.Error(), "--site-url") {
			t.Errorf("%q: %v, want a --site-url error", raw, err)
		}
	}
}

// TestSiteHandlerFollowsPublishes: omc serve left running while a publish replaces the
// open data's listing and the chat page answers with the rules those now make: the month
// just closed as immutable, Discord's widget allowed once the chat page names a server, and
// disallowed again once it names none.
func TestSiteHandlerFollowsPublishes(t *testing.T) {
	site, snap := t.TempDir(), t.TempDir()
	// publishFile writes rel as a publish does: a new file renamed over the old one.
	publishFile := func(root, rel, body string) {
		t.Helper()
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p+".new", []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(p+".new", p); err != nil {
			t.Fatal(err)
		}
	}
	publishFile(site, "index.html", "<!doctype html><title>app</title>")
	publishFile(site, "routes.json", `{"paths": ["/", "/chat"]}`)
	listing := func(aprilClosed bool) string {
		return fmt.Sprintf(`{"months":[{"month":"2026-03","path":"open-data/prices/2026-03.parquet","closed":true},`+
			`{"month":"2026-04","path":"open-data/prices/2026-04.parquet","closed":%t}],"index":[]}`, aprilClosed)
	}
	publishFile(snap, publish.PathOpenData, listing(false))
	publishFile(snap, "open-data/prices/2026-04.parquet", "PAR1 april PAR1")
	publishFile(snap, publish.PathChat, `{"discord":{"serverId":""}}`)
	h, err := siteHandler(site, snap)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	defer srv.Close()
	get := func(path string) http.Header {
		t.Helper()
		resp, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.Header
	}
	check := func(when, wantCache string, wantDiscord bool) {
		t.Helper()
		if got := get("/open-data/prices/2026-04.parquet").Get("Cache-Control"); got != wantCache {
			t.Errorf("%s: April's file cached as %q, want %q", when, got, wantCache)
		}
		policy := get("/chat").Get("Content-Security-Policy")
		if got := strings.Contains(policy, "frame-src "+publish.DiscordWidgetOrigin); got != wantDiscord {
			t.Errorf("%s: /chat's policy allows Discord's frame: %t, want %t (%s)", when, got, wantDiscord, policy)
		}
	}
	check("at start", publish.CacheSnapshots, false)

	publishFile(snap, publish.PathOpenData, listing(true))
	publishFile(snap, publish.PathChat, `{"discord":{"serverId":"42"}}`)
	check("after a publish closing April and naming a Discord server", publish.CacheImmutable, true)

	publishFile(snap, publish.PathChat, `{"discord":{"serverId":""}}`)
	if err := os.Remove(filepath.Join(snap, filepath.FromSlash(publish.PathOpenData))); err != nil {
		t.Fatal(err)
	}
	check("after a publish naming no server and without the listing", "", false)
}
