package replay

import (
	_ "embed"
	"net/http"
	"time"
)

// FailMode is how the replay misbehaves for one store.
type FailMode string

// The failure modes. Each imitates what a scraper meets in the wild.
const (
	FailNone FailMode = ""
	// Fail500 answers HTTP 500 with a small body.
	Fail500 FailMode = "500"
	// FailTimeout holds the request until the client gives up, the server shuts down or
	// a minute passes (then 504).
	FailTimeout FailMode = "timeout"
	// FailMalformed answers 200 with the real reply cut in half.
	FailMalformed FailMode = "malformed"
	// FailBlocked answers 403 with a recorded Cloudflare block page.
	FailBlocked FailMode = "blocked"
)

// blockPage is the page Cloudflare served for dutchie.com/graphql (demo/PROVENANCE.md).
//
//go:embed demo/cloudflare_block.html
var blockPage []byte

// SetFailure makes every request for one store fail in mode; FailNone clears it.
// storeKey is a Jane storeId, or a Dutchie cName or dispensaryId (either names the same
// store when the dataset has it). Unknown keys are kept as given, so a test can make
// an unknown store fail too.
func (s *Server) SetFailure(platform, storeKey string, mode FailMode) {
	key := s.failureKey(platform, storeKey)
	s.mu.Lock()
	defer s.mu.Unlock()
	if mode == FailNone {
		delete(s.failures, key)
		return
	}
	s.failures[key] = mode
}

// ClearFailures makes every store answer normally again.
func (s *Server) ClearFailures() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.failures = map[string]FailMode{}
}

func (s *Server) failure(platform, storeKey string) FailMode {
	key := s.failureKey(platform, storeKey)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.failures[key]
}

// failed answers r in the failure mode set for the store, unless it is none or
// FailMalformed (which needs the real reply, cut: the caller answers it); done reports
// that r has been answered.
func (s *Server) failed(w http.ResponseWriter, r *http.Request, platform, storeKey string) (mode FailMode, done bool) {
	mode = s.failure(platform, storeKey)
	if mode != FailNone && mode != FailMalformed {
		s.fail(w, r, mode)
		return mode, true
	}
	return mode, false
}

// failureKey names a store the same way whichever of its identifiers a request uses.
func (s *Server) failureKey(platform, storeKey string) string {
	if st, ok := s.dataset().Store(platform, storeKey); ok {
		return platform + "|" + st.Key
	}
	if p, _ := platformNamed(platform); p.canon != nil {
		if c := p.canon(storeKey); c != "" {
			return platform + "|" + c
		}
	}
	return platform + "|" + storeKey
}

// fail answers a request in mode; it is not called for FailMalformed, which needs the
// real reply (see truncate).
func (s *Server) fail(w http.ResponseWriter, r *http.Request, mode FailMode) {
	switch mode {
	case Fail500:
		w.Header().Set("Content-Type", "application/json; charset=utf-8")
		w.WriteHeader(http.StatusInternalServerError)
		w.Write([]byte(`{"message":"Internal Server Error","status":500}`))
	case FailBlocked:
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		w.Header().Set("Server", "cloudflare")
		w.WriteHeader(http.StatusForbidden)
		w.Write(blockPage)
	case FailTimeout:
		s.hold(w, r)
	}
}

// hold keeps a request open until its context ends (the client gave up, or Listen's
// shutdown released it) or holdFor passes. The handler returns in every case, so no
// goroutine outlives the request.
func (s *Server) hold(w http.ResponseWriter, r *http.Request) {
	if s.holding != nil {
		s.holding()
	}
	t := time.NewTimer(s.holdFor)
	defer t.Stop()
	select {
	case <-r.Context().Done():
		// A client that gave up reads nothing; one released by shutdown learns why.
		writeText(w, http.StatusServiceUnavailable, "replay shutting down\n")
	case <-t.C:
		writeText(w, http.StatusGatewayTimeout, "upstream timed out\n")
	}
}

func writeText(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	w.Write([]byte(body))
}

// truncate cuts a JSON reply in half: never valid JSON, since its closing brace goes.
func truncate(body []byte) []byte {
	return body[:len(body)/2]
}
