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

	"github.com/klauspost/compress/zstd"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/history"
	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/scraper/replay"
	"github.com/ohiomc/omc/store"
)

var (
	yearRuns    = flag.Int("synth.runs", 2190, "runs of the simulated year (6 a day)")
	scrapeMenus = flag.Int("synth.menus", 2000, "menus of BenchmarkScrape2000")
	yearDB      = flag.String("synth.yeardb", "", "a database of the simulated year for BenchmarkSaveYear to copy, "+
		"written there first when missing (the year takes about ten minutes to write)")
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

// yearWritten is what writing a simulated year took.
type yearWritten struct {
	offers, changes int
	// firstRun is the database's size after the first run.
	firstRun int64
	wall     time.Duration
	cpu      time.Duration
}

// writeYear writes a simulated year of w (synth.runs runs, 4 hours apart) to a new
// database at path, as scrapes would store it: each run a read of the state's roster
// (every thirtieth read failing) and every menu recorded with RecordMenuFetch (the
// write path of a scrape, without the HTTP, so that the year takes minutes); w is
// stepped between runs. It leaves the database closed.
func writeYear(b *testing.B, w *synth.World, path string) yearWritten {
	ctx := context.Background()
	db, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	if err := db.SyncDispensaries(ctx, w.Registry.Dispensaries, true, yearStart); err != nil {
		b.Fatal(err)
	}
	var y yearWritten
	start, cpu0 := time.Now(), cpuTime()
	for run := range *yearRuns {
		at := yearStart.Add(time.Duration(run) * 4 * time.Hour)
		id, err := db.StartRun(ctx, at)
		if err != nil {
			b.Fatal(err)
		}
		if run%30 == 29 {
			err = db.RecordRosterFailure(ctx, synth.RosterURL, at, "HTTP 503")
		} else {
			_, err = db.RecordRoster(ctx, synth.RosterURL, at, w.Roster(run))
		}
		if err != nil {
			b.Fatal(err)
		}
		n := recordMenus(b, db, w, id, at)
		y.offers += n
		if run == 0 {
			db.Close()
			y.firstRun = fileSize(b, path)
			if db, err = store.Open(ctx, path); err != nil {
				b.Fatal(err)
			}
		}
		y.changes += w.Step()
	}
	db.Close()
	y.wall, y.cpu = time.Since(start), cpuTime()-cpu0
	return y
}

// BenchmarkStoreYear simulates one Ohio year (synth.Ohio: 300 menus × 350 offers, 3 %
// of offers changing price and 5 % stock per run, 6 runs a day, 2,190 runs, and the
// state's roster read each run) written straight to the store (writeYear), and reports
// the database size after it.
func BenchmarkStoreYear(b *testing.B) {
	for range b.N {
		ctx := context.Background()
		w := synth.New(synth.Ohio)
		path := filepath.Join(b.TempDir(), "omc.db")
		y := writeYear(b, w, path)
		size := fileSize(b, path)
		keepYear(b, path)
		// What publish reads at the end of the year: the latest state of every offer
		// and a year of daily prices; then the publish itself.
		db, err := store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		t, c := time.Now(), cpuTime()
		sd, err := db.ReadShop(ctx)
		if err != nil {
			b.Fatal(err)
		}
		states := 0
		if err := sd.EachMenu(func(m store.MenuOffers) error { states += len(m.Offers); return nil }); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "offer-states-s")
		b.ReportMetric((cpuTime() - c).Seconds(), "offer-states-cpu-s")
		end := yearStart.Add(time.Duration(*yearRuns) * 4 * time.Hour)
		t, c, daily := time.Now(), cpuTime(), 0
		if err := sd.EachDayPrice(ctx, end.AddDate(-1, 0, 0), end, func(store.DayPrice) error { daily++; return nil }); err != nil {
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
		b.ReportMetric(float64(y.offers)/float64(*yearRuns), "offers/run")
		b.ReportMetric(float64(y.changes)/float64(*yearRuns), "changes/run")
		b.ReportMetric(float64(y.firstRun)/(1<<20), "db-MB-after-run-1")
		b.ReportMetric(float64(size)/(1<<20), "db-MB-after-year")
		b.ReportMetric(float64(size-y.firstRun)/float64(y.changes), "bytes/change")
		b.ReportMetric(y.wall.Seconds(), "write-wall-s")
		b.ReportMetric(y.cpu.Seconds(), "write-cpu-s")
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

func scrape(b *testing.B, db *store.DB, reg data.Registry, at time.Time) scraper.Summary {
	b.Helper()
	o := polite.DefaultOptions()
	o.Delay, o.Retries, o.Robots = 0, 0, false
	adapters, err := scraper.NewAdapters(polite.NewEngine(o), reg.Platforms)
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
		db, err := store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		sum := scrape(b, db, reg, yearStart)
		db.Close()
		first := fileSize(b, path)
		if db, err = store.Open(ctx, path); err != nil {
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
		db, err := store.Open(ctx, filepath.Join(b.TempDir(), "omc.db"))
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
// set), the replay of the world of that many menus until its standard input closes;
// in BenchmarkSaveYear's (OMC_SYNTH_HISTORY set), it runs one history command.
func TestMain(m *testing.M) {
	if n := os.Getenv("OMC_SYNTH_REPLAY_MENUS"); n != "" {
		if err := serveReplayChild(n); err != nil {
			fmt.Fprintln(os.Stderr, "replay child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if what := os.Getenv("OMC_SYNTH_HISTORY"); what != "" {
		if err := historyChild(what, os.Getenv("OMC_SYNTH_DB"), os.Getenv("OMC_SYNTH_STORAGE")); err != nil {
			fmt.Fprintln(os.Stderr, "history child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	code := m.Run()
	if yearKept != "" {
		os.Remove(yearKept)
	}
	os.Exit(code)
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
		db, err := store.Open(ctx, filepath.Join(b.TempDir(), "omc.db"))
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
				if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: slug, Market: market, Platform: platform, At: at, Offers: menu}); err != nil {
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

// yearKept is a copy of the year BenchmarkStoreYear wrote, for BenchmarkSaveYear (run
// after it by go test -bench .) when no -synth.yeardb names one, so that the two do not
// each spend minutes writing the same year; TestMain removes it.
var yearKept string

// keepYear keeps a copy of the year database at path as yearKept, once.
func keepYear(b *testing.B, path string) {
	if *yearDB != "" || yearKept != "" {
		return
	}
	f, err := os.CreateTemp("", "omc-synth-year-*.db")
	if err != nil {
		b.Fatal(err)
	}
	f.Close()
	copyFile(b, path, f.Name())
	yearKept = f.Name()
}

func copyFile(b *testing.B, from, to string) {
	raw, err := os.ReadFile(from)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(to, raw, 0o644); err != nil {
		b.Fatal(err)
	}
}

// yearDatabase is a database of the simulated Ohio year (writeYear) for the benchmark
// to work on: a copy of -synth.yeardb (written first when it does not exist), else of
// the year BenchmarkStoreYear kept, else a year written now.
func yearDatabase(b *testing.B) string {
	b.Helper()
	src := *yearDB
	if src == "" {
		src = yearKept
	}
	if src == "" {
		src = filepath.Join(b.TempDir(), "year.db")
	}
	if _, err := os.Stat(src); err != nil {
		y := writeYear(b, synth.New(synth.Ohio), src+".part")
		if err := os.Rename(src+".part", src); err != nil {
			b.Fatal(err)
		}
		b.Logf("wrote the year to %s: %.1f MB, %.0f CPU-s", src, float64(fileSize(b, src))/(1<<20), y.cpu.Seconds())
	}
	if src != *yearDB && src != yearKept {
		return src
	}
	dst := filepath.Join(b.TempDir(), "year.db")
	copyFile(b, src, dst)
	return dst
}

// BenchmarkSaveYear measures omc history save and restore on a simulated Ohio year
// (writeYear: 2,190 runs of 300 menus and the roster, about 160 MB): the first save
// (no copy before it: the checks of the database and of its snapshot, the digests for
// its record, the snapshot, zstd), a second save of the same database (compared with
// the first copy's record, as every scheduled save after the first is, and, keeping
// one copy, pruning: the new copy verified, the first removed), and a restore of the
// newest copy; each in a child process (this test binary, OMC_SYNTH_HISTORY set) for
// its peak RSS. The floor beside them is what any save must do: the snapshot (VACUUM
// INTO) and its compression, without a check.
func BenchmarkSaveYear(b *testing.B) {
	ctx := context.Background()
	db := yearDatabase(b)
	// A year written by an older omc is migrated first, as scrape would have done.
	d, err := store.Open(ctx, db)
	if err != nil {
		b.Fatal(err)
	}
	d.Close()
	size := fileSize(b, db)
	b.ResetTimer()
	for range b.N {
		storage := filepath.Join(b.TempDir(), "storage")
		floor := runHistoryChild(b, "floor", db, b.TempDir())
		first := runHistoryChild(b, "save", db, storage)
		again := runHistoryChild(b, "save", db, storage)
		restore := runHistoryChild(b, "restore", db, storage)
		for _, r := range []struct {
			name string
			historyRun
		}{{"floor", floor}, {"save-first", first}, {"save", again}, {"restore", restore}} {
			b.ReportMetric(r.wall, r.name+"-s")
			b.ReportMetric(r.cpu, r.name+"-cpu-s")
			b.ReportMetric(r.peakMiB, r.name+"-peak-rss-MiB")
		}
	}
	b.ReportMetric(float64(size)/(1<<20), "db-MB")
}

// historyChild runs one history command on the database at db against the folder
// storage: save, restore (the newest copy, to a new file) or floor (a snapshot of db,
// compressed as save compresses, into storage); then prints how long it took and its
// peak RSS.
func historyChild(what, db, storage string) error {
	ctx := context.Background()
	start := time.Now()
	k := &history.Keeper{Storage: history.Dir(storage), Keep: 1, TempDir: filepath.Dir(db)}
	switch what {
	case "save":
		if _, err := k.Save(ctx, db); err != nil {
			return err
		}
	case "restore":
		res, err := k.Restore(ctx, db+".restored", false)
		if err != nil || res.Record == nil {
			return fmt.Errorf("restore: %+v, %v", res, err)
		}
		os.Remove(db + ".restored")
	case "floor":
		d, err := store.Open(ctx, db)
		if err != nil {
			return err
		}
		snap := filepath.Join(storage, "omc.db")
		err = d.SnapshotTo(ctx, snap)
		d.Close()
		if err != nil {
			return err
		}
		if err := zstdFile(snap, snap+".zst"); err != nil {
			return err
		}
		os.Remove(snap)
		os.Remove(snap + ".zst")
	default:
		return fmt.Errorf("OMC_SYNTH_HISTORY %q: save, restore or floor", what)
	}
	fmt.Printf("DONE wall=%.3f hwm-kib=%d\n", time.Since(start).Seconds(), peakKiB())
	return nil
}

// zstdFile compresses src to dst at the level history save uses.
func zstdFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	defer out.Close()
	zw, err := zstd.NewWriter(out, zstd.WithEncoderLevel(zstd.SpeedBetterCompression))
	if err != nil {
		return err
	}
	if _, err := io.Copy(zw, in); err != nil {
		zw.Close()
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Sync()
}

// peakKiB is this process's peak resident memory (VmHWM of /proc/self/status).
func peakKiB() int {
	raw, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(raw), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kib, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kib
		}
	}
	return 0
}

// historyRun is what one history child measured.
type historyRun struct{ wall, cpu, peakMiB float64 }

// runHistoryChild runs historyChild's what in a child process.
func runHistoryChild(b *testing.B, what, db, storage string) historyRun {
	b.Helper()
	syscall.Sync() // the set-up's writes are not the command's
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "OMC_SYNTH_HISTORY="+what, "OMC_SYNTH_DB="+db, "OMC_SYNTH_STORAGE="+storage)
	got, err := cmd.CombinedOutput()
	if err != nil {
		b.Fatalf("history %s: %v\n%s", what, err, got)
	}
	var r historyRun
	var hwm int
	for _, line := range strings.Split(string(got), "\n") {
		if strings.HasPrefix(line, "DONE") {
			fmt.Sscanf(line, "DONE wall=%f hwm-kib=%d", &r.wall, &hwm)
		}
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	r.cpu = time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
	r.peakMiB = float64(hwm) / 1024
	b.Logf("history %s: %.2f s, %.2f CPU-s (%.2f in the kernel), peak RSS %.1f MiB",
		what, r.wall, r.cpu, time.Duration(ru.Stime.Nano()).Seconds(), r.peakMiB)
	return r
}
