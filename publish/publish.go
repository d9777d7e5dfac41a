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
	// Strains is the strain catalogue behind the strain pages' types and lineage.
	Strains StrainCatalogue
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
	sts, err := db.Statuses(ctx)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish: %w", err)
	}
	offers, err := db.LatestOffers(ctx)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish: %w", err)
	}
	ds := make([]data.Dispensary, len(sts))
	for i, st := range sts {
		ds[i] = st.Dispensary
	}
	status, summary := BuildStatus(sts, opts.Now)
	stats := BuildStatistics(offers, ds, opts.Now)
	highlights, err := BuildHighlights(ctx, db, opts.Now)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish highlights: %w", err)
	}
	files, err := BuildContent(opts.Content)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish: %w", err)
	}
	announcements := []data.Announcement{}
	for _, a := range opts.Announcements {
		if a.Active(opts.Now) {
			announcements = append(announcements, a)
		}
	}
	for path, v := range map[string]any{PathStatus: status, PathStatistics: stats, PathAnnouncements: announcements,
		PathBrands: BuildBrands(offers, opts.Now), PathHighlights: highlights} {
		b, err := marshal(v)
		if err != nil {
			return nil, Manifest{}, fmt.Errorf("publish %s: %w", path, err)
		}
		files[path] = b
	}
	shop, err := BuildShop(ctx, db, sts, opts.Now, opts.Sample, opts.Strains)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish shopping: %w", err)
	}
	for path, v := range shop {
		b, err := marshal(v)
		if err != nil {
			return nil, Manifest{}, fmt.Errorf("publish %s: %w", path, err)
		}
		files[path] = b
	}
	files[PathHeaders] = []byte(headersFile)

	m := Manifest{GeneratedAt: opts.Now.UTC().Format(time.RFC3339), Producer: opts.Producer, Summary: summary}
	for path, b := range files {
		sum := sha256.Sum256(b)
		m.Files = append(m.Files, FileEntry{Path: path, Size: len(b), SHA256: hex.EncodeToString(sum[:])})
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	mb, err := marshal(m)
	if err != nil {
		return nil, Manifest{}, fmt.Errorf("publish manifest: %w", err)
	}
	files[PathManifest] = mb
	return files, m, nil
}

// Publish builds every snapshot and writes the tree to opts.Out atomically.
func Publish(ctx context.Context, db *data.DB, opts Options) (Result, error) {
	if opts.Out == "" {
		return Result{}, &data.Error{Code: data.EINVALID, Message: "publish: no output directory"}
	}
	files, m, err := Build(ctx, db, opts)
	if err != nil {
		return Result{}, err
	}
	if err := WriteTree(opts.Out, files); err != nil {
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
