package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

type publishOptions struct {
	Config
	JSON bool
	deps deps
}

func newPublishCmd(d deps) *cobra.Command {
	opts := &publishOptions{Config: DefaultConfig(), deps: d}
	cmd := &cobra.Command{
		Use:   "publish",
		Short: "Write the JSON snapshots the site reads, atomically",
		Long: `Write api/DispensaryStatus, api/statistics, api/announcements, api/brands,
api/highlights, the community pages' content (api/content/*), the shopping snapshots
(api/menus, api/products, api/search, api/deals, api/trends, api/strains, api/terpenes;
publish/SNAPSHOTS.md), manifest.json and _headers to the output directory. The tree is replaced atomically: readers never see a half-written
file, and a failed publish leaves the previous tree as it was.`,
		Example: `  omc publish --out out
  omc publish --db data/omc.db --out /srv/omc --now 2026-07-01T12:00:00Z`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			res, err := runPublish(cmd.Context(), &opts.Config, d)
			if err != nil {
				return err
			}
			if opts.JSON {
				return json.NewEncoder(d.Out).Encode(res.Manifest)
			}
			printPublished(d, res)
			return nil
		},
	}
	addSettings(cmd, &opts.Config, "db", "now", "out", "dir", "site-url", "announcements", "content", "memory-limit")
	cmd.Flags().BoolVar(&opts.Sample, "sample", false, "mark the shopping snapshots as sample data (menus not from real stores)")
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the manifest as JSON")
	return cmd
}

// runPublish is the one publish function behind publish, worker and demo.
func runPublish(ctx context.Context, c *Config, d deps) (publish.Result, error) {
	now, err := c.now(d.Now)
	if err != nil {
		return publish.Result{}, err
	}
	if c.Out == "" {
		return publish.Result{}, usageError("--out: no output directory")
	}
	// Refuse an --out publish may not replace before anything, the database included, is
	// created.
	if err := publish.Owned(c.Out); err != nil {
		return publish.Result{}, err
	}
	announcements, err := c.loadAnnouncements()
	if err != nil {
		return publish.Result{}, err
	}
	content, err := c.contentFS()
	if err != nil {
		return publish.Result{}, err
	}
	site, err := publish.ReadSiteSources(c.SiteDir)
	if err != nil {
		return publish.Result{}, usageError("--dir: %v", err)
	}
	siteURL, err := checkSiteURL(c.SiteURL)
	if err != nil {
		return publish.Result{}, err
	}
	restore, err := c.limitMemory(d.Getenv)
	if err != nil {
		return publish.Result{}, err
	}
	defer restore()
	db, err := openDB(ctx, c.DB)
	if err != nil {
		return publish.Result{}, err
	}
	defer db.Close()
	strains, err := data.Strains()
	if err != nil {
		return publish.Result{}, err
	}
	return publish.Publish(ctx, db, publish.Options{Out: c.Out, Now: now, Announcements: announcements, Producer: "omc " + version,
		Content: content, Site: site, Sample: c.Sample, Strains: strains, SiteURL: siteURL})
}

func printPublished(d deps, res publish.Result) {
	s := res.Manifest.Summary
	fmt.Fprintf(d.Out, "Published %d files to %s at %s: %d dispensaries (%d monitored), %d menus; tiles %d current, %d stale, %d missing.\n",
		len(res.Manifest.Files)+1, res.Out, res.Manifest.GeneratedAt, s.Dispensaries, s.Monitored, s.Menus, s.Current, s.Stale, s.Missing)
	printLeftOut(d.ErrOut, res.Manifest.LeftOut)
	printCollisions(d.ErrOut, res.Manifest.CodeCollisions)
}

// printCollisions says which items of one store shared a product code and were given
// codes of their own.
func printCollisions(w io.Writer, collisions []string) {
	if len(collisions) == 0 {
		return
	}
	fmt.Fprintf(w, "Gave codes of their own to the items that shared %s on one store's menu (listed in manifest.json codeCollisions):\n",
		plural(len(collisions), "code"))
	for i, s := range collisions {
		if i == 10 {
			fmt.Fprintf(w, "  … and %d more\n", len(collisions)-10)
			break
		}
		fmt.Fprintf(w, "  %s\n", s)
	}
}

// printLeftOut says what a publish left out because a value could not be published.
func printLeftOut(w io.Writer, leftOut []string) {
	if len(leftOut) == 0 {
		return
	}
	fmt.Fprintf(w, "Left out %s whose values cannot be published (listed in manifest.json):\n", plural(len(leftOut), "item"))
	for i, s := range leftOut {
		if i == 10 {
			fmt.Fprintf(w, "  … and %d more\n", len(leftOut)-10)
			break
		}
		fmt.Fprintf(w, "  %s\n", s)
	}
}

// checkSiteURL is --site-url without its trailing slash: "" or an http(s) address with
// a host and nothing after the path.
func checkSiteURL(raw string) (string, error) {
	if raw == "" {
		return "", nil
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return "", usageError("--site-url %q: not the site's address (like https://ohio.example)", raw)
	}
	return strings.TrimRight(raw, "/"), nil
}
