package polite_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// An engine fetches a menu, and refuses a path the host's robots.txt disallows without
// asking for it.
func ExampleEngine_Do() {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private\n")
		case "/menu":
			fmt.Fprint(w, `{"products":3}`)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()

	o := polite.DefaultOptions()
	o.Delay = 0 // a test server needs no gap between requests
	e := polite.NewEngine(o)
	resp, err := e.Do(context.Background(), polite.Request{URL: srv.URL + "/menu"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Status, string(resp.Body))

	_, err = e.Do(context.Background(), polite.Request{URL: srv.URL + "/private/menu"})
	var fe *data.FetchError
	if errors.As(err, &fe) {
		fmt.Println("refused:", fe.Reason)
	}
	fmt.Println("requests sent:", e.Requests()) // robots.txt and the menu
	// Output:
	// 200 {"products":3}
	// refused: robots
	// requests sent: 2
}

// A reply of 503 with Retry-After is retried after the wait it asks for (here a
// second, on the engine's clock, which this example replaces to spend no time).
func ExampleEngine_Do_retry() {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(http.StatusServiceUnavailable)
			return
		}
		fmt.Fprint(w, "ok")
	}))
	defer srv.Close()

	clock := &stepClock{t: time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)}
	e := polite.NewEngine(polite.Options{Delay: 0, Retries: 2, Now: clock.now, Sleep: clock.sleep})
	resp, err := e.Do(context.Background(), polite.Request{URL: srv.URL + "/menu"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(resp.Status, string(resp.Body), "after", resp.Attempts, "attempts")
	fmt.Println("waited", clock.waits)
	// Output:
	// 200 ok after 2 attempts
	// waited [1s]
}

// Every request names the site and the bot.
func ExampleUserAgent() {
	fmt.Println(polite.UserAgent("2.1"))
	// Output:
	// omc/2.1 (+https://github.com/ohiomc/omc; Ohio Marijuana Community menu freshness bot)
}

// A platform that asks for a longer gap between requests gets it on its own host.
func ExampleEngine_SetHostDelay() {
	clock := &stepClock{t: time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)}
	e := polite.NewEngine(polite.Options{Delay: 0, Now: clock.now, Sleep: clock.sleep})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "ok") }))
	defer srv.Close()
	e.SetHostDelay(srv.Listener.Addr().String(), 3*time.Second)
	for range 2 {
		if _, err := e.Do(context.Background(), polite.Request{URL: srv.URL + "/menu"}); err != nil {
			fmt.Println(err)
			return
		}
	}
	fmt.Println("requests:", e.Requests(), "waited:", clock.waits)
	// Output:
	// requests: 2 waited: [3s]
}

// stepClock is a clock that stands still until the engine sleeps, and then moves on by
// exactly the wait, so an example shows the waits without spending them.
type stepClock struct {
	mu    sync.Mutex
	t     time.Time
	waits []time.Duration
}

func (c *stepClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *stepClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.t = c.t.Add(d)
	return ctx.Err()
}
