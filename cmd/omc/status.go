package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

type statusOptions struct {
	Config
	JSON bool
	deps deps
}

// statusRow is one line of `omc status --json`.
type statusRow struct {
	Slug       string          `json:"slug"`
	Name       string          `json:"name"`
	Market     data.Market     `json:"market"`
	Category   data.Category   `json:"category"`
	LastUpdate *string         `json:"lastUpdate"`
	Count      int             `json:"count"`
	Freshness  freshness.State `json:"freshness"`
	// LastOutcome is the reason of the latest fetch of any outcome ("" when never fetched).
	LastOutcome data.Reason `json:"lastOutcome,omitempty"`
	LastDetail  string      `json:"lastDetail,omitempty"`
	// Unverified marks a menu from an unverified lead: its failures may mean the lead
	// is wrong rather than the store broken.
	Unverified bool `json:"unverified,omitempty"`
}

func newStatusCmd(d deps) *cobra.Command {
	opts := &statusOptions{Config: DefaultConfig(), deps: d}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show the freshness of every menu category",
		Long: fmt.Sprintf(`Show, for every dispensary × market × category, the last successful update, its product
count and its freshness: current under %[1]s hours, stale from %[1]s up to %[2]s, missing after
%[2]s hours or when never updated. The latest failure reason is shown when the last fetch failed.`,
			hoursWord(freshness.CurrentFor), hoursWord(freshness.MissingAfter)),
		Example: `  omc status
  omc status --json | jq '.[] | select(.freshness != "current")'
  omc status --db data/omc.db --now 2026-07-02T08:00:00Z`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runStatus(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "db", "now")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON rows")
	return cmd
}

func runStatus(ctx context.Context, opts *statusOptions) error {
	now, err := opts.now(opts.deps.Now)
	if err != nil {
		return err
	}
	db, err := openDB(ctx, opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	sts, err := db.Statuses(ctx)
	if err != nil {
		return err
	}
	rows := []statusRow{}
	for _, st := range sts {
		for _, m := range st.Markets {
			unverified := !st.Dispensary.IsVerified()
			for _, src := range st.Dispensary.Menus {
				unverified = unverified || src.Market == m.Market && !src.IsVerified()
			}
			for _, cs := range m.Categories {
				r := statusRow{Slug: st.Dispensary.Slug, Name: st.Dispensary.Name, Market: m.Market, Category: cs.Category,
					Count: cs.Count, Freshness: freshness.Score(cs.LastUpdate, now), LastOutcome: cs.LastReason, Unverified: unverified}
				if !cs.LastUpdate.IsZero() {
					s := cs.LastUpdate.UTC().Format(time.RFC3339)
					r.LastUpdate = &s
				}
				if !cs.LastOK {
					r.LastDetail = cs.LastDetail
				}
				rows = append(rows, r)
			}
		}
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(rows)
	}
	tw := tabwriter.NewWriter(opts.deps.Out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "DISPENSARY\tMARKET\tCATEGORY\tLAST UPDATE\tPRODUCTS\tFRESHNESS\tLAST FETCH")
	var sum freshness.Summary
	for _, r := range rows {
		last, count, outcome := "never", "-", string(r.LastOutcome)
		if r.LastUpdate != nil {
			last = *r.LastUpdate
		}
		if r.Count >= 0 {
			count = fmt.Sprint(r.Count)
		}
		if outcome == "" {
			outcome = "never fetched"
		}
		slug := r.Slug
		if r.Unverified {
			slug += " (unverified lead)"
		}
		if r.LastDetail != "" {
			// A failure's detail starts with its reason ("http_status 500: …"): say it once.
			if rest, ok := strings.CutPrefix(r.LastDetail, outcome); ok {
				outcome += truncate(rest, 70)
			} else {
				outcome += ": " + truncate(r.LastDetail, 70)
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", slug, r.Market, r.Category, last, count, r.Freshness, outcome)
		sum.Add(r.Freshness)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(opts.deps.Out, "\n%d categories: %d current, %d stale, %d missing (at %s)\n", sum.Total(), sum.Current, sum.Stale, sum.Missing, now.Format(time.RFC3339))
	return nil
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
