package polite

import (
	"context"
	"errors"
	"fmt"
	"github.com/ohiomc/omc/internal/fakeclock"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

// newFakeTimeEngine returns an engine whose waits go to clock.
func newFakeTimeEngine(o Options, clock *fakeclock.Clock) *Engine {
	o.Now, o.Sleep = clock.Now, clock.Sleep
	return NewEngine(o)
}

// waitQueued spins until n goroutines wait for host's slot; it fails the test if
// that never happens (which is what an engine without the per-host gate does).
func waitQueued(t *testing.T, e *Engine, host string, n int32) {
	t.Helper()
	spinUntil(t, fmt.Sprintf("%d request(s) queued for %s", n, host), func() bool { return e.hosts.get(host).queued.Load() == n })
}

func hostOf(srv *httptest.Server) string { return strings.TrimPrefix(srv.URL, "http://") }

func wantReason(t *testing.T, err error, reason data.Reason) *data.FetchError {
	t.Helper()
	var fe *data.FetchError
	if !errors.As(err, &fe) {
		t.Fatalf("error %v (%T) is not a *data.FetchError", err, err)
	}
	if fe.Reason != reason {
		t.Fatalf("reason = %q, want %q (error: %v)", fe.Reason, reason, err)
	}
	return fe
}

func TestEngineSendsUserAgent(t *testing.T) {
	tests := []struct {
		name    string
		options Options
		header  http.Header
		want    string
	}{
		{"default", Options{}, nil, DefaultUserAgent},
		{"configured", Options{UserAgent: "omc-test/2"}, nil, "omc-test/2"},
		{"caller header cannot hide the bot", Options{}, http.Header{"User-Agent": {"Mozilla/5.0"}}, DefaultUserAgent},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got string
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				got = r.UserAgent()
			}))
			defer srv.Close()
			if _, err := NewEngine(tt.options).Do(context.Background(), Request{URL: srv.URL, Header: tt.header}); err != nil {
				t.Fatal(err)
			}
			if got != tt.want {
				t.Errorf("User-Agent = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestEngineSendsMethodHeadersAndBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		buf := new(strings.Builder)
		fmt.Fprintf(buf, "%s %s %s ", r.Method, r.URL.RequestURI(), r.Header.Get("X-Test"))
		b := make([]byte, 64)
		n, _ := r.Body.Read(b)
		buf.Write(b[:n])
		w.Header().Set("X-Reply", "yes")
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, buf.String())
	}))
	defer srv.Close()
	resp, err := NewEngine(Options{}).Do(context.Background(), Request{
		Method: "post",
		URL:    srv.URL + "/a/b?x=1&y=%7B%22k%22%3A1%7D",
		Header: http.Header{"X-Test": {"hdr"}},
		Body:   []byte(`{"q":1}`),
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `POST /a/b?x=1&y=%7B%22k%22%3A1%7D hdr {"q":1}`
	if string(resp.Body) != want || resp.Status != http.StatusCreated || resp.Header.Get("X-Reply") != "yes" {
		t.Errorf("response = %d %q %v, want 201 %q with X-Reply", resp.Status, resp.Body, resp.Header, want)
	}
}

func TestEngineOneRequestAtATimePerHost(t *testing.T) {
	var inFlight, maxInFlight atomic.Int32
	release := make(chan struct{})
	arrived := make(chan string, 4)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
		}
		arrived <- r.URL.Path
		if r.URL.Path == "/slow" {
			<-release
		}
	}))
	defer srv.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer other.Close()

	e := NewEngine(Options{})
	ctx := context.Background()
	errs := make(chan error, 2)
	go func() { _, err := e.Do(ctx, Request{URL: srv.URL + "/slow"}); errs <- err }()
	if got := <-arrived; got != "/slow" {
		t.Fatalf("first arrival %q", got)
	}
	go func() { _, err := e.Do(ctx, Request{URL: srv.URL + "/second"}); errs <- err }()
	// The second call must wait for the host while the first is still being served...
	waitQueued(t, e, hostOf(srv), 1)
	// ...while another host is served in parallel.
	if _, err := e.Do(ctx, Request{URL: other.URL}); err != nil {
		t.Fatalf("other host: %v", err)
	}
	close(release)
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	if got := <-arrived; got != "/second" {
		t.Errorf("second arrival %q", got)
	}
	if m := maxInFlight.Load(); m != 1 {
		t.Errorf("max requests in flight to one host = %d, want 1", m)
	}
}

// TestEngineDelayBetweenRequestsToOneHost: each request to a host after the first
// waits the delay (on the engine's clock, which the test holds: no time is spent).
func TestEngineDelayBetweenRequestsToOneHost(t *testing.T) {
	const delay = 150 * time.Millisecond
	var arrivals []time.Time
	clock := fakeclock.New()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrivals = append(arrivals, clock.Now())
	}))
	defer srv.Close()
	e := newFakeTimeEngine(Options{Delay: delay}, clock)
	for i := range 3 {
		if _, err := e.Do(context.Background(), Request{URL: fmt.Sprintf("%s/%d", srv.URL, i)}); err != nil {
			t.Fatal(err)
		}
	}
	if got := clock.Waits(); len(got) != 2 || got[0] != delay || got[1] != delay {
		t.Errorf("waits = %v, want the delay before the second and third requests", got)
	}
	for i := 1; i < len(arrivals); i++ {
		if gap := arrivals[i].Sub(arrivals[i-1]); gap != delay {
			t.Errorf("gap between request %d and %d = %v on the engine's clock, want %v", i-1, i, gap, delay)
		}
	}
}

func TestEnginePlatformDelayOverridesPerHost(t *testing.T) {
	clock := fakeclock.New()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	defer srv.Close()
	e := newFakeTimeEngine(Options{Delay: 2 * time.Second}, clock)
	e.hosts.setDelay(hostOf(srv), 5*time.Second)
	for range 2 {
		if _, err := e.Do(context.Background(), Request{URL: srv.URL}); err != nil {
			t.Fatal(err)
		}
	}
	if got := clock.Waits(); len(got) != 1 || got[0] != 5*time.Second {
		t.Errorf("waits = %v, want [5s]", got)
	}
}

func TestEngineRetries(t *testing.T) {
	clockStart := fakeclock.New().Now()
	type reply struct {
		status int
		header map[string]string
	}
	tests := []struct {
		name     string
		replies  []reply // the last one repeats
		retries  int
		status   int
		reason   data.Reason // "" for success
		attempts int
		waits    [][2]time.Duration // allowed [min, max] of each wait
	}{
		{
			name:    "429 with Retry-After seconds",
			replies: []reply{{429, map[string]string{"Retry-After": "5"}}, {200, nil}},
			retries: 3, status: 200, attempts: 2,
			waits: [][2]time.Duration{{5 * time.Second, 5 * time.Second}},
		},
		{
			name:    "503 with Retry-After HTTP-date",
			replies: []reply{{503, map[string]string{"Retry-After": clockStart.Add(6 * time.Second).Format(http.TimeFormat)}}, {200, nil}},
			retries: 3, status: 200, attempts: 2,
			waits: [][2]time.Duration{{6 * time.Second, 6 * time.Second}},
		},
		{
			name:    "Retry-After at MaxBackoff is honoured",
			replies: []reply{{429, map[string]string{"Retry-After": "8"}}, {200, nil}},
			retries: 3, status: 200, attempts: 2,
			waits: [][2]time.Duration{{8 * time.Second, 8 * time.Second}},
		},
		{
			name:    "Retry-After beyond MaxBackoff is rate_limited at once",
			replies: []reply{{429, map[string]string{"Retry-After": "3600"}}, {200, nil}},
			retries: 3, status: 429, reason: data.ReasonRateLimited, attempts: 1,
		},
		{
			name:    "429 without Retry-After backs off",
			replies: []reply{{429, nil}, {200, nil}},
			retries: 3, status: 200, attempts: 2,
			waits: [][2]time.Duration{{500 * time.Millisecond, time.Second}},
		},
		{
			name:    "500 then 200 succeeds",
			replies: []reply{{500, nil}, {200, nil}},
			retries: 3, status: 200, attempts: 2,
			waits: [][2]time.Duration{{500 * time.Millisecond, time.Second}},
		},
		{
			name:    "permanent 500 gives up after Retries+1 attempts",
			replies: []reply{{500, nil}},
			retries: 3, status: 500, reason: data.ReasonHTTPStatus, attempts: 4,
			waits: [][2]time.Duration{
				{500 * time.Millisecond, time.Second},
				{time.Second, 2 * time.Second},
				{2 * time.Second, 4 * time.Second},
			},
		},
		{
			name:    "back-off capped at MaxBackoff",
			replies: []reply{{502, nil}},
			retries: 5, status: 502, reason: data.ReasonHTTPStatus, attempts: 6,
			waits: [][2]time.Duration{
				{500 * time.Millisecond, time.Second},
				{time.Second, 2 * time.Second},
				{2 * time.Second, 4 * time.Second},
				{4 * time.Second, 8 * time.Second},
				{4 * time.Second, 8 * time.Second},
			},
		},
		{
			name:    "404 is not retried",
			replies: []reply{{404, nil}},
			retries: 3, status: 404, reason: data.ReasonHTTPStatus, attempts: 1,
		},
		{
			name:    "no retries configured",
			replies: []reply{{500, nil}, {200, nil}},
			retries: 0, status: 500, reason: data.ReasonHTTPStatus, attempts: 1,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				i := int(calls.Add(1)) - 1
				rep := tt.replies[min(i, len(tt.replies)-1)]
				for k, v := range rep.header {
					w.Header().Set(k, v)
				}
				w.WriteHeader(rep.status)
				fmt.Fprintf(w, "reply %d", i)
			}))
			defer srv.Close()
			clock := fakeclock.New()
			e := newFakeTimeEngine(Options{Retries: tt.retries, BackoffBase: time.Second, MaxBackoff: 8 * time.Second}, clock)

			resp, err := e.Do(context.Background(), Request{URL: srv.URL})
			if tt.reason == "" {
				if err != nil {
					t.Fatal(err)
				}
			} else {
				fe := wantReason(t, err, tt.reason)
				if fe.Status != tt.status {
					t.Errorf("error status = %d, want %d", fe.Status, tt.status)
				}
			}
			if resp == nil || resp.Status != tt.status {
				t.Fatalf("response = %+v, want status %d", resp, tt.status)
			}
			if got := int(calls.Load()); got != tt.attempts {
				t.Errorf("attempts = %d, want %d", got, tt.attempts)
			}
			if got := e.Requests(); got != int64(tt.attempts) {
				t.Errorf("Requests() = %d, want %d", got, tt.attempts)
			}
			waits := clock.Waits()
			if len(waits) != len(tt.waits) {
				t.Fatalf("waits = %v, want %d of them", waits, len(tt.waits))
			}
			for i, w := range waits {
				if w < tt.waits[i][0] || w > tt.waits[i][1] {
					t.Errorf("wait %d = %v, want within %v", i, w, tt.waits[i])
				}
			}
		})
	}
}

// TestEngineHoldsTheRetryBack: with the production options (robots.txt read first), a
// 429 with Retry-After: 2 is retried only once the engine's wait of two seconds has
// ended: the test holds the wait (the engine's sleep) and sees no retry meanwhile.
func TestEngineHoldsTheRetryBack(t *testing.T) {
	var arrivals atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		if arrivals.Add(1) == 1 {
			w.Header().Set("Retry-After", "2")
			w.WriteHeader(http.StatusTooManyRequests)
		}
	}))
	defer srv.Close()
	o := DefaultOptions()
	o.Delay = 0
	e := NewEngine(o)
	clock := fakeclock.New()
	e.now = clock.Now
	waiting, release := make(chan time.Duration, 1), make(chan struct{})
	e.sleep = func(ctx context.Context, d time.Duration) error {
		waiting <- d
		<-release
		return clock.Sleep(ctx, d)
	}
	type result struct {
		resp *Response
		err  error
	}
	done := make(chan result, 1)
	go func() {
		resp, err := e.Do(context.Background(), Request{URL: srv.URL + "/menu"})
		done <- result{resp, err}
	}()
	select {
	case d := <-waiting:
		if d != 2*time.Second {
			t.Errorf("the engine waits %v, want the Retry-After's 2s", d)
		}
	case r := <-done:
		t.Fatalf("Do returned without waiting: %+v", r)
	case <-testStop(t):
		t.Fatal("the engine never waited")
	}
	if n := arrivals.Load(); n != 1 {
		t.Errorf("%d requests before the wait ended, want only the first", n)
	}
	close(release)
	r := <-done
	if r.err != nil || r.resp.Status != http.StatusOK || arrivals.Load() != 2 {
		t.Fatalf("status %v, %v after %d attempts, want 200 after 2", r.resp, r.err, arrivals.Load())
	}
}

func TestEngineTimeout(t *testing.T) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		<-r.Context().Done() // never answers; the client gives up
	}))
	defer srv.Close()
	clock := fakeclock.New()
	e := newFakeTimeEngine(Options{Timeout: 100 * time.Millisecond, Retries: 1}, clock)
	_, err := e.Do(context.Background(), Request{URL: srv.URL})
	wantReason(t, err, data.ReasonTimeout)
	if got := calls.Load(); got != 2 {
		t.Errorf("attempts = %d, want 2 (time-outs are retried)", got)
	}
}

func TestEngineBodyCap(t *testing.T) {
	const limit = 1024
	tests := []struct {
		name    string
		size    int
		chunked bool // no Content-Length: only the read size can tell
		tooBig  bool
	}{
		{"declared length over the cap", 2 * limit, false, true},
		{"chunked body over the cap", 2 * limit, true, true},
		{"one byte over, chunked", limit + 1, true, true},
		{"exactly the cap", limit, false, false},
		{"exactly the cap, chunked", limit, true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var calls atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				calls.Add(1)
				body := strings.Repeat("x", tt.size)
				if !tt.chunked {
					w.Header().Set("Content-Length", fmt.Sprint(tt.size))
					fmt.Fprint(w, body)
					return
				}
				half := tt.size / 2
				fmt.Fprint(w, body[:half])
				w.(http.Flusher).Flush()
				fmt.Fprint(w, body[half:])
			}))
			defer srv.Close()
			e := NewEngine(Options{MaxBodyBytes: limit, Retries: 2})
			resp, err := e.Do(context.Background(), Request{URL: srv.URL})
			if tt.tooBig {
				wantReason(t, err, data.ReasonTooLarge)
				if calls.Load() != 1 {
					t.Errorf("attempts = %d, want 1 (a body over the cap is not retried)", calls.Load())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(resp.Body) != tt.size {
				t.Errorf("body length = %d, want %d", len(resp.Body), tt.size)
			}
		})
	}
}

func TestEngineNetworkError(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	url := srv.URL
	srv.Close() // connection refused from now on
	clock := fakeclock.New()
	e := newFakeTimeEngine(Options{Retries: 2}, clock)
	_, err := e.Do(context.Background(), Request{URL: url})
	wantReason(t, err, data.ReasonNetwork)
	if got := e.Requests(); got != 3 {
		t.Errorf("Requests() = %d, want 3", got)
	}
}

func TestEngineRefusesBadURLs(t *testing.T) {
	for _, raw := range []string{"", "dutchie.com/graphql", "ftp://example.com/x", "http://", "http://a b/"} {
		t.Run(raw, func(t *testing.T) {
			e := NewEngine(Options{})
			_, err := e.Do(context.Background(), Request{URL: raw})
			wantReason(t, err, data.ReasonConfig)
			if e.Requests() != 0 {
				t.Error("a bad URL reached the network")
			}
		})
	}
}

func TestEngineContextCancelStopsWaiting(t *testing.T) {
	t.Run("while waiting out the delay", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
		defer srv.Close()
		e := NewEngine(Options{Delay: time.Hour})
		sleeping := make(chan time.Duration, 1)
		e.sleep = func(ctx context.Context, d time.Duration) error {
			sleeping <- d
			return sleepContext(ctx, d) // the real sleep must notice the cancellation
		}
		if _, err := e.Do(context.Background(), Request{URL: srv.URL}); err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { _, err := e.Do(ctx, Request{URL: srv.URL}); done <- err }()
		<-sleeping
		cancel()
		err := awaitError(t, done)
		wantReason(t, err, data.ReasonNetwork)
		if !errors.Is(err, context.Canceled) {
			t.Errorf("error %v does not match context.Canceled", err)
		}
		if e.Requests() != 1 {
			t.Errorf("Requests() = %d, want 1", e.Requests())
		}
	})
	t.Run("while another request holds the host", func(t *testing.T) {
		release := make(chan struct{})
		arrived := make(chan struct{}, 1)
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			arrived <- struct{}{}
			<-release
		}))
		defer srv.Close()
		e := NewEngine(Options{})
		first := make(chan error, 1)
		go func() { _, err := e.Do(context.Background(), Request{URL: srv.URL}); first <- err }()
		<-arrived
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { _, err := e.Do(ctx, Request{URL: srv.URL}); done <- err }()
		waitQueued(t, e, hostOf(srv), 1)
		cancel()
		if err := awaitError(t, done); !errors.Is(err, context.Canceled) {
			t.Errorf("error = %v, want context.Canceled", err)
		}
		close(release)
		if err := <-first; err != nil {
			t.Fatal(err)
		}
	})
	t.Run("deadline during a request is a timeout", func(t *testing.T) {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			<-r.Context().Done()
		}))
		defer srv.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		defer cancel()
		_, err := NewEngine(Options{Retries: 3}).Do(ctx, Request{URL: srv.URL})
		wantReason(t, err, data.ReasonTimeout)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("error %v does not match context.DeadlineExceeded", err)
		}
	})
}

// awaitError waits for a Do call to return; it fails instead of hanging the run.
func awaitError(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-testStop(t):
		t.Fatal("Do did not return after its context ended")
		return nil
	}
}

func TestBackoff(t *testing.T) {
	none := func(time.Duration) time.Duration { return 0 }
	all := func(n time.Duration) time.Duration { return n }
	tests := []struct {
		attempt  int
		jitter   func(time.Duration) time.Duration
		want     time.Duration
		withNone bool
	}{
		{0, none, 500 * time.Millisecond, true},
		{0, all, time.Second, false},
		{1, all, 2 * time.Second, false},
		{3, all, 8 * time.Second, false},
		{6, all, 60 * time.Second, false},
		{6, none, 30 * time.Second, true},
		{200, all, 60 * time.Second, false},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("attempt %d jitterless=%v", tt.attempt, tt.withNone), func(t *testing.T) {
			if got := backoff(tt.attempt, time.Second, time.Minute, tt.jitter); got != tt.want {
				t.Errorf("backoff = %v, want %v", got, tt.want)
			}
		})
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		value string
		want  time.Duration
		ok    bool
	}{
		{"", 0, false},
		{"7", 7 * time.Second, true},
		{" 0 ", 0, true},
		{"-3", 0, false},
		{"86400", 24 * time.Hour, true},
		{"99999999999999999", maxRetryAfter, true},
		{"999999999999999999999999", maxRetryAfter, true},
		{now.Add(30 * time.Second).Format(http.TimeFormat), 30 * time.Second, true},
		{now.Add(-time.Hour).Format(http.TimeFormat), 0, true},
		{now.Add(time.Hour).Format(http.TimeFormat), time.Hour, true},
		{"soon", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.value, func(t *testing.T) {
			got, ok := parseRetryAfter(tt.value, now)
			if got != tt.want || ok != tt.ok {
				t.Errorf("parseRetryAfter(%q) = %v, %v; want %v, %v", tt.value, got, ok, tt.want, tt.ok)
			}
		})
	}
}
