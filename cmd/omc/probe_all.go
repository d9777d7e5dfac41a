package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
)

// The columns of `omc probe --all`: what a maintainer acts on, each a fetch reason or
// a group of them.
const (
	probeOK           = "ok"
	probeBlocked      = "blocked"
	probeKey          = "key"
	probeRateLimited  = "rate-limited"
	probeShapeChanged = "shape changed"
	probeOther        = "other"
)

// probeColumns are the columns in the order the table shows them.
var probeColumns = []string{probeOK, probeBlocked, probeKey, probeRateLimited, probeShapeChanged, probeOther}

// probeColumn is the column a fetch outcome is counted in.
func probeColumn(reason data.Reason) string {
	switch reason {
	case data.ReasonOK:
		return probeOK
	case data.ReasonBlocked:
		return probeBlocked
	case data.ReasonKey:
		return probeKey
	case data.ReasonRateLimited:
		return probeRateLimited
	case data.ReasonParse:
		return probeShapeChanged
	}
	return probeOther
}

// probeRow is one platform's line of `omc probe --all`.
type probeRow struct {
	Platform string `json:"platform"`
	Menus    int    `json:"menus"`
	// Counts are the menus per column (ok, blocked, key, rate-limited, shape changed,
	// other); Reasons the menus per fetch reason, for what "other" holds.
	Counts  map[string]int      `json:"counts"`
	Reasons map[data.Reason]int `json:"reasons"`
	// Failed are the menus that were not read, with why.
	Failed []probeFailure `json:"failed"`
}

// probeFailure is one menu `omc probe --all` could not read.
type probeFailure struct {
	Menu   string      `json:"menu"`
	Reason data.Reason `json:"reason"`
	Detail string      `json:"detail"`
}

// probeReport is what `omc probe --all --json` prints.
type probeReport struct {
	Menus     int        `json:"menus"`
	Platforms []probeRow `json:"platforms"`
}

// runProbeAll reads the first page of every monitored menu of reg (its own source,
// not its alternatives: the point is how each platform answers this machine), each
// platform's menus one after another and the platforms side by side, with the scrape's
// politeness, and prints the table per platform and outcome. Failed menus are the
// report, not an error: the command exits 0 once every menu was tried.
func runProbeAll(ctx context.Context, opts *probeOptions, reg data.Registry, adapters map[string]data.Adapter) error {
	byPlatform := map[string][]probeTarget{}
	for _, d := range reg.Monitored() {
		for _, m := range d.Menus {
			byPlatform[m.Platform] = append(byPlatform[m.Platform], probeTarget{Label: fmt.Sprintf("%s %s", d.Slug, m.Market), Src: m})
		}
	}
	platforms := make([]string, 0, len(byPlatform))
	for p := range byPlatform {
		platforms = append(platforms, p)
	}
	slices.Sort(platforms)
	rows := make([]probeRow, len(platforms))
	ctx = scraper.FirstPageOnly(ctx)
	var wg sync.WaitGroup
	for i, p := range platforms {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rows[i] = probePlatform(ctx, p, adapters[p], byPlatform[p])
		}()
	}
	wg.Wait()
	report := probeReport{Platforms: rows}
	for _, r := range rows {
		report.Menus += r.Menus
	}
	switch {
	case opts.JSON:
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(report)
	case opts.Markdown:
		printProbeMarkdown(opts.deps.Out, report)
	default:
		printProbeTable(opts.deps.Out, report)
	}
	return nil
}

// probePlatform reads the first page of each of one platform's menus in turn.
func probePlatform(ctx context.Context, platform string, a data.Adapter, targets []probeTarget) probeRow {
	row := probeRow{Platform: platform, Counts: map[string]int{}, Reasons: map[data.Reason]int{}, Failed: []probeFailure{}}
	for _, c := range probeColumns {
		row.Counts[c] = 0
	}
	for _, t := range targets {
		err := probeOne(ctx, a, t.Src)
		reason := data.ReasonOf(err)
		row.Menus++
		row.Counts[probeColumn(reason)]++
		row.Reasons[reason]++
		if err != nil {
			row.Failed = append(row.Failed, probeFailure{Menu: t.Label, Reason: reason, Detail: err.Error()})
		}
	}
	return row
}

// probeOne reads one menu's first page; nil when it gave products.
func probeOne(ctx context.Context, a data.Adapter, src data.MenuSource) error {
	if a == nil {
		return &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("no adapter for platform %q", src.Platform)}
	}
	if err := a.Validate(src); err != nil {
		return &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	menu, err := a.FetchMenu(ctx, src)
	if err == nil && len(menu.Offers) == 0 {
		return &data.FetchError{Reason: data.ReasonEmpty, Status: menu.HTTPStatus, Detail: "menu answered with no products"}
	}
	return err
}

// printProbeTable prints the report as an aligned table, then the menus not read.
func printProbeTable(w io.Writer, r probeReport) {
	fmt.Fprintf(w, "%-12s %6s", "platform", "menus")
	for _, c := range probeColumns {
		fmt.Fprintf(w, " %*s", len(c), c)
	}
	fmt.Fprintln(w)
	total := probeRow{Platform: "all", Counts: map[string]int{}}
	for _, row := range r.Platforms {
		printProbeLine(w, row)
		total.Menus += row.Menus
		for c, n := range row.Counts {
			total.Counts[c] += n
		}
	}
	printProbeLine(w, total)
	for _, row := range r.Platforms {
		for _, f := range row.Failed {
			fmt.Fprintf(w, "  %s %s: %s\n", row.Platform, f.Menu, f.Detail)
		}
	}
}

func printProbeLine(w io.Writer, row probeRow) {
	fmt.Fprintf(w, "%-12s %6d", row.Platform, row.Menus)
	for _, c := range probeColumns {
		fmt.Fprintf(w, " %*d", len(c), row.Counts[c])
	}
	fmt.Fprintln(w)
}

// printProbeMarkdown prints the report as a Markdown table (for a CI job's summary),
// then the menus not read as a list.
func printProbeMarkdown(w io.Writer, r probeReport) {
	fmt.Fprintf(w, "| platform | menus | %s |\n", strings.Join(probeColumns, " | "))
	fmt.Fprintf(w, "|---|---:|%s\n", strings.Repeat("---:|", len(probeColumns)))
	for _, row := range r.Platforms {
		fmt.Fprintf(w, "| %s | %d |", row.Platform, row.Menus)
		for _, c := range probeColumns {
			fmt.Fprintf(w, " %d |", row.Counts[c])
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintf(w, "\n%d menus probed (first page each).\n", r.Menus)
	for _, row := range r.Platforms {
		for _, f := range row.Failed {
			fmt.Fprintf(w, "- `%s` %s: %s\n", row.Platform, f.Menu, strings.ReplaceAll(f.Detail, "|", `\|`))
		}
	}
}
