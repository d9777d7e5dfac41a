package publish_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
	"github.com/ohiomc/omc/store"
)

// synthetic describes a made-up Ohio for the publish benchmarks: menus × offers per menu,
// drawn from a product pool with a popularity skew (popular products at many stores),
// scraped Runs times, 4 hours apart, with PriceChurn of the offers changing price (a
// third of those going on sale) and StockChurn flipping stock at each run.
type synthetic struct {
	Menus, OffersPerMenu, Pool, Runs int
	PriceChurn, StockChurn           float64
}

// Region weights: roughly where Ohio's dispensaries are.
var benchRegions = []struct {
	name   string
	weight int
}{{"Northeast", 30}, {"Central", 25}, {"Southwest", 20}, {"Northwest", 13}, {"Southeast", 12}}

var benchCategories = []struct {
	cat    data.Category
	weight int
	sizes  []float64 // grams, or mg for edibles
	price  float64   // per gram or per 100 mg
}{
	{data.Flower, 40, []float64{1, 3.5, 7, 14, 28}, 9},
	{data.Preroll, 12, []float64{0.5, 1, 2.5}, 14},
	{data.Vape, 20, []float64{0.5, 1}, 55},
	{data.Extract, 10, []float64{1, 2}, 40},
	{data.Edible, 13, []float64{100, 110, 200}, 22},
	{data.Other, 5, []float64{0}, 0},
}

var benchWords = strings.Fields(`blue dream gelato kush haze cookies runtz cake wedding sherbet mint diesel sour
	lemon garlic apple fritter zkittlez biscotti purple punch jack herer tangie durban poison cherry pie mango
	glue gorilla banana candy land ice cream papaya lava grape ape orange creamsicle peach ringz mac chem dog`)

type benchProduct struct {
	offer data.Offer
	sizes []float64
}

func (s synthetic) pool(r *rand.Rand) []benchProduct {
	brands := make([]string, 70)
	for i := range brands {
		brands[i] = strings.ToUpper(benchWords[r.IntN(len(benchWords))][:1]) + benchWords[r.IntN(len(benchWords))] + " " + []string{"Farms", "Labs", "Cannabis", "Co", "Grown"}[i%5]
	}
	strains := make([]string, 600)
	for i := range strains {
		strains[i] = titleWords(benchWords[r.IntN(len(benchWords))] + " " + benchWords[r.IntN(len(benchWords))])
	}
	total := 0
	for _, c := range benchCategories {
		total += c.weight
	}
	out := make([]benchProduct, s.Pool)
	for i := range out {
		n := r.IntN(total)
		ci := 0
		for n >= benchCategories[ci].weight {
			n -= benchCategories[ci].weight
			ci++
		}
		c := benchCategories[ci]
		strain := strains[r.IntN(len(strains))]
		name := strain
		switch c.cat {
		case data.Vape:
			name += " Cart"
		case data.Extract:
			name += " Live Resin"
		case data.Edible:
			name += " Gummies"
		case data.Other:
			name += " Tincture"
		}
		thc := float64(150+r.IntN(150)) / 10 // menus give one decimal
		if c.cat == data.Vape || c.cat == data.Extract {
			thc += 55
		}
		o := data.Offer{ProductID: strconv.Itoa(100000 + i), Name: name + " #" + strconv.Itoa(i%97), Brand: brands[r.IntN(len(brands))],
			Strain: strain, StrainType: []string{"Indica", "Sativa", "Hybrid"}[r.IntN(3)], Category: c.cat, THC: &thc, PotencyUnit: "%"}
		// A product comes in one or two of its category's sizes.
		sizes := []float64{c.sizes[r.IntN(len(c.sizes))]}
		if len(c.sizes) > 1 && r.IntN(3) == 0 {
			sizes = append(sizes, c.sizes[r.IntN(len(c.sizes))])
		}
		out[i] = benchProduct{offer: o, sizes: sizes}
	}
	return out
}

// build writes the registry and Runs scrapes of every menu into a new database at path,
// the last at now.
func (s synthetic) build(tb testing.TB, path string, now time.Time) {
	tb.Helper()
	ctx := context.Background()
	r := rand.New(rand.NewPCG(1, uint64(s.Menus)))
	pool := s.pool(r)
	db, err := store.Open(ctx, path)
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	// About 1.6 menus a store: the first stores sell to both markets.
	stores := (s.Menus*5 + 7) / 8
	var ds []data.Dispensary
	type menu struct {
		slug   string
		market data.Market
		offers []data.Offer
	}
	var menus []menu
	totalW := 100
	for i := 0; i < stores; i++ {
		n, ri := r.IntN(totalW), 0
		for n >= benchRegions[ri].weight {
			n -= benchRegions[ri].weight
			ri++
		}
		d := data.Dispensary{Slug: fmt.Sprintf("store-%04d", i), Name: fmt.Sprintf("Store %04d", i), City: "City " + strconv.Itoa(i%120),
			Region: benchRegions[ri].name, Lat: 39 + 2*r.Float64(), Lng: -84 + 3*r.Float64()}
		markets := []data.Market{data.Recreational}
		if i < s.Menus-stores {
			markets = append(markets, data.Medical)
		}
		for _, m := range markets {
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "jane", StoreID: strconv.Itoa(i)})
			if m == data.Medical {
				// A store's medical menu lists its recreational products at its own
				// prices, as Dutchie's pricing types do.
				rec := menus[len(menus)-1].offers
				med := make([]data.Offer, len(rec))
				for j, o := range rec {
					o.Price = float64(int(o.Price*0.93)) + 0.99
					med[j] = o
				}
				menus = append(menus, menu{d.Slug, m, med})
				continue
			}
			// The menu: OffersPerMenu offers of products drawn with a skew to popular ones.
			var offers []data.Offer
			seen := map[int]bool{}
			for len(offers) < s.OffersPerMenu {
				pi := int(float64(len(pool)) * r.Float64() * r.Float64())
				if seen[pi] {
					continue
				}
				seen[pi] = true
				for _, size := range pool[pi].sizes {
					o := pool[pi].offer
					c := benchCategories[0]
					for _, bc := range benchCategories {
						if bc.cat == o.Category {
							c = bc
						}
					}
					switch {
					case o.Category == data.Edible:
						o.Milligrams, o.Size = size, strconv.FormatFloat(size, 'f', -1, 64)+"mg"
						o.Price = float64(int(c.price*size/100*(0.8+0.4*r.Float64()))) + 0.99
					case size > 0:
						o.Grams, o.Size = size, strconv.FormatFloat(size, 'f', -1, 64)+"g"
						o.Price = float64(int(c.price*size*(0.8+0.4*r.Float64()))) + 0.99
					default:
						o.Size, o.Price = "30ml", 35
					}
					o.InStock = true
					o.Code = scraper.ProductCode(o)
					offers = append(offers, o)
				}
			}
			menus = append(menus, menu{d.Slug, m, offers[:s.OffersPerMenu]})
		}
		ds = append(ds, d)
	}
	if err := db.SyncDispensaries(ctx, ds, true, now); err != nil {
		tb.Fatal(err)
	}
	for run := 0; run < s.Runs; run++ {
		at := now.Add(-time.Duration(s.Runs-1-run) * 4 * time.Hour)
		for _, m := range menus {
			if run > 0 {
				for i := range m.offers {
					o := &m.offers[i]
					if r.Float64() < s.PriceChurn {
						if r.IntN(3) == 0 {
							o.SalePrice = float64(int(o.Price*0.8)) + 0.99
						} else {
							o.Price, o.SalePrice = float64(int(o.Price*(0.9+0.2*r.Float64())))+0.99, 0
						}
					}
					if r.Float64() < s.StockChurn {
						o.InStock = !o.InStock
					}
				}
			}
			if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: m.slug, Market: m.market, Platform: "jane", At: at, Offers: m.offers}); err != nil {
				tb.Fatal(err)
			}
		}
	}
}

var benchNow = time.Date(2026, 11, 24, 12, 0, 0, 0, time.UTC)

// benchDB builds the synthetic database in the benchmark's temporary folder (a
// benchmark that takes seconds runs once, so it is built once).
//
// OMC_BENCH_KEEP names a folder to keep the built databases in and reuse on the next
// run (building the 2,000-menu one takes about a minute), for measuring publish changes.
func benchDB(b *testing.B, s synthetic) string {
	b.Helper()
	if dir := os.Getenv("OMC_BENCH_KEEP"); dir != "" {
		path := filepath.Join(dir, fmt.Sprintf("publish-%d-%d-%d.db", s.Menus, s.OffersPerMenu, s.Runs))
		if _, err := os.Stat(path); err == nil {
			return path
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		s.build(b, path+".part", benchNow)
		if err := os.Rename(path+".part", path); err != nil {
			b.Fatal(err)
		}
		return path
	}
	path := filepath.Join(b.TempDir(), "omc.db")
	s.build(b, path, benchNow)
	return path
}

// Ohio is 300 menus × 350 offers; the large registry 2,000 menus of the same kind. Six
// runs are one day of scheduled scrapes.
var (
	benchOhio = synthetic{Menus: 300, OffersPerMenu: 350, Pool: 9000, Runs: 6, PriceChurn: 0.03, StockChurn: 0.05}
	bench2000 = synthetic{Menus: 2000, OffersPerMenu: 350, Pool: 30000, Runs: 2, PriceChurn: 0.03, StockChurn: 0.05}
)

// TestMain runs, in a benchmark's child process (OMC_BENCH_DB set), the publish whose
// peak RSS the benchmark measures, instead of the tests.
func TestMain(m *testing.M) {
	if path := os.Getenv("OMC_BENCH_DB"); path != "" {
		if err := publishChild(path, os.Getenv("OMC_BENCH_OUT")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// publishChild publishes the database at path to out and prints the file count and time.
// OMC_BENCH_CPUPROFILE and OMC_BENCH_MEMPROFILE name files to write the publish's CPU
// and allocation profiles to (go tool pprof), for finding what a publish spends; with
// OMC_BENCH_HEAPAT (a duration), the memory profile is instead the live heap that long
// into the publish, for finding what it holds at its peak.
func publishChild(path, out string) error {
	ctx := context.Background()
	if p := os.Getenv("OMC_BENCH_CPUPROFILE"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	if p := os.Getenv("OMC_BENCH_MEMPROFILE"); p != "" {
		runtime.MemProfileRate = 64 << 10
		writeProfile := func(name string) {
			if f, err := os.Create(p); err == nil {
				pprof.Lookup(name).WriteTo(f, 0)
				f.Close()
			}
		}
		if at, err := time.ParseDuration(os.Getenv("OMC_BENCH_HEAPAT")); err == nil {
			time.AfterFunc(at, func() {
				runtime.GC()
				writeProfile("heap")
			})
		} else {
			defer writeProfile("allocs")
		}
	}
	// Under the soft memory limit omc publishes under (unless GOMEMLIMIT says
	// otherwise, as omc lets it).
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(publish.DefaultMemoryLimit)
	}
	db, err := store.Open(ctx, path, store.WithProductCode(scraper.ProductCode))
	if err != nil {
		return err
	}
	defer db.Close()
	strains, err := data.Strains()
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: benchNow, Strains: strains})
	if err != nil {
		return err
	}
	fmt.Printf("PUBLISHED files=%d wall=%.3f hwm-kib=%d\n", len(res.Manifest.Files)+1, time.Since(start).Seconds(), peakRSSKiB())
	return nil
}

// peakRSSKiB is this process's peak resident memory (VmHWM of /proc/self/status), 0
// where there is no such file.
func peakRSSKiB() int {
	raw, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kib, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kib
		}
	}
	return 0
}

// publishRun is what one publish child measured.
type publishRun struct {
	wall, cpu, peakMiB float64
	files              int
}

// runPublishChild publishes the database at path to out in a child process.
func runPublishChild(b *testing.B, path, out string) publishRun {
	// Write the set-up's hundreds of MB (the database just built) to disk first: a
	// publish measured while the system writes them back pays for them in its file
	// creations (seconds of kernel time on a busy disk).
	syscall.Sync()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "OMC_BENCH_DB="+path, "OMC_BENCH_OUT="+out)
	got, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("publish: %v\n%s", err, got)
	}
	var r publishRun
	var hwm int
	for _, line := range strings.Split(string(got), "\n") {
		if strings.HasPrefix(line, "PUBLISHED") {
			fmt.Sscanf(line, "PUBLISHED files=%d wall=%f hwm-kib=%d", &r.files, &r.wall, &hwm)
		}
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	// The child's own high-water mark: its rusage maxrss also counts the memory of
	// this process at the fork (Linux folds the forking process's peak into the
	// child's at exec), which the database build above makes hundreds of MB.
	r.peakMiB = float64(ru.Maxrss) / 1024
	if hwm > 0 {
		r.peakMiB = float64(hwm) / 1024
	}
	r.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	b.Logf("publish to %s: %.2f s, %.2f CPU-s (%.2f in the kernel), peak RSS %.1f MiB (rusage maxrss %.1f MiB)",
		out, r.wall, r.cpu, time.Duration(ru.Stime.Nano()).Seconds(), r.peakMiB, float64(ru.Maxrss)/1024)
	return r
}

// diskFloor writes a copy of the published tree at from (read into memory first) to
// to, one file after another as publish's writer does, and returns how long the disk
// took: the least a publish to that disk can take, whatever the publish does.
func diskFloor(b *testing.B, from, to string) float64 {
	type file struct {
		rel  string
		body []byte
	}
	var files []file
	err := filepath.WalkDir(from, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		body, err := os.ReadFile(p)
		rel, _ := filepath.Rel(from, p)
		files = append(files, file{rel, body})
		return err
	})
	if err != nil {
		b.Fatal(err)
	}
	syscall.Sync()
	start := time.Now()
	made := map[string]bool{}
	for _, f := range files {
		p := filepath.Join(to, f.rel)
		if dir := filepath.Dir(p); !made[dir] {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				b.Fatal(err)
			}
			made[dir] = true
		}
		if err := os.WriteFile(p, f.body, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	took := time.Since(start).Seconds()
	b.Logf("writing the same %d files to %s alone: %.2f s", len(files), to, took)
	return took
}

// benchPublish publishes the synthetic registry s to the test's temporary folder (on
// disk) and, where the system has one (/dev/shm), to a folder in memory: creating
// tens of thousands of files costs a disk's filesystem seconds of kernel time, which
// on some machines (the virtual machines this project is built on) varies by several
// seconds from run to run; in memory the publish's own work is what is measured (the
// -ram- figures), and disk-floor says what writing the same files alone costs the disk.
func benchPublish(b *testing.B, s synthetic) {
	path := benchDB(b, s)
	out := filepath.Join(b.TempDir(), "out")
	ram := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		dir, err := os.MkdirTemp("/dev/shm", "omc-bench-")
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { os.RemoveAll(dir) })
		ram = filepath.Join(dir, "out")
	}
	var disk, mem publishRun
	var floor float64
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// In memory first: after the publish to disk, the system writes its 500 MB back
		// for seconds, on the same processors.
		if ram != "" {
			r := runPublishChild(b, path, ram)
			mem.wall, mem.cpu, mem.peakMiB = mem.wall+r.wall, mem.cpu+r.cpu, max(mem.peakMiB, r.peakMiB)
			floor += diskFloor(b, ram, filepath.Join(b.TempDir(), "copy"))
		}
		r := runPublishChild(b, path, out)
		disk.wall, disk.cpu, disk.peakMiB, disk.files = disk.wall+r.wall, disk.cpu+r.cpu, max(disk.peakMiB, r.peakMiB), r.files
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(disk.wall/n, "publish-s/op")
	b.ReportMetric(disk.cpu/n, "cpu-s/op")
	b.ReportMetric(disk.peakMiB, "peak-rss-MiB")
	b.ReportMetric(float64(disk.files), "files")
	if ram != "" {
		b.ReportMetric(floor/n, "disk-floor-s/op")
		b.ReportMetric(mem.wall/n, "publish-ram-s/op")
		b.ReportMetric(mem.cpu/n, "cpu-ram-s/op")
		b.ReportMetric(mem.peakMiB, "peak-rss-ram-MiB")
	}
	for _, kind := range []struct{ name, dir string }{{"menu", "api/menus"}, {"product", "api/products"}, {"shard", "api/search/*"}, {"strain", "api/strains"}} {
		sizes := gzipSizes(b, filepath.Join(out, kind.dir))
		if len(sizes) == 0 {
			continue
		}
		b.ReportMetric(float64(sizes[len(sizes)-1])/1024, kind.name+"-max-gzip-KiB")
		b.ReportMetric(float64(sizes[len(sizes)*95/100])/1024, kind.name+"-p95-gzip-KiB")
	}
}

// gzipSizes returns the gzip sizes of the files matched by dir (a folder or a glob of
// folders), smallest first.
func gzipSizes(b *testing.B, dir string) []int {
	dirs, _ := filepath.Glob(dir)
	var sizes []int
	for _, d := range dirs {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if e.IsDir() {
				continue
			}
			raw, err := os.ReadFile(filepath.Join(d, e.Name()))
			if err != nil {
				b.Fatal(err)
			}
			var gz bytes.Buffer
			w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
			w.Write(raw)
			w.Close()
			sizes = append(sizes, gz.Len())
		}
	}
	sort.Ints(sizes)
	return sizes
}

// BenchmarkPublishOhio publishes a synthetic Ohio (300 menus × 350 offers, a day of
// runs) and reports the publish's time, peak RSS, file count and gzip sizes.
func BenchmarkPublishOhio(b *testing.B) { benchPublish(b, benchOhio) }

// BenchmarkPublish2000 publishes a synthetic registry of 2,000 menus × 350 offers.
func BenchmarkPublish2000(b *testing.B) { benchPublish(b, bench2000) }

// titleWords capitalises each space-separated ASCII word (the bench's strain names).
func titleWords(s string) string {
	words := strings.Fields(s)
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

// largeStoreOffers is how many products a large Ohio store lists on each of its two
// menus: 700 offers in all (its api/menus/<slug> must stay ≤ 25 KB gzip, a store page's budget).
const largeStoreOffers = 350

// largeStore is a large store of the demo's replay: its two menus (recreational and
// medical) on one platform, each listing the same largeStoreOffers products of the
// demo's pool (real Ohio, Pennsylvania and New Jersey records) at the demo's prices,
// every one with its product page (docs/platforms.md, product pages).
func largeStore(tb testing.TB, platform string) (data.Dispensary, replay.Dataset) {
	tb.Helper()
	embedded, err := data.DefaultRegistry(scraper.RegistryRules())
	if err != nil {
		tb.Fatal(err)
	}
	reg, err := replay.DemoRegistry(embedded)
	if err != nil {
		tb.Fatal(err)
	}
	demo, err := replay.DemoDataset(reg)
	if err != nil {
		tb.Fatal(err)
	}
	// Every product of the pool once, with the price one demo store gives it.
	seen := map[string]bool{}
	var products []replay.Product
	for _, st := range demo.Stores {
		for _, p := range st.Products {
			if !seen[p.ID] && len(p.Sizes) > 0 {
				seen[p.ID] = true
				for i := range p.Sizes {
					p.Sizes[i].InStock = true
				}
				products = append(products, p)
			}
		}
	}
	slices.SortFunc(products, func(a, b replay.Product) int { return strings.Compare(a.ID, b.ID) })
	if len(products) < largeStoreOffers {
		tb.Fatalf("the demo's pool has %d products, want %d", len(products), largeStoreOffers)
	}
	products = products[:largeStoreOffers]
	d := data.Dispensary{Slug: "large-store-columbus", Name: "Large Store Columbus", City: "Columbus", Address: "1 High St.",
		County: "Franklin", Region: "Central", Lat: 39.96, Lng: -83, Coordinates: data.CoordinatesCity, Medical: true, AdultUse: true}
	var ds replay.Dataset
	switch platform {
	case "dutchie":
		// One Dutchie menu serves both markets, the medical one at its own prices.
		for _, m := range []data.Market{data.Recreational, data.Medical} {
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "dutchie", CName: "large-store-columbus"})
		}
		ds.Stores = []replay.Store{{Platform: "dutchie", Key: "large-store-columbus", DispensaryID: "5f0c1a2b3c4d5e6f7a8b9c0d", Name: d.Name,
			Slug: d.Slug, City: d.City, Markets: []data.Market{data.Recreational, data.Medical}, Products: products, MedicalPriceFactor: 0.93}}
	case "jane":
		// Jane has a store id per market.
		for i, m := range []data.Market{data.Recreational, data.Medical} {
			id := []string{"9101", "9102"}[i]
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "jane", StoreID: id,
				URL: "https://www.iheartjane.com/stores/" + id + "/large-store-columbus-" + string(m) + "/menu"})
			ds.Stores = append(ds.Stores, replay.Store{Platform: "jane", Key: id, Name: d.Name, Slug: d.Slug, City: d.City,
				Markets: []data.Market{m}, Products: products, MedicalPriceFactor: 1})
		}
	default:
		tb.Fatalf("no large store on %s", platform)
	}
	return d, ds
}

// publishLargeStore scrapes the large store of platform from an in-process replay
// twice (a week apart, so that its offers are tracked) into a new database, publishes
// it as omc publish does and returns its api/menus/<slug>.
func publishLargeStore(tb testing.TB, platform string) []byte {
	tb.Helper()
	ctx := context.Background()
	d, ds := largeStore(tb, platform)
	url, shutdown, err := replay.New(&ds).Listen("127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	defer shutdown(ctx)
	reg := data.Registry{Dispensaries: []data.Dispensary{d},
		Platforms: map[string]data.PlatformConfig{platform: {BaseURL: url, Settings: replay.DemoPlatformSettings()[platform]}}}
	dir := tb.TempDir()
	db, adapters := newScrapeDB(tb, dir, reg)
	defer db.Close()
	for _, at := range []time.Time{benchNow.Add(-7 * 24 * time.Hour), benchNow} {
		sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{Now: at, ReplaceRegistry: true})
		if err != nil || sum.MenusFailed > 0 {
			tb.Fatalf("scrape: %v, %d menus failed", err, sum.MenusFailed)
		}
	}
	out := filepath.Join(dir, "out")
	if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: benchNow}); err != nil {
		tb.Fatal(err)
	}
	raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(publish.PathMenus+d.Slug)))
	if err != nil {
		tb.Fatal(err)
	}
	return raw
}

// gzipLen is the size of raw compressed by gzip at level.
func gzipLen(raw []byte, level int) int {
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, level)
	w.Write(raw)
	w.Close()
	return gz.Len()
}

// BenchmarkPublishLargeStore publishes a large store (two menus of 350 offers, every
// offer with its product page, scraped from the replay) and reports the size of its
// api/menus/<slug>: as written, and compressed by gzip at the default level (what omc
// serve's compressor and most CDNs use) and at the best. Not timed: a size.
func BenchmarkPublishLargeStore(b *testing.B) {
	for _, platform := range []string{"dutchie", "jane"} {
		b.Run(platform, func(b *testing.B) {
			var raw []byte
			for range b.N {
				raw = publishLargeStore(b, platform)
			}
			var m publish.Menu
			if err := json.Unmarshal(raw, &m); err != nil {
				b.Fatal(err)
			}
			offers := 0
			for _, mk := range m.Markets {
				offers += len(mk.Offers.Product)
			}
			b.ReportMetric(float64(offers), "offers")
			b.ReportMetric(float64(len(raw))/1000, "menu-kB")
			b.ReportMetric(float64(gzipLen(raw, gzip.DefaultCompression))/1000, "menu-gzip-kB")
			b.ReportMetric(float64(gzipLen(raw, gzip.BestCompression))/1000, "menu-gzip9-kB")
		})
	}
}
