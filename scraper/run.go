package scraper

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// RunOptions configures one scrape run.
type RunOptions struct {
	// Now stamps every fetch of the run (one time per run keeps a run's dates equal).
	Now time.Time
	// Concurrency is how many menus of one host are fetched at once (default 4).
	// Menus are fetched host by host, each host's at its own pace: a host that makes
	// its menus wait (a Retry-After, a slow answer) never holds up another host's.
	// Politeness per host is the engine's job.
	Concurrency int
	// Deadline bounds the fetching (0: none): a menu not read by then fails (timeout)
	// and the run records what it has and finishes, in time for the publish after it.
	Deadline time.Duration
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
	// Source is the platform of the source that served the menu: Platform, or that of
	// the alternative read when the menu's own refused us ("" when none served it).
	Source   string      `json:"source,omitempty"`
	OK       bool        `json:"ok"`
	Reason   data.Reason `json:"reason"`
	Detail   string      `json:"detail,omitempty"`
	Products int         `json:"products"`
	Offers   int         `json:"offers"`
	// Skipped counts the records of the menu the adapter could not read.
	Skipped int `json:"skipped,omitempty"`
	// Warned counts the offers stored with a data-quality warning.
	Warned int `json:"warned,omitempty"`
	// Unverified marks a failed menu that comes from an unverified lead and has never
	// been read: the lead is not confirmed, rather than the store broken.
	Unverified bool          `json:"unverified,omitempty"`
	Duration   time.Duration `json:"durationNs"`
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
	// Failures are the failed menus by platform and reason (most menus first).
	Failures []store.RunFailure `json:"failures"`
}

// failuresOf groups the failed results as store.GroupFailures does for every report.
func failuresOf(results []MenuResult) []store.RunFailure {
	var failed []store.FailedMenu
	for _, r := range results {
		if !r.OK {
			failed = append(failed, store.FailedMenu{Platform: r.Platform, Reason: r.Reason, Unverified: r.Unverified})
		}
	}
	return store.GroupFailures(failed)
}

// Run fetches every menu of every monitored dispensary once and records each fetch.
// A failing menu is recorded against its dispensary and the run goes on; the returned
// error is only for the store failing (nothing can be recorded then).
func Run(ctx context.Context, db *store.DB, reg data.Registry, adapters map[string]data.Adapter, opts RunOptions) (Summary, error) {
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
	jobs := menuJobs(reg, opts.Only)
	runID, err := db.StartRun(ctx, opts.Now)
	if err != nil {
		return Summary{}, err
	}
	sum := Summary{RunID: runID, Started: opts.Now, Results: make([]MenuResult, len(jobs))}
	tally := &runTally{sum: &sum, total: len(jobs), progress: opts.Progress}

	// The fetches' results are recorded by one writer, several menus a commit (as many
	// as are waiting, up to recordBatch): see store.DB.RecordMenuFetches.
	fetched := make(chan fetchedMenu, recordBatch)
	written := make(chan struct{})
	go func() {
		defer close(written)
		for batch := range batches(fetched) {
			results, err := recordMenus(ctx, db, opts.Now, batch)
			for k, f := range batch {
				tally.record(f.index, results[k], err)
			}
		}
	}()
	fetchCtx, stop := ctx, context.CancelFunc(func() {})
	if opts.Deadline > 0 {
		fetchCtx, stop = context.WithTimeout(ctx, opts.Deadline)
	}
	defer stop()
	fetch := func(i int) {
		j := jobs[i]
		f, err := fetchOne(ctx, fetchCtx, db, runID, opts.Now, adapters, j.d, j.src)
		if err == nil && fetchCtx.Err() != nil && ctx.Err() == nil && errors.Is(f.fetch.Err, context.DeadlineExceeded) {
			f.fetch.Err = &data.FetchError{Reason: data.ReasonTimeout,
				Detail: fmt.Sprintf("the run's deadline (%s) passed before this menu was read", opts.Deadline)}
		}
		f.index = i
		if err != nil {
			tally.record(i, f.result, err)
			return
		}
		fetched <- f
	}
	// Each host's menus in registry order, Concurrency at a time; every host at once.
	var wg sync.WaitGroup
	lanes, order := lanesOf(adapters, jobs)
	for _, k := range order {
		next := make(chan int, len(lanes[k]))
		for _, i := range lanes[k] {
			next <- i
		}
		close(next)
		for range min(opts.Concurrency, len(lanes[k])) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range next {
					fetch(i)
				}
			}()
		}
	}
	wg.Wait()
	close(fetched)
	<-written
	if tally.storeErr != nil {
		return sum, tally.storeErr
	}
	sum.count()
	sum.Duration = time.Since(start)
	// Finished when the run's clock says plus what the run took: the published lastRun
	// tells readers when the data was last refreshed.
	if err := db.FinishRun(ctx, runID, opts.Now.Add(sum.Duration), sum.MenusOK, sum.MenusFailed, sum.Offers); err != nil {
		return sum, err
	}
	return sum, nil
}

// menuJob is one menu a run reads.
type menuJob struct {
	d   data.Dispensary
	src data.MenuSource
}

// menuJobs are the menus of the registry's monitored dispensaries (of only, when given),
// in registry order.
func menuJobs(reg data.Registry, only []string) []menuJob {
	want := map[string]bool{}
	for _, s := range only {
		want[s] = true
	}
	var jobs []menuJob
	for _, d := range reg.Monitored() {
		if len(want) > 0 && !want[d.Slug] {
			continue
		}
		for _, src := range d.Menus {
			jobs = append(jobs, menuJob{d, src})
		}
	}
	return jobs
}

// lanesOf groups the jobs (by index) by the host their first request goes to; order
// lists the lanes as they first appear.
func lanesOf(adapters map[string]data.Adapter, jobs []menuJob) (lanes map[string][]int, order []string) {
	lanes = map[string][]int{}
	for i, j := range jobs {
		k := laneOf(adapters, j.src)
		if _, ok := lanes[k]; !ok {
			order = append(order, k)
		}
		lanes[k] = append(lanes[k], i)
	}
	return lanes, order
}

// runTally records each menu's result as it comes, from the fetchers and the writer:
// its place in the summary, the progress callback, and the first store error.
type runTally struct {
	mu       sync.Mutex
	sum      *Summary
	done     int
	total    int
	progress func(done, total int, r MenuResult)
	storeErr error
}

func (t *runTally) record(i int, r MenuResult, err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.sum.Results[i] = r
	t.done++
	if t.progress != nil {
		t.progress(t.done, t.total, r)
	}
	if err != nil && t.storeErr == nil {
		t.storeErr = err
	}
}

// count totals the results: menus read and failed, products, offers, failures.
func (s *Summary) count() {
	for _, r := range s.Results {
		if r.OK {
			s.MenusOK++
		} else {
			s.MenusFailed++
		}
		s.Products += r.Products
		s.Offers += r.Offers
	}
	s.Failures = failuresOf(s.Results)
}

// recordBatch is the most menus recorded in one commit.
const recordBatch = 16

// fetchedMenu is a fetched menu waiting to be recorded: its place in the run's
// results, the result so far, the fetch to record and what the menu said of the store.
type fetchedMenu struct {
	index  int
	result MenuResult
	fetch  store.MenuFetch
	place  *data.Place
	src    data.MenuSource
	start  time.Time
	// skipped and warned are the adapter's unread records and the offers with warnings.
	skipped []string
	warned  int
}

// batches groups what arrives on in: each batch is what is waiting when the writer
// is free, at least one and at most recordBatch, so that a fast store records menu by
// menu and a busy one gathers them.
func batches(in <-chan fetchedMenu) <-chan []fetchedMenu {
	out := make(chan []fetchedMenu)
	go func() {
		defer close(out)
		for f := range in {
			batch := []fetchedMenu{f}
		gather:
			for len(batch) < recordBatch {
				select {
				case g, ok := <-in:
					if !ok {
						break gather
					}
					batch = append(batch, g)
				default:
					break gather
				}
			}
			out <- batch
		}
	}()
	return out
}

// laneOf is the host a menu is fetched from first, which its menu waits on: the
// adapter's answer when it has one (every platform's does), else the host of the
// menu's endpoint or URL, else its platform.
func laneOf(adapters map[string]data.Adapter, src data.MenuSource) string {
	if a, ok := adapters[src.Platform].(interface{ Lane(data.MenuSource) string }); ok {
		if l := a.Lane(src); l != "" {
			return l
		}
	}
	for _, raw := range []string{src.Endpoint, src.URL} {
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			return strings.ToLower(u.Host)
		}
	}
	return src.Platform
}

// fetchOne fetches one menu (within fetchCtx, the run's deadline) and makes the fetch to
// record. Only a store error is returned; the fetch outcome is in what recordMenus
// makes of it.
func fetchOne(ctx, fetchCtx context.Context, db *store.DB, runID int64, now time.Time, adapters map[string]data.Adapter, d data.Dispensary, src data.MenuSource) (fetchedMenu, error) {
	start := time.Now()
	r := MenuResult{Slug: d.Slug, Name: d.Name, Market: src.Market, Platform: src.Platform}
	menu, served, err := serveMenu(fetchCtx, adapters, d, src)
	if err == nil {
		r.Source = served.Platform
	}
	warned := CheckMenu(menu.Offers)
	for i := range menu.Offers {
		Identify(&menu.Offers[i])
	}
	mf := store.MenuFetch{RunID: runID, Slug: d.Slug, Market: src.Market, Platform: src.Platform, At: now,
		Offers: menu.Offers, HTTPStatus: menu.HTTPStatus, Err: err, Page: menuPageOf(served, menu.Page), Source: served.Platform}
	f := fetchedMenu{result: r, fetch: mf, place: menu.Place, src: src, start: start, skipped: menu.Skipped, warned: warned}
	if err == nil && len(menu.Offers) == 0 {
		// An answer with no products is recorded as an empty, failed fetch: a menu that
		// suddenly shows nothing is far more often a broken source than an empty store,
		// and must not make the earlier menu look current.
		f.fetch.Err = &data.FetchError{Reason: data.ReasonEmpty, Status: menu.HTTPStatus, Detail: "menu answered with no products"}
	} else if err == nil {
		if f.fetch.EmptyCategories, err = emptiedCategories(ctx, db, d.Slug, src.Market, menu.Offers); err != nil {
			return f, fmt.Errorf("scrape %s %s: %w", d.Slug, src.Market, err)
		}
	}
	return f, nil
}

// serveMenu reads a menu from the first of its sources (its own, then its registry
// alternatives) that serves it: a source that refuses us (data.Fallback: blocked, a key
// refused, a long rate limit) or whose reply is another store's gives way to the next,
// in the same run. It returns the menu and the source that served it; when none did,
// the menu's own source and its failure, which names what each alternative said.
func serveMenu(ctx context.Context, adapters map[string]data.Adapter, d data.Dispensary, src data.MenuSource) (data.Menu, data.MenuSource, error) {
	sources := src.Sources()
	var first data.Menu
	var firstErr error
	var tried []string
	for i, s := range sources {
		menu, err := fetchSource(ctx, adapters, d, s)
		if err == nil {
			return menu, s, nil
		}
		if i == 0 {
			first, firstErr = menu, err
		} else {
			tried = append(tried, fmt.Sprintf("alternative %d (%s): %v", i, s.Platform, err))
		}
		if reason := data.ReasonOf(err); !data.Fallback(reason) && reason != data.ReasonOtherStore {
			break
		}
	}
	if len(tried) == 0 {
		return first, sources[0], firstErr
	}
	detail := firstErr.Error()
	var own *data.FetchError
	if errors.As(firstErr, &own) {
		detail = own.Detail // its reason and status are the failure's own
	}
	fe := data.FetchError{Reason: data.ReasonOf(firstErr), Status: data.StatusOf(firstErr),
		Detail: detail + "; then " + strings.Join(tried, "; then ")}
	return data.Menu{HTTPStatus: first.HTTPStatus, Requests: first.Requests}, sources[0], &fe
}

// fetchSource reads one source of a menu and refuses a reply that is another store's:
// one whose store record puts it elsewhere.
func fetchSource(ctx context.Context, adapters map[string]data.Adapter, d data.Dispensary, src data.MenuSource) (data.Menu, error) {
	menu, err := fetchMenu(ctx, adapters, src)
	if err == nil && menu.Place != nil {
		// A menu whose store record is elsewhere is another store's: not stored as this one's.
		if why := wrongPlace(d, src.Platform, *menu.Place); why != "" {
			err = &data.FetchError{Reason: data.ReasonOtherStore, Status: menu.HTTPStatus, Detail: why}
			menu.Offers, menu.Place = nil, nil
		}
	}
	return menu, err
}

// recordMenus records a batch of fetched menus and returns their results; the error
// is the first store error (a menu the store failed keeps the result it had).
func recordMenus(ctx context.Context, db *store.DB, now time.Time, batch []fetchedMenu) ([]MenuResult, error) {
	fetches := make([]store.MenuFetch, len(batch))
	for k, f := range batch {
		fetches[k] = f.fetch
	}
	errs := db.RecordMenuFetches(ctx, fetches)
	results := make([]MenuResult, len(batch))
	var first error
	for k, f := range batch {
		results[k] = f.result
		if errs[k] != nil {
			if first == nil {
				first = fmt.Errorf("scrape %s %s: %w", f.fetch.Slug, f.fetch.Market, errs[k])
			}
			continue
		}
		r, err := finishMenu(ctx, db, now, f)
		results[k] = r
		if err != nil && first == nil {
			first = err
		}
	}
	return results, first
}

// finishMenu completes the result of a recorded menu.
func finishMenu(ctx context.Context, db *store.DB, now time.Time, f fetchedMenu) (MenuResult, error) {
	r, mf, src := f.result, f.fetch, f.src
	if mf.Err == nil && f.place != nil {
		if err := db.RecordPlace(ctx, mf.Slug, src.Platform, *f.place, now); err != nil {
			return r, fmt.Errorf("scrape %s %s: %w", mf.Slug, src.Market, err)
		}
	}
	r.Duration = time.Since(f.start)
	if mf.Err != nil {
		r.Reason, r.Detail = data.ReasonOf(mf.Err), mf.Err.Error()
		if !src.IsVerified() {
			read, err := db.EverRead(ctx, mf.Slug, src.Market, now)
			if err != nil {
				return r, fmt.Errorf("scrape %s %s: %w", mf.Slug, src.Market, err)
			}
			r.Unverified = !read
		}
		return r, nil
	}
	r.OK, r.Reason = true, data.ReasonOK
	r.Offers = len(mf.Offers)
	r.Products = data.DistinctProducts(mf.Offers)
	r.Skipped, r.Warned = len(f.skipped), f.warned
	var notes []string
	if r.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("%d records skipped, first: %s", r.Skipped, f.skipped[0]))
	}
	if f.warned > 0 {
		notes = append(notes, fmt.Sprintf("%d offers with warnings: %s", f.warned, describeWarnings(mf.Offers)))
	}
	if len(mf.EmptyCategories) > 0 {
		notes = append(notes, fmt.Sprintf("%s: %v", data.ReasonEmptyCategory, mf.EmptyCategories))
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
