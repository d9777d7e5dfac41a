package publish

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// This file is the site's one HTTP header policy: security headers and cache rules.
// `omc publish` writes it as the _headers file static hosts read (Netlify, Cloudflare
// Pages) and `omc serve` sends the very same headers, both from HeaderRules.

// SiteSources is what the built site needs beyond its own origin, read from the built
// site: the hashes of its inline scripts (the theme script of index.html) and the
// origins it connects to and loads images from, which the site's build writes to
// csp.json from its settings (site/src/config/csp-sources.ts): the snapshots' host
// when not the same origin, Firebase when sign-in or push is configured, the analytics
// host when analytics is, the map tiles.
type SiteSources struct {
	ScriptHashes []string `json:"-"`
	Connect      []string `json:"connect"`
	Img          []string `json:"img"`
	// Frame is set from the published content, not the build: Discord's widget when
	// the chat page names a server (WithContent).
	Frame []string `json:"-"`
}

// PathChat is the chat page's content snapshot, which says whether /chat embeds
// Discord's widget.
const PathChat = "api/content/chat"

// DiscordWidgetOrigin is where the chat page's widget frame comes from.
const DiscordWidgetOrigin = "https://discord.com"

// WithContent returns s allowing the frames the published content embeds: Discord's
// widget when chat (the api/content/chat snapshot; nil when absent) names a server.
func (s SiteSources) WithContent(chat []byte) SiteSources {
	var page struct {
		Discord struct {
			ServerID string `json:"serverId"`
		} `json:"discord"`
	}
	if json.Unmarshal(chat, &page) == nil && page.Discord.ServerID != "" {
		s.Frame = []string{DiscordWidgetOrigin}
	} else {
		s.Frame = nil
	}
	return s
}

// SiteSourcesFile is the file of the built site listing its external origins.
const SiteSourcesFile = "csp.json"

// sourceExpr is a CSP host source this policy accepts from csp.json: scheme, host
// (optionally "*." first) and port; nothing that could end a directive.
var sourceExpr = regexp.MustCompile(`^(https?|wss?)://(\*\.)?[A-Za-z0-9.-]+(:[0-9]{1,5})?$`)

// ReadSiteSources reads the sources of the built site in dir: csp.json and the inline
// scripts of every HTML page. A dir without index.html (no site built yet) gives the
// zero SiteSources: the strictest policy.
func ReadSiteSources(dir string) (SiteSources, error) {
	var s SiteSources
	if dir == "" {
		return s, nil
	}
	if _, err := os.Stat(filepath.Join(dir, "index.html")); errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	b, err := os.ReadFile(filepath.Join(dir, SiteSourcesFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		return s, fmt.Errorf("site %s: %w", dir, err)
	default:
		if err := json.Unmarshal(b, &s); err != nil {
			return s, fmt.Errorf("site %s: %s: %w", dir, SiteSourcesFile, err)
		}
		for _, src := range slices.Concat(s.Connect, s.Img) {
			if !sourceExpr.MatchString(src) {
				return s, fmt.Errorf("site %s: %s: %q is not an origin like https://host[:port]", dir, SiteSourcesFile, src)
			}
		}
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".html") {
			return err
		}
		page, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, h := range InlineScriptHashes(page) {
			if !slices.Contains(s.ScriptHashes, h) {
				s.ScriptHashes = append(s.ScriptHashes, h)
			}
		}
		return nil
	})
	if err != nil {
		return s, fmt.Errorf("site %s: %w", dir, err)
	}
	slices.Sort(s.ScriptHashes)
	return s, nil
}

// InlineScriptHashes returns the CSP hash source ('sha256-…') of every inline script
// of page that a browser runs (no src, a JavaScript or module type; a JSON data block
// is not run and needs none).
func InlineScriptHashes(page []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(page))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return out
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			if atom.Lookup(name) != atom.Script {
				continue
			}
			run := true
			for hasAttr {
				var k, v []byte
				k, v, hasAttr = z.TagAttr()
				switch string(k) {
				case "src":
					run = false
				case "type":
					t := strings.ToLower(strings.TrimSpace(string(v)))
					run = run && (t == "" || t == "module" || t == "text/javascript" || t == "application/javascript")
				}
			}
			if !run {
				continue
			}
			var body []byte
			if z.Next() == html.TextToken {
				body = z.Raw()
			}
			sum := sha256.Sum256(body)
			out = append(out, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
}

// CSP is the Content-Security-Policy of the site with sources s.
//
// script-src has no 'unsafe-inline' nor 'unsafe-eval': the bundle is files of this
// origin, the theme script is allowed by its hash. style-src is 'self' plus
// 'unsafe-inline' for style attributes only (style-src-attr): React (a width, a
// colour from data) and Leaflet (tile and marker positions) set inline styles, in
// the pre-rendered markup as style="…" attributes and at run time; a style attribute
// cannot run code or load anything img-src does not allow. Style elements and
// stylesheets stay limited to this origin.
func CSP(s SiteSources) string {
	return strings.Join(cspDirectives(s), "; ")
}

// notInMeta are the directives a <meta http-equiv="Content-Security-Policy"> cannot
// carry (browsers ignore them there, with a console warning): who may frame the page,
// where reports go, and the sandbox. Only the header sends them.
var notInMeta = []string{"frame-ancestors", "report-uri", "report-to", "sandbox"}

// MetaCSP is CSP(s) as every HTML page carries it in a <meta http-equiv> element, for
// hosts that cannot send headers (GitHub Pages): the same policy without the
// directives a meta element cannot carry (notInMeta). The site's pre-rendering writes
// it into each page (omc csp prints it).
func MetaCSP(s SiteSources) string {
	var kept []string
	for _, d := range cspDirectives(s) {
		name, _, _ := strings.Cut(d, " ")
		if !slices.Contains(notInMeta, name) {
			kept = append(kept, d)
		}
	}
	return strings.Join(kept, "; ")
}

// cspDirectives are the directives of the policy for sources s, in order.
func cspDirectives(s SiteSources) []string {
	list := func(fixed ...string) func(...string) string {
		return func(more ...string) string { return strings.Join(append(fixed, more...), " ") }
	}
	directives := []string{
		"default-src 'self'",
		"script-src " + list("'self'")(s.ScriptHashes...),
		"style-src 'self'",
		"style-src-elem 'self'",
		"style-src-attr 'unsafe-inline'",
		"img-src " + list("'self'", "data:", "blob:")(s.Img...),
		"font-src 'self' data:",
		"connect-src " + list("'self'")(s.Connect...),
		"worker-src 'self'",
		"manifest-src 'self'",
		"frame-src " + frames(s.Frame),
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
	}
	return directives
}

func frames(origins []string) string {
	if len(origins) == 0 {
		return "'none'"
	}
	return strings.Join(origins, " ")
}

// HeaderRule is headers for the paths matching Path: "/*" every path, "/x/*" every
// path under /x/, otherwise the exact path. Every matching rule applies.
type HeaderRule struct {
	Path    string
	Headers [][2]string
}

// Cache rules, shared by _headers and omc serve.
const (
	// CacheSnapshots: menus change during the day; the site's service worker asks with
	// no-cache anyway, so this is for other readers and the CDN.
	CacheSnapshots = "public, max-age=300, stale-while-revalidate=60"
	// CacheImmutable: Vite puts a content hash in every asset name.
	CacheImmutable = "public, max-age=31536000, immutable"
	// CacheRevalidate: files whose name stays while their content changes.
	CacheRevalidate = "no-cache"
)

// HeaderRules is the site's header policy for sources s: security headers on every
// path, then the types and cache rules of snapshots, assets and the files that must
// always be revalidated. Cache-Control appears in at most one rule per path, since
// hosts join repeated headers.
func HeaderRules(s SiteSources) []HeaderRule {
	const jsonType = "application/json; charset=utf-8"
	return []HeaderRule{
		{"/*", [][2]string{
			{"Content-Security-Policy", CSP(s)},
			{"X-Content-Type-Options", "nosniff"},
			{"Referrer-Policy", "strict-origin-when-cross-origin"},
			{"X-Frame-Options", "DENY"},
		}},
		{"/api/*", [][2]string{{"Content-Type", jsonType}, {"Cache-Control", CacheSnapshots}, {"Access-Control-Allow-Origin", "*"}}},
		// The deal feeds (feeds.go), read by feed readers as often as the snapshots.
		{"/" + PathFeeds + "*", [][2]string{{"Content-Type", AtomType}, {"Cache-Control", CacheSnapshots}, {"Access-Control-Allow-Origin", "*"}}},
		{"/" + PathManifest, [][2]string{{"Content-Type", jsonType}, {"Cache-Control", CacheRevalidate}}},
		{"/assets/*", [][2]string{{"Cache-Control", CacheImmutable}}},
		{"/", [][2]string{{"Cache-Control", CacheRevalidate}}},
		{"/index.html", [][2]string{{"Cache-Control", CacheRevalidate}}},
		{"/404.html", [][2]string{{"Cache-Control", CacheRevalidate}}},
		{"/sw.js", [][2]string{{"Cache-Control", CacheRevalidate}}},
		{"/firebase-messaging-sw.js", [][2]string{{"Cache-Control", CacheRevalidate}}},
	}
}

// HeadersFile writes rules in the _headers format.
func HeadersFile(rules []HeaderRule) []byte {
	var b strings.Builder
	for _, r := range rules {
		b.WriteString(r.Path + "\n")
		for _, h := range r.Headers {
			b.WriteString("  " + h[0] + ": " + h[1] + "\n")
		}
	}
	return []byte(b.String())
}

// Apply sets on h the headers every rule matching urlPath gives, in order (a later
// rule's value replaces an earlier one's for the same name).
func Apply(rules []HeaderRule, h http.Header, urlPath string) {
	for _, r := range rules {
		if matchRule(r.Path, urlPath) {
			for _, kv := range r.Headers {
				h.Set(kv[0], kv[1])
			}
		}
	}
}

func matchRule(pattern, urlPath string) bool {
	if prefix, ok := strings.CutSuffix(pattern, "*"); ok {
		return strings.HasPrefix(urlPath, prefix)
	}
	return pattern == urlPath
}
