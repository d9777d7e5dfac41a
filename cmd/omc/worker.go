package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"
	_ "time/tzdata" // America/New_York must resolve on machines without a zoneinfo database

	"github.com/robfig/cron/v3"
	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/publish"
)

type workerOptions struct {
	Config
	RunNow bool
	deps   deps
}

// workerZone is where the schedule's hours are read: Ohio's time.
const workerZone = "America/New_York"

func newWorkerCmd(d deps) *cobra.Command {
	opts := &workerOptions{Config: DefaultConfig(), deps: d}
	cmd := &cobra.Command{
		Use:   "worker",
		Short: "Scrape then publish on a cron schedule until stopped",
		Long: `Run the same scrape-then-publish as "omc scrape" followed by "omc publish" on a cron
schedule read in America/New_York time. A run still going when the next is due is skipped,
a panic in a run is recovered and logged, and SIGINT or SIGTERM stops the worker cleanly:
the run in progress is cancelled and nothing half-written is published.`,
		Example: `  omc worker
  omc worker --schedule "15 */4 * * *" --out /srv/omc --run-now
  OMC_SCHEDULE="@every 6h" omc worker`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := resolveSettings(cmd, &opts.Config, d.Getenv); err != nil {
				return err
			}
			return runWorker(cmd.Context(), opts)
		},
	}
	// Every setting of scrape and of publish, since a run is both.
	addSettings(cmd, &opts.Config, "db", "now", "schedule", "registry", "delay", "timeout", "run-timeout", "out", "dir", "site-url", "announcements", "content", "memory-limit", "roster")
	cmd.Flags().BoolVar(&opts.RunNow, "run-now", false, "also run once at start")
	return cmd
}

// cronLogger sends robfig/cron's logs to slog.
type cronLogger struct{ l *slog.Logger }

func (c cronLogger) Info(msg string, kv ...any) { c.l.Info("cron: "+msg, kv...) }
func (c cronLogger) Error(err error, msg string, kv ...any) {
	c.l.Error("cron: "+msg, append([]any{"err", err}, kv...)...)
}

func runWorker(ctx context.Context, opts *workerOptions) error {
	if err := opts.validate(); err != nil {
		return err
	}
	loc, err := time.LoadLocation(workerZone)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	// Refuse a bad registry before the first tick, not hours later.
	if _, err := opts.loadRegistry(); err != nil {
		return err
	}
	if err := publish.Owned(opts.Out); err != nil {
		return err
	}
	db, err := openDB(ctx, opts.DB)
	if err != nil {
		return err
	}
	db.Close()
	log := slog.New(slog.NewTextHandler(opts.deps.ErrOut, nil))
	cl := cronLogger{log}
	sched, err := cron.ParseStandard(opts.Schedule)
	if err != nil {
		return usageError("--schedule %q: %v", opts.Schedule, err)
	}
	jobCtx, cancelJobs := context.WithCancel(context.Background())
	defer cancelJobs()
	job := cron.NewChain(cron.Recover(cl), cron.SkipIfStillRunning(cl)).Then(cron.FuncJob(func() {
		if err := scrapeThenPublish(jobCtx, opts.Config, opts.deps, log); err != nil {
			if jobCtx.Err() != nil {
				// The worker's own stop (SIGINT, SIGTERM) cancelled the run: not a failure.
				log.Info("run stopped: the worker is stopping; what was fetched is stored, nothing was published", "detail", err)
				return
			}
			log.Error("run failed", "err", err)
		}
	}))
	c := cron.New(cron.WithLocation(loc), cron.WithLogger(cl))
	id := c.Schedule(sched, job)
	c.Start()
	log.Info("worker started", "schedule", opts.Schedule, "zone", workerZone, "next", c.Entry(id).Next.Format(time.RFC3339))
	// cron's Stop waits for the runs it started; a run started by --run-now is ours to wait for.
	var runNow sync.WaitGroup
	if opts.RunNow {
		runNow.Add(1)
		go func() {
			defer runNow.Done()
			job.Run()
		}()
	}
	<-ctx.Done()
	log.Info("worker stopping: cancelling the run in progress")
	cancelJobs()
	<-c.Stop().Done()
	runNow.Wait()
	log.Info("worker stopped")
	return nil
}

// scrapeThenPublish is one worker run: the scrape and publish commands' own functions.
func scrapeThenPublish(ctx context.Context, c Config, d deps, log *slog.Logger) error {
	if ctx.Err() != nil {
		return nil
	}
	so := &scrapeOptions{Config: c, deps: d, retries: -1}
	so.deps.IsTerminal = false
	so.deps.ErrOut = discard{}
	sum, err := runScrape(ctx, so)
	if err != nil {
		return fmt.Errorf("scrape: %w", err)
	}
	log.Info("scraped", "menusOk", sum.MenusOK, "menusFailed", sum.MenusFailed, "products", sum.Products, "duration", sum.Duration.Round(time.Millisecond))
	if ctx.Err() != nil {
		// Stopped mid-run: what was fetched is stored; leave the published tree as it is.
		return errors.New("stopped before publishing")
	}
	res, err := runPublish(ctx, &c, d)
	if err != nil {
		return fmt.Errorf("publish: %w", err)
	}
	log.Info("published", "out", res.Out, "current", res.Manifest.Summary.Current, "stale", res.Manifest.Summary.Stale, "missing", res.Manifest.Summary.Missing)
	if left := res.Manifest.LeftOut; len(left) > 0 {
		log.Warn("published without what could not be published (manifest.json leftOut)", "count", len(left), "first", left[0])
	}
	return nil
}

type discard struct{}

func (discard) Write(p []byte) (int, error) { return len(p), nil }
