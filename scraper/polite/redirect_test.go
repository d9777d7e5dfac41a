package polite

import (
	"context"
	"github.com/ohiomc/omc/internal/fakeclock"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

// redirector answers every path but robots.txt (404: allowed) with a redirect to to+path.
func redirector(to string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		http.Redirect(w, r, to+r.URL.Path, http.StatusFound)
	}))
}

// TestEngineRedirectObeysTargetRobots: three menus redirected to one host whose
// robots.txt disallows everything are robots failures; that host's menu is never asked.
func TestEngineRedirectObeysTargetRobots(t *testing.T) {
	var menuHits atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			io.WriteString(w, "User-agent: *\nDisallow: /\n")
			return
		}
		menuHits.Add(1)
		io.WriteString(w, `{"products":[]}`)
	}))
	defer target.Close()
	e := NewEngine(Options{Robots: true, Delay: 0})
	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		src := redirector(target.URL)
		defer src.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = e.Do(context.Background(), Request{URL: src.URL + "/menu"})
		}()
	}
	wg.Wait()
	for _, err := range errs {
		wantReason(t, err, data.ReasonRobots)
	}
	if n := menuHits.Load(); n != 0 {
		t.Errorf("the disallowed host was asked for its menu %d times", n)
	}
}

// TestEngineRedirectHopsWaitForTheHost: a redirect hop waits its turn at the host it
// goes to, one request at a time, and that host's delay.
func TestEngineRedirectHopsWaitForTheHost(t *testing.T) {
	release := make(chan struct{})
	slowArrived := make(chan struct{}, 1)
	var inFlight, maxInFlight atomic.Int32
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := inFlight.Add(1)
		defer inFlight.Add(-1)
		for m := maxInFlight.Load(); n > m && !maxInFlight.CompareAndSwap(m, n); m = maxInFlight.Load() {
		}
		if r.URL.Path == "/slow" {
			slowArrived <- struct{}{}
			<-release
		}
	}))
	defer target.Close()
	a, b := redirector(target.URL), redirector(target.URL)
	defer a.Close()
	defer b.Close()

	t.Run("one at a time", func(t *testing.T) {
		var once sync.Once
		free := func() { once.Do(func() { close(release) }) }
		defer free() // also when the test fails early: the handler must not hang
		e := NewEngine(Options{})
		errs := make(chan error, 2)
		go func() { _, err := e.Do(context.Background(), Request{URL: a.URL + "/slow"}); errs <- err }()
		// The slow hop holds the target first (were the fast one first, it would finish
		// before the slow one arrived and nothing would ever queue).
		<-slowArrived
		go func() { _, err := e.Do(context.Background(), Request{URL: b.URL + "/fast"}); errs <- err }()
		// The fast hop to target waits for the slow one.
		waitQueued(t, e, hostOf(target), 1)
		free()
		for range 2 {
			if err := <-errs; err != nil {
				t.Fatal(err)
			}
		}
		if m := maxInFlight.Load(); m != 1 {
			t.Errorf("max requests in flight to the redirect target = %d, want 1", m)
		}
	})
	t.Run("the delay", func(t *testing.T) {
		clock := fakeclock.New()
		e := newFakeTimeEngine(Options{Delay: 5 * time.Second}, clock)
		for _, src := range []*httptest.Server{a, b} {
			resp, err := e.Do(context.Background(), Request{URL: src.URL + "/menu"})
			if err != nil {
				t.Fatal(err)
			}
			if resp.URL != target.URL+"/menu" {
				t.Errorf("final URL %s", resp.URL)
			}
		}
		// a, target, b are each asked once before; target's second request waits 5s.
		if got := clock.Waits(); len(got) != 1 || got[0] != 5*time.Second {
			t.Errorf("waits = %v, want [5s] (the second hop to the target)", got)
		}
	})
}

// TestEngineRedirectToOtherScheme: a redirect to a URL that is not http(s) is a final
// redirect failure, asked once, never retried.
func TestEngineRedirectToOtherScheme(t *testing.T) {
	for _, loc := range []string{"ftp://files.example/menu", "javascript:alert(1)", "file:///etc/passwd", "http://"} {
		t.Run(loc, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Location", loc)
				w.WriteHeader(http.StatusFound)
			}))
			defer srv.Close()
			e := NewEngine(Options{Retries: 3})
			_, err := e.Do(context.Background(), Request{URL: srv.URL + "/menu"})
			wantReason(t, err, data.ReasonRedirect)
			if n := e.Requests(); n != 1 {
				t.Errorf("%d requests, want 1 (no retry)", n)
			}
		})
	}
}

// TestEngineRedirectRequestRules: 303 turns a POST into a GET without body; 307 keeps
// it; credentials are not sent to another host; too many redirects is http_status.
func TestEngineRedirectRequestRules(t *testing.T) {
	type seen struct{ method, body, auth string }
	var got []seen
	var mu sync.Mutex
	target := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, seen{r.Method, string(b), r.Header.Get("Authorization")})
		mu.Unlock()
	}))
	defer target.Close()
	src := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := http.StatusSeeOther
		if r.URL.Path == "/keep" {
			code = http.StatusTemporaryRedirect
		}
		http.Redirect(w, r, target.URL+"/x", code)
	}))
	defer src.Close()
	e := NewEngine(Options{})
	for _, p := range []string{"/see-other", "/keep"} {
		if _, err := e.Do(context.Background(), Request{Method: "POST", URL: src.URL + p, Body: []byte("q"), Header: http.Header{"Authorization": {"secret"}}}); err != nil {
			t.Fatal(err)
		}
	}
	want := []seen{{"GET", "", ""}, {"POST", "q", ""}}
	if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("target saw %+v, want %+v", got, want)
	}

	var loop *httptest.Server
	loop = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, loop.URL+"/again", http.StatusFound)
	}))
	defer loop.Close()
	e = NewEngine(Options{MaxRedirects: 3})
	_, err := e.Do(context.Background(), Request{URL: loop.URL})
	if fe := wantReason(t, err, data.ReasonHTTPStatus); fe.Status != http.StatusFound {
		t.Errorf("status %d", fe.Status)
	}
	if n := e.Requests(); n != 4 {
		t.Errorf("%d requests, want 4 (the first and 3 redirects)", n)
	}
}
