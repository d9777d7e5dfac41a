package scraper

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Helpers shared by the tests of the adapters that read pages (jsonld, html, tymber)
// and Leafly.

// pageServer answers fixed bodies by path, like a dispensary's own site; a path it
// does not know is a 404. fail, when set, answers every request instead.
type pageServer struct {
	pages map[string][]byte
	fail  func(w http.ResponseWriter, r *http.Request) bool

	mu   sync.Mutex
	seen []*http.Request
}

func (s *pageServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.seen = append(s.seen, r.Clone(context.Background()))
	s.mu.Unlock()
	if s.fail != nil && s.fail(w, r) {
		return
	}
	body, ok := s.pages[r.URL.Path]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(body)
}

func (s *pageServer) paths() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, r := range s.seen {
		out = append(out, r.URL.Path)
	}
	return out
}

// pageFetch validates src and fetches it with p's adapter pointed at srv.
func pageFetch(t testing.TB, p platform, srv *httptest.Server, src data.MenuSource) (data.Menu, error) {
	t.Helper()
	a := testAdapter(t, p, srv.URL, nil)
	if err := a.Validate(src); err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return a.FetchMenu(context.Background(), src)
}

// testBudget is a budget that never runs out, for calling parse functions directly.
func testBudget() *parseBudget {
	return &parseBudget{now: time.Now, deadline: time.Now().Add(time.Hour), limit: time.Hour}
}

// fuzzInvariants asserts what every parse must give whatever its input, once the
// offers went through CheckMenu as a run does: no negative or non-finite price, a
// sale only below the price, only http(s) links, and no THC above its bound without
// the warning.
func fuzzInvariants(t *testing.T, offers []data.Offer) {
	t.Helper()
	CheckMenu(offers)
	menuInvariants(t, offers)
	for i, o := range offers {
		if o.THC == nil {
			continue
		}
		over := (o.PotencyUnit == "mg" && *o.THC > maxPackageMg) || (o.PotencyUnit != "mg" && *o.THC > maxTHCPercent)
		if over && !hasWarning(o, WarnTHCOver) && !hasWarning(o, WarnMgOver) {
			t.Fatalf("offer %d (%s): THC %v%s without a warning", i, o.ProductID, *o.THC, o.PotencyUnit)
		}
	}
}

func hasWarning(o data.Offer, w string) bool {
	for _, x := range o.Warnings {
		if x == w {
			return true
		}
	}
	return false
}

// benchParse reports a parse function's throughput on size bytes of input (MB/s) and
// its allocations per offer. parse returns the number of offers.
func benchParse(b *testing.B, size int, parse func() int) {
	b.Helper()
	offers := parse()
	if offers == 0 {
		b.Fatal("the fixture gives no offers")
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	const rounds = 20
	for range rounds {
		parse()
	}
	runtime.ReadMemStats(&after)
	b.SetBytes(int64(size))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		parse()
	}
	b.StopTimer()
	b.ReportMetric(float64(after.Mallocs-before.Mallocs)/rounds/float64(offers), "allocs/offer")
}

// TestWrongIdentifiersAreConfigOutcomes runs a registry menu with a wrong identifier
// on each of these platforms as a scrape does: a config failure naming the field.
func TestWrongIdentifiersAreConfigOutcomes(t *testing.T) {
	adapters, err := NewAdapters(polite.NewEngine(polite.Options{Retries: 0}), nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		src    data.MenuSource
		detail string
	}{
		{data.MenuSource{Market: data.Recreational, Platform: "leafly", StoreID: "Rise Lakewood"}, "storeId"},
		{data.MenuSource{Market: data.Recreational, Platform: "tymber", URL: "shop.example.com"}, "tymber menu url"},
		{data.MenuSource{Market: data.Recreational, Platform: "jsonld"}, "jsonld menu needs endpoint or url"},
		{data.MenuSource{Market: data.Recreational, Platform: "html", URL: "https://x.example/menu", Selectors: map[string]string{"item": ".c", "name": ".n"}}, "selectors.price"},
	}
	for _, tt := range tests {
		t.Run(tt.src.Platform, func(t *testing.T) {
			menu, err := fetchMenu(context.Background(), adapters, tt.src)
			fe := menuReason(t, err, data.ReasonConfig)
			if !strings.Contains(fe.Detail, tt.detail) || menu.Requests != 0 {
				t.Errorf("detail %q (requests %d), want it to name %q", fe.Detail, menu.Requests, tt.detail)
			}
		})
	}
}
