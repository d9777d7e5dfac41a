package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/history"
	"github.com/ohiomc/omc/store"
)

type historyOptions struct {
	Config
	Keep  int
	Force bool
	deps  deps
	// storage replaces --storage (tests).
	storage history.Storage
}

func newHistoryCmd(d deps) *cobra.Command {
	opts := &historyOptions{Config: DefaultConfig(), Keep: 5, deps: d}
	cmd := &cobra.Command{
		Use:   "history",
		Short: "Keep the SQLite history outside git: restore, check and save compressed copies",
		Long: `The database is the whole fetch history: freshness, trends and highlights derive from it.
omc history keeps it in durable storage as compressed copies (zstd), each with a record of
its checksum, schema and row counts:

  restore  write the newest good copy to --db; a copy failing its check (checksum,
           PRAGMA integrity_check, a schema this omc does not know, row counts other than
           its record's) is refused and the next older one tried. No copy yet: nothing is
           written and the scrape starts a new database. Only bad copies: exit 1. A sound
           --db holding runs the copy lacks is newer than the copy: refused (exit 1), unless
           --force. A database replaced is kept beside it as <db>.replaced-<time>.
  check    inspect --db read-only against the newest copy: integrity_check, schema, no
           history table (dispensaries, runs, menus, menu_fetches, offer_series, and the
           state's roster: roster_reads, roster_licences, roster_changes) with fewer rows
           than it had, the copy's history rows all there unchanged (a digest of them in
           its record), every offer's latest price the one its fetches recorded, and every
           licence's listing the one its roster changes recorded.
  save     migrate --db to this omc's schema, check it, then store a consistent copy
           (VACUUM INTO) and keep the last --keep copies that verify (checksum and a test
           decompress). A database failing its check is refused (exit 1) and storage is
           left as it was: a good copy is never replaced by a bad one. Saves to one folder
           take turns (a lock file).

--storage is a folder, or gh-release:TAG for the assets of a release of the current GitHub
repository (through the gh CLI, which reads GH_TOKEN and GH_REPO).`,
		Example: `  omc history restore --storage gh-release:pipeline-history --db data/omc.db
  omc history check --storage ./history-copies
  omc history save --storage ./history-copies --keep 3`,
		Args: cobra.NoArgs,
	}
	for _, name := range []string{"restore", "check", "save"} {
		sub := &cobra.Command{
			Use:   name,
			Short: map[string]string{"restore": "Restore the newest good copy to --db", "check": "Check --db against the newest copy", "save": "Check --db and store a compressed copy"}[name],
			Args:  cobra.NoArgs,
			RunE: func(cmd *cobra.Command, _ []string) error {
				if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
					return err
				}
				return runHistory(cmd.Context(), name, opts)
			},
		}
		addSettings(sub, &opts.Config, "db", "storage")
		switch name {
		case "save":
			sub.Flags().IntVar(&opts.Keep, "keep", opts.Keep, "good copies to keep")
		case "restore":
			sub.Flags().BoolVar(&opts.Force, "force", false, "restore even over a database with runs the copy lacks (it is kept beside)")
		}
		cmd.AddCommand(sub)
	}
	return cmd
}

func runHistory(ctx context.Context, action string, opts *historyOptions) error {
	st := opts.storage
	if st == nil {
		var err error
		if st, err = history.Open(opts.Storage); err != nil {
			return usageError("--storage: %v", err)
		}
	}
	if opts.Keep < 1 {
		return usageError("--keep %d: must be at least 1", opts.Keep)
	}
	if opts.DB == "" {
		return usageError("--db: empty path")
	}
	// A storage folder that cannot be one, and a database to check or save that is not
	// there, are refused before any work (exit 2).
	if d, ok := st.(history.Dir); ok {
		if err := d.Check(action == "save"); err != nil {
			return err
		}
	}
	if action != "restore" {
		if _, err := os.Stat(opts.DB); err != nil {
			return usageError("--db %s: %v", opts.DB, errors.Unwrap(err))
		}
	}
	k := &history.Keeper{Storage: st, Keep: opts.Keep, Now: opts.deps.Now, Open: openDB}
	out := opts.deps.Out
	refused := func(err error) error {
		var re *history.RefusedError
		var ne *history.NewerError
		if errors.As(err, &re) || errors.As(err, &ne) {
			return &exitError{code: exitFailed, err: err}
		}
		return err
	}
	switch action {
	case "restore":
		res, err := k.Restore(ctx, opts.DB, opts.Force)
		for _, r := range res.Refused {
			fmt.Fprintf(out, "refused %s\n", r)
		}
		if err != nil {
			return refused(err)
		}
		if res.Replaced != "" {
			fmt.Fprintf(out, "kept the database it replaces as %s\n", res.Replaced)
		}
		if res.Record == nil {
			fmt.Fprintf(out, "no saved copy in %s: the scrape starts a new database at %s\n", st, opts.DB)
			return nil
		}
		fmt.Fprintf(out, "restored %s (saved %s) to %s: %s\n", res.Record.Copy, res.Record.SavedAt.Format("2006-01-02T15:04:05Z"), opts.DB, counts(res.Record.Inspection))
	case "check":
		c, err := k.Check(ctx, opts.DB)
		if err != nil {
			return err
		}
		printChecked(out, opts.DB, c)
		if len(c.Problems) > 0 {
			return &exitError{code: exitFailed, err: fmt.Errorf("%s failed its check: %s", opts.DB, strings.Join(c.Problems, "; "))}
		}
	case "save":
		r, err := k.Save(ctx, opts.DB)
		if err != nil {
			return refused(fmt.Errorf("not saved, %s keeps its copies: %w", st, err))
		}
		fmt.Fprintf(out, "saved %s to %s: %d bytes, %d compressed; %s\n", r.Copy, st, r.Bytes, r.Compressed, counts(r.Inspection))
	}
	return nil
}

func counts(in store.Inspection) string {
	var parts []string
	for _, t := range store.HistoryTables {
		parts = append(parts, fmt.Sprintf("%s %d", t, in.Counts[t]))
	}
	return strings.Join(parts, ", ")
}

func printChecked(w io.Writer, db string, c history.Checked) {
	last := "no saved copy to compare with"
	if c.Last != nil {
		last = fmt.Sprintf("compared with %s: %s", c.Last.Copy, counts(c.Last.Inspection))
	}
	if len(c.Problems) > 0 {
		fmt.Fprintf(w, "%s: BAD (%s)\n", db, last)
		for _, p := range c.Problems {
			fmt.Fprintf(w, "  %s\n", p)
		}
		return
	}
	fmt.Fprintf(w, "%s: ok, integrity ok, schema %s; %s (%s)\n", db, strings.Join(c.Inspection.Migrations, " "), counts(c.Inspection), last)
}
