package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
)

type registryCheckOptions struct {
	Config
	JSON  bool
	Write bool
	deps  deps
}

// registryReport is what `omc registry check --json` prints.
type registryReport struct {
	Source   string        `json:"source"`
	Errors   []string      `json:"errors"`
	Warnings []string      `json:"warnings"`
	Coverage data.Coverage `json:"coverage"`
	// Roster compares the registry with the state's roster as last read into --db
	// (null when none has been read there).
	Roster *rosterReport `json:"roster"`
	// SingleSource are the monitored menus whose only source is on a platform that
	// blocked the last run in --db ("slug market: platform"): a registry alternative
	// would keep them read (docs/registry.md). Empty without a database.
	SingleSource []string `json:"singleSource"`
}

// rosterReport is the registry against the roster.
type rosterReport struct {
	URL      string              `json:"url"`
	LastRead time.Time           `json:"lastRead"`
	Error    string              `json:"error,omitempty"`
	Coverage data.RosterCoverage `json:"coverage"`
	// Disagreements are the fields where registry and roster differ; NotListed the
	// registry's stores the roster does not list ("slug: name, city"); Missing the
	// active licences the registry lacks; Ambiguous the stores fitting several licences.
	Disagreements []data.Disagreement `json:"disagreements"`
	NotListed     []string            `json:"notListed"`
	Missing       []data.RosterEntry  `json:"missing"`
	Ambiguous     []string            `json:"ambiguous"`
	// Found are the licences found by name for stores without one (slug → licence):
	// what --write writes into the registry.
	Found   map[string]string `json:"found"`
	Written bool              `json:"written"`
}

func newRegistryCmd(d deps) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "registry",
		Short: "Work with the dispensary registry",
		Args:  cobra.NoArgs,
	}
	opts := &registryCheckOptions{Config: DefaultConfig(), deps: d}
	check := &cobra.Command{
		Use:   "check",
		Short: "Lint a registry: duplicate stores or menus, unknown cities, bad regions, missing addresses",
		Long: `Load a registry (the embedded one unless --registry is given) and lint it against Ohio's
cities and counties (data/sources): the same store listed twice (same name and city, or
same street address), a menu identifier given to two stores, two menus for one market of a
store, a city or county the place tables do not know, a region other than the county's,
"coordinates: city" that are not the city's. Those are errors (exit 2). A store without a
street address or coordinates is a warning (listed, exit 0). It ends with the registry's
coverage: stores, monitored, verified, menus by platform and region.

Then it compares the registry with the state's roster of licensed dispensaries as the
last scrape read it into --db (omc scrape reads it): the roster's coverage (licences,
active, registry stores on it, with a menu), every field where the two disagree (name,
address, county, medical or adult use, coordinates: the published site shows the
roster's), every registry store the roster does not list and every active licence the
registry lacks. A store is found on the roster by its licence number, else by its name
and city, else by its street address. --write writes each licence found by a store's
name (one licence fitting) into the registry file as the store's licence, so that it
holds from then on; the rest of the file stays byte for byte as it was.`,
		Example: `  omc registry check
  omc registry check --registry my-dispensaries.yaml
  omc registry check --json | jq .coverage
  omc registry check --registry my-dispensaries.yaml --db data/omc.db --write`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runRegistryCheck(cmd.Context(), opts)
		},
	}
	addSettings(check, &opts.Config, "registry", "db")
	check.Flags().BoolVar(&opts.JSON, "json", false, "print the findings and coverage as JSON")
	check.Flags().BoolVar(&opts.Write, "write", false, "write the licences found on the roster by name into the --registry file")
	cmd.AddCommand(check, newRegistryDiscoverCmd(d))
	return cmd
}

func runRegistryCheck(ctx context.Context, opts *registryCheckOptions) error {
	reg, err := opts.loadRegistry()
	if err != nil {
		return err
	}
	if opts.Write && opts.Registry == "" {
		return usageError("--write: give the registry file to write with --registry (the embedded registry is generated from data/sources)")
	}
	places, err := data.OhioPlaces()
	if err != nil {
		return err
	}
	rep := registryReport{Source: reg.Source, Errors: []string{}, Warnings: []string{}, Coverage: reg.Coverage()}
	for _, p := range data.CheckRegistry(reg, places) {
		line := p.Slug + ": " + p.Reason
		if p.Severity == data.SeverityError {
			rep.Errors = append(rep.Errors, line)
		} else {
			rep.Warnings = append(rep.Warnings, line)
		}
	}
	if rep.Roster, err = compareRoster(ctx, opts.DB, reg); err != nil {
		return err
	}
	if rep.SingleSource, err = singleSources(ctx, opts.DB, reg); err != nil {
		return err
	}
	if opts.Write && rep.Roster != nil && len(rep.Roster.Found) > 0 {
		if err := writeLicences(opts.Registry, rep.Roster.Found); err != nil {
			return err
		}
		rep.Roster.Written = true
	}
	out := opts.deps.Out
	if opts.JSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(rep); err != nil {
			return err
		}
	} else {
		for _, e := range rep.Errors {
			fmt.Fprintf(out, "error: %s\n", e)
		}
		for _, w := range rep.Warnings {
			fmt.Fprintf(out, "warning: %s\n", w)
		}
		c := rep.Coverage
		fmt.Fprintf(out, "%s: %d stores, %d monitored (at least one menu), %d verified, %d unverified leads; %d menus\n",
			rep.Source, c.Stores, c.Monitored, c.Verified, c.Stores-c.Verified, c.Menus)
		var parts []string
		for _, p := range c.ByPlatform {
			parts = append(parts, fmt.Sprintf("%s %d", p.Platform, p.Menus))
		}
		fmt.Fprintf(out, "menus by platform: %s\n", strings.Join(parts, ", "))
		parts = parts[:0]
		for _, r := range c.ByRegion {
			parts = append(parts, fmt.Sprintf("%s %d/%d", r.Region, r.Monitored, r.Stores))
		}
		fmt.Fprintf(out, "monitored/listed by region: %s\n", strings.Join(parts, ", "))
		writeRosterReport(out, rep.Roster, opts.DB, opts.Write)
		for _, s := range rep.SingleSource {
			fmt.Fprintf(out, "single source on a platform that blocked the last run: %s\n", s)
		}
		fmt.Fprintf(out, "%s, %s\n", plural(len(rep.Errors), "error"), plural(len(rep.Warnings), "warning"))
	}
	if len(rep.Errors) > 0 {
		return &exitError{code: exitUsage, err: fmt.Errorf("registry %s: %s", reg.Source, plural(len(rep.Errors), "error"))}
	}
	return nil
}

// singleSources lists the monitored menus of reg with no alternative source whose
// platform blocked the latest run recorded in the database at path (none when there
// is no database there: a check never creates one).
func singleSources(ctx context.Context, path string, reg data.Registry) ([]string, error) {
	out := []string{}
	if _, err := os.Stat(path); err != nil {
		return out, nil
	}
	db, err := openDB(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	blocked, err := db.BlockedLastRun(ctx)
	if err != nil {
		return nil, err
	}
	for _, d := range reg.Monitored() {
		for _, m := range d.Menus {
			if len(m.Alternatives) == 0 && slices.Contains(blocked, m.Platform) {
				out = append(out, fmt.Sprintf("%s %s: %s", d.Slug, m.Market, m.Platform))
			}
		}
	}
	return out, nil
}

// compareRoster matches reg against the roster last read into the database at path;
// nil when there is no database there or no roster read in it (a check never creates a
// database).
func compareRoster(ctx context.Context, path string, reg data.Registry) (*rosterReport, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, nil
	}
	db, err := openDB(ctx, path)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	state, err := db.RosterState(ctx)
	if err != nil || !state.Read() {
		return nil, err
	}
	licences, err := db.Roster(ctx)
	if err != nil {
		return nil, err
	}
	m := data.MatchRoster(reg.Dispensaries, licences)
	rep := &rosterReport{URL: state.URL, LastRead: state.LastRead, Error: state.Error, Coverage: m.Coverage(reg.Dispensaries, licences),
		Disagreements: m.Disagreements, Ambiguous: m.Ambiguous, Found: map[string]string{},
		NotListed: []string{}, Missing: []data.RosterEntry{}}
	if rep.Disagreements == nil {
		rep.Disagreements = []data.Disagreement{}
	}
	if rep.Ambiguous == nil {
		rep.Ambiguous = []string{}
	}
	bySlug := map[string]data.Dispensary{}
	for _, d := range reg.Dispensaries {
		bySlug[d.Slug] = d
		if l := m.Stores[d.Slug]; l != nil && l.By == "name" && d.Licence == "" {
			rep.Found[d.Slug] = l.Licence
		}
	}
	for _, slug := range m.NotListed {
		d := bySlug[slug]
		rep.NotListed = append(rep.NotListed, fmt.Sprintf("%s: %s, %s", slug, d.Name, d.Location()))
	}
	for _, l := range m.Missing {
		if l.Active() {
			rep.Missing = append(rep.Missing, l.RosterEntry)
		}
	}
	return rep, nil
}

// writeLicences writes the licences into the registry file at path (data.AddLicences),
// checking that the result still loads with them, then replacing the file at once.
func writeLicences(path string, licences map[string]string) error {
	raw, err := os.ReadFile(path)
	if err != nil {
		return usageError("--write: %v", err)
	}
	out, err := data.AddLicences(raw, licences)
	if err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("--write %s: %w", path, err)}
	}
	reg, err := data.ParseRegistry(path, out, scraper.RegistryRules())
	if err != nil {
		return fmt.Errorf("--write %s: the edited registry does not load: %w", path, err)
	}
	for _, d := range reg.Dispensaries {
		if lic, ok := licences[d.Slug]; ok && d.Licence != lic {
			return fmt.Errorf("--write %s: %s: licence %q after the edit, want %q", path, d.Slug, d.Licence, lic)
		}
	}
	return replaceFile(path, out)
}

// replaceFile writes b to path at once (a file beside it, then renamed over it),
// keeping its permissions.
func replaceFile(path string, b []byte) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(b); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Chmod(fi.Mode().Perm()); err != nil {
		tmp.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return os.Rename(tmp.Name(), path)
}

// writeRosterReport prints the roster part of a check.
func writeRosterReport(w io.Writer, r *rosterReport, db string, write bool) {
	if r == nil {
		fmt.Fprintf(w, "roster: none read into %s yet (omc scrape reads the state's roster)\n", db)
		return
	}
	c := r.Coverage
	fmt.Fprintf(w, "roster (%s, read %s): %d licences, %d active; %d registry stores on it (%d with a menu), %d not on it; %d active licences not in the registry\n",
		r.URL, r.LastRead.UTC().Format(time.RFC3339), c.Licensed, c.Active, c.Matched, c.WithMenu, c.NotListed, c.MissingActive)
	if r.Error != "" {
		fmt.Fprintf(w, "roster: the last read failed (this is the last good one): %s\n", r.Error)
	}
	for _, d := range r.Disagreements {
		fmt.Fprintf(w, "roster disagrees: %s\n", d)
	}
	for _, a := range r.Ambiguous {
		fmt.Fprintf(w, "roster ambiguous: %s\n", a)
	}
	for _, n := range r.NotListed {
		fmt.Fprintf(w, "not on the roster: %s\n", n)
	}
	for _, e := range r.Missing {
		fmt.Fprintf(w, "licensed, not in the registry: %s %s, %s, %s (%s)\n", e.Licence, e.Name, e.Street, e.City, e.Type)
	}
	slugs := make([]string, 0, len(r.Found))
	for s := range r.Found {
		slugs = append(slugs, s)
	}
	sort.Strings(slugs)
	for _, s := range slugs {
		verb := "found by name (--write writes it)"
		if r.Written {
			verb = "written"
		} else if write {
			verb = "found by name"
		}
		fmt.Fprintf(w, "licence %s: %s %s\n", verb, s, r.Found[s])
	}
}
