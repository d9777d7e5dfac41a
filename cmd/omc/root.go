package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// Exit codes (docs/design.md §9).
const (
	exitOK     = 0
	exitFailed = 1 // some menus failed
	exitUsage  = 2 // bad usage or configuration
)

// deps are what commands get from the outside world, injected so tests use buffers and fakes.
type deps struct {
	Out, ErrOut io.Writer
	// IsTerminal reports whether ErrOut is a terminal (live progress) or not (plain lines).
	IsTerminal bool
	Now        func() time.Time
	Getenv     func(string) string
	// Transport, when set, carries every scraper request (tests).
	Transport http.RoundTripper
}

func defaultDeps() deps {
	return deps{Out: os.Stdout, ErrOut: os.Stderr, IsTerminal: isTerminal(os.Stderr), Now: time.Now, Getenv: os.Getenv}
}

func isTerminal(f *os.File) bool {
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// exitError carries an exit code through cobra.
type exitError struct {
	code int
	err  error
}

func (e *exitError) Error() string { return e.err.Error() }
func (e *exitError) Unwrap() error { return e.err }

func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, err: fmt.Errorf(format, args...)}
}

// errSomeFailed is returned when a command did its job but some menus failed.
var errSomeFailed = &exitError{code: exitFailed, err: errors.New("some menus failed")}

func newRootCmd(d deps) *cobra.Command {
	root := &cobra.Command{
		Use:   "omc",
		Short: "Scrape Ohio dispensary menus, track their freshness and publish the site's snapshots",
		Long: fmt.Sprintf(`omc is the pipeline behind the Ohio Marijuana Community site: it scrapes dispensary
menus from their platforms' JSON APIs into SQLite, computes how fresh each menu is
(current under %s h, stale to %s h, missing after) and publishes the JSON snapshots
the static site reads.`, hoursWord(freshness.CurrentFor), hoursWord(freshness.MissingAfter)),
		SilenceUsage:  true,
		SilenceErrors: true,
		Version:       version,
	}
	root.SetOut(d.Out)
	root.SetErr(d.ErrOut)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &exitError{code: exitUsage, err: err} })
	root.AddCommand(
		newScrapeCmd(d),
		newPublishCmd(d),
		newStatusCmd(d),
		newServeCmd(d),
		newCSPCmd(d),
		newWorkerCmd(d),
		newDemoCmd(d),
		newProbeCmd(d),
		newRegistryCmd(d),
		newHealthCmd(d),
		newHistoryCmd(d),
	)
	markUsageErrors(root)
	return root
}

// markUsageErrors makes every argument-count error of cmd and its subcommands a usage
// error (exit 2), so exitCode needs no knowledge of cobra's message texts.
func markUsageErrors(cmd *cobra.Command) {
	// A group like "omc history" does nothing itself: without a subcommand, or with an
	// unknown one, it is a usage error rather than cobra's help and exit 0.
	if cmd.HasParent() && cmd.HasSubCommands() && !cmd.Runnable() {
		cmd.Args = cobra.NoArgs
		cmd.RunE = func(c *cobra.Command, _ []string) error {
			var names []string
			for _, sub := range c.Commands() {
				if sub.IsAvailableCommand() {
					names = append(names, sub.Name())
				}
			}
			return usageError("%s: name one of its commands: %s", c.CommandPath(), strings.Join(names, ", "))
		}
	}
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if err := check(c, args); err != nil {
				return &exitError{code: exitUsage, err: err}
			}
			return nil
		}
	}
	for _, sub := range cmd.Commands() {
		markUsageErrors(sub)
	}
}

// execute runs the command line and maps errors to exit codes in one place.
func execute(args []string, d deps) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	root := newRootCmd(d)
	root.SetArgs(args)
	// An unknown command is found before cobra runs anything: a usage error.
	err := error(nil)
	if _, _, ferr := root.Find(args); ferr != nil {
		err = &exitError{code: exitUsage, err: ferr}
	} else {
		err = root.ExecuteContext(ctx)
	}
	if err == nil {
		return exitOK
	}
	code := exitCode(err)
	if err != errSomeFailed {
		fmt.Fprintf(d.ErrOut, "omc: %s\n", data.ClipMessage(err.Error()))
	}
	return code
}

func exitCode(err error) int {
	var ee *exitError
	var re data.RegistryErrors
	switch {
	case errors.As(err, &ee):
		return ee.code
	case errors.As(err, &re), data.ErrorCode(err) == data.EINVALID:
		return exitUsage
	default:
		return exitFailed
	}
}
