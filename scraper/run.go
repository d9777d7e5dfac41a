package scraper

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/ohiomc/omc/data"
)

// RunOptions configures one scrape run.
type RunOptions struct {
	// Now stamps every fetch of the run (one time per run keeps a run's dates equal).
	Now time.Time
	// Concurrency is how many menus are fetched at once (default 4). Politeness per
	// host is the engine's job; this only lets different hosts proceed in parallel.
	Concurrency int
	// ReplaceRegistry marks dispensaries missing from reg as out of the registry.
	ReplaceRegistry bool
	// Only, when non-empty, limits fetching to these slugs (the registry is still synced).
	Only []string
	// Progress, when set, is called after each menu, from one goroutine at a time.
	Progress func(done, total int, r MenuResult)
}

// MenuResult is the outcome of fetching one menu.
type MenuResult struct {
	Slug     string      `json:"slug"`
	Name     string      `json:"name"`
	Market   data.Market `json:"market"`
	Platform string      `json:"platform"`
	OK       bool        `json:"ok"`
	Reason   data.Reason `json:"reason"`
	Detail   string      `json:"detail,omitempty"`
	Products int         `json:"products"`
	Offers   int         `json:"offers"`
	// Skipped counts the records of the menu the adapter could not read.
	Skipped int `json:"skipped,omitempty"`
	// Warned counts the offers stored with a data-quality warning.
	Warned   int           `json:"warned,omitempty"`
	Duration time.Duration `json:"durationNs"`
}

// Summary is what a run did.
type Summary struct {
	RunID       int64         `json:"runId"`
	Started     time.Time     `json:"started"`
	Duration    time.Duration `json:"durationNs"`
	MenusOK     int           `json:"menusOk"`
	MenusFailed int           `json:"menusFailed"`
	Products    int           `json:"products"`
	Offers      int           `json:"offers"`
	Results     []MenuResult  `json:"results"`
}

// Run fetches every menu of every monitored dispensary once and records each fetch.
// A failing menu is recorded against its dispensary and the run goes on; the returned
// error is only for the store failing (nothing can be recorded then).
func Run(ctx context.Context, db *data.DB, reg data.Registry, adapters map[string]data.Adapter, opts RunOptions) (Summary, error) {
	start := time.Now()
	if opts.Now.IsZero() {
		opts.Now = time.Now()
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	if err := db.SyncDispensaries(ctx, reg.Dispensaries, opts.ReplaceRegistry, opts.Now); err != nil {
		return Summary{}, err
	}
	only := map[string]bool{}
	for _, s := range opts.Only {
		only[s] = true
	}
	type job struct {
		d   data.Dispensary
		src data.MenuSource
	}
	var jobs []job
	for _, d := range reg.Monitored() {
		if len(only) > 0 && !only[d.Slug] {
			continue
		}
		for _, src := range d.Menus {
			jobs = append(jobs, job{d, src})
		}
	}
	runID, err := db.StartRun(ctx, opts.Now)
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{RunID: runID, Started: opts.Now, Results: make([]MenuResult, len(jobs))}

	var (
		mu       sync.Mutex
		done     int
		storeErr error
	)
	sem := make(chan struct{}, opts.Concurrency)
	var wg sync.WaitGroup
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			r, err := fetchOne(ctx, db, runID, opts.Now, adapters, j.d, j.src)
			mu.Lock()
			defer mu.Unlock()
			sum.Results[i] = r
			if err != nil && storeErr == nil {
				storeErr = err
			}
			done++
			if opts.Progress != nil {
				opts.Progress(done, len(jobs), r)
			}
		}()
	}
	wg.Wait()
	if storeErr != nil {
		return sum, storeErr
	}
	for _, r := range sum.Results {
		if r.OK {
			sum.MenusOK++
		} else {
			sum.MenusFailed++
		}
		sum.Products += r.Products
		sum.Offers += r.Offers
	}
	sum.Duration = time.Since(start)
	if err := db.FinishRun(ctx, runID, opts.Now, sum.MenusOK, sum.MenusFailed, sum.Offers); err != nil {
		return sum, err
	}
	return sum, nil
}

// fetchOne fetches and records one menu. Only a store error is returned; the fetch
// outcome is in the result.
func fetchOne(ctx context.Context, db *data.DB, runID int64, now time.Time, adapters map[string]data.Adapter, d data.Dispensary, src data.MenuSource) (MenuResult, error) {
	start := time.Now()
	r := MenuResult{Slug: d.Slug, Name: d.Name, Market: src.Market, Platform: src.Platform}
	menu, err := fetchMenu(ctx, adapters, src)
	warned := CheckMenu(menu.Offers)
	for i := range menu.Offers {
		Identify(&menu.Offers[i])
	}
	mf := data.MenuFetch{RunID: runID, Slug: d.Slug, Market: src.Market, Platform: src.Platform, At: now,
		Offers: menu.Offers, HTTPStatus: menu.HTTPStatus, Err: err}
	if err == nil && len(menu.Offers) == 0 {
		// An answer with no products is recorded as an empty, failed fetch: a menu that
		// suddenly shows nothing is far more often a broken source than an empty store,
		// and must not make the earlier menu look current.
		mf.Err = &data.FetchError{Reason: data.ReasonEmpty, Status: menu.HTTPStatus, Detail: "menu answered with no products"}
	}
	if err := db.RecordMenuFetch(ctx, mf); err != nil {
		return r, fmt.Errorf("scrape %s %s: %w", d.Slug, src.Market, err)
	}
	r.Duration = time.Since(start)
	if mf.Err != nil {
		r.Reason, r.Detail = data.ReasonOf(mf.Err), mf.Err.Error()
		return r, nil
	}
	r.OK, r.Reason = true, data.ReasonOK
	r.Offers = len(menu.Offers)
	r.Products = data.DistinctProducts(menu.Offers)
	r.Skipped, r.Warned = len(menu.Skipped), warned
	var notes []string
	if r.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d records skipped, first: %s", r.Skipped, menu.Skipped[0]))
	}
	if warned > 0 {
		notes = append(notes, fmt.Sprintf("%d offers with warnings: %s", warned, describeWarnings(menu.Offers)))
	}
	r.Detail = strings.Join(notes, "; ")
	return r, nil
}

// fetchMenu calls the adapter, turning a panic in a parser into a parse failure of this
// menu so that one bad page cannot stop the run.
func fetchMenu(ctx context.Context, adapters map[string]data.Adapter, src data.MenuSource) (menu data.Menu, err error) {
	a, ok := adapters[src.Platform]
	if !ok {
		return data.Menu{}, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("no adapter for platform %q", src.Platform)}
	}
	defer func() {
		if p := recover(); p != nil {
			err = &data.FetchError{Reason: data.ReasonParse, Detail: fmt.Sprintf("%s adapter panicked: %v", src.Platform, p)}
		}
	}()
	if err := a.Validate(src); err != nil {
		return data.Menu{}, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	return a.FetchMenu(ctx, src)
}
