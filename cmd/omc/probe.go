package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
)

type probeOptions struct {
	Config
	Platform string
	Market   string
	Sample   int
	JSON     bool
	// All probes the first page of every monitored menu and prints a table per
	// platform and outcome; Markdown prints that table in Markdown.
	All      bool
	Markdown bool
	deps     deps
	registry *data.Registry // tests
}

func newProbeCmd(d deps) *cobra.Command {
	opts := &probeOptions{Config: DefaultConfig(), deps: d, Sample: 3}
	cmd := &cobra.Command{
		Use:   "probe (SLUG | --platform NAME key=value... | --all)",
		Short: "Fetch one menu now and show what was parsed, without touching the database",
		Long: `Fetch one menu now and print what the adapter made of it: products and offers per
category, a sample of offers, data-quality warnings and skipped records. Nothing is stored.
It is the tool for adding a dispensary to the registry: probe the identifiers first.

With a SLUG, every menu of that registry dispensary is probed. With --platform, the menu is
described by key=value pairs naming MenuSource fields: market, storeId, dispensaryId, cName,
endpoint, url, and selectors.<name> for the HTML adapter. Platform settings (baseURL, API
keys) come from the registry's platforms section.

With --all, the first page of every monitored menu is read (its own source, not its
alternatives), with the scrape's politeness and robots.txt, and a table counts the menus
per platform and outcome: ok, blocked, key, rate-limited, shape changed, other; then the
menus not read, with why. --json and --markdown print it for a program or a CI summary.
Exit status: 0 when every menu was read (with --all: when every menu was tried), 1 when
one failed, 2 on bad usage.`,
		Example: `  omc probe the-botanist-akron
  omc probe --platform jane storeId=1666 market=medical
  omc probe --platform dutchie cName=amplify-coventry market=recreational --sample 5
  omc probe --platform dutchie dispensaryId=621900cebbc5580e15476deb endpoint=https://harmarville.ethoscannabis.com/api-4/graphql --json
  omc probe --all --markdown`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runProbe(cmd.Context(), opts, args)
		},
	}
	addSettings(cmd, &opts.Config, "registry", "delay", "timeout")
	cmd.Flags().StringVar(&opts.Platform, "platform", "", "platform of the menu given as key=value pairs ("+strings.Join(scraper.PlatformNames(), ", ")+")")
	cmd.Flags().IntVar(&opts.Sample, "sample", opts.Sample, "offers shown per category")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print every parsed offer as JSON (with --all: the table)")
	cmd.Flags().BoolVar(&opts.All, "all", false, "probe the first page of every monitored menu and count the outcomes per platform")
	cmd.Flags().BoolVar(&opts.Markdown, "markdown", false, "with --all: print the table in Markdown")
	return cmd
}

// probeTarget is one menu to probe and what to call it.
type probeTarget struct {
	Label string
	Src   data.MenuSource
}

func runProbe(ctx context.Context, opts *probeOptions, args []string) error {
	if opts.Sample < 0 {
		return usageError("--sample %d: must not be negative", opts.Sample)
	}
	var reg data.Registry
	var err error
	if opts.registry != nil {
		reg = *opts.registry
	} else if reg, err = opts.loadRegistry(); err != nil {
		return err
	}
	if err := checkProbeModes(opts, args); err != nil {
		return err
	}
	so := &scrapeOptions{Config: opts.Config, deps: opts.deps, retries: -1}
	engine := polite.NewEngine(so.engineOptions(reg.Politeness))
	adapters, err := scraper.NewAdapters(engine, reg.Platforms)
	if err != nil {
		return usageError("registry %s: %v", reg.Source, err)
	}
	if opts.All {
		return runProbeAll(ctx, opts, reg, adapters)
	}
	targets, err := probeTargets(reg, opts.Platform, args)
	if err != nil {
		return err
	}
	failed := false
	var all []probeResult
	for _, t := range targets {
		a := adapters[t.Src.Platform]
		if err := a.Validate(t.Src); err != nil {
			return usageError("%s: %v", t.Label, err)
		}
		start := time.Now()
		menu, err := a.FetchMenu(ctx, t.Src)
		warned := scraper.CheckMenu(menu.Offers)
		res := probeResult{Label: t.Label, Source: t.Src, Duration: time.Since(start), Menu: menu, Warned: warned, Err: err}
		if err == nil && len(menu.Offers) == 0 {
			res.Err = &data.FetchError{Reason: data.ReasonEmpty, Detail: "menu answered with no products"}
		}
		failed = failed || res.Err != nil
		if !opts.JSON {
			printProbe(opts.deps.Out, res, opts.Sample)
		}
		all = append(all, res)
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		out := make([]probeJSON, len(all))
		for i, r := range all {
			out[i] = r.json()
		}
		if err := enc.Encode(out); err != nil {
			return err
		}
	}
	if failed {
		return errSomeFailed
	}
	return nil
}

// checkProbeModes refuses flags that do not go together: --all takes no slug or
// --platform, --markdown needs --all, and --json and --markdown are two outputs.
func checkProbeModes(opts *probeOptions, args []string) error {
	switch {
	case opts.All && (len(args) > 0 || opts.Platform != ""):
		return usageError("--all probes every monitored menu: give no slug or --platform with it")
	case opts.Markdown && !opts.All:
		return usageError("--markdown prints the --all table: give --all")
	case opts.Markdown && opts.JSON:
		return usageError("--json and --markdown: choose one")
	}
	return nil
}

// probeTargets turns the arguments into menus: a registry slug, or one menu described
// by key=value pairs for --platform.
func probeTargets(reg data.Registry, platform string, args []string) ([]probeTarget, error) {
	if platform == "" {
		if len(args) != 1 || strings.Contains(args[0], "=") {
			return nil, usageError("give one dispensary slug, or --platform NAME with key=value pairs")
		}
		for _, d := range reg.Dispensaries {
			if d.Slug != args[0] {
				continue
			}
			if len(d.Menus) == 0 {
				return nil, usageError("%s: the registry lists no menu for %s", args[0], d.Name)
			}
			var ts []probeTarget
			for _, m := range d.Menus {
				label := fmt.Sprintf("%s %s (%s)", d.Slug, m.Market, m.Platform)
				if !m.IsVerified() {
					// Said up front: a lead's identifier may simply be wrong.
					label = fmt.Sprintf("%s %s (%s, unverified lead)", d.Slug, m.Market, m.Platform)
				}
				ts = append(ts, probeTarget{Label: label, Src: m})
			}
			return ts, nil
		}
		return nil, usageError("%s: no dispensary with that slug in %s", args[0], reg.Source)
	}
	if !slices.Contains(scraper.PlatformNames(), platform) {
		return nil, usageError("--platform %q: unknown (known: %s)", platform, strings.Join(scraper.PlatformNames(), ", "))
	}
	src := data.MenuSource{Platform: platform, Market: data.Recreational}
	for _, kv := range args {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || v == "" {
			return nil, usageError("%q: want key=value", kv)
		}
		switch {
		case k == "market":
			if v != string(data.Medical) && v != string(data.Recreational) {
				return nil, usageError("market=%s: want medical or recreational", v)
			}
			src.Market = data.Market(v)
		case k == "storeId":
			src.StoreID = v
		case k == "dispensaryId":
			src.DispensaryID = v
		case k == "cName":
			src.CName = v
		case k == "endpoint":
			src.Endpoint = v
		case k == "url":
			src.URL = v
		case strings.HasPrefix(k, "selectors.") && len(k) > len("selectors."):
			if src.Selectors == nil {
				src.Selectors = map[string]string{}
			}
			src.Selectors[strings.TrimPrefix(k, "selectors.")] = v
		default:
			return nil, usageError("%q: unknown key %q (market, storeId, dispensaryId, cName, endpoint, url, selectors.<name>)", kv, k)
		}
	}
	return []probeTarget{{Label: fmt.Sprintf("%s %s", platform, strings.Join(args, " ")), Src: src}}, nil
}

type probeResult struct {
	Label    string
	Source   data.MenuSource
	Duration time.Duration
	Menu     data.Menu
	Warned   int
	Err      error
}

type probeJSON struct {
	Menu     string          `json:"menu"`
	Source   data.MenuSource `json:"source"`
	OK       bool            `json:"ok"`
	Reason   data.Reason     `json:"reason"`
	Detail   string          `json:"detail,omitempty"`
	Requests int             `json:"requests"`
	Products int             `json:"products"`
	Skipped  []string        `json:"skipped,omitempty"`
	Offers   []data.Offer    `json:"offers"`
}

func (r probeResult) json() probeJSON {
	j := probeJSON{Menu: r.Label, Source: r.Source, OK: r.Err == nil, Reason: data.ReasonOK, Requests: r.Menu.Requests,
		Products: data.DistinctProducts(r.Menu.Offers), Skipped: r.Menu.Skipped, Offers: r.Menu.Offers}
	if j.Offers == nil {
		j.Offers = []data.Offer{}
	}
	if r.Err != nil {
		j.Reason, j.Detail = data.ReasonOf(r.Err), r.Err.Error()
	}
	return j
}

func printProbe(w io.Writer, r probeResult, sample int) {
	fmt.Fprintf(w, "%s: ", r.Label)
	if r.Err != nil {
		fmt.Fprintf(w, "FAILED %s after %d requests in %s\n  %v\n", data.ReasonOf(r.Err), r.Menu.Requests, fmtDuration(r.Duration), r.Err)
		if !r.Source.IsVerified() {
			fmt.Fprintf(w, "  this menu comes from an unverified lead (registry verified: false): its identifier may be wrong rather than the store broken\n")
		}
		return
	}
	fmt.Fprintf(w, "ok, %d products, %d offers, %d requests in %s\n",
		data.DistinctProducts(r.Menu.Offers), len(r.Menu.Offers), r.Menu.Requests, fmtDuration(r.Duration))
	byCat := map[data.Category][]data.Offer{}
	for _, o := range r.Menu.Offers {
		byCat[o.Category] = append(byCat[o.Category], o)
	}
	for _, c := range data.AllCategories {
		offers := byCat[c]
		fmt.Fprintf(w, "  %-8s %4d products %4d offers\n", c, data.DistinctProducts(offers), len(offers))
		for _, o := range offers[:min(sample, len(offers))] {
			fmt.Fprintf(w, "           %s\n", describeOffer(o))
		}
	}
	if r.Warned > 0 {
		fmt.Fprintf(w, "  %d offers with data-quality warnings:\n", r.Warned)
		shown := 0
		for _, o := range r.Menu.Offers {
			if len(o.Warnings) > 0 && shown < 10 {
				fmt.Fprintf(w, "    %s: %s\n", describeOffer(o), strings.Join(o.Warnings, "; "))
				shown++
			}
		}
	}
	if n := len(r.Menu.Skipped); n > 0 {
		fmt.Fprintf(w, "  %d records skipped:\n", n)
		for _, s := range r.Menu.Skipped[:min(5, n)] {
			fmt.Fprintf(w, "    %s\n", s)
		}
	}
}

// describeOffer is one offer on one line: name, brand, size, price, stock, potency.
func describeOffer(o data.Offer) string {
	var b strings.Builder
	b.WriteString(o.Name)
	if o.Brand != "" {
		fmt.Fprintf(&b, " [%s]", o.Brand)
	}
	switch {
	case o.Milligrams > 0:
		fmt.Fprintf(&b, " %gmg", o.Milligrams)
	case o.Grams > 0:
		fmt.Fprintf(&b, " %gg", o.Grams)
	case o.Size != "":
		fmt.Fprintf(&b, " %s", o.Size)
	}
	fmt.Fprintf(&b, " $%.2f", o.Price)
	if o.SalePrice > 0 {
		fmt.Fprintf(&b, " (sale $%.2f)", o.SalePrice)
	}
	if !o.InStock {
		b.WriteString(" out of stock")
	}
	if o.THC != nil {
		fmt.Fprintf(&b, " THC %g%s", *o.THC, o.PotencyUnit)
	}
	return b.String()
}
