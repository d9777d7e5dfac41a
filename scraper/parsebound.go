package scraper

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/net/html"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Parsing one page is bounded in time (Options.ParseTimeout, the registry's
// politeness.parseTimeout). A goroutine cannot be stopped from outside, so a deadline
// alone would report the failure on time while a pathological page kept a core busy.
// What actually stops the work:
//
//   - every parse loop spends a parseBudget, which looks at the clock every
//     parseCheckEvery steps and ends the parse once the bound has passed;
//   - an HTML page is first tokenised (linear time, no tree, budget spent per token) and
//     refused above maxPageTokens tokens, so html.Parse never builds a tree of millions
//     of nodes; html.Parse itself refuses more than 512 open elements (deep nesting);
//   - JSON is decoded by encoding/json, linear in a body the engine already caps
//     (MaxBodyBytes) and refusing nesting deeper than 10000.
//
// boundParse also runs the parse in its own goroutine and returns when the bound
// passes, so the one step that cannot look at the clock (a JSON decode or html.Parse of
// a page within the caps) delays nothing.
const (
	// maxPageTokens caps the tags, texts and comments of one HTML page: a large real
	// menu page (1000 products of 60 tokens each) holds 60000. Megabytes of one tag
	// are refused here, before a tree of them is built (4 million nodes take 0.5 GB).
	maxPageTokens = 250_000
	// parseCheckEvery is how many steps pass between two looks at the clock.
	parseCheckEvery = 256
	// parseGrace lets a parse that ends right at its bound report its own outcome
	// rather than race the timer.
	parseGrace = 50 * time.Millisecond
)

// errParseBound is the failure of a parse that ran out of time.
type errParseBound struct{ limit time.Duration }

func (e errParseBound) Error() string {
	return fmt.Sprintf("parsing took longer than its %s bound (politeness.parseTimeout)", e.limit)
}

// parseBudget is the time one page's parse may spend. A nil budget never runs out.
type parseBudget struct {
	now      func() time.Time
	deadline time.Time
	limit    time.Duration
	steps    int
}

// spend counts one step of work and fails once the bound has passed.
func (b *parseBudget) spend() error {
	if b == nil {
		return nil
	}
	b.steps++
	if b.steps%parseCheckEvery != 0 {
		return nil
	}
	return b.check()
}

// check fails when the bound has passed.
func (b *parseBudget) check() error {
	if b == nil || !b.now().After(b.deadline) {
		return nil
	}
	return errParseBound{b.limit}
}

// boundParse runs fn under the engine's parse bound, in its own goroutine: a panic in
// fn is an error (the run's recover only covers the fetching goroutine), and the call
// returns by the bound whatever fn is doing.
func boundParse[T any](ctx context.Context, e *polite.Engine, fn func(b *parseBudget) (T, error)) (T, error) {
	limit := e.ParseTimeout()
	b := &parseBudget{now: e.Now, limit: limit, deadline: e.Now().Add(limit)}
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1) // buffered: a parse finishing after the bound must not block
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("parser panicked: %v", p)}
			}
		}()
		v, err := fn(b)
		done <- result{v, err}
	}()
	timer := time.NewTimer(limit + parseGrace)
	defer timer.Stop()
	var zero T
	select {
	case r := <-done:
		return r.v, r.err
	case <-timer.C:
		return zero, errParseBound{limit}
	case <-ctx.Done():
		return zero, polite.ContextError(ctx, "parse")
	}
}

// htmlTree tokenises page within its budget and token cap, then parses it into a tree.
func htmlTree(b *parseBudget, page []byte) (*html.Node, error) {
	z := html.NewTokenizer(bytes.NewReader(page))
	for n := 1; ; n++ {
		if z.Next() == html.ErrorToken {
			if err := z.Err(); err != io.EOF {
				return nil, fmt.Errorf("tokenise: %w", err)
			}
			break
		}
		if n > maxPageTokens {
			return nil, fmt.Errorf("the page holds more than %d HTML tags, texts and comments", maxPageTokens)
		}
		if err := b.spend(); err != nil {
			return nil, err
		}
	}
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		// x/net/html refuses more than 512 open elements ("open stack of elements
		// exceeds 512 nodes"): a page nested that deep is no menu.
		return nil, fmt.Errorf("html.Parse: %w", err)
	}
	return doc, b.check()
}

// pageScripts returns the contents of the page's <script> elements that keep accepts
// by their type and id attributes, reading tokens only (no tree is built).
func pageScripts(b *parseBudget, page []byte, keep func(typ, id string) bool) ([][]byte, error) {
	z := html.NewTokenizer(bytes.NewReader(page))
	var out [][]byte
	inside := false
	for {
		switch z.Next() {
		case html.ErrorToken:
			if err := z.Err(); err != io.EOF {
				return out, fmt.Errorf("tokenise: %w", err)
			}
			return out, nil
		case html.StartTagToken:
			name, more := z.TagName()
			inside = false
			if string(name) != "script" {
				break
			}
			var typ, id string
			for more {
				var k, v []byte
				k, v, more = z.TagAttr()
				switch string(k) {
				case "type":
					typ = string(v)
				case "id":
					id = string(v)
				}
			}
			if keep(typ, id) {
				inside = true
				out = append(out, nil)
			}
		case html.TextToken:
			if inside {
				// Text's slice is only valid until the next token: copy it.
				out[len(out)-1] = append(out[len(out)-1], z.Text()...)
			}
		case html.EndTagToken:
			inside = false
		}
		if err := b.spend(); err != nil {
			return nil, err
		}
	}
}

// menuPage is the public address of a menu kept on a page: the endpoint, else the URL
// shown to people.
func menuPage(src data.MenuSource, platform string) (*url.URL, error) {
	raw, field := src.Endpoint, "endpoint"
	if raw == "" {
		raw, field = src.URL, "url"
	}
	if raw == "" {
		return nil, fmt.Errorf("%s menu needs endpoint or url, the address of the menu page", platform)
	}
	u, err := parseBaseURL(raw)
	if err != nil {
		return nil, fmt.Errorf("%s menu %s: %w", platform, field, err)
	}
	return u, nil
}

// pageAdapter is the base of the adapters that read a menu page on the dispensary's
// own site (JSON-LD, HTML, Tymber): endpoint, else url, is the page's address.
type pageAdapter struct{ adapterBase }

// Validate implements data.Adapter: the shared checks and the page's address.
func (p pageAdapter) Validate(src data.MenuSource) error {
	if err := p.checkSource(src); err != nil {
		return err
	}
	_, err := menuPage(src, p.name)
	return err
}

// marketName is a market as a platform names it (its medical and recreational names).
func marketName(m data.Market, medical, recreational string) (string, error) {
	switch m {
	case data.Medical:
		return medical, nil
	case data.Recreational:
		return recreational, nil
	}
	return "", fmt.Errorf("market %q is not medical or recreational", m)
}

// validMarket checks a menu's market.
func validMarket(src data.MenuSource, platform string) error {
	if src.Market != data.Medical && src.Market != data.Recreational {
		return fmt.Errorf("%s menu market %q is not medical or recreational", platform, src.Market)
	}
	return nil
}

// getPage fetches one HTML page (page is its public address; base, the registry's
// baseURL, redirects it to a replay) and counts the request on menu.
func getPage(ctx context.Context, e *polite.Engine, base *url.URL, page *url.URL, where string, menu *data.Menu) (*polite.Response, error) {
	target, err := rebase(page.String(), base)
	if err != nil {
		return nil, err
	}
	return send(ctx, e, polite.Request{Method: http.MethodGet, URL: target, Header: http.Header{"Accept": {"text/html,application/xhtml+xml"}}}, where, menu)
}

// pageError classifies a page the adapter could not read: a bot challenge is blocked
// (judged only now, as a real page's own scripts may mention captcha or cloudflare);
// anything else is parse, the detail saying what the adapter expected.
func pageError(where string, resp *polite.Response, err error) error {
	var fe *data.FetchError
	if errors.As(err, &fe) {
		out := *fe
		if !strings.HasPrefix(out.Detail, where) {
			out.Detail = where + ": " + out.Detail
		}
		if out.Status == 0 && resp != nil {
			out.Status = resp.Status
		}
		return &out
	}
	status := 0
	if resp != nil {
		status = resp.Status
	}
	if isChallenge(resp) {
		return &data.FetchError{Reason: data.ReasonBlocked, Status: status, Detail: where + ": bot-challenge page instead of the menu"}
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: status, Detail: where, Err: err}
}
