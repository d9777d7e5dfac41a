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
	"strings"
	"sync"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// Options configures one publish.
type Options struct {
	Out           string
	Now           time.Time
	Announcements []data.Announcement
	// Producer names the program and version in the manifest ("omc 1.2.3"); it always
	// starts with ProducerName, which Publish puts first when missing.
	Producer string
	// Content is the community pages' content folder (data.Content() by default in omc);
	// nil publishes an empty api/content/index.
	Content fs.FS
	// Site is what the built site needs beyond its own origin (ReadSiteSources), for the
	// Content-Security-Policy of _headers; the zero value is the strictest policy.
	Site SiteSources
	// Sample marks the shopping snapshots as sample data (omc demo's replayed menus).
	Sample bool
	// Strains is the strain catalogue behind the strain pages' names and types
	// (data.Strains() in omc); nil names strains as menus write them.
	Strains *data.StrainCatalogue
	// SiteURL is the site's public address (omc --site-url), which the deal feeds link
	// to; "" links by path on the host that serves the feeds.
	SiteURL string
}

// Manifest is manifest.json: what was published, when, by what.
type Manifest struct {
	GeneratedAt string        `json:"generatedAt"`
	Producer    string        `json:"producer"`
	Summary     StatusSummary `json:"summary"`
	// LastRun is the last finished scrape run (null before the first), as in api/pipeline.
	LastRun *LastRun    `json:"lastRun"`
	Files   []FileEntry `json:"files"`
	// LeftOut says what this publish left out because a value could not be published
	// (an old database's infinite or absurd price: data.PublishProblem), each with why;
	// absent when nothing was.
	LeftOut []string `json:"leftOut,omitempty"`
	// CodeCollisions are the product codes two items listed on one store's menu for one
	// market shared, and the code each was published under instead (store.CodeCollision):
	// every tie broken is reported here; absent when there was none.
	CodeCollisions []string `json:"codeCollisions,omitempty"`
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

// DefaultMemoryLimit is the soft memory limit omc publishes under unless told otherwise
// (omc --memory-limit; debug.SetMemoryLimit). Left to the garbage collector's default pace,
// a publish's heap grows to twice what it holds live; under this limit the collector runs
// more often near the peak (at the cost of more collection work) and keeps a 2,000-menu
// publish near its 300 MB budget (publish/bench_test.go; the limit counts the Go heap,
// SQLite's memory and the program come on top) while what it holds live stays well under
// the limit. A publish that holds more than that still publishes: the limit is soft, and
// the runtime caps the extra collection at about half the processors' time, which is then
// the publish's own (docs/benchmarks.md, "The publish", has what it holds and when).
const DefaultMemoryLimit = 228 << 20

// Snapshot paths, exactly as the site requests them (docs/specification.md §7).
const (
	PathStatus        = "api/DispensaryStatus"
	PathStatistics    = "api/statistics"
	PathAnnouncements = "api/announcements"
	PathBrands        = "api/brands"
	PathHighlights    = "api/highlights"
	PathManifest      = "manifest.json"
	PathHeaders       = "_headers"
)

// build computes every snapshot and hands each to put as soon as it is made (the
// shopping snapshots are many: a publish holds a few at a time), the manifest last.
// put is called from one goroutine at a time, not always the same, and must not keep
// b: the encoding pool reuses its buffers.
func build(ctx context.Context, db *store.DB, opts Options, put func(path string, b []byte) error) (Manifest, error) {
	producer := opts.Producer
	if !ownProducer(producer) {
		// NewTree recognises its own trees by this name: a manifest always carries it.
		producer = strings.TrimSpace(ProducerName + " " + producer)
	}
	m := Manifest{GeneratedAt: opts.Now.UTC().Format(time.RFC3339), Producer: producer}
	// record lists a file in the manifest; the encoding workers call it at once, so
	// only the list is locked.
	var mu sync.Mutex
	record := func(path string, b []byte) {
		sum := sha256.Sum256(b)
		e := FileEntry{Path: path, Size: len(b), SHA256: hex.EncodeToString(sum[:])}
		mu.Lock()
		m.Files = append(m.Files, e)
		mu.Unlock()
	}
	add := func(path string, b []byte) error {
		record(path, b)
		return put(path, b)
	}
	// What earlier reads of this store passed over (a worker's scrape) is not this
	// publish's: its own reads note again what they pass over.
	db.PassedOver()
	sd, err := db.ReadShop(ctx)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish: %w", err)
	}
	// Taken now, not at the end: a use of sd after the shopping snapshots would keep
	// every series in memory while the last files are encoded (at 2,000 menus, 20 MiB
	// more at the peak and the collector running flat out under the memory limit).
	leftOut := sd.LeftOut()
	// The ties are written into the manifest's messages only at the end, once the
	// shopping snapshots have let their offers go: at 2,000 menus the messages are
	// 11 MB, which held through the snapshots kept the heap over the memory limit.
	collisions := sd.CodeCollisions()
	sts, ds, roster, err := readStores(ctx, db)
	if err != nil {
		return Manifest{}, err
	}
	status, summary := BuildStatus(sts, opts.Now)
	pipeline, err := readPipeline(ctx, db, ds, roster, opts.Now)
	if err != nil {
		return Manifest{}, err
	}
	m.LastRun = pipeline.LastRun
	// The yearly highlights, then the open data's price spells, walk the fetch log while the
	// price history does: the walks run at once, each on a processor. The month files are
	// written from there while the encoding pool writes the snapshots: put is kept to one
	// goroutine at a time.
	put = lockedPut(new(sync.Mutex), put)
	highlighted := make(chan historyWalks, 1)
	go func() { highlighted <- walkHistory(ctx, db, sd, ds, opts, add) }()
	sample := isSample(opts.Sample, sts)
	files, err := BuildContent(opts.Content, sample)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish: %w", err)
	}
	guide, guideSkipped := terpeneGuidePages(files)
	m.LeftOut = append(m.LeftOut, guideSkipped...)
	announcements := activeAnnouncements(opts.Announcements, opts.Now)
	// One pass over the menus' latest offers builds the shopping snapshots and the
	// statistics and brands.
	in := Shop{Now: opts.Now, Sample: sample, Statuses: sts, ProductFirstSeen: sd.ProductFirstSeen(), Strains: opts.Strains,
		SiteURL: strings.TrimRight(opts.SiteURL, "/"), TerpeneGuide: guide}
	shop, err := buildShopping(ctx, sd, in, ds, record, put)
	m.LeftOut = append(m.LeftOut, leftOut...)
	m.LeftOut = append(m.LeftOut, shop.leftOut...)
	walked := <-highlighted
	if walked.err != nil {
		return Manifest{}, walked.err
	}
	// Stores, runs and roster rows whose stored values could not be read as their types.
	m.LeftOut = append(m.LeftOut, db.PassedOver()...)
	if err != nil {
		return Manifest{}, fmt.Errorf("publish shopping: %w", err)
	}
	// The homepage's most available strains are the strain index's figures.
	shop.stats.TopFlower = shop.topStrains
	small := map[string]any{PathStatus: status, PathStatistics: shop.stats, PathAnnouncements: announcements,
		PathBrands: shop.brands, PathHighlights: walked.highlights, PathPipeline: pipeline}
	if err := encodeSmall(small, files, &m); err != nil {
		return Manifest{}, err
	}
	od, err := openDataFiles(shop.trends, walked.months, files, opts.Now, sample)
	if err != nil {
		return Manifest{}, err
	}
	files[PathHeaders] = HeadersFile(append(HeaderRules(opts.Site.WithContent(files[PathChat])), OpenDataRules(od)...))
	m.Summary = summary
	m.CodeCollisions = collisionMessages(collisions)
	if err := finish(&m, files, add, put); err != nil {
		return Manifest{}, err
	}
	return m, nil
}

// finish hands the small files to add, then the manifest, which lists every file put
// (so it comes last), to put.
func finish(m *Manifest, files map[string][]byte, add, put func(path string, b []byte) error) error {
	for path, b := range files {
		if err := add(path, b); err != nil {
			return err
		}
	}
	sort.Slice(m.Files, func(i, j int) bool { return m.Files[i].Path < m.Files[j].Path })
	mb, err := marshal(*m)
	if err != nil {
		return fmt.Errorf("publish manifest: %w", err)
	}
	return put(PathManifest, mb)
}

// collisionMessages are the ties as the manifest lists them (nil for none).
func collisionMessages(collisions []store.CodeCollision) []string {
	var out []string
	for _, c := range collisions {
		out = append(out, c.String())
	}
	return out
}

// shopping is what buildShopping returns besides the shopping snapshots it hands on.
type shopping struct {
	stats      Statistics
	brands     Brands
	topStrains []StrainCount
	leftOut    []string // snapshots that could not be encoded
	// trends are api/trends' figures, which the open data's price index publishes too.
	trends Trends
}

// buildShopping builds the shopping snapshots, encoding them on a pool as they come,
// and in the same pass over the menus' latest offers the statistics and brands.
func buildShopping(ctx context.Context, sd *store.ShopData, in Shop, ds []data.Dispensary, record func(string, []byte), put func(string, []byte) error) (shopping, error) {
	var out shopping
	stats, brands := newStatistics(ds, in.Now), newBrands(in.Now)
	pool := newEncodePool(record, put)
	topStrains, err := buildShop(ctx, sd, in, func(mo store.MenuOffers, productName func(*data.Offer) string, lows *lows) {
		for _, lo := range mo.Offers {
			// Each offer's own category's date, not the menu's latest fetch: a category the
			// latest fetch emptied keeps its earlier date and ages like a failure.
			l := listing{slug: mo.Slug, market: mo.Market, updated: lo.CategoryUpdate, d: lo.Desc, price: lo.Price, sale: lo.SalePrice,
				inStock: lo.InStock, productName: productName, key: lo.Key, first: lo.FirstSeen, lows: lows}
			stats.add(l)
			brands.add(l)
		}
	}, func() {
		// Complete once every menu has come: the rest of the publish keeps their
		// results, not their tallies.
		out.stats, out.brands = stats.result(), brands.result()
		stats, brands = nil, nil
	}, keepTrends(&out.trends, pool.emit))
	if werr := pool.wait(); err == nil {
		err = werr
	}
	out.topStrains, out.leftOut = topStrains, pool.leftOut
	return out, err
}

// readStores reads every dispensary's status, as the state's roster lists it: its
// address, position and hours for those it lists, and the licensed stores the registry
// lacks.
func readStores(ctx context.Context, db *store.DB) ([]store.Status, []data.Dispensary, rosterView, error) {
	// Each store carries its county's sales tax rate (storeListing).
	if _, err := data.OhioTax(); err != nil {
		return nil, nil, rosterView{}, fmt.Errorf("publish: %w", err)
	}
	sts, err := db.Statuses(ctx)
	if err != nil {
		return nil, nil, rosterView{}, fmt.Errorf("publish: %w", err)
	}
	ds := make([]data.Dispensary, len(sts))
	for i, st := range sts {
		ds[i] = st.Dispensary
	}
	roster, err := readRoster(ctx, db, ds)
	if err != nil {
		return nil, nil, rosterView{}, err
	}
	if sts, err = roster.apply(sts); err != nil {
		return nil, nil, rosterView{}, fmt.Errorf("publish: %w", err)
	}
	return sts, ds, roster, nil
}

// readPipeline is api/pipeline: the last run, the registry's coverage and the roster.
func readPipeline(ctx context.Context, db *store.DB, ds []data.Dispensary, roster rosterView, now time.Time) (Pipeline, error) {
	runs, err := db.Runs(ctx, 1)
	if err != nil {
		return Pipeline{}, fmt.Errorf("publish pipeline: %w", err)
	}
	var last *store.RunReport
	if len(runs) > 0 {
		last = &runs[0]
	}
	pipeline := BuildPipeline(last, ds, now)
	pipeline.Roster = roster.pipeline(ds)
	return pipeline, nil
}

// activeAnnouncements are those shown at now (never nil: the snapshot is a list).
func activeAnnouncements(all []data.Announcement, now time.Time) []data.Announcement {
	out := []data.Announcement{}
	for _, a := range all {
		if a.Active(now) {
			out = append(out, a)
		}
	}
	return out
}

// isSample reports whether the shopping data is sample data: --sample, or a registry
// that marks any dispensary sample (the demo's).
func isSample(flag bool, sts []store.Status) bool {
	for _, st := range sts {
		flag = flag || st.Dispensary.Sample
	}
	return flag
}

// encodeSmall encodes the small snapshots into files; one that cannot be encoded as
// JSON is left out and listed in the manifest, never stopping the publish.
func encodeSmall(small map[string]any, files map[string][]byte, m *Manifest) error {
	for path, v := range small {
		b, err := marshal(v)
		if unencodable(err) {
			m.LeftOut = append(m.LeftOut, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		if err != nil {
			return fmt.Errorf("publish %s: %w", path, err)
		}
		files[path] = b
	}
	return nil
}

// Publish builds every snapshot and writes the tree to opts.Out atomically.
func Publish(ctx context.Context, db *store.DB, opts Options) (Result, error) {
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
