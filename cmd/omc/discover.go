package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

type discoverOptions struct {
	Config
	RadiusKm float64
	JSON     bool
	Write    bool
	deps     deps
}

// discovery is one active licence without a menu and the menus found near it.
type discovery struct {
	Licence string `json:"licence"`
	Name    string `json:"name"`
	Address string `json:"address"`
	// Slug is the registry store the licence is, "" when the registry lacks it.
	Slug string `json:"slug"`
	// Found are the platforms' stores near the licence's position, nearest first;
	// Proposed the nearest of each market, not already a registry menu.
	Found    []scraper.NearbyMenu `json:"found"`
	Proposed []data.MenuSource    `json:"proposed"`
	Errors   []string             `json:"errors,omitempty"`
	// Skipped says why the licence was not looked up (no position on the roster).
	Skipped string `json:"skipped,omitempty"`
}

func newRegistryDiscoverCmd(d deps) *cobra.Command {
	opts := &discoverOptions{Config: DefaultConfig(), RadiusKm: 1, deps: d}
	cmd := &cobra.Command{
		Use:   "discover",
		Short: "Look for menus of licensed stores that have none, near their position on the state's roster",
		Long: `For each active licence on the state's roster (as the last scrape read it into --db)
whose store has no menu in the registry, search the menu platforms' own store
directories within --radius of the position the roster gives, and propose the nearest
store of each market as its menu. Only Jane is searched: its menu index (Algolia) places
every record at its store (_geoloc) and answers a search around a point; its records name
no store, so a proposal gives the distance, not a name. Dutchie is left out: no captured
reply shows a query of its dispensaries near a point. A Jane store id already in the
registry is never proposed again.

--write adds the proposals to the --registry file as verified: false menus (a store the
registry lacks is added with the roster's name, address, position and licence); the
rest of the file stays as it was. Jane needs its search key: platforms.jane.settings.apiKey
or keyPage in the registry.`,
		Example: `  omc registry discover --registry my-dispensaries.yaml
  omc registry discover --registry my-dispensaries.yaml --radius 0.5 --write
  omc registry discover --json | jq '.[] | select(.proposed != [])'`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runDiscover(cmd.Context(), opts)
		},
	}
	addSettings(cmd, &opts.Config, "registry", "db", "delay", "timeout")
	cmd.Flags().Float64Var(&opts.RadiusKm, "radius", opts.RadiusKm, "how far from the roster's position to look, in km")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print what was found as JSON")
	cmd.Flags().BoolVar(&opts.Write, "write", false, "add the proposed menus (and the stores the registry lacks) to the --registry file")
	return cmd
}

func runDiscover(ctx context.Context, opts *discoverOptions) error {
	if opts.RadiusKm <= 0 || opts.RadiusKm > 50 {
		return usageError("--radius %g: want a distance in km above 0, at most 50", opts.RadiusKm)
	}
	if opts.Write && opts.Registry == "" {
		return usageError("--write: give the registry file to write with --registry (the embedded registry is generated from data/sources)")
	}
	reg, err := opts.loadRegistry()
	if err != nil {
		return err
	}
	if _, err := os.Stat(opts.DB); err != nil {
		return &exitError{code: exitFailed, err: fmt.Errorf("discover: no database at %s: omc scrape reads the state's roster into it first", opts.DB)}
	}
	db, err := openDB(ctx, opts.DB)
	if err != nil {
		return err
	}
	defer db.Close()
	state, err := db.RosterState(ctx)
	if err != nil {
		return err
	}
	if !state.Read() {
		return &exitError{code: exitFailed, err: fmt.Errorf("discover: no roster read into %s yet: omc scrape reads it", opts.DB)}
	}
	licences, err := db.Roster(ctx)
	if err != nil {
		return err
	}
	so := &scrapeOptions{Config: opts.Config, deps: opts.deps, retries: -1}
	adapters, err := scraper.NewAdapters(polite.NewEngine(so.engineOptions(reg.Politeness)), reg.Platforms)
	if err != nil {
		return &exitError{code: exitUsage, err: fmt.Errorf("registry %s: %w", reg.Source, err)}
	}
	names, err := searchablePlatforms(adapters)
	if err != nil {
		return usageError("discover: no platform can be searched in %s: %v", reg.Source, err)
	}

	places, err := data.OhioPlaces()
	if err != nil {
		return err
	}
	m := data.MatchRoster(reg.Dispensaries, licences)
	known := map[string]bool{}
	bySlug := map[string]data.Dispensary{}
	for _, d := range reg.Dispensaries {
		bySlug[d.Slug] = d
		for _, src := range d.Menus {
			known[data.MenuIdentifier(src)] = true
		}
	}
	added := addedStores(reg.Dispensaries, m, places)
	slugOf := map[string]string{}
	for slug, l := range m.Stores {
		slugOf[l.Licence] = slug
	}
	var out []discovery
	for _, l := range licences {
		slug := slugOf[l.Licence]
		if !l.Active() || slug != "" && bySlug[slug].IsMonitored() {
			continue
		}
		out = append(out, discoverLicence(ctx, l, slug, adapters, names, int(opts.RadiusKm*1000), known))
	}
	written := ""
	if opts.Write {
		if written, err = writeDiscoveries(opts.Registry, out, added); err != nil {
			return err
		}
	}
	if opts.JSON {
		enc := json.NewEncoder(opts.deps.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
	}
	printDiscoveries(opts.deps.Out, out, names, opts.RadiusKm)
	if written != "" {
		fmt.Fprintln(opts.deps.Out, written)
	}
	return nil
}

// searchablePlatforms are the platforms whose adapters can search for stores near a
// point, sorted; the error says why none can.
func searchablePlatforms(adapters map[string]data.Adapter) ([]string, error) {
	var names, why []string
	for name, a := range adapters {
		if f, ok := a.(scraper.Discoverer); ok {
			if err := f.CanDiscover(); err != nil {
				why = append(why, err.Error())
				continue
			}
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		sort.Strings(why)
		return nil, errors.New(strings.Join(why, "; "))
	}
	return names, nil
}

// addedStores are the stores the registry lacks, by licence, as publish shows them
// (name, address, region, slug).
func addedStores(ds []data.Dispensary, m data.RosterMatch, places data.Places) map[string]data.Dispensary {
	sts := make([]store.Status, len(ds))
	for i, d := range ds {
		sts[i] = store.Status{Dispensary: d}
	}
	added := map[string]data.Dispensary{}
	for _, st := range store.ApplyRoster(sts, m, true, places) {
		if st.Listing != nil && st.Listing.By == "" {
			added[st.Listing.Licence] = st.Dispensary
		}
	}
	return added
}

// discoverLicence searches every searchable platform around a licence's position and
// proposes the nearest menu of each market that no registry store has.
func discoverLicence(ctx context.Context, l data.Licensee, slug string, adapters map[string]data.Adapter, names []string, radiusM int, known map[string]bool) discovery {
	dv := discovery{Licence: l.Licence, Name: l.Name, Address: strings.Trim(l.Street+", "+l.City, ", "), Slug: slug,
		Found: []scraper.NearbyMenu{}, Proposed: []data.MenuSource{}}
	if !l.HasPlace() {
		dv.Skipped = "the roster gives no position"
		return dv
	}
	for _, name := range names {
		found, err := adapters[name].(scraper.Discoverer).Nearby(ctx, l.Lat, l.Lng, radiusM)
		if err != nil {
			dv.Errors = append(dv.Errors, fmt.Sprintf("%s: %v", name, err))
		}
		dv.Found = append(dv.Found, found...)
	}
	sort.SliceStable(dv.Found, func(i, j int) bool { return dv.Found[i].Km < dv.Found[j].Km })
	markets := map[data.Market]bool{}
	for _, f := range dv.Found {
		if !known[data.MenuIdentifier(f.Menu)] && !markets[f.Menu.Market] {
			markets[f.Menu.Market] = true
			dv.Proposed = append(dv.Proposed, f.Menu)
		}
	}
	return dv
}

// writeDiscoveries adds the proposed menus to the registry file: to the store the
// licence is, or as a new store (added, by licence) when the registry lacks it.
func writeDiscoveries(path string, ds []discovery, added map[string]data.Dispensary) (string, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return "", usageError("--write: %v", err)
	}
	menus := map[string][]data.MenuSource{}
	var stores []data.Dispensary
	var skipped []string
	for _, d := range ds {
		switch {
		case len(d.Proposed) == 0:
		case d.Slug != "":
			menus[d.Slug] = d.Proposed
		default:
			s, ok := added[d.Licence]
			if !ok || s.Region == "" {
				skipped = append(skipped, fmt.Sprintf("%s %s (no region known for %s)", d.Licence, d.Name, d.Address))
				continue
			}
			s.Menus = d.Proposed
			stores = append(stores, s)
		}
	}
	if len(menus) == 0 && len(stores) == 0 {
		return "nothing to write", nil
	}
	out := raw
	if len(menus) > 0 {
		if out, err = data.AddMenus(out, menus); err != nil {
			return "", &exitError{code: exitUsage, err: fmt.Errorf("--write %s: %w", path, err)}
		}
	}
	if len(stores) > 0 {
		if out, err = data.AppendDispensaries(out, stores); err != nil {
			return "", &exitError{code: exitUsage, err: fmt.Errorf("--write %s: %w", path, err)}
		}
	}
	if _, err := data.ParseRegistry(path, out, scraper.RegistryRules()); err != nil {
		return "", fmt.Errorf("--write %s: the edited registry does not load: %w", path, err)
	}
	if err := replaceFile(path, out); err != nil {
		return "", err
	}
	msg := fmt.Sprintf("wrote %s: menus for %d registry stores, %d stores added", path, len(menus), len(stores))
	if len(skipped) > 0 {
		msg += "; not added: " + strings.Join(skipped, "; ")
	}
	return msg, nil
}

func printDiscoveries(w io.Writer, ds []discovery, platforms []string, radiusKm float64) {
	fmt.Fprintf(w, "Searched %s within %.1f km of each active licence without a menu (%d).\n", strings.Join(platforms, ", "), radiusKm, len(ds))
	for _, d := range ds {
		who := "not in the registry"
		if d.Slug != "" {
			who = "registry " + d.Slug
		}
		fmt.Fprintf(w, "%s %s, %s (%s):\n", d.Licence, d.Name, d.Address, who)
		switch {
		case d.Skipped != "":
			fmt.Fprintf(w, "  skipped: %s\n", d.Skipped)
		case len(d.Found) == 0 && len(d.Errors) == 0:
			fmt.Fprintln(w, "  nothing found")
		}
		for _, f := range d.Found {
			mark := ""
			if slicesContainsMenu(d.Proposed, f.Menu) {
				mark = "  <- proposed"
			}
			fmt.Fprintf(w, "  %s %s, %.2f km%s\n", data.MenuIdentifier(f.Menu), f.Menu.Market, f.Km, mark)
		}
		for _, e := range d.Errors {
			fmt.Fprintf(w, "  error: %s\n", e)
		}
	}
}

func slicesContainsMenu(ms []data.MenuSource, m data.MenuSource) bool {
	for _, x := range ms {
		if data.MenuIdentifier(x) == data.MenuIdentifier(m) && x.Market == m.Market {
			return true
		}
	}
	return false
}
