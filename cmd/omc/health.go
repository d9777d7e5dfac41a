package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

type healthOptions struct {
	Config
	Runs     int
	MinShare float64
	Markdown string
	JSON     bool
	deps     deps
}

// healthReport is what `omc health --json` prints.
type healthReport struct {
	Healthy bool `json:"healthy"`
	// Share is the share of menus read in the runs looked at, leaving out unverified
	// leads never read (not yet known to exist, so not a failure of the pipeline).
	Share    float64            `json:"share"`
	MinShare float64            `json:"minShare"`
	Runs     []store.RunReport  `json:"runs"`
	Failing  []store.RunFailure `json:"failing"`
	// Roster is the state's roster as last read (null when none has been read). A read
	// that failed does not change the verdict, which is the menus'; a read refused as
	// not looking like the roster (data.RosterRefused) does: the pipeline is then
	// holding back what the state's layer says, and someone must look.
	Roster *healthRoster `json:"roster"`
}

// healthRoster is the roster's health: the layer, the last good read and what it
// listed, and the last read's error (null when it was good).
type healthRoster struct {
	URL      string     `json:"url"`
	LastRead *time.Time `json:"lastRead"`
	Rows     int        `json:"rows"`
	Active   int        `json:"active"`
	Error    *string    `json:"error"`
	// Refused: the last read was refused as not looking like the roster.
	Refused bool `json:"refused"`
}

func rosterHealth(st data.RosterState) *healthRoster {
	if st.LastAttempt.IsZero() {
		return nil
	}
	h := &healthRoster{URL: st.URL, Rows: st.Rows, Active: st.Active, Refused: st.Refused()}
	if st.Read() {
		h.LastRead = &st.LastRead
	}
	if st.Error != "" {
		h.Error = &st.Error
	}
	return h
}

// String is the roster's line in the text and Markdown reports.
func (h *healthRoster) String() string {
	if h == nil {
		return "roster: never read"
	}
	good := "never read"
	if h.LastRead != nil {
		good = fmt.Sprintf("last read %s: %d licences, %d active", h.LastRead.UTC().Format("2006-01-02T15:04:05Z"), h.Rows, h.Active)
	}
	if h.Refused {
		return fmt.Sprintf("roster %s: %s; the last read was REFUSED (the last good roster stays in use): %s", h.URL, good, *h.Error)
	}
	if h.Error != nil {
		return fmt.Sprintf("roster %s: %s; the last read FAILED: %s", h.URL, good, *h.Error)
	}
	return fmt.Sprintf("roster %s: %s", h.URL, good)
}

func newHealthCmd(d deps) *cobra.Command {
	opts := &healthOptions{Config: DefaultConfig(), Runs: 6, MinShare: 0.5, deps: d}
	cmd := &cobra.Command{
		Use:   "health",
		Short: "Fail when too few menus were read in the last scrape runs",
		Long: `Look at the last --runs finished scrape runs in the database and exit 1 when fewer than
--min-share of their menus were read, naming the failing platforms and reasons. Menus from
unverified leads that have never been read are left out of the share: they are leads not
yet confirmed, not stores that broke. Every run's failures by platform and reason are
printed, and with --markdown appended to a file as a Markdown table (the workflow passes
$GITHUB_STEP_SUMMARY). The state's roster is reported too (its last good read and, when
the last read failed, why): a read that failed does not change the verdict, a read
refused as not looking like the state's roster (a licence listed twice, licences of the
wrong type or shape, too many licences unlisted at once) makes it unhealthy. Exit 0
healthy, 1 unhealthy or no finished run, 2 bad usage.`,
		Example: `  omc health
  omc health --runs 3 --min-share 0.6 --markdown "$GITHUB_STEP_SUMMARY"
  omc health --json | jq .share`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runHealth(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "db")
	cmd.Flags().IntVar(&opts.Runs, "runs", opts.Runs, "how many of the last finished runs to judge")
	cmd.Flags().Float64Var(&opts.MinShare, "min-share", opts.MinShare, "the share of menus (0 to 1) that must have been read")
	cmd.Flags().StringVar(&opts.Markdown, "markdown", "", "append the report as Markdown to this file (e.g. $GITHUB_STEP_SUMMARY)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the report as JSON")
	return cmd
}

func runHealth(ctx context.Context, opts *healthOptions) error {
	if opts.Runs < 1 {
		return usageError("--runs %d: must be at least 1", opts.Runs)
	}
	if opts.MinShare < 0 || opts.MinShare > 1 {
		return usageError("--min-share %g: must be between 0 and 1", opts.MinShare)
	}
	if _, err := os.Stat(opts.DB); err != nil {
		return &exitError{code: exitFailed, err: fmt.Errorf("health: database %s: %w", opts.DB, err)}
	}
	db, err := openDB(ctx, opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	runs, err := db.Runs(ctx, opts.Runs)
	if err != nil {
		return err
	}
	rep := judgeHealth(runs, opts.MinShare)
	roster, err := db.RosterState(ctx)
	if err != nil {
		return err
	}
	rep.Roster = rosterHealth(roster)
	if roster.Refused() {
		rep.Healthy = false
	}
	if opts.Markdown != "" {
		f, err := os.OpenFile(opts.Markdown, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			return usageError("--markdown %s: %v", opts.Markdown, err)
		}
		writeHealthMarkdown(f, rep)
		if err := f.Close(); err != nil {
			return fmt.Errorf("--markdown %s: %w", opts.Markdown, err)
		}
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		writeHealthText(opts.deps.Out, rep)
	}
	switch {
	case len(runs) == 0:
		return &exitError{code: exitFailed, err: fmt.Errorf("health: no finished scrape run in %s", opts.DB)}
	case roster.Refused():
		return &exitError{code: exitFailed, err: fmt.Errorf("health: the last read of the state's roster was refused: %s", roster.Error)}
	case !rep.Healthy:
		return &exitError{code: exitFailed, err: fmt.Errorf("health: %.0f%% of menus read in the last %d runs, below %.0f%%; failing: %s",
			100*rep.Share, len(runs), 100*rep.MinShare, describeFailures(rep.Failing, 5))}
	}
	return nil
}

// judgeHealth sums the runs: the share of menus read, unverified leads never read left
// out, and the failures by platform and reason over all of them.
func judgeHealth(runs []store.RunReport, minShare float64) healthReport {
	rep := healthReport{MinShare: minShare, Runs: runs, Failing: []store.RunFailure{}}
	if rep.Runs == nil {
		rep.Runs = []store.RunReport{}
	}
	ok, counted := 0, 0
	var all []store.RunFailure
	for _, r := range runs {
		ok += r.MenusOK
		counted += r.MenusOK + r.MenusFailed - r.UnverifiedFailed()
		all = append(all, r.Failures...)
	}
	for _, f := range store.GroupRunFailures(all) {
		if f.Menus > f.Unverified {
			rep.Failing = append(rep.Failing, f)
		}
	}
	if counted > 0 {
		rep.Share = float64(ok) / float64(counted)
	}
	rep.Healthy = len(runs) > 0 && (counted == 0 || rep.Share >= minShare)
	return rep
}

// describeFailures names the first n platform × reason failures, leads left out.
func describeFailures(fs []store.RunFailure, n int) string {
	var parts []string
	for _, f := range fs[:min(n, len(fs))] {
		parts = append(parts, fmt.Sprintf("%s %s (%d menus)", f.Platform, f.Reason, f.Menus-f.Unverified))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func runFailuresText(fs []store.RunFailure) string {
	if len(fs) == 0 {
		return "none"
	}
	var parts []string
	for _, f := range fs {
		s := fmt.Sprintf("%s %s %d", f.Platform, f.Reason, f.Menus)
		if f.Unverified > 0 {
			s += fmt.Sprintf(" (%d unverified leads)", f.Unverified)
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, "; ")
}

func writeHealthText(w io.Writer, rep healthReport) {
	for _, r := range rep.Runs {
		fmt.Fprintf(w, "run %s: %d ok, %d failed; %s\n", r.StartedAt.Format("2006-01-02T15:04:05Z"), r.MenusOK, r.MenusFailed, runFailuresText(r.Failures))
	}
	verdict := "healthy"
	if !rep.Healthy {
		verdict = "UNHEALTHY"
	}
	fmt.Fprintf(w, "%s: %.1f%% of menus read in the last %d runs (minimum %.0f%%, unverified leads never read left out)\n",
		verdict, 100*rep.Share, len(rep.Runs), 100*rep.MinShare)
	fmt.Fprintln(w, rep.Roster)
}

func writeHealthMarkdown(w io.Writer, rep healthReport) {
	verdict := "✅ healthy"
	if !rep.Healthy {
		verdict = "❌ unhealthy"
	}
	fmt.Fprintf(w, "## Pipeline health: %s\n\n%.1f%% of menus read in the last %d runs (minimum %.0f%%; unverified leads never read are left out).\n\n",
		verdict, 100*rep.Share, len(rep.Runs), 100*rep.MinShare)
	fmt.Fprintf(w, "%s\n\n", strings.ReplaceAll(rep.Roster.String(), "|", "\\|"))
	if len(rep.Runs) == 0 {
		fmt.Fprintln(w, "No finished scrape run in the database.")
		return
	}
	fmt.Fprintln(w, "| run started (UTC) | finished | menus ok | failed | failures by platform and reason |")
	fmt.Fprintln(w, "|---|---|---:|---:|---|")
	for _, r := range rep.Runs {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %s |\n", r.StartedAt.Format("2006-01-02 15:04"), r.FinishedAt.Format("15:04:05"),
			r.MenusOK, r.MenusFailed, strings.ReplaceAll(runFailuresText(r.Failures), "|", "\\|"))
	}
	fmt.Fprintln(w)
}
