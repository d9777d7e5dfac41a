package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// siteRoutesFile is the file of the built site listing the paths its router has a
// screen for. The site's build writes it from its one list of routes
// (site/src/config/routes.ts), so a new screen needs nothing here.
const siteRoutesFile = "routes.json"

// siteRoutes decides which page paths are the app's: omc serve answers 200 with the
// app for them and 404 with the not-found screen for any other page path.
type siteRoutes struct {
	// patterns are the routes' paths split in segments; a ":name" segment matches
	// any one segment. Nil with any set.
	patterns [][]string
	// snapshots are, beside patterns, the snapshot one page of a route with a ":name"
	// segment shows, that segment's value in place of its ":name" (menus/:store): a
	// page whose snapshot is not published is not found ("" for a route without).
	snapshots []string
	// mains are, beside patterns, the main path of an alias (/menu/:store's is
	// /dispensary-menus/:store; "" for a main path): an alias is sent to its main
	// path's page, when that one has its HTML (sitePages.redirectAlias).
	mains []string
	// any is set for a site built before it listed its routes (no routes.json):
	// every page path gets the app, whose router shows the not-found screen itself,
	// as a static host's single-page fallback does. Deep links keep working; only
	// the 404 status of an unknown path is lost.
	any bool
}

// readSiteRoutes reads routes.json from the built site in dir. A site without the
// file answers every page path; a file that cannot be read or has a path that is not
// "/…" is an error naming it.
func readSiteRoutes(dir string) (siteRoutes, error) {
	name := filepath.Join(dir, siteRoutesFile)
	b, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return siteRoutes{any: true}, nil
	}
	if err != nil {
		return siteRoutes{}, fmt.Errorf("site routes: %w", err)
	}
	var file struct {
		Paths     []string          `json:"paths"`
		Snapshots map[string]string `json:"snapshots"`
		Aliases   map[string]string `json:"aliases"`
	}
	if err := json.Unmarshal(b, &file); err != nil {
		return siteRoutes{}, fmt.Errorf("site routes %s: %w", name, err)
	}
	if len(file.Paths) == 0 {
		return siteRoutes{}, fmt.Errorf("site routes %s: no paths (rebuild the site: go tool task site:build)", name)
	}
	r := siteRoutes{patterns: make([][]string, 0, len(file.Paths))}
	for _, p := range file.Paths {
		if !strings.HasPrefix(p, "/") || strings.Contains(p, "//") {
			return siteRoutes{}, fmt.Errorf("site routes %s: %q is not a path like /name or /name/:param", name, p)
		}
		r.patterns = append(r.patterns, segments(p))
		r.snapshots = append(r.snapshots, file.Snapshots[p])
		r.mains = append(r.mains, file.Aliases[p])
	}
	for p, snapshot := range file.Snapshots {
		if !slices.Contains(file.Paths, p) {
			return siteRoutes{}, fmt.Errorf("site routes %s: snapshot of %q, which is not one of its paths", name, p)
		}
		if snapshot == "" || strings.HasPrefix(snapshot, "/") || !strings.Contains(snapshot, ":") {
			return siteRoutes{}, fmt.Errorf("site routes %s: snapshot %q of %q is not a snapshot path like menus/:store", name, snapshot, p)
		}
	}
	for alias, main := range file.Aliases {
		if !slices.Contains(file.Paths, alias) || !slices.Contains(file.Paths, main) {
			return siteRoutes{}, fmt.Errorf("site routes %s: alias %q of %q: both must be among its paths", name, alias, main)
		}
		for _, seg := range segments(main) {
			if strings.HasPrefix(seg, ":") && !slices.Contains(segments(alias), seg) {
				return siteRoutes{}, fmt.Errorf("site routes %s: alias %q of %q has no %s segment", name, alias, main, seg)
			}
		}
	}
	return r, nil
}

// routeMatch is what a page path is to the site.
type routeMatch struct {
	// snapshot is, for a page of a route showing one snapshot per value of its ":name"
	// segment (a store's page), that snapshot's name (api/<snapshot>); "" for others.
	snapshot string
	// main is, for an alias, the same page at its main path (/menu/x → /dispensary-menus/x); "" for others.
	main string
}

// match reports whether urlPath is a route of the site and what it is to it (its
// snapshot, its main path). Like react-router's matching it ignores case and a
// trailing slash.
func (r siteRoutes) match(urlPath string) (ok bool, m routeMatch) {
	if r.any {
		return true, routeMatch{}
	}
	got := segments(urlPath)
	for n, want := range r.patterns {
		if len(want) != len(got) {
			continue
		}
		ok := true
		for i, w := range want {
			if got[i] == "" || !strings.HasPrefix(w, ":") && !strings.EqualFold(w, got[i]) {
				ok = false
				break
			}
		}
		if ok {
			m := routeMatch{snapshot: fillSnapshot(r.snapshots[n], want, got)}
			if r.mains[n] != "" {
				m.main = fillPath(r.mains[n], want, got)
			}
			return true, m
		}
	}
	return false, routeMatch{}
}

// fillPath is main, an alias's main path, with the values the alias's pattern matched
// in got in place of its ":name" segments (each alias has every one of them).
func fillPath(main string, pattern, got []string) string {
	values := map[string]string{}
	for i, w := range pattern {
		if strings.HasPrefix(w, ":") {
			values[w] = got[i]
		}
	}
	out := segments(main)
	for i, w := range out {
		if v, ok := values[w]; ok {
			out[i] = v
		}
	}
	return "/" + strings.Join(out, "/")
}

// fillSnapshot puts the segments of a matched path in place of the ":name" parts of
// a route's snapshot name; "" for a route without one.
func fillSnapshot(snapshot string, pattern, got []string) string {
	for i, w := range pattern {
		if strings.HasPrefix(w, ":") {
			snapshot = strings.ReplaceAll(snapshot, w, got[i])
		}
	}
	return snapshot
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
