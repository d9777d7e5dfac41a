package polite

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/internal/fakeclock"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

// robotsServer answers /robots.txt with status and body and counts every request per path.
func robotsServer(t *testing.T, status int, body string) (*httptest.Server, *sync.Map) {
	t.Helper()
	var hits sync.Map
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := hits.LoadOrStore(r.URL.Path, new(atomic.Int32))
		n.(*atomic.Int32).Add(1)
		if r.URL.Path == "/robots.txt" {
			w.WriteHeader(status)
			fmt.Fprint(w, body)
			return
		}
		fmt.Fprint(w, `{"ok":true}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &hits
}

func hitsOf(m *sync.Map, path string) int32 {
	n, ok := m.Load(path)
	if !ok {
		return 0
	}
	return n.(*atomic.Int32).Load()
}

func robotsEngine() *Engine {
	o := DefaultOptions()
	o.Delay, o.Retries = 0, 0
	return NewEngine(o)
}

func TestRobotsTxt(t *testing.T) {
	const rules = "User-agent: *\nDisallow: /private\n\nUser-agent: omc\nDisallow: /graphql\nAllow: /graphql/public\n"
	tests := []struct {
		name, path string
		status     int
		body       string
		allowed    bool
	}{
		{"our group disallows", "/graphql?operationName=FilteredProducts", 200, rules, false},
		{"our group's longer allow wins", "/graphql/public", 200, rules, true},
		{"our group replaces the * group", "/private/menu", 200, rules, true},
		{"other paths allowed", "/menu", 200, rules, true},
		{"* group applies without ours", "/private/menu", 200, "User-agent: *\nDisallow: /private\n", false},
		{"404 allows everything", "/graphql", 404, "", true},
		{"403 allows everything", "/graphql", 403, "", true},
		{"500 disallows everything", "/menu", 500, "", false},
		{"503 disallows everything", "/menu", 503, "", false},
		{"429 disallows everything", "/menu", 429, "", false},
		{"empty file allows everything", "/graphql", 200, "", true},
		{"disallow all", "/menu", 200, "User-agent: *\nDisallow: /\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, hits := robotsServer(t, tt.status, tt.body)
			_, err := robotsEngine().Do(context.Background(), Request{URL: srv.URL + tt.path})
			reqPath := strings.SplitN(tt.path, "?", 2)[0]
			if tt.allowed {
				if err != nil {
					t.Fatalf("disallowed: %v", err)
				}
				if hitsOf(hits, reqPath) != 1 {
					t.Errorf("%s reached the server %d times", reqPath, hitsOf(hits, reqPath))
				}
				return
			}
			fe := wantReason(t, err, data.ReasonRobots)
			if !strings.Contains(fe.Error(), "robots.txt") {
				t.Errorf("detail does not name robots.txt: %v", fe)
			}
			if hitsOf(hits, reqPath) != 0 {
				t.Errorf("a disallowed URL reached the server")
			}
		})
	}
}

func TestRobotsTxtCachedPerHostAndExpires(t *testing.T) {
	srv, hits := robotsServer(t, 200, "User-agent: *\nDisallow: /no\n")
	clock := fakeclock.New()
	o := DefaultOptions()
	o.Delay, o.Retries, o.RobotsTTL = 0, 0, time.Hour
	e := newFakeTimeEngine(o, clock)
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Do(context.Background(), Request{URL: srv.URL + "/yes"}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if n := hitsOf(hits, "/robots.txt"); n != 1 {
		t.Fatalf("robots.txt fetched %d times by 8 concurrent requests, want 1", n)
	}
	clock.Advance(61 * time.Minute)
	if _, err := e.Do(context.Background(), Request{URL: srv.URL + "/yes"}); err != nil {
		t.Fatal(err)
	}
	if n := hitsOf(hits, "/robots.txt"); n != 2 {
		t.Errorf("robots.txt fetched %d times after the TTL, want 2", n)
	}
}

func TestRobotsTxtTTLCappedAt24h(t *testing.T) {
	o := DefaultOptions()
	o.RobotsTTL = 7 * 24 * time.Hour
	if got := NewEngine(o).opts.RobotsTTL; got != 24*time.Hour {
		t.Errorf("RobotsTTL = %v, want the RFC 9309 maximum of 24h", got)
	}
}

func TestRobotsTxtOnlyFirst500KiBParsed(t *testing.T) {
	// A disallow placed after 500 KiB of comments is not seen.
	body := "User-agent: *\n" + strings.Repeat("# padding padding padding padding\n", (600<<10)/34) + "Disallow: /late\n"
	srv, _ := robotsServer(t, 200, body)
	if _, err := robotsEngine().Do(context.Background(), Request{URL: srv.URL + "/late"}); err != nil {
		t.Errorf("rule after 500 KiB applied: %v", err)
	}
	srv2, _ := robotsServer(t, 200, "User-agent: *\nDisallow: /early\n"+strings.Repeat("# pad\n", 100000))
	_, err := robotsEngine().Do(context.Background(), Request{URL: srv2.URL + "/early"})
	wantReason(t, err, data.ReasonRobots)
}

func TestRobotsUnreachableDisallowsAll(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	url := srv.URL
	srv.Close() // connection refused
	_, err := robotsEngine().Do(context.Background(), Request{URL: url + "/menu"})
	wantReason(t, err, data.ReasonRobots)
}

func TestEngineGlobalHostCap(t *testing.T) {
	const hosts, limit = 6, 2
	var inFlight, peak atomic.Int32
	release := make(chan struct{})
	var servers []*httptest.Server
	for i := 0; i < hosts; i++ {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			n := inFlight.Add(1)
			for {
				p := peak.Load()
				if n <= p || peak.CompareAndSwap(p, n) {
					break
				}
			}
			<-release
			inFlight.Add(-1)
		}))
		defer srv.Close()
		servers = append(servers, srv)
	}
	e := NewEngine(Options{MaxHosts: limit, Timeout: 10 * time.Second})
	var wg sync.WaitGroup
	for _, srv := range servers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := e.Do(context.Background(), Request{URL: srv.URL}); err != nil {
				t.Error(err)
			}
		}()
	}
	// Wait until the cap is reached and every other request waits for a slot under it
	// (none can start while the first ones are held), then release.
	spinUntil(t, fmt.Sprintf("%d requests in flight and %d waiting for the cap", limit, hosts-limit), func() bool {
		return inFlight.Load() == limit && e.slotWaiting.Load() == hosts-limit
	})
	close(release)
	wg.Wait()
	if got := peak.Load(); got != limit {
		t.Errorf("peak requests in flight = %d, want the cap %d", got, limit)
	}
}

func TestEngineRedirectCap(t *testing.T) {
	var hops atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := hops.Add(1)
		http.Redirect(w, r, fmt.Sprintf("/hop%d", n), http.StatusFound)
	}))
	defer srv.Close()
	e := NewEngine(Options{MaxRedirects: 3})
	_, err := e.Do(context.Background(), Request{URL: srv.URL + "/start"})
	fe := wantReason(t, err, data.ReasonHTTPStatus)
	if fe.Status != http.StatusFound {
		t.Errorf("status %d, want the last redirect's 302", fe.Status)
	}
	if got := hops.Load(); got != 4 {
		t.Errorf("%d requests, want the first and 3 redirects", got)
	}
}
