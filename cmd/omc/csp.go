package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/publish"
)

func newCSPCmd(d deps) *cobra.Command {
	c := DefaultConfig()
	cmd := &cobra.Command{
		Use:   "csp",
		Short: "Print the Content-Security-Policy the site's pages carry in a <meta> element",
		Long: `Print the Content-Security-Policy of the built site (--dir) with the published tree
(--out: its chat page decides whether Discord's widget may be framed), as a page's
<meta http-equiv="Content-Security-Policy"> carries it: the policy _headers and omc serve
send, without what a meta element cannot carry (frame-ancestors). The site's
pre-rendering (site/scripts/prerender.mjs) writes it into every page, so the policy holds
on hosts that send no headers, such as GitHub Pages (docs/security-headers.md).`,
		Example: `  omc csp --dir site/dist --out out`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &c, d.Getenv); err != nil {
				return err
			}
			policy, err := metaPolicy(c.SiteDir, c.Out)
			if err != nil {
				return err
			}
			_, err = fmt.Fprintln(d.Out, policy)
			return err
		},
	}
	addSettings(cmd, &c, "dir", "out")
	return cmd
}

// metaPolicy is the policy for the built site in siteDir with the tree published in
// dataDir, as siteRules makes it for omc serve but for a meta element. A dataDir
// without the chat page's snapshot frames nothing; one that cannot be read is an error.
func metaPolicy(siteDir, dataDir string) (string, error) {
	if _, err := os.Stat(filepath.Join(siteDir, "index.html")); err != nil {
		return "", usageError("--dir %s: no built site (index.html): %v", siteDir, err)
	}
	site, err := publish.ReadSiteSources(siteDir)
	if err != nil {
		return "", usageError("--dir: %v", err)
	}
	var chat []byte
	if dataDir != "" {
		chat, err = os.ReadFile(filepath.Join(dataDir, filepath.FromSlash(publish.PathChat)))
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", fmt.Errorf("--out %s: %w", dataDir, err)
		}
	}
	return publish.MetaCSP(site.WithContent(chat)), nil
}
