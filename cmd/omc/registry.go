package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
)

type registryCheckOptions struct {
	Config
	JSON bool
	deps deps
}

// registryReport is what `omc registry check --json` prints.
type registryReport struct {
	Source   string        `json:"source"`
	Errors   []string      `json:"errors"`
	Warnings []string      `json:"warnings"`
	Coverage data.Coverage `json:"coverage"`
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
coverage: stores, monitored, verified, menus by platform and region.`,
		Example: `  omc registry check
  omc registry check --registry my-dispensaries.yaml
  omc registry check --json | jq .coverage`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runRegistryCheck(cmd.Context(), opts)
		},
	}
	addSettings(check, &opts.Config, "registry")
	check.Flags().BoolVar(&opts.JSON, "json", false, "print the findings and coverage as JSON")
	cmd.AddCommand(check)
	return cmd
}

func runRegistryCheck(_ context.Context, opts *registryCheckOptions) error {
	reg, err := opts.loadRegistry()
	if err != nil {
		return err
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
		fmt.Fprintf(out, "%s, %s\n", plural(len(rep.Errors), "error"), plural(len(rep.Warnings), "warning"))
	}
	if len(rep.Errors) > 0 {
		return &exitError{code: exitUsage, err: fmt.Errorf("registry %s: %s", reg.Source, plural(len(rep.Errors), "error"))}
	}
	return nil
}
