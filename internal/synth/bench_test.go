package synth_test

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
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
		sd, err := db.ReadShop(ctx)
		if err != nil {
			b.Fatal(err)
		}
		states := 0
		if err := sd.EachMenu(func(m data.MenuOffers) error { states += len(m.Offers); return nil }); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "offer-states-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "offer-states-cpu-s")
		end := yearStart.Add(time.Duration(*yearRuns) * 4 * time.Hour)
		t, c, daily := time.Now(), cpuTime(), 0
		if err := sd.EachDayPrice(ctx, end.AddDate(-1, 0, 0), end, func(data.DayPrice) error { daily++; return nil }); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "daily-prices-year-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "daily-prices-year-cpu-s")
		b.ReportMetric(float64(daily), "daily-prices")
		b.ReportMetric(float64(states), "offer-states")
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

// BenchmarkScrape2000 scrapes a 2,000-menu world (350 offers each) from the replay into
// a fresh database, then once more unchanged. The replay runs in a child process (this
// test binary, OMC_SYNTH_REPLAY_MENUS set): in production the platforms are remote
// servers, so the budget is the scraper's own CPU. The scraper's CPU seconds and peak
// RSS (this process) and the replay's (the child's) are reported apart, and their sum
// as total-*-cpu-s.
func BenchmarkScrape2000(b *testing.B) {
	opts := synth.Ohio
	opts.Menus = *scrapeMenus
	for range b.N {
		ctx := context.Background()
		w := synth.New(opts)
		reg, child := replayChild(b, w, opts.Menus)
		db, err := data.Open(ctx, filepath.Join(b.TempDir(), "omc.db"))
		if err != nil {
			b.Fatal(err)
		}
		run := func(name string, at time.Time) scraper.Summary {
			cpu0, replay0, start := cpuTime(), child.cpu(b), time.Now()
			sum := scrape(b, db, reg, at)
			scrapeCPU, replayCPU := (cpuTime() - cpu0).Seconds(), (child.cpu(b) - replay0).Seconds()
			b.ReportMetric(scrapeCPU, name+"-cpu-s")
			b.ReportMetric(replayCPU, name+"-replay-cpu-s")
			b.ReportMetric(scrapeCPU+replayCPU, name+"-total-cpu-s")
			b.ReportMetric(time.Since(start).Seconds(), name+"-wall-s")
			return sum
		}
		sum := run("first", yearStart)
		run("unchanged", yearStart.Add(4*time.Hour))
		b.ReportMetric(float64(sum.MenusOK), "menus")
		b.ReportMetric(float64(sum.Offers), "offers")
		b.ReportMetric(peakRSSMiB(), "peak-rss-MiB")
		b.ReportMetric(child.peakRSSMiB(b), "replay-peak-rss-MiB")
		db.Close()
		if w.MenuCount() != sum.MenusOK {
			b.Fatalf("%d menus scraped of %d", sum.MenusOK, w.MenuCount())
		}
	}
}

// TestMain serves, in BenchmarkScrape2000's child process (OMC_SYNTH_REPLAY_MENUS
// set), the replay of the world of that many menus until its standard input closes.
func TestMain(m *testing.M) {
	if n := os.Getenv("OMC_SYNTH_REPLAY_MENUS"); n != "" {
		if err := serveReplayChild(n); err != nil {
			fmt.Fprintln(os.Stderr, "replay child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func serveReplayChild(menus string) error {
	opts := synth.Ohio
	var err error
	if opts.Menus, err = strconv.Atoi(menus); err != nil {
		return fmt.Errorf("OMC_SYNTH_REPLAY_MENUS %q: %w", menus, err)
	}
	url, shutdown, err := replay.New(synth.New(opts).Dataset()).Listen("127.0.0.1:0")
	if err != nil {
		return err
	}
	fmt.Println("LISTEN", url)
	io.Copy(io.Discard, os.Stdin) // the parent closes it when done, or dies
	return shutdown(context.Background())
}

// childReplay is the replay running in a child process.
type childReplay struct{ pid int }

// replayChild starts the replay of w, the world of synth.Ohio with that many menus, in
// a child process (which makes the same world: the same options make the same world)
// and returns w's registry pointed at it; the child ends with the benchmark.
func replayChild(b *testing.B, w *synth.World, menus int) (data.Registry, *childReplay) {
	b.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "OMC_SYNTH_REPLAY_MENUS="+strconv.Itoa(menus))
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() {
		stdin.Close()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "LISTEN ")
	if err != nil || !ok {
		b.Fatalf("replay child: %q, %v", line, err)
	}
	reg := w.Registry
	reg.Platforms = map[string]data.PlatformConfig{"jane": {BaseURL: url, Settings: replay.DemoPlatformSettings()["jane"]}}
	return reg, &childReplay{pid: cmd.Process.Pid}
}

// cpu is the child's user and system time so far (/proc/<pid>/stat, in clock ticks of
// 1/100 s, Linux's USER_HZ).
func (c *childReplay) cpu(b *testing.B) time.Duration {
	b.Helper()
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", c.pid))
	if err != nil {
		b.Fatal(err)
	}
	// Fields after the command name (which may hold spaces, closed by the last ')'):
	// state is field 3, utime 14 and stime 15.
	f := strings.Fields(string(stat[bytes.LastIndexByte(stat, ')')+1:]))
	utime, err1 := strconv.ParseInt(f[11], 10, 64)
	stime, err2 := strconv.ParseInt(f[12], 10, 64)
	if err1 != nil || err2 != nil {
		b.Fatalf("/proc/%d/stat: %q", c.pid, stat)
	}
	return time.Duration(utime+stime) * 10 * time.Millisecond
}

// peakRSSMiB is the child's peak resident set so far (VmHWM of /proc/<pid>/status).
func (c *childReplay) peakRSSMiB(b *testing.B) float64 {
	b.Helper()
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.pid))
	if err != nil {
		b.Fatal(err)
	}
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			var kb float64
			fmt.Sscanf(strings.TrimSpace(v), "%f", &kb)
			return kb / 1024
		}
	}
	b.Fatalf("/proc/%d/status has no VmHWM", c.pid)
	return 0
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
