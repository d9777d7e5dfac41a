package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"
	"github.com/spf13/cobra"
)

type serveOptions struct {
	Config
	DataDir string
	deps    deps
	// ready, when set, receives the URL once listening (demo, tests).
	ready func(url string)
}

func newServeCmd(d deps, runF func(context.Context, *serveOptions) error) *cobra.Command {
	opts := &serveOptions{Config: DefaultConfig(), deps: d}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve the built site and the published snapshots locally",
		Long: `Serve the built site (--dir) with the published tree (--data) on one origin, the way a
static host or CDN would: /api/* as application/json, hashed assets under /assets/ with
long cache lifetimes, compressed responses, a pre-rendered page's <path>/index.html for
<path>, a 404 for a missing file (a path ending in .js, .css, .png, …), and index.html for
every other path so the site's router decides (its not-found screen included).`,
		Example: `  omc serve
  omc serve --dir site/dist --data out --addr 127.0.0.1:8080`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := applyEnv(cmd, d.Getenv); err != nil {
				return err
			}
			if runF != nil {
				return runF(cmd.Context(), opts)
			}
			opts.ready = func(url string) { fmt.Fprintf(d.Out, "omc serve: site at %s\n", url) }
			return runServe(cmd.Context(), opts)
		},
	}
	cmd.Flags().StringVar(&opts.SiteDir, "dir", opts.SiteDir, "built site directory (index.html, assets/)")
	cmd.Flags().StringVar(&opts.DataDir, "data", "", "published snapshot directory (default: --out, i.e. out)")
	cmd.Flags().StringVar(&opts.Out, "out", opts.Out, "published snapshot directory, same as --data")
	cmd.Flags().StringVar(&opts.Addr, "addr", opts.Addr, "listen address; port 0 picks a free one")
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
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return usageError("--addr %s: %v", opts.Addr, err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	url := "http://" + ln.Addr().String() + "/"
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

// siteHandler serves the site and the snapshots on one origin, compressed.
func siteHandler(siteDir, dataDir string) (http.Handler, error) {
	index := filepath.Join(siteDir, "index.html")
	if _, err := os.Stat(index); err != nil {
		return nil, usageError("--dir %s: no index.html (build the site first: go tool task site:build): %v", siteDir, err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/api/", func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir, "application/json; charset=utf-8", "public, max-age=60, must-revalidate")
	})
	mux.HandleFunc("/manifest.json", func(w http.ResponseWriter, r *http.Request) {
		serveSnapshot(w, r, dataDir, "application/json; charset=utf-8", "no-cache")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		clean := path.Clean("/" + r.URL.Path)
		file := filepath.Join(siteDir, filepath.FromSlash(clean))
		if fi, err := os.Stat(file); err == nil && !fi.IsDir() && clean != "/index.html" {
			if strings.HasPrefix(clean, "/assets/") {
				// Vite puts a content hash in every asset name: they never change.
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
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
		// A pre-rendered page: /events is served from events/index.html, as static hosts do.
		if page := filepath.Join(file, "index.html"); clean != "/" {
			if fi, err := os.Stat(page); err == nil && !fi.IsDir() {
				w.Header().Set("Cache-Control", "no-cache")
				w.Header().Set("Content-Type", "text/html; charset=utf-8")
				http.ServeFile(w, r, page)
				return
			}
		}
		// Every other path is a route of the single-page app.
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		http.ServeFile(w, r, index)
	})
	return gzhttp.GzipHandler(mux), nil
}

// staticFileExt are the extensions of files a built site serves as they are;
// a path with one of them is never a route of the app.
var staticFileExt = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".map": true, ".json": true, ".webmanifest": true,
	".svg": true, ".png": true, ".jpg": true, ".jpeg": true, ".webp": true, ".avif": true, ".gif": true, ".ico": true,
	".txt": true, ".xml": true, ".woff": true, ".woff2": true, ".pdf": true,
}

func serveSnapshot(w http.ResponseWriter, r *http.Request, dataDir, contentType, cache string) {
	clean := path.Clean("/" + r.URL.Path)
	file := filepath.Join(dataDir, filepath.FromSlash(clean))
	f, err := os.Open(file)
	if errors.Is(err, os.ErrNotExist) {
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusNotFound)
		fmt.Fprintf(w, `{"error":"no snapshot %s: run omc publish"}`, clean)
		return
	}
	if err != nil {
		http.Error(w, "snapshot unavailable", http.StatusInternalServerError)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || fi.IsDir() {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", contentType)
	w.Header().Set("Cache-Control", cache)
	http.ServeContent(w, r, fi.Name(), fi.ModTime(), f)
}
