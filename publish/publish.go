package publish

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io/fs"
	"sort"
	"time"

	"github.com/ohiomc/omc/data"
)

// Options configures one publish.
type Options struct {
	Out           string
	Now           time.Time
	Announcements []data.Announcement
	// Producer names the program and version in the manifest ("omc 1.2.3").
	Producer string
	// Content is the community pages' content folder (data.Content() by default in omc);
	// nil publishes an empty api/content/index.
	Content fs.FS
	// Sample marks the shopping snapshots as sample data (omc demo's replayed menus).
	Sample bool
	// Strains is the strain catalogue behind the strain pages' names and types
	// (data.Strains() in omc); nil names strains as menus write them.
	Strains *data.StrainCatalogue
}

// Manifest is manifest.json: what was published, when, by what.
type Manifest struct {
	GeneratedAt string        `json:"generatedAt"`
	Producer    string        `json:"producer"`
	Summary     StatusSummary `json:"summary"`
	Files       []FileEntry   `json:"files"`
}

// FileEntry describes one published file.
type FileEntry struct {
	Path   string `json:"path"`
	Size   int    `json:"size"`
	SHA256 string `json:"sha256"`
}

// Result is what Publish wrote.
type Result struct {
	Out      string
	Manifest Manifest
}

// Snapshot paths, exactly as the site requests them (SPEC.md §7).
const (
	PathStatus        = "api/DispensaryStatus"
	PathStatistics    = "api/statistics"
	PathAnnouncements = "api/announcements"
	PathBrands        = "api/brands"
	PathHighlights    = "api/highlights"
	PathManifest      = "manifest.json"
	PathHeaders       = "_headers"
)

// Build computes every snapshot from the store at opts.Now, without writing anything.
func Build(ctx context.Context, db *data.DB, opts Options) (map[string][]byte, Manifest, error) {
	all := map[string][]byte{}
	m, err := build(ctx, db, opts, func(path string, b []byte) error {
		all[path] = b
		return nil
	})
	if err != nil {
		return nil, Manifest{}, err
	}
	return all, m, nil
}

// build computes every snapshot and hands each to put as soon as it is made (the
// shopping snapshots are many: a publish holds one at a time), the manifest last.
func build(ctx context.Context, db *data.DB, opts Options, put func(path string, b []byte) error) (Manifest, error) {
	m := Manifest{GeneratedAt: opts.Now.UTC().Format(time.RFC3339), Producer: opts.Producer}
	add := func(path string, b []byte) error {
		sum := sha256.Sum256(b)
		m.Files = append(m.Files, FileEntry{Path: path, Size: len(b), SHA256: hex.EncodeToString(sum[:])})
		return put(path, b)
	}
	sts, err := db.Statuses(ctx)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish: %w", err)
	}
	offers, err := db.LatestOffers(ctx)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish: %w", err)
	}
	ds := make([]data.Dispensary, len(sts))
	for i, st := range sts {
		ds[i] = st.Dispensary
	}
	status, summary := BuildStatus(sts, opts.Now)
	stats := BuildStatistics(offers, ds, opts.Now)
	brands := BuildBrands(offers, opts.Now)
	offers = nil // the latest offers of every menu: let them go before the history is read
	highlights, err := BuildHighlights(ctx, db, opts.Now)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish highlights: %w", err)
	}
	files, err := BuildContent(opts.Content)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish: %w", err)
	}
	announcements := []data.Announcement{}
	for _, a := range opts.Announcements {
		if a.Active(opts.Now) {
			announcements = append(announcements, a)
		}
	}
	for path, v := range map[string]any{PathStatus: status, PathStatistics: stats, PathAnnouncements: announcements,
		PathBrands: brands, PathHighlights: highlights} {
		b, err := marshal(v)
		if err != nil {
			return Manifest{}, fmt.Errorf("publish %s: %w", path, err)
		}
		files[path] = b
	}
	// A registry that marks any dispensary sample (the demo's) makes the shopping data
	// sample data, as --sample does.
	sample := opts.Sample
	for _, st := range sts {
		sample = sample || st.Dispensary.Sample
	}
	err = BuildShop(ctx, db, sts, opts.Now, sample, opts.Strains, func(path string, v any) error {
		b, err := marshal(v)
		if err != nil {
			return fmt.Errorf("publish %s: %w", path, err)
		}
		return add(path, b)
	})
	if err != nil {
		return Manifest{}, fmt.Errorf("publish shopping: %w", err)
	}
	files[PathHeaders] = []byte(headersFile)
	for path, b := range files {
		if err := add(path, b); err != nil {
			return Manifest{}, err
		}
	}

	m.Summary = summary
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	mb, err := marshal(m)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish manifest: %w", err)
	}
	return m, put(PathManifest, mb)
}

// Publish builds every snapshot and writes the tree to opts.Out atomically.
func Publish(ctx context.Context, db *data.DB, opts Options) (Result, error) {
	if opts.Out == "" {
		return Result{}, &data.Error{Code: data.EINVALID, Message: "publish: no output directory"}
	}
	tree, err := NewTree(opts.Out)
	if err != nil {
		return Result{}, err
	}
	defer tree.Abort()
	m, err := build(ctx, db, opts, tree.Write)
	if err != nil {
		return Result{}, err
	}
	if err := tree.Commit(); err != nil {
		return Result{}, err
	}
	return Result{Out: opts.Out, Manifest: m}, nil
}

// marshal writes compact JSON without HTML escaping (names like "Bloom & Co" stay readable).
func marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// headersFile is the _headers file static hosts (Netlify, Cloudflare Pages) read: the
// extension-less snapshots are JSON; snapshots revalidate quickly since menus change
// during the day, and the manifest is never cached.
const headersFile = `/api/*
  Content-Type: application/json; charset=utf-8
  Cache-Control: public, max-age=300, stale-while-revalidate=60
  Access-Control-Allow-Origin: *
/manifest.json
  Content-Type: application/json; charset=utf-8
  Cache-Control: no-cache
/assets/*
  Cache-Control: public, max-age=31536000, immutable
`
