package scraper

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/internal/fakeclock"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

// urlAdapter reads a menu of one offer from the menu's url, through the engine.
type urlAdapter struct{ e *polite.Engine }

func (a urlAdapter) Platform() string               { return "fake" }
func (a urlAdapter) Validate(data.MenuSource) error { return nil }
func (a urlAdapter) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	if _, err := send(ctx, a.e, polite.Request{URL: src.URL}, "menu "+src.StoreID, &menu); err != nil {
		return menu, err
	}
	menu.Offers = []data.Offer{offer("p-"+src.StoreID, data.Flower)}
	return menu, nil
}

// rateLimitRun runs a scrape of five menus on host limited (first in the registry)
// and one on host healthy (last), with the engine's clock and sleep replaced.
func rateLimitRun(t *testing.T, limited, healthy string, e *polite.Engine, opts RunOptions) (Summary, *store.DB) {
	t.Helper()
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "omc.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	var ds []data.Dispensary
	add := func(slug, base string) {
		ds = append(ds, data.Dispensary{Slug: slug, Name: slug, City: "Akron", Region: "Northeast",
			Menus: []data.MenuSource{{Market: data.Recreational, Platform: "fake", StoreID: slug, URL: base + "/menu/" + slug}}})
	}
	for i := range 5 {
		add(fmt.Sprintf("limited-%d", i), limited)
	}
	add("healthy", healthy)
	if opts.Now.IsZero() {
		opts.Now = time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	}
	sum, err := Run(ctx, db, data.Registry{Dispensaries: ds}, map[string]data.Adapter{"fake": urlAdapter{e}}, opts)
	if err != nil {
		t.Fatal(err)
	}
	return sum, db
}

func healthyServer(t *testing.T, first chan<- struct{}) *httptest.Server {
	var once sync.Once
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(first) })
		fmt.Fprint(w, `{}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// TestRateLimitedHostDoesNotHoldOthers: a host answering 429 kept every menu worker
// waiting on it, and a healthy host got its first request after 240 s. Each
// host's menus now wait on their own host only: the healthy host is asked while the
// rate-limited one's Retry-After is still being waited out (the wait is the engine's
// injected sleep, held until the healthy menu is read).
func TestRateLimitedHostDoesNotHoldOthers(t *testing.T) {
	limited := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer limited.Close()
	first := make(chan struct{})
	healthy := healthyServer(t, first)

	waiting := make(chan struct{}, 16)
	release := make(chan struct{})
	sleep := func(ctx context.Context, d time.Duration) error {
		if d < 20*time.Second {
			return ctx.Err()
		}
		waiting <- struct{}{} // the Retry-After wait: held until the healthy host is asked
		select {
		case <-release:
			return nil
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	e := polite.NewEngine(polite.Options{Delay: 0, Retries: 1, MaxBackoff: time.Minute, Sleep: sleep})
	done := make(chan Summary, 1)
	go func() {
		sum, _ := rateLimitRun(t, limited.URL, healthy.URL, e, RunOptions{Concurrency: 4})
		done <- sum
	}()
	select {
	case <-waiting:
	case <-time.After(10 * time.Second):
		t.Fatal("the rate-limited host's Retry-After was never waited for")
	}
	select {
	case <-first:
	case <-time.After(10 * time.Second):
		close(release)
		t.Fatal("the healthy host was not asked while the rate-limited one's wait went on")
	}
	close(release)
	sum := <-done
	for _, r := range sum.Results {
		if want := r.Slug == "healthy"; r.OK != want {
			t.Errorf("%s: ok %v (%s %s)", r.Slug, r.OK, r.Reason, r.Detail)
		}
	}
}

// TestRateLimitedHostFailsAtOnce: a Retry-After of a day was capped at 60 s and then
// honoured on every attempt of every menu (5 menus, one retry: 300 s). One beyond what
// a run can wait fails the host's remaining menus at once (rate_limited, as omc health
// reports it); the host is asked once, the other host's menu is read, and no wait of
// a minute or more is spent.
func TestRateLimitedHostFailsAtOnce(t *testing.T) {
	var asked atomic.Int32
	limited := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		w.Header().Set("Retry-After", "86400")
		w.WriteHeader(http.StatusTooManyRequests)
	}))
	defer limited.Close()
	healthy := healthyServer(t, make(chan struct{}))
	clock := fakeclock.New()
	e := newFakeTimeEngine(polite.Options{Delay: 0, Retries: 1}, clock)
	sum, db := rateLimitRun(t, limited.URL, healthy.URL, e, RunOptions{})
	if n := asked.Load(); n != 1 {
		t.Errorf("the rate-limited host was asked %d times, want once", n)
	}
	for _, w := range clock.Waits() {
		if w >= time.Minute {
			t.Errorf("waited %s", w)
		}
	}
	if len(sum.Failures) != 1 || sum.Failures[0] != (store.RunFailure{Platform: "fake", Reason: data.ReasonRateLimited, Menus: 5}) {
		t.Errorf("failures %+v, want the 5 menus of the limited host rate_limited", sum.Failures)
	}
	for _, r := range sum.Results {
		if r.Slug != "healthy" && !strings.Contains(r.Detail, "Retry-After") {
			t.Errorf("%s: %s", r.Slug, r.Detail)
		}
	}
	runs, err := db.Runs(context.Background(), 1)
	if err != nil || len(runs) != 1 || runs[0].MenusOK != 1 || len(runs[0].Failures) != 1 || runs[0].Failures[0].Reason != data.ReasonRateLimited {
		t.Errorf("the run as omc health reads it: %+v, %v", runs, err)
	}
}

// TestRunDeadline: a run has an overall deadline; past it, the menus not read fail
// (timeout, naming the deadline), and the run records what it has and finishes.
func TestRunDeadline(t *testing.T) {
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done() // never answers
	}))
	defer hang.Close()
	healthy := healthyServer(t, make(chan struct{}))
	e := polite.NewEngine(polite.Options{Delay: 0, Timeout: 5 * time.Second})
	sum, db := rateLimitRun(t, hang.URL, healthy.URL, e, RunOptions{Deadline: 200 * time.Millisecond})
	for _, r := range sum.Results {
		switch {
		case r.Slug == "healthy" && !r.OK:
			t.Errorf("healthy: %s %s", r.Reason, r.Detail)
		case r.Slug != "healthy" && (r.Reason != data.ReasonTimeout || !strings.Contains(r.Detail, "the run's deadline (200ms) passed")):
			t.Errorf("%s: %s %s", r.Slug, r.Reason, r.Detail)
		}
	}
	if runs, err := db.Runs(context.Background(), 1); err != nil || len(runs) != 1 || runs[0].MenusFailed != 5 {
		t.Errorf("the run was not recorded as finished: %+v, %v", runs, err)
	}
}
