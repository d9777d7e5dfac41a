package synth_test

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

var (
	yearRuns    = flag.Int("synth.runs", 2190, "runs of the simulated year (6 a day)")
	scrapeMenus = flag.Int("synth.menus", 2000, "menus of BenchmarkScrape2000")
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func peakRSSMiB() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Maxrss) / 1024
}

// fileSize is the size of a closed database (closing checkpoints the WAL into it).
func fileSize(tb testing.TB, path string) int64 {
	tb.Helper()
	var n int64
	for _, p := range []string{path, path + "-wal"} {
		if fi, err := os.Stat(p); err == nil {
			n += fi.Size()
		}
	}
	return n
}

var yearStart = time.Date(2026, 1, 1, 5, 0, 0, 0, time.UTC)

// BenchmarkStoreYear simulates one Ohio year (synth.Ohio: 300 menus × 350 offers, 3 %
// of offers changing price and 5 % stock per run, 6 runs a day, 2,190 runs) written
// straight to the store with RecordMenuFetch (the write path of a scrape, without the
// HTTP, so that the year takes minutes), and reports the database size after it.
func BenchmarkStoreYear(b *testing.B) {
	for range b.N {
		ctx := context.Background()
		w := synth.New(synth.Ohio)
		path := filepath.Join(b.TempDir(), "omc.db")
		db, err := data.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if err := db.SyncDispensaries(ctx, w.Registry.Dispensaries, true, yearStart); err != nil {
			b.Fatal(err)
		}
		start, cpu0 := time.Now(), cpuTime()
		offers, changes := 0, 0
		var firstRun int64
		for run := range *yearRuns {
			at := yearStart.Add(time.Duration(run) * 4 * time.Hour)
			id, err := db.StartRun(ctx, at)
			if err != nil {
				b.Fatal(err)
			}
			n := 0
			for i := range w.MenuCount() {
				slug, market, platform := w.Menu(i)
				menu := w.Offers(i)
				n += len(menu)
				if err := db.RecordMenuFetch(ctx, data.MenuFetch{RunID: id, Slug: slug, Market: market, Platform: platform, At: at, Offers: menu, HTTPStatus: 200}); err != nil {
					b.Fatal(err)
				}
			}
			if err := db.FinishRun(ctx, id, at, w.MenuCount(), 0, n); err != nil {
				b.Fatal(err)
			}
			offers += n
			if run == 0 {
				db.Close()
				firstRun = fileSize(b, path)
				if db, err = data.Open(ctx, path); err != nil {
					b.Fatal(err)
				}
			}
			changes += w.Step()
		}
		db.Close()
		size := fileSize(b, path)
		wall, cpu := time.Since(start), cpuTime()-cpu0
		// What publish reads at the end of the year: the latest state of every offer
		// and a year of daily prices; then the publish itself.
		if db, err = data.Open(ctx, path); err != nil {
			b.Fatal(err)
		}
		t, c := time.Now(), cpuTime()
		states, err := db.OfferStates(ctx)
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "offer-states-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "offer-states-cpu-s")
		end := yearStart.Add(time.Duration(*yearRuns) * 4 * time.Hour)
		t, c, daily := time.Now(), cpuTime(), 0
		if err := db.EachDailyPrice(ctx, end.AddDate(-1, 0, 0), end, func(data.DailyPrice) error { daily++; return nil }); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "daily-prices-year-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "daily-prices-year-cpu-s")
		b.ReportMetric(float64(daily), "daily-prices")
		b.ReportMetric(float64(len(states)), "offer-states")
		// And the publish of everything after the year (highlights and a year of
		// history included), as omc publish runs it.
		t, c = time.Now(), cpuTime()
		res, err := publish.Publish(ctx, db, publish.Options{Out: filepath.Join(b.TempDir(), "out"), Now: end})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "publish-year-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "publish-year-cpu-s")
		b.ReportMetric(float64(len(res.Manifest.Files)+1), "publish-year-files")
		db.Close()
		b.ReportMetric(float64(*yearRuns), "runs")
		b.ReportMetric(float64(offers)/float64(*yearRuns), "offers/run")
		b.ReportMetric(float64(changes)/float64(*yearRuns), "changes/run")
		b.ReportMetric(float64(firstRun)/(1<<20), "db-MB-after-run-1")
		b.ReportMetric(float64(size)/(1<<20), "db-MB-after-year")
		b.ReportMetric(float64(size-firstRun)/float64(changes), "bytes/change")
		b.ReportMetric(wall.Seconds(), "write-wall-s")
		b.ReportMetric(cpu.Seconds(), "write-cpu-s")
	}
}

// replayWorld serves w from an in-process replay and returns the registry pointed at it.
func replayWorld(b *testing.B, w *synth.World) (data.Registry, *replay.Server) {
	b.Helper()
	srv := replay.New(w.Dataset())
	url, shutdown, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { shutdown(context.Background()) })
	reg := w.Registry
	reg.Platforms = map[string]data.PlatformConfig{"jane": {BaseURL: url, Settings: replay.DemoPlatformSettings()["jane"]}}
	return reg, srv
}

func scrape(b *testing.B, db *data.DB, reg data.Registry, at time.Time) scraper.Summary {
	b.Helper()
	o := scraper.DefaultOptions()
	o.Delay, o.Retries, o.Robots = 0, 0, false
	adapters, err := scraper.NewAdapters(scraper.NewEngine(o), reg.Platforms)
	if err != nil {
		b.Fatal(err)
	}
	sum, err := scraper.Run(context.Background(), db, reg, adapters, scraper.RunOptions{Now: at, ReplaceRegistry: true})
	if err != nil || sum.MenusFailed > 0 {
		b.Fatalf("scrape: %v, %d menus failed", err, sum.MenusFailed)
	}
	return sum
}

// BenchmarkUnchangedRuns scrapes the Ohio-sized world from the replay once, then ten
// times more, four hours apart, with nothing changed, and reports how much the ten add.
func BenchmarkUnchangedRuns(b *testing.B) {
	for range b.N {
		ctx := context.Background()
		w := synth.New(synth.Ohio)
		reg, _ := replayWorld(b, w)
		path := filepath.Join(b.TempDir(), "omc.db")
		db, err := data.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		sum := scrape(b, db, reg, yearStart)
		db.Close()
		first := fileSize(b, path)
		if db, err = data.Open(ctx, path); err != nil {
			b.Fatal(err)
		}
		for run := 1; run <= 10; run++ {
			scrape(b, db, reg, yearStart.Add(time.Duration(run)*4*time.Hour))
		}
		db.Close()
		after := fileSize(b, path)
		b.ReportMetric(float64(sum.Offers), "offers/run")
		b.ReportMetric(float64(first)/(1<<20), "db-MB-after-1")
		b.ReportMetric(float64(after)/(1<<20), "db-MB-after-11")
		b.ReportMetric(100*float64(after-first)/float64(first), "growth-%-of-first")
		b.ReportMetric(float64(after-first)/float64(10*sum.Offers), "bytes/offer/unchanged-fetch")
	}
}

// BenchmarkScrape2000 scrapes a 2,000-menu world (350 offers each) from the in-process
// replay into a fresh database, then once more unchanged. CPU seconds include serving
// the menus, as the replay runs in this process.
func BenchmarkScrape2000(b *testing.B) {
	opts := synth.Ohio
	opts.Menus = *scrapeMenus
	for range b.N {
		ctx := context.Background()
		w := synth.New(opts)
		reg, _ := replayWorld(b, w)
		db, err := data.Open(ctx, filepath.Join(b.TempDir(), "omc.db"))
		if err != nil {
			b.Fatal(err)
		}
		cpu0, start := cpuTime(), time.Now()
		sum := scrape(b, db, reg, yearStart)
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "first-cpu-s")
		b.ReportMetric(time.Since(start).Seconds(), "first-wall-s")
		cpu0, start = cpuTime(), time.Now()
		scrape(b, db, reg, yearStart.Add(4*time.Hour))
		b.ReportMetric((cpuTime() - cpu0).Seconds(), "unchanged-cpu-s")
		b.ReportMetric(time.Since(start).Seconds(), "unchanged-wall-s")
		b.ReportMetric(float64(sum.MenusOK), "menus")
		b.ReportMetric(float64(sum.Offers), "offers")
		b.ReportMetric(peakRSSMiB(), "peak-rss-MiB")
		db.Close()
	}
}

// BenchmarkStore2000 is the store's part of BenchmarkScrape2000: the same 2,000 menus
// recorded straight into a fresh database (what a scrape's RecordMenuFetch calls cost
// without HTTP and parsing), then once more unchanged, then once more after one run of
// churn.
func BenchmarkStore2000(b *testing.B) {
	opts := synth.Ohio
	opts.Menus = *scrapeMenus
	for range b.N {
		ctx := context.Background()
		w := synth.New(opts)
		db, err := data.Open(ctx, filepath.Join(b.TempDir(), "omc.db"))
		if err != nil {
			b.Fatal(err)
		}
		if err := db.SyncDispensaries(ctx, w.Registry.Dispensaries, true, yearStart); err != nil {
			b.Fatal(err)
		}
		menus := make([][]data.Offer, w.MenuCount())
		record := func(run int, name string) {
			for i := range menus {
				menus[i] = w.Offers(i) // generated before the clock starts
			}
			at := yearStart.Add(time.Duration(run) * 4 * time.Hour)
			cpu0, start := cpuTime(), time.Now()
			for i, menu := range menus {
				slug, market, platform := w.Menu(i)
				if err := db.RecordMenuFetch(ctx, data.MenuFetch{Slug: slug, Market: market, Platform: platform, At: at, Offers: menu}); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric((cpuTime() - cpu0).Seconds(), name+"-cpu-s")
			b.ReportMetric(time.Since(start).Seconds(), name+"-wall-s")
		}
		record(0, "first")
		record(1, "unchanged")
		w.Step()
		record(2, "churned")
		db.Close()
	}
}
