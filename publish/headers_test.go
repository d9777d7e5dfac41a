package publish_test

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/publish"
)

func TestInlineScriptHashes(t *testing.T) {
	page := []byte("<html><head><script>\n  console.log(1)\n</script>" +
		`<script type="module" src="/assets/index.js"></script>` +
		`<script type="application/json" id="data">{"a":1}</script></head></html>`)
	// printf '\n  console.log(1)\n' | openssl dgst -sha256 -binary | base64
	want := "'sha256-3/URElR9+3lvLIouavYD/vhoICSNKilh15CzI/nKqg8='"
	if got := publish.InlineScriptHashes(page); len(got) != 1 || got[0] != want {
		t.Errorf("hashes %v, want [%s] (the inline script only; not a file, not a data block)", got, want)
	}
}

// TestCSP: script-src allows this origin and the hashed inline scripts only; the
// configured origins are allowed where the site uses them, and nothing else.
func TestCSP(t *testing.T) {
	site := t.TempDir()
	write := func(rel, body string) {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(site, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(site, rel), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("index.html", "<script>\n  console.log(1)\n</script>")
	write("events/index.html", "<script>\n  console.log(1)\n</script><script>theme()</script>")
	write("csp.json", `{"connect":["https://identitytoolkit.googleapis.com","https://plausible.io"],"img":["https://tile.openstreetmap.org"]}`)
	s, err := publish.ReadSiteSources(site)
	if err != nil {
		t.Fatal(err)
	}
	csp := publish.CSP(s)
	directives := map[string]string{}
	for _, d := range strings.Split(csp, "; ") {
		name, value, _ := strings.Cut(d, " ")
		directives[name] = value
	}
	if got := directives["script-src"]; got != "'self' 'sha256-3/URElR9+3lvLIouavYD/vhoICSNKilh15CzI/nKqg8=' 'sha256-"+hashOf(t, "theme()")+"'" {
		t.Errorf("script-src %q", got)
	}
	if strings.Contains(csp, "unsafe-eval") || strings.Contains(directives["script-src"], "unsafe-inline") || strings.Contains(directives["style-src"], "unsafe-inline") {
		t.Errorf("unsafe source: %s", csp)
	}
	for name, want := range map[string]string{
		"connect-src":     "'self' https://identitytoolkit.googleapis.com https://plausible.io",
		"img-src":         "'self' data: blob: https://tile.openstreetmap.org",
		"frame-ancestors": "'none'",
		"object-src":      "'none'",
		"default-src":     "'self'",
	} {
		if directives[name] != want {
			t.Errorf("%s = %q, want %q", name, directives[name], want)
		}
	}
	if bare := publish.CSP(publish.SiteSources{}); !strings.Contains(bare, "connect-src 'self';") || !strings.Contains(bare, "script-src 'self';") {
		t.Errorf("a site with nothing configured: %s", bare)
	}

	write("csp.json", `{"connect":["https://x.example; script-src *"]}`)
	if _, err := publish.ReadSiteSources(site); err == nil || !strings.Contains(err.Error(), "is not an origin") {
		t.Errorf("a source that would add a directive: %v", err)
	}
}

func hashOf(t *testing.T, script string) string {
	t.Helper()
	h := publish.InlineScriptHashes([]byte("<script>" + script + "</script>"))
	return strings.TrimSuffix(strings.TrimPrefix(h[0], "'sha256-"), "'")
}

// TestHeadersFileMatchesApply: the _headers text and Apply (what omc serve sends) give
// every path the same headers.
func TestHeadersFileMatchesApply(t *testing.T) {
	rules := publish.HeaderRules(publish.SiteSources{Connect: []string{"https://plausible.io"}})
	parsed := parseHeaders(t, string(publish.HeadersFile(rules)))
	for _, p := range []string{"/", "/index.html", "/api/DispensaryStatus", "/api/content/index", "/manifest.json", "/assets/index-abc.js", "/sw.js", "/events", "/dispensary-status"} {
		fromFile := http.Header{}
		publish.Apply(parsed, fromFile, p)
		served := http.Header{}
		publish.Apply(rules, served, p)
		if len(fromFile) == 0 || !equalHeaders(fromFile, served) {
			t.Errorf("%s: _headers gives %v, serve %v", p, fromFile, served)
		}
		for _, name := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
			if served.Get(name) == "" {
				t.Errorf("%s: no %s", p, name)
			}
		}
		if strings.Count(string(publish.HeadersFile(rules)), "Cache-Control") != countCacheRules(rules) {
			t.Error("cache rules miscounted")
		}
	}
	want := map[string]string{
		"/api/statistics":     publish.CacheSnapshots,
		"/assets/app-1.css":   publish.CacheImmutable,
		"/manifest.json":      publish.CacheRevalidate,
		"/index.html":         publish.CacheRevalidate,
		"/dispensary-status/": "",
	}
	for p, cache := range want {
		h := http.Header{}
		publish.Apply(rules, h, p)
		if h.Get("Cache-Control") != cache {
			t.Errorf("%s: Cache-Control %q, want %q", p, h.Get("Cache-Control"), cache)
		}
	}
}

func countCacheRules(rules []publish.HeaderRule) int {
	n := 0
	for _, r := range rules {
		for _, h := range r.Headers {
			if h[0] == "Cache-Control" {
				n++
			}
		}
	}
	return n
}

// parseHeaders reads the _headers format: a path line, then indented "Name: value" lines.
func parseHeaders(t *testing.T, text string) []publish.HeaderRule {
	t.Helper()
	var rules []publish.HeaderRule
	for _, line := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		if !strings.HasPrefix(line, "  ") {
			rules = append(rules, publish.HeaderRule{Path: line})
			continue
		}
		name, value, ok := strings.Cut(strings.TrimSpace(line), ": ")
		if !ok || len(rules) == 0 {
			t.Fatalf("bad _headers line %q", line)
		}
		rules[len(rules)-1].Headers = append(rules[len(rules)-1].Headers, [2]string{name, value})
	}
	return rules
}

func equalHeaders(a, b http.Header) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if a.Get(k) != b.Get(k) {
			return false
		}
	}
	return true
}

// TestFrameSrcFollowsChatContent: Discord's widget may be framed only when the chat
// page names a server.
func TestFrameSrcFollowsChatContent(t *testing.T) {
	for _, tt := range []struct {
		chat string
		want string
	}{
		{`{"discord":{"serverId":"123456789012345678","invite":""}}`, "frame-src https://discord.com;"},
		{`{"discord":{"serverId":"","invite":""}}`, "frame-src 'none';"},
		{``, "frame-src 'none';"},
	} {
		if csp := publish.CSP(publish.SiteSources{}.WithContent([]byte(tt.chat))); !strings.Contains(csp, tt.want) {
			t.Errorf("chat %q: %s", tt.chat, csp)
		}
	}
}

// TestMetaCSP: the policy pages carry in a meta element is the header's, directive for
// directive and in order, without frame-ancestors (which a meta element cannot carry).
func TestMetaCSP(t *testing.T) {
	s := publish.SiteSources{
		ScriptHashes: []string{"'sha256-" + hashOf(t, "theme()") + "'"},
		Connect:      []string{"https://plausible.io"},
		Img:          []string{"https://tile.openstreetmap.org"},
	}.WithContent([]byte(`{"discord":{"serverId":"123"}}`))
	header, meta := publish.CSP(s), publish.MetaCSP(s)
	var want []string
	for _, d := range strings.Split(header, "; ") {
		if !strings.HasPrefix(d, "frame-ancestors ") {
			want = append(want, d)
		}
	}
	if meta != strings.Join(want, "; ") {
		t.Errorf("meta policy\n%s\nwant the header's without frame-ancestors\n%s", meta, strings.Join(want, "; "))
	}
	for _, d := range []string{"frame-src " + publish.DiscordWidgetOrigin, "script-src 'self' " + s.ScriptHashes[0], "connect-src 'self' https://plausible.io"} {
		if !strings.Contains(meta, d+";") {
			t.Errorf("meta policy lacks %q: %s", d, meta)
		}
	}
	if strings.Contains(meta, "frame-ancestors") || strings.Contains(meta, "report-") || strings.Contains(meta, "sandbox") {
		t.Errorf("meta policy carries a directive a meta element cannot: %s", meta)
	}
}
