package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

type demoOptions struct {
	Config
	Workdir string
	// Prerender is the command rendering the data pages after the publish (see --prerender).
	Prerender string
	deps      deps
	// ready, when set, receives the site URL once serving (tests).
	ready func(url string)
}

func newDemoCmd(d deps) *cobra.Command {
	opts := &demoOptions{Config: DefaultConfig(), deps: d, Workdir: ".omc-demo"}
	cmd := &cobra.Command{
		Use:   "demo",
		Short: "Scrape the bundled sample menus from a local replay, publish and serve the site",
		Long: `Start a local replay of the menu platforms serving the bundled sample menus (real Ohio
products, see scraper/replay/demo/PROVENANCE.md) for the dispensaries of the embedded
registry (its Jane and Dutchie menus, and demo menus on the other platforms), scrape it
as ten runs of its history: eight a week apart, then 20 hours ago and now (with a few
stores failing, so that the status page shows current, stale and missing menus). From
run to run prices drift, sales start and end, products arrive and sell out, so that
trends, price history, new products, deals and the yearly highlights show something.
Then publish (every shopping file marked sample data) and serve the site. Needs no
network. The database and snapshots go to --workdir, which is recreated.`,
		Example: `  omc demo
  omc demo --addr 127.0.0.1:0 --workdir /tmp/omc-demo
  omc demo --now 2026-07-01T12:00:00Z
  omc demo --dir site/dist-demo --prerender "node site/scripts/prerender-pages.mjs --build dist-demo"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			opts.ready = func(url string) {
				fmt.Fprintf(d.Out, "omc demo: site at %s\n", url)
				fmt.Fprintf(d.Out, "omc demo: dispensary status at %sdispensary-status (Ctrl-C to stop)\n", url)
			}
			return runDemo(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "now", "dir", "addr")
	cmd.Flags().StringVar(&opts.Workdir, "workdir", opts.Workdir, "directory for the demo database and snapshots (recreated)")
	cmd.Flags().StringVar(&opts.Prerender, "prerender", "", "command run after the publish with the published directory as its last argument, split at spaces, to render the data pages into its pages/ (site/scripts/prerender-pages.mjs); if it fails the pages load their data in the browser")
	return cmd
}

// demoWeeks is how many weekly runs of history the demo scrapes before its last two.
const demoWeeks = 8

// demoRun is the prepared demo: replay running, registry pointed at it.
type demoRun struct {
	Registry data.Registry
	// Weeks are what the weekly runs of history see, oldest first, a week apart, the
	// last a week before Dataset (replay.DemoWeeks). Dataset is what the scrape 20 hours
	// before now sees, Later what the last one does (prices, sales and stock changed,
	// new products: replay.DemoLater).
	Weeks          []*replay.Dataset
	Dataset, Later *replay.Dataset
	Replay         *replay.Server
	// AlwaysFailing fail in both scrapes (their tiles end up missing); FailingNow only in
	// the second (stale).
	AlwaysFailing, FailingNow []demoFailure
	shutdown                  []func(context.Context) error
}

type demoFailure struct {
	Platform, Key, Slug string
	Mode                replay.FailMode
}

// startDemoReplay starts the replay of the demo dataset for the demo registry (the
// embedded one with demo menus on the other platforms), one listener per platform so
// that the per-host politeness of one does not slow another.
func startDemoReplay() (*demoRun, error) {
	embedded, err := data.DefaultRegistry(scraper.RegistryRules())
	if err != nil {
		return nil, err
	}
	reg, err := replay.DemoRegistry(embedded)
	if err != nil {
		return nil, err
	}
	base, err := replay.DemoDataset(reg)
	if err != nil {
		return nil, fmt.Errorf("demo dataset: %w", err)
	}
	weeks, err := replay.DemoWeeks(base, demoWeeks)
	if err != nil {
		return nil, err
	}
	ds := weeks[demoWeeks]
	later, err := replay.DemoLater(ds)
	if err != nil {
		return nil, err
	}
	srv := replay.New(ds)
	run := &demoRun{Registry: reg, Weeks: weeks[:demoWeeks], Dataset: ds, Later: later, Replay: srv}
	reg.Platforms = map[string]data.PlatformConfig{}
	for _, p := range reg.PlatformsUsed() {
		url, shutdown, err := srv.Listen("127.0.0.1:0")
		if err != nil {
			run.Close()
			return nil, fmt.Errorf("demo replay: %w", err)
		}
		run.shutdown = append(run.shutdown, shutdown)
		reg.Platforms[p] = data.PlatformConfig{BaseURL: url, Settings: replay.DemoPlatformSettings()[p]}
	}
	// The state's roster, as the demo makes it up from the registry (replay.DemoRoster),
	// in the 2026 layer's shape, on a listener of its own.
	url, shutdown, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		run.Close()
		return nil, fmt.Errorf("demo replay: %w", err)
	}
	run.shutdown = append(run.shutdown, shutdown)
	srv.SetRoster(replay.Roster{Rows: replay.DemoRoster(embedded), Layout: replay.Layout2026})
	reg.Roster.URL = url + replay.RosterPath
	run.Registry = reg
	run.pickFailures()
	return run, nil
}

// pickFailures chooses, deterministically, which stores fail: every 8th monitored store
// (by slug) in the last scrape with the four failure modes in turn, and two stores in
// every scrape. A time-out holds its host's queue for seconds (the request's time-out,
// and again for its retry): one store per platform times out, the others due one fail
// with a server error, so that the demo starts quickly.
func (r *demoRun) pickFailures() {
	type store struct{ platform, key, slug string }
	seen := map[string]bool{}
	var stores []store
	for _, d := range r.Registry.Monitored() {
		for _, m := range d.Menus {
			key := replay.StoreKey(m)
			if key == "" || seen[m.Platform+key] {
				continue
			}
			seen[m.Platform+key] = true
			stores = append(stores, store{m.Platform, key, d.Slug})
		}
	}
	sort.Slice(stores, func(i, j int) bool { return stores[i].slug < stores[j].slug })
	modes := []replay.FailMode{"500", "malformed", "blocked", "timeout"}
	timingOut := map[string]bool{} // platforms with a store timing out
	for i, s := range stores {
		f := demoFailure{Platform: s.platform, Key: s.key, Slug: s.slug}
		switch {
		case i%8 == 3:
			f.Mode = modes[(i/8)%len(modes)]
			if f.Mode == "timeout" {
				if timingOut[s.platform] {
					f.Mode = "500"
				}
				timingOut[s.platform] = true
			}
			r.FailingNow = append(r.FailingNow, f)
		case i == 5 || i == 30:
			f.Mode = "500"
			r.AlwaysFailing = append(r.AlwaysFailing, f)
		}
	}
}

func (r *demoRun) setFailures(fs ...[]demoFailure) {
	r.Replay.ClearFailures()
	for _, list := range fs {
		for _, f := range list {
			r.Replay.SetFailure(f.Platform, f.Key, f.Mode)
		}
	}
}

// Close stops the replay listeners.
func (r *demoRun) Close() {
	for _, s := range r.shutdown {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		s(ctx)
		cancel()
	}
}

// demoScrape is one of the demo's scrapes: when, and what the replay serves then.
type demoScrape struct {
	At      time.Time
	Dataset *replay.Dataset
	// FailingNow says whether the stores that fail only now fail in it (the last).
	FailingNow bool
}

// scrapes are the demo's runs in time order: the weekly runs of history (Weeks), ending
// a week before the run at now-20h (Dataset), then the one at now (Later). The
// always-failing stores fail in every run, the others only in the last, so that the
// status page shows current, stale and missing menus.
func (r *demoRun) scrapes(now time.Time) []demoScrape {
	recent := now.Add(-20 * time.Hour)
	var out []demoScrape
	for i, ds := range r.Weeks {
		out = append(out, demoScrape{At: recent.AddDate(0, 0, -7*(len(r.Weeks)-i)), Dataset: ds})
	}
	return append(out, demoScrape{At: recent, Dataset: r.Dataset}, demoScrape{At: now, Dataset: r.Later, FailingNow: true})
}

// scrapeAll runs the demo's scrapes (scrapes) and returns their summaries.
func (r *demoRun) scrapeAll(ctx context.Context, c Config, d deps, now time.Time) ([]scraper.Summary, error) {
	// The replay's delay and timeout win over the registry's politeness section.
	c.given = map[string]bool{"delay": true, "timeout": true}
	so := &scrapeOptions{Config: c, deps: d, registry: &r.Registry, retries: 1, backoff: 100 * time.Millisecond}
	so.Delay, so.Timeout = 0, 2*time.Second
	var sums []scraper.Summary
	for _, sc := range r.scrapes(now) {
		so.Now = sc.At.Format(time.RFC3339)
		r.Replay.SetDataset(sc.Dataset)
		if sc.FailingNow {
			r.setFailures(r.AlwaysFailing, r.FailingNow)
		} else {
			r.setFailures(r.AlwaysFailing)
		}
		sum, err := runScrape(ctx, so)
		if err != nil {
			return sums, err
		}
		sums = append(sums, sum)
	}
	return sums, nil
}

func runDemo(ctx context.Context, opts *demoOptions) error {
	now, err := opts.now(opts.deps.Now)
	if err != nil {
		return err
	}
	if _, err := siteHandler(opts.SiteDir, opts.Workdir); err != nil {
		return err
	}
	if err := os.RemoveAll(opts.Workdir); err != nil {
		return fmt.Errorf("demo workdir %s: %w", opts.Workdir, err)
	}
	c := opts.Config
	c.DB = filepath.Join(opts.Workdir, "omc.db")
	c.Out = filepath.Join(opts.Workdir, "out")
	c.Now = now.Format(time.RFC3339)
	c.Sample = true // the replayed menus are sample data, and every snapshot says so

	run, err := startDemoReplay()
	if err != nil {
		return err
	}
	defer run.Close()
	scrapes := run.scrapes(now)
	fmt.Fprintf(opts.deps.ErrOut, "omc demo: replaying %d sample menus; scraping %d runs, weekly from %s, then as of %s and %s\n",
		len(run.Dataset.Stores), len(scrapes), scrapes[0].At.Format(time.RFC3339), scrapes[len(scrapes)-2].At.Format(time.RFC3339),
		now.Format(time.RFC3339))
	d := opts.deps
	d.IsTerminal = false
	d.ErrOut = discard{}
	sums, err := run.scrapeAll(ctx, c, d, now)
	if err != nil {
		return err
	}
	for i, s := range sums {
		fmt.Fprintf(opts.deps.ErrOut, "omc demo: scrape %d (%s): %d menus ok, %d failed, %d products\n", i+1,
			scrapes[i].At.Format(time.RFC3339), s.MenusOK, s.MenusFailed, s.Products)
	}
	res, err := runPublish(ctx, &c, opts.deps)
	if err != nil {
		return err
	}
	printPublished(deps{Out: opts.deps.ErrOut, ErrOut: opts.deps.ErrOut}, res)
	if opts.Prerender != "" {
		if err := runPrerender(ctx, opts.Prerender, c.Out, opts.deps.ErrOut); err != nil {
			fmt.Fprintf(opts.deps.ErrOut, "omc demo: %v; the pages load their data in the browser instead\n", err)
		}
	}
	so := &serveOptions{Config: c, DataDir: c.Out, deps: opts.deps, ready: opts.ready}
	so.SiteDir, so.Addr = opts.SiteDir, opts.Addr
	return runServe(ctx, so)
}

// runPrerender runs command (split at spaces) with the published directory out as its
// last argument: the site's renderer of the data pages (site/scripts/prerender-pages.mjs)
// writes them into out/pages, where omc serve looks for them. Its output goes to log.
func runPrerender(ctx context.Context, command, out string, log io.Writer) error {
	args := strings.Fields(command)
	if len(args) == 0 {
		return fmt.Errorf("--prerender: no command")
	}
	cmd := exec.CommandContext(ctx, args[0], append(args[1:], out)...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("pre-rendering (--prerender %q): %w", command, err)
	}
	return nil
}
