package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/klauspost/compress/gzhttp"
	"github.com/spf13/cobra"
	"golang.org/x/net/netutil"

	"github.com/ohiomc/omc/publish"
)

type serveOptions struct {
	Config
	DataDir string
	deps    deps
	// ready, when set, receives the URL once listening (demo, tests).
	ready func(url string)
	// limits, when set, replaces defaultServeLimits (tests).
	limits *serveLimits
}

// serveLimits bound what clients can hold of the server: a request's headers must arrive
// within header of its connection being accepted (or of its previous answer), an idle
// keep-alive connection is closed after idle, a request must arrive whole within read and
// its answer leave within write, and at most conns connections are open at once (more
// wait in the kernel's accept queue), so that idle or slow clients cannot use up the
// descriptors new ones need.
type serveLimits struct {
	header, idle, read, write time.Duration
	conns                     int
	headerBytes               int
}

// defaultServeLimits: generous for a browser on a slow link (the largest snapshot is a
// few MB), small enough that 1,000 idle clients cannot hold the server. The cap and the
// header deadline are set together: a silent socket holds one of conns places for at
// most header, so a client must keep more than conns sockets open to make anyone wait,
// and even then the queue moves by conns connections every header (4,096 every 5 s).
// With 128 places and 10 s, 128 silent sockets (reopened as they were closed) made every
// new request wait 8–9.5 s; a browser sends its headers within a round trip of
// connecting, far less than 5 s.
var defaultServeLimits = serveLimits{header: 5 * time.Second, idle: 30 * time.Second, read: 30 * time.Second,
	write: 2 * time.Minute, conns: 4096, headerBytes: 64 << 10}

func newServeCmd(d deps) *cobra.Command {
	opts := &serveOptions{Config: DefaultConfig(), deps: d}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the built site and the published snapshots locally",
		Long: `Serve the built site (--dir) with the published tree (--data) on one origin, the way a
static host or CDN would: /api/* as application/json, hashed assets under /assets/ with
long cache lifetimes, compressed responses, a pre-rendered page's <path>/index.html for
<path> (the one rendered with the published data, in --data's pages/, first: see
site/scripts/prerender-pages.mjs), a 301 to its main path for an alias of such a page
(/menu/<slug>, query kept), a 404 for a missing file (a path ending in .js, .css, .png, …), index.html for
every route of the site, and a 404 with the not-found screen (404.html) for any other
path. A snapshot that is not there is a JSON 404, a path no file can have a JSON 400.`,
		Example: `  omc serve
  omc serve --dir site/dist --data out --addr 127.0.0.1:8080`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			opts.ready = func(url string) { fmt.Fprintf(d.Out, "omc serve: site at %s\n", url) }
			return runServe(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "dir", "out", "addr")
	cmd.Flags().StringVar(&opts.DataDir, "data", "", "published snapshot directory, same as --out")
	return cmd
}

func runServe(ctx context.Context, opts *serveOptions) error {
	dataDir := opts.DataDir
	if dataDir == "" {
		dataDir = opts.Out
	}
	h, err := siteHandler(opts.SiteDir, dataDir)
	if err != nil {
		return err
	}
	rules, err := siteRules(opts.SiteDir, dataDir)
	if err != nil {
		return err
	}
	limits := defaultServeLimits
	if opts.limits != nil {
		limits = *opts.limits
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return usageError("--addr %s: %v", opts.Addr, err)
	}
	url := "http://" + ln.Addr().String() + "/"
	// netutil.LimitListener (golang.org/x/net, already a dependency) leaves connections
	// beyond the limit in the kernel's queue until one closes, rather than accepting
	// them; the answers net/http writes itself carry the security headers too.
	ln = headedListener{netutil.LimitListener(ln, connectionCap(limits.conns)), errorHeaderLines(rules)}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: limits.header, ReadTimeout: limits.read,
		WriteTimeout: limits.write, IdleTimeout: limits.idle, MaxHeaderBytes: limits.headerBytes}
	if opts.ready != nil {
		opts.ready(url)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	}
}

// siteRules are the site's security headers and cache rules, the same as the published
// _headers (the chat page's content decides whether Discord's widget may be framed).
func siteRules(siteDir, dataDir string) ([]publish.HeaderRule, error) {
	site, err := publish.ReadSiteSources(siteDir)
	if err != nil {
		return nil, usageError("--dir: %v", err)
	}
	chat, _ := os.ReadFile(filepath.Join(dataDir, filepath.FromSlash(publish.PathChat)))
	// The open data's month files: the closed ones immutable (api/open-data.json).
	return append(publish.HeaderRules(site.WithContent(chat)), publish.ReadOpenDataRules(dataDir)...), nil
}

// liveRules are siteRules kept up to date with the published tree: omc serve left running
// beside omc worker (or a publish run by hand) serves each newly closed month of the open
// data as immutable, and lets Discord's widget be framed once the chat page names a server,
// without a restart. The two files the rules are made from are looked at (stat) on each
// request and read again only when one of them changed.
type liveRules struct {
	siteDir, dataDir string
	mu               sync.Mutex
	seen             []os.FileInfo
	rules            []publish.HeaderRule
}

// rulesInputs are the published files siteRules reads.
var rulesInputs = []string{publish.PathChat, publish.PathOpenData}

// newLiveRules reads the rules once; a site that cannot be read is an error then, as before.
func newLiveRules(siteDir, dataDir string) (*liveRules, error) {
	seen := statInputs(dataDir)
	rules, err := siteRules(siteDir, dataDir)
	if err != nil {
		return nil, err
	}
	return &liveRules{siteDir: siteDir, dataDir: dataDir, seen: seen, rules: rules}, nil
}

// current are the rules for the tree as it is now. Should the site's own files become
// unreadable meanwhile (a build being replaced), the last rules stay.
func (l *liveRules) current() []publish.HeaderRule {
	now := statInputs(l.dataDir)
	l.mu.Lock()
	defer l.mu.Unlock()
	if !sameInputs(l.seen, now) {
		if rules, err := siteRules(l.siteDir, l.dataDir); err == nil {
			l.rules, l.seen = rules, now
		}
	}
	return l.rules
}

// statInputs are rulesInputs as they are in dataDir, nil for one that is not there.
func statInputs(dataDir string) []os.FileInfo {
	infos := make([]os.FileInfo, len(rulesInputs))
	for i, rel := range rulesInputs {
		if info, err := os.Stat(filepath.Join(dataDir, filepath.FromSlash(rel))); err == nil {
			infos[i] = info
		}
	}
	return infos
}

// sameInputs tells whether no input changed: still the same file (a publish renames a new
// one over it, which a modification time within the file system's tick could hide), with
// the same size and modification time (one written in place).
func sameInputs(a, b []os.FileInfo) bool {
	for i := range a {
		switch {
		case a[i] == nil || b[i] == nil:
			if a[i] != b[i] {
				return false
			}
		case !os.SameFile(a[i], b[i]) || a[i].Size() != b[i].Size() || !a[i].ModTime().Equal(b[i].ModTime()):
			return false
		}
	}
	return true
}

// siteHandler serves the site and the snapshots on one origin, compressed.
func siteHandler(siteDir, dataDir string) (http.Handler, error) {
	index := filepath.Join(siteDir, "index.html")
	if _, err := os.Stat(index); err != nil {
		return nil, usageError("--dir %s: no index.html (build the site first: go tool task site:build): %v", siteDir, err)
	}
	rules, err := newLiveRules(siteDir, dataDir)
	if err != nil {
		return nil, err
	}
	routes, err := readSiteRoutes(siteDir)
	if err != nil {
		return nil, usageError("--dir: %v", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir)
	})
	mux.HandleFunc("/"+publish.PathFeeds, func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir)
	})
	mux.HandleFunc("/"+publish.PathOpenDataDir, func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir)
	})
	mux.HandleFunc("/manifest.json", func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir)
	})
	pages := sitePages{siteDir: siteDir, dataDir: dataDir, index: index, routes: routes}
	mux.HandleFunc("/", pages.serve)
	withHeaders := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		publish.Apply(rules.current(), w.Header(), r.URL.Path)
		// A static site is read, never written: any other method is refused, as a
		// static host refuses it, rather than answered with the content.
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			w.Header().Set("Cache-Control", "no-store")
			http.Error(w, "method not allowed: this site is read with GET or HEAD", http.StatusMethodNotAllowed)
			return
		}
		mux.ServeHTTP(w, r)
	})
	return gzhttp.GzipHandler(withHeaders), nil
}

// sitePages answers every path that is not a snapshot: the build's files, the pages
// rendered after a publish, the app for the site's routes and a 404 for any other path.
type sitePages struct {
	siteDir, dataDir, index string
	routes                  siteRoutes
}

// serve answers a file or a page as a static host would.
func (p sitePages) serve(w http.ResponseWriter, r *http.Request) {
	clean := path.Clean("/" + r.URL.Path)
	// The sitemap written with the pages after a publish lists every store's page too:
	// it wins over the build's, which knows only the screens.
	if clean == "/"+publishedSitemap {
		if published := filepath.Join(p.dataDir, publishedPagesDir, publishedSitemap); fileExists(published) {
			http.ServeFile(w, r, published)
			return
		}
	}
	file := filepath.Join(p.siteDir, filepath.FromSlash(clean))
	if clean != "/index.html" && fileExists(file) {
		http.ServeFile(w, r, file)
		return
	}
	// A missing file is a 404, as on a static host, not the app's HTML: a
	// script or worker that is not there (/firebase-messaging-sw.js on a site
	// without push) must fail as missing, not load a page as code.
	if strings.HasPrefix(clean, "/assets/") || staticFileExt[strings.ToLower(path.Ext(clean))] {
		http.NotFound(w, r)
		return
	}
	if p.redirectAlias(w, r, clean) {
		return
	}
	// A page rendered with the data just published (site/scripts/prerender-pages.mjs
	// writes them into the published tree's pages/) wins over the build's own.
	if page, modTime, ok := publishedPage(p.siteDir, p.dataDir, clean); ok {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeContent(w, r, "index.html", modTime, bytes.NewReader(page))
		return
	}
	// A pre-rendered page: /events is served from events/index.html, as static hosts do.
	if page := filepath.Join(file, "index.html"); clean != "/" {
		if fileExists(page) {
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			http.ServeFile(w, r, page)
			return
		}
	}
	p.serveRoute(w, r, clean)
}

// serveRoute answers a path with no file or pre-rendered page of its own: the app for a
// route of the site, the not-found screen with a 404 for any other path.
func (p sitePages) serveRoute(w http.ResponseWriter, r *http.Request, clean string) {
	// A route of the single-page app gets the app, which renders it; any other path
	// is a 404 with the not-found screen (the pre-rendered 404.html, else the app,
	// whose router shows the same screen), as static hosts answer.
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// index.html itself is the app too (the service worker precaches it).
	if ok, _ := p.pageRoute(clean); ok || clean == "/index.html" {
		http.ServeFile(w, r, p.index)
		return
	}
	page := filepath.Join(p.siteDir, "404.html")
	if _, err := os.Stat(page); err != nil {
		page = p.index
	}
	serveFileStatus(w, page, http.StatusNotFound)
}

// pageRoute matches clean against the site's routes; a page of one published snapshot (a
// store's page) is found only when that snapshot is published.
func (p sitePages) pageRoute(clean string) (bool, routeMatch) {
	ok, found := p.routes.match(clean)
	if ok && found.snapshot != "" && !publishedSnapshot(p.dataDir, found.snapshot) {
		return false, found
	}
	return ok, found
}

// redirectAlias answers an alias of a page that has its pre-rendered HTML (/menu/<slug>,
// whose store page /dispensary-menus/<slug> was rendered after the publish; /genetics,
// whose /strain-genetics the build rendered) with a 301 to the main path, its query kept,
// and reports whether it did. A static host, which cannot redirect, serves the alias's
// small page leading there instead (site/scripts/prerender-html.mjs aliasHtml); a real
// redirect is better still: one request fewer, and a crawler sees it without reading HTML.
// An alias of a page not rendered (a store's page of a tree published without
// pre-rendering) is left to serveRoute: the app shows it, or a 404 when its snapshot is not
// published.
func (p sitePages) redirectAlias(w http.ResponseWriter, r *http.Request, clean string) bool {
	ok, found := p.pageRoute(clean)
	if !ok || found.main == "" {
		return false
	}
	_, _, rendered := publishedPage(p.siteDir, p.dataDir, found.main)
	if !rendered && !fileExists(filepath.Join(p.siteDir, filepath.FromSlash(found.main), "index.html")) {
		return false
	}
	target := found.main
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusMovedPermanently)
	return true
}

// publishedPagesDir is where, in the published tree, the pages rendered with its data
// are (site/scripts/prerender-pages.mjs): pages/index.html for /, pages/<path>/index.html.
const publishedPagesDir = "pages"

// pageScript finds the app's entry script a page loads (/assets/index-….js).
var pageScript = regexp.MustCompile(`<script type="module"[^>]* src="/(assets/[^"]+\.js)"`)

// publishedPage returns the page for urlPath rendered with the published data, when
// there is one and it was made for the site being served: its entry script is in
// siteDir (a page made for an earlier build would load scripts that are gone, so the
// build's own page is served instead). A tree published without pre-rendering (omc
// worker alone) has none, and the site's pages load their data as usual.
func publishedPage(siteDir, dataDir, urlPath string) ([]byte, time.Time, bool) {
	file := filepath.Join(dataDir, publishedPagesDir, filepath.FromSlash(urlPath), "index.html")
	fi, err := os.Stat(file)
	if err != nil || fi.IsDir() {
		return nil, time.Time{}, false
	}
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, time.Time{}, false
	}
	m := pageScript.FindSubmatch(b)
	if m == nil {
		return nil, time.Time{}, false
	}
	if _, err := os.Stat(filepath.Join(siteDir, filepath.FromSlash(string(m[1])))); err != nil {
		return nil, time.Time{}, false
	}
	return b, fi.ModTime(), true
}

// publishedSitemap is the sitemap site/scripts/prerender-pages.mjs writes beside the pages.
const publishedSitemap = "sitemap.xml"

// fileExists reports whether name is a file (not a directory).
func fileExists(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && !fi.IsDir()
}

// publishedSnapshot reports whether the published tree in dataDir has api/<name>.
func publishedSnapshot(dataDir, name string) bool {
	file := filepath.FromSlash(name)
	if !filepath.IsLocal(file) {
		return false
	}
	return fileExists(filepath.Join(dataDir, "api", file))
}

// staticFileExt are the extensions of files a built site serves as they are;
// a path with one of them is never a route of the app.
var staticFileExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".map": true, ".json": true, ".webmanifest": true,
	".svg": true, ".png": true, ".jpg": true, ".jpeg": true, ".webp": true, ".avif": true, ".gif": true, ".ico": true,
	".txt": true, ".xml": true, ".woff": true, ".woff2": true, ".pdf": true,
}

// serveFileStatus writes the file at path with status (ServeFile always answers 200).
func serveFileStatus(w http.ResponseWriter, path string, status int) {
	b, err := os.ReadFile(path)
	if err != nil {
		http.Error(w, "page unavailable", http.StatusInternalServerError)
		return
	}
	w.WriteHeader(status)
	w.Write(b)
}

// jsonError answers a snapshot request that cannot be served: a JSON body built with
// the encoder, so no path can break out of its string.
func jsonError(w http.ResponseWriter, status int, message, urlPath string) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(struct {
		Error string `json:"error"`
		Path  string `json:"path"`
	}{message, urlPath})
}

// serveSnapshot serves a published file; its type and cache headers come from the rules.
func serveSnapshot(w http.ResponseWriter, r *http.Request, dataDir string) {
	clean := path.Clean("/" + r.URL.Path)
	// A NUL byte or invalid UTF-8 cannot name a published file.
	if strings.ContainsRune(clean, 0) || !utf8.ValidString(clean) {
		jsonError(w, http.StatusBadRequest, "bad snapshot path", strings.ToValidUTF8(strings.ReplaceAll(clean, "\x00", ""), ""))
		return
	}
	file := filepath.Join(dataDir, filepath.FromSlash(clean))
	f, err := os.Open(file)
	if err != nil {
		// Missing, or a name the file system refuses (too long, through a file): either
		// way there is no such snapshot.
		jsonError(w, http.StatusNotFound, "no such snapshot (run omc publish)", clean)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		jsonError(w, http.StatusNotFound, "no such snapshot (run omc publish)", clean)
		return
	}
	http.ServeContent(w, r, fi.Name(), fi.ModTime(), f)
}
