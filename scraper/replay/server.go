package replay

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"
)

// maxHold bounds how long the "timeout" failure mode holds a request.
const maxHold = 60 * time.Second

// Server replays the menu platforms over a Dataset: the APIs of Jane, Dutchie, Sweed,
// Weedmaps, Dispense, Dutchie Plus and Leafly, the WordPress plugins LeafBridge and
// Joint Commerce, and the menu pages of Tymber storefronts and of dispensaries' own sites
// (schema.org JSON-LD, plain HTML). It is an http.Handler; use it with
// httptest.NewServer or Listen. It is safe for concurrent use. A dataset is never
// changed once served; SetDataset replaces it whole (the demo's second scrape).
type Server struct {
	holdFor time.Duration
	holding func() // test hook: called when a request starts being held

	mu       sync.Mutex
	ds       *Dataset
	failures map[string]FailMode // platform|store key
	served   map[string]int
	hashes   map[string]string // Dutchie operation → required persisted-query hash
	jane     *janeIndex        // the Jane hits of ds (janeIndex)
	roster   *Roster           // the state's roster layer (SetRoster)
}

// New returns a server replaying ds (nil serves empty menus).
func New(ds *Dataset) *Server {
	if ds == nil {
		ds = &Dataset{}
	}
	return &Server{
		ds:       ds,
		holdFor:  maxHold,
		failures: map[string]FailMode{},
		served:   map[string]int{},
		hashes:   map[string]string{},
	}
}

// SetDataset makes the server replay ds from now on (nil serves empty menus); requests
// under way finish with the dataset they started with.
func (s *Server) SetDataset(ds *Dataset) {
	if ds == nil {
		ds = &Dataset{}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.ds = ds
}

func (s *Server) dataset() *Dataset {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.ds
}

// ServeHTTP routes a request to the platform whose path it asks for (the routes of
// platforms, in table order).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/robots.txt" {
		// The scraper reads robots.txt before anything else; the replay allows all.
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprint(w, "User-agent: *\nAllow: /\n")
		return
	}
	if r.URL.Path == RosterPath+"/query" {
		s.count("roster")
		s.serveRoster(w, r)
		return
	}
	for _, p := range platforms {
		for _, rt := range p.routes {
			if rt.match(r.URL.Path) {
				s.count(p.name)
				rt.serve(s, w, r)
				return
			}
		}
	}
	http.NotFound(w, r)
}

// RequireHash makes the Dutchie operation op answer PersistedQueryNotFound unless the
// request's persisted-query hash is hash, like a server whose hashes have rotated. By
// default any hash is accepted.
func (s *Server) RequireHash(op, hash string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.hashes[op] = hash
}

// Served returns how many requests each platform ("jane", "dutchie") has received,
// failed ones included.
func (s *Server) Served() map[string]int {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make(map[string]int, len(s.served))
	for k, v := range s.served {
		out[k] = v
	}
	return out
}

func (s *Server) count(platform string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.served[platform]++
}

// Listen serves on addr ("127.0.0.1:0" picks a free port) and returns the base URL to
// put in the registry's platform baseURL. shutdown stops the server: it first releases
// requests held by the "timeout" failure mode, then waits for the others within ctx.
func (s *Server) Listen(addr string) (baseURL string, shutdown func(context.Context) error, err error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return "", nil, fmt.Errorf("replay listen %s: %w", addr, err)
	}
	// Every request context derives from base, so cancelling it ends held requests.
	base, release := context.WithCancel(context.Background())
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return base },
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	shutdown = func(ctx context.Context) error {
		release()
		err := srv.Shutdown(ctx)
		if serveErr := <-done; !errors.Is(serveErr, http.ErrServerClosed) && err == nil {
			err = serveErr
		}
		if err != nil {
			return fmt.Errorf("replay shutdown: %w", err)
		}
		return nil
	}
	return "http://" + ln.Addr().String(), shutdown, nil
}
