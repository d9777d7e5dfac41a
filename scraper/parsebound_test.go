package scraper

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// pathologicalPages are pages built to make a parser spend: nesting far beyond any
// menu, and megabytes of one tag.
func pathologicalPages() map[string][]byte {
	return map[string][]byte{
		"100k nested divs":     []byte("<!doctype html><html><body>" + strings.Repeat("<div>", 100_000) + "x" + strings.Repeat("</div>", 100_000) + "</body></html>"),
		"8 MiB of one tag":     []byte("<!doctype html><html><body>" + strings.Repeat("<a>x", 2<<20) + "</body></html>"),
		"50k nested tables":    []byte("<table><tr><td>" + strings.Repeat("<table><tr><td>", 50_000)),
		"100k nested JSON-LD":  []byte(`<script type="application/ld+json">` + strings.Repeat(`{"@graph":[`, 100_000) + strings.Repeat(`]}`, 100_000) + `</script>`),
		"__NEXT_DATA__ nested": []byte(`<script id="__NEXT_DATA__" type="application/json">` + strings.Repeat(`[`, 100_000) + strings.Repeat(`]`, 100_000) + `</script>`),
	}
}

// TestParseBoundPathologicalPages fetches each pathological page with every page
// adapter: each is a parse outcome that says what was wrong, and the run goes on.
// (BenchmarkParsePathological reports the time they take.)
func TestParseBoundPathologicalPages(t *testing.T) {
	want := map[string]map[string]string{
		"html": {
			"100k nested divs":     "open stack of elements exceeds 512 nodes",
			"8 MiB of one tag":     "more than 250000 HTML tags, texts and comments",
			"50k nested tables":    "open stack of elements exceeds 512 nodes",
			"100k nested JSON-LD":  "matches nothing",
			"__NEXT_DATA__ nested": "matches nothing",
		},
		"jsonld": {
			"100k nested divs":     "no JSON-LD",
			"8 MiB of one tag":     "no JSON-LD",
			"50k nested tables":    "no JSON-LD",
			"100k nested JSON-LD":  "exceeded max depth",
			"__NEXT_DATA__ nested": "no JSON-LD",
		},
		"tymber": {
			"100k nested divs":     "no __NEXT_DATA__",
			"8 MiB of one tag":     "no __NEXT_DATA__",
			"50k nested tables":    "no __NEXT_DATA__",
			"100k nested JSON-LD":  "no __NEXT_DATA__",
			"__NEXT_DATA__ nested": "exceeded max depth",
		},
	}
	platforms := map[string]platform{"html": htmlPlatform, "jsonld": jsonldPlatform, "tymber": tymberPlatform}
	for name, page := range pathologicalPages() {
		srv := httptest.NewServer(&pageServer{pages: map[string][]byte{"/menu": page}})
		for pname, p := range platforms {
			t.Run(pname+"/"+name, func(t *testing.T) {
				src := data.MenuSource{Market: data.Recreational, Platform: pname, URL: "https://store.example/menu", Selectors: htmlSelectors}
				if pname == "tymber" {
					src.URL = "https://store.example"
				}
				_, err := pageFetch(t, p, srv, src)
				menuReason(t, err, data.ReasonParse)
				if !strings.Contains(err.Error(), want[pname][name]) || !strings.Contains(err.Error(), pname) {
					t.Errorf("error %q, want it to say %q", err, want[pname][name])
				}
			})
		}
		srv.Close()
	}
	t.Run("leafly/100k nested JSON", func(t *testing.T) {
		s := newLeaflyServer(t)
		s.fail = func(w http.ResponseWriter, r *http.Request) bool {
			w.Write([]byte(`{"data":` + strings.Repeat("[", 100_000) + strings.Repeat("]", 100_000) + `}`))
			return true
		}
		_, err := leaflyFetch(t, s, 0, leaflySource)
		menuReason(t, err, data.ReasonParse)
		if !strings.Contains(err.Error(), "exceeded max depth") {
			t.Errorf("error %q", err)
		}
	})
}

// steppingClock is a clock that moves one second each time it is read: a parse
// checking it sees its bound pass after a known number of looks, whatever the
// machine's speed.
type steppingClock struct {
	mu sync.Mutex
	t  time.Time
	n  int
}

func (c *steppingClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	c.t = c.t.Add(time.Second)
	return c.t
}

// bigMenuPage is a well-formed menu page of n cards in the fixture's markup.
func bigMenuPage(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<!doctype html><html><body><section><h2 class="section-title">Flower</h2>`)
	for i := range n {
		fmt.Fprintf(&b, `<article class="product-card"><a class="product-link" href="/p/%d"><h3 class="product-name">Strain %d</h3></a><span class="size">3.5g</span><span class="price was">$%d.00</span></article>`, i, i, 20+i%40)
	}
	b.WriteString(`</section></body></html>`)
	return b.Bytes()
}

// TestParseBoundStopsTheWork shows the bound stops the parse itself, not only the
// wait for it: with a clock that moves a second per look, the parse of a page of 20000
// cards (about 200000 steps) ends at its eleventh check, the first past 10 s.
func TestParseBoundStopsTheWork(t *testing.T) {
	page := bigMenuPage(20_000)
	sels, err := compileHTMLSelectors(htmlSelectors)
	if err != nil {
		t.Fatal(err)
	}
	clock := &steppingClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	start := clock.now()
	b := &parseBudget{now: clock.now, deadline: start.Add(10 * time.Second), limit: 10 * time.Second}
	_, err = htmlParse(b, page, &url.URL{Scheme: "https", Host: "store.example"}, sels, "bound")
	var bound errParseBound
	if !errors.As(err, &bound) || err.Error() != "parsing took longer than its 10s bound (politeness.parseTimeout)" {
		t.Fatalf("error %v, want the parse bound", err)
	}
	if looks := clock.n; looks != 12 || b.steps != 11*parseCheckEvery {
		t.Errorf("the parse looked at the clock %d times over %d steps; want it stopped at the eleventh check", looks-1, b.steps)
	}
}

// TestParseBoundOutcome runs a whole fetch under an engine whose clock passes the bound:
// the menu is a parse failure naming the bound.
func TestParseBoundOutcome(t *testing.T) {
	srv := httptest.NewServer(&pageServer{pages: map[string][]byte{"/menu": bigMenuPage(5_000)}})
	defer srv.Close()
	clock := &steppingClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	e := polite.NewEngine(polite.Options{Delay: 0, Retries: 0, ParseTimeout: 10 * time.Second, Now: clock.now})
	base, _ := url.Parse(srv.URL)
	a, err := htmlPlatform.adapter(e, data.PlatformConfig{BaseURL: srv.URL}, base)
	if err != nil {
		t.Fatal(err)
	}
	_, err = a.FetchMenu(context.Background(), data.MenuSource{Market: data.Recreational, URL: "https://store.example/menu", Selectors: htmlSelectors})
	fe := menuReason(t, err, data.ReasonParse)
	if fe.Status != 200 || !strings.Contains(err.Error(), "html page https://store.example/menu: parsing took longer than its 10s bound (politeness.parseTimeout)") {
		t.Errorf("error %q", err)
	}
}

// TestBoundParseReturnsByTheBound covers what cannot look at the clock: a parse step
// that does not return is abandoned at the bound (its goroutine ends when the step
// does), and a panic is an error, not a crash.
func TestBoundParseReturnsByTheBound(t *testing.T) {
	e := polite.NewEngine(polite.Options{ParseTimeout: time.Millisecond})
	release := make(chan struct{})
	finished := make(chan struct{})
	_, err := boundParse(context.Background(), e, func(*parseBudget) (int, error) {
		defer close(finished)
		<-release
		return 1, nil
	})
	close(release)
	<-finished
	var bound errParseBound
	if !errors.As(err, &bound) || bound.limit != time.Millisecond {
		t.Fatalf("error %v, want the parse bound", err)
	}
	_, err = boundParse(context.Background(), e, func(*parseBudget) (int, error) {
		var m map[string]int
		//lint:ignore SA5000 the parser bug this test needs: a write to a nil map panics
		m["x"] = 1
		return 0, nil
	})
	if err == nil || !strings.Contains(err.Error(), "parser panicked") {
		t.Fatalf("error %v, want the panic as an error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	e = polite.NewEngine(polite.Options{})
	_, err = boundParse(ctx, e, func(*parseBudget) (int, error) {
		<-release // already closed: returns at once, racing the cancelled context
		return 1, nil
	})
	if err != nil && !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled: %v", err)
	}
	if d := polite.DefaultOptions().ParseTimeout; d != 10*time.Second || polite.NewEngine(polite.Options{}).ParseTimeout() != d {
		t.Errorf("default parse bound %v", d)
	}
}

// BenchmarkParsePathological reports how long each adapter takes to refuse each
// pathological page (the outcome is asserted by TestParseBoundPathologicalPages).
func BenchmarkParsePathological(b *testing.B) {
	sels, err := compileHTMLSelectors(htmlSelectors)
	if err != nil {
		b.Fatal(err)
	}
	page, _ := url.Parse("https://store.example/menu")
	for name, body := range pathologicalPages() {
		b.Run("html/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				htmlParse(testBudget(), body, page, sels, "bench")
			}
		})
		b.Run("jsonld/"+name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			for b.Loop() {
				jsonldParse(testBudget(), body, page, "bench")
			}
		})
	}
}
