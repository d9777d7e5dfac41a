package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
)

type scrapeOptions struct {
	Config
	Only []string
	JSON bool
	deps deps
	// registry, when set, replaces loading one (demo, tests).
	registry *data.Registry
	// retries, when >= 0, overrides the engine default (demo).
	retries int
	// backoff, when > 0, is the first back-off before a retry instead of the engine's
	// (demo: the replay's failures do not heal on a retry; waiting only slows the demo).
	backoff time.Duration
	// roster is what runScrape's read of the state's roster did (nil: none configured).
	roster *scraper.RosterOutcome
}

// scrapeReport is what `omc scrape --json` prints: the run and the roster's read.
type scrapeReport struct {
	scraper.Summary
	Roster *scraper.RosterOutcome `json:"roster"`
}

func newScrapeCmd(d deps) *cobra.Command {
	opts := &scrapeOptions{Config: DefaultConfig(), deps: d, retries: -1}
	cmd := &cobra.Command{
		Use:   "scrape",
		Short: "Fetch every monitored menu once and store what was found",
		Long: `Read the state's dispensary roster (--roster, else the registry's roster.url) and
fetch every monitored menu of the registry once, store the roster, every fetch and every
offer in the database, and print a summary. A roster that cannot be read is recorded
with its error and the last good roster stays in use; the menus are fetched all the
same. Exit status: 0 when the roster and every menu were read, 1 when some failed (each
failure is recorded against its dispensary), 2 on bad usage or a bad registry.`,
		Example: `  omc scrape
  omc scrape --registry my-dispensaries.yaml --db data/omc.db
  omc scrape --only bloom-akron,the-botanist-akron --delay 5s
  omc scrape --now 2026-07-01T12:00:00Z --json
  omc scrape --roster none`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runScrapeCmd(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "db", "now", "registry", "delay", "timeout", "run-timeout", "roster")
	cmd.Flags().StringSliceVar(&opts.Only, "only", nil, "scrape only these dispensary slugs (comma-separated)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the summary as JSON")
	return cmd
}

func runScrapeCmd(ctx context.Context, opts *scrapeOptions) error {
	sum, err := runScrape(ctx, opts)
	if err != nil {
		return err
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(scrapeReport{Summary: sum, Roster: opts.roster}); err != nil {
			return err
		}
	} else {
		printRoster(opts.deps.Out, opts.roster)
		printSummary(opts.deps.Out, sum)
	}
	switch {
	case sum.MenusFailed > 0:
		return errSomeFailed
	case opts.roster != nil && !opts.roster.OK:
		return &exitError{code: exitFailed, err: fmt.Errorf("the roster failed: %s", opts.roster.Error)}
	}
	return nil
}

// runScrape is the one scrape function behind scrape, worker and demo: validate
// everything, then fetch and record.
func runScrape(ctx context.Context, opts *scrapeOptions) (scraper.Summary, error) {
	if err := opts.validate(); err != nil {
		return scraper.Summary{}, err
	}
	now, err := opts.now(opts.deps.Now)
	if err != nil {
		return scraper.Summary{}, err
	}
	var reg data.Registry
	if opts.registry != nil {
		reg = *opts.registry
	} else if reg, err = opts.loadRegistry(); err != nil {
		return scraper.Summary{}, err
	}
	if _, err := reg.Only(opts.Only); err != nil {
		return scraper.Summary{}, err
	}
	rosterURL, err := opts.rosterURL(reg)
	if err != nil {
		return scraper.Summary{}, err
	}
	engine := polite.NewEngine(opts.engineOptions(reg.Politeness))
	adapters, err := scraper.NewAdapters(engine, reg.Platforms)
	if err != nil {
		return scraper.Summary{}, &exitError{code: exitUsage, err: fmt.Errorf("registry %s: %w", reg.Source, err)}
	}
	db, err := openDB(ctx, opts.DB)
	if err != nil {
		return scraper.Summary{}, err
	}
	defer db.Close()
	opts.roster = nil
	if rosterURL != "" && len(opts.Only) == 0 {
		// The roster first: it does not stop the menus when it fails.
		out, err := scraper.UpdateRoster(ctx, db, engine, rosterURL, now)
		if err != nil {
			return scraper.Summary{}, err
		}
		opts.roster = &out
	}
	progress := newProgress(opts.deps.ErrOut, opts.deps.IsTerminal && !opts.JSON)
	sum, err := scraper.Run(ctx, db, reg, adapters, scraper.RunOptions{
		Now: now, ReplaceRegistry: len(opts.Only) == 0, Only: opts.Only, Progress: progress.update,
		Deadline: opts.RunTimeout,
	})
	progress.done()
	return sum, err
}

// printRoster says what the read of the roster did.
func printRoster(w io.Writer, r *scraper.RosterOutcome) {
	if r == nil {
		return
	}
	if !r.OK {
		fmt.Fprintf(w, "Roster FAILED (the last good roster stays in use): %s\n", r.Error)
		return
	}
	fmt.Fprintf(w, "Roster: %d licences, %d active, %d changes (%s).\n", r.Rows, r.Active, len(r.Changes), r.URL)
	for i, c := range r.Changes {
		if i == 20 {
			fmt.Fprintf(w, "  … and %d more\n", len(r.Changes)-i)
			break
		}
		fmt.Fprintf(w, "  %s\n", c)
	}
	if n := len(r.Skipped); n > 0 {
		fmt.Fprintf(w, "  %d rows not read, first: %s\n", n, r.Skipped[0])
	}
}

// progress shows a live line on a terminal and plain lines otherwise.
type progress struct {
	w    io.Writer
	live bool
}

func newProgress(w io.Writer, live bool) *progress { return &progress{w: w, live: live} }

func (p *progress) update(done, total int, r scraper.MenuResult) {
	outcome := fmt.Sprintf("ok, %d products", r.Products)
	if r.OK && r.Source != "" && r.Source != r.Platform {
		// Served by a registry alternative: the menu's own source refused us.
		outcome += " from its alternative on " + r.Source
	}
	if !r.OK {
		outcome = "FAILED " + string(r.Reason)
	}
	line := fmt.Sprintf("[%d/%d] %s (%s, %s): %s", done, total, r.Slug, r.Market, r.Platform, outcome)
	if p.live {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progress) done() {
	if p.live {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func printSummary(w io.Writer, sum scraper.Summary) {
	fmt.Fprintf(w, "Scraped %d menus in %s: %d ok, %d failed; %d products (%d offers).\n",
		sum.MenusOK+sum.MenusFailed, fmtDuration(sum.Duration), sum.MenusOK, sum.MenusFailed, sum.Products, sum.Offers)
	if sum.MenusFailed == 0 {
		return
	}
	// Every platform's failure reasons, the first thing to read when many menus fail.
	fmt.Fprintln(w, "Failures by platform:")
	for _, f := range sum.Failures {
		note := ""
		if f.Unverified > 0 {
			note = fmt.Sprintf(" (%d unverified leads never read)", f.Unverified)
		}
		fmt.Fprintf(w, "  %-12s %-12s %3d%s\n", f.Platform, f.Reason, f.Menus, note)
	}
	var broken, leads []scraper.MenuResult
	for _, r := range sum.Results {
		switch {
		case r.OK:
		case r.Unverified:
			leads = append(leads, r)
		default:
			broken = append(broken, r)
		}
	}
	list := func(title string, rs []scraper.MenuResult) {
		if len(rs) == 0 {
			return
		}
		fmt.Fprintln(w, title)
		for _, r := range rs {
			detail := r.Detail
			if len(detail) > 160 {
				detail = detail[:157] + "..."
			}
			fmt.Fprintf(w, "  %-40s %-12s %-12s %-8s %s\n", r.Slug, r.Market, r.Platform, r.Reason, detail)
		}
	}
	list("Failed menus:", broken)
	list("Unverified leads not confirmed (never read; the lead may be wrong, not the store broken):", leads)
}

// engineOptions layers the scraper defaults, the registry's politeness section, then
// flags and OMC_* variables.
func (opts *scrapeOptions) engineOptions(p data.Politeness) polite.Options {
	eo := polite.DefaultOptions()
	eo.UserAgent = polite.UserAgent(version)
	eo.Delay = opts.Delay // DefaultConfig's delay is the scraper's
	if p.Delay != nil {
		eo.Delay = p.Delay.Duration
	}
	eo.Timeout = opts.Timeout
	if p.Timeout != nil {
		eo.Timeout = p.Timeout.Duration
	}
	if p.MaxBodyBytes > 0 {
		eo.MaxBodyBytes = p.MaxBodyBytes
	}
	if p.Retries != nil {
		eo.Retries = *p.Retries
	}
	if p.MaxHosts > 0 {
		eo.MaxHosts = p.MaxHosts
	}
	if p.MaxRedirects > 0 {
		eo.MaxRedirects = p.MaxRedirects
	}
	if p.Robots != nil {
		eo.Robots = *p.Robots
	}
	if p.ParseTimeout != nil {
		eo.ParseTimeout = p.ParseTimeout.Duration
	}
	if opts.given["delay"] {
		eo.Delay = opts.Delay
	}
	if opts.given["timeout"] {
		eo.Timeout = opts.Timeout
	}
	if opts.retries >= 0 {
		eo.Retries = opts.retries
	}
	if opts.backoff > 0 {
		eo.BackoffBase = opts.backoff
	}
	eo.Transport = opts.deps.Transport
	return eo
}
