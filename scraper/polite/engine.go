package polite

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gocolly/colly/v2"

	"github.com/ohiomc/omc/data"
)

// UserAgent names the site and the bot, at a version, to every server the scraper calls.
func UserAgent(version string) string {
	return "omc/" + version + " (+https://github.com/ohiomc/omc; Ohio Marijuana Community menu freshness bot)"
}

// DefaultUserAgent is the User-Agent of a scraper whose caller gives none.
var DefaultUserAgent = UserAgent("1.0")

// Options configure an Engine. DefaultOptions gives the production values.
type Options struct {
	UserAgent    string        // default: DefaultUserAgent
	Delay        time.Duration // minimum gap between two requests to one host (default 2s; 0 allowed)
	Timeout      time.Duration // per request (default 30s)
	MaxBodyBytes int64         // per response (default 16 MiB); a larger body is a *data.FetchError{Reason: data.ReasonTooLarge}
	Retries      int           // retries after the first attempt on 429, 5xx, timeouts and network errors (default 3)
	BackoffBase  time.Duration // first back-off (default 1s), doubled per attempt, jittered, capped at MaxBackoff
	// MaxBackoff caps a back-off (default 60s) and is the longest Retry-After honoured:
	// a host asking for longer (or for a wait that would end after the context's
	// deadline, the run's) is rate_limited, and every later request to it fails at once.
	MaxBackoff time.Duration
	// Robots makes the engine obey each host's robots.txt (RFC 9309) for the User-Agent's
	// product token; DefaultOptions turns it on.
	Robots bool
	// RobotsTTL is how long a robots.txt is trusted (default and maximum 24h, RFC 9309 §2.4).
	RobotsTTL time.Duration
	// MaxHosts caps the hosts talked to at once, across the engine (default 8).
	MaxHosts int
	// MaxRedirects caps the redirects one request follows (default 5); the response
	// that would redirect once more is returned as an http_status failure. Every hop
	// goes through robots.txt and the gate of its host.
	MaxRedirects int
	// ParseTimeout bounds an adapter's parse of one page (default 10s); a page that
	// takes longer is a parse failure and its parse stops (scraper/parsebound.go).
	ParseTimeout time.Duration
	Transport    http.RoundTripper // optional, injected (tests)
	// Now and Sleep are the engine's clock (default: time.Now and a timer that the
	// context ends). Tests pass their own to observe back-off waits without spending them.
	Now   func() time.Time
	Sleep func(ctx context.Context, d time.Duration) error
}

// DefaultOptions returns the options the pipeline runs with.
func DefaultOptions() Options {
	return Options{
		UserAgent:    DefaultUserAgent,
		Delay:        2 * time.Second,
		Timeout:      30 * time.Second,
		MaxBodyBytes: 16 << 20,
		Retries:      3,
		BackoffBase:  time.Second,
		MaxBackoff:   60 * time.Second,
		Robots:       true,
		RobotsTTL:    24 * time.Hour,
		MaxHosts:     8,
		MaxRedirects: 5,
		ParseTimeout: 10 * time.Second,
	}
}

// withDefaults fills the fields whose zero value means nothing useful. Delay and
// Retries keep their zero values: no delay and no retries are legitimate choices.
func (o Options) withDefaults() Options {
	d := DefaultOptions()
	if o.UserAgent == "" {
		o.UserAgent = d.UserAgent
	}
	if o.Delay < 0 {
		o.Delay = 0
	}
	if o.Timeout <= 0 {
		o.Timeout = d.Timeout
	}
	if o.MaxBodyBytes <= 0 {
		o.MaxBodyBytes = d.MaxBodyBytes
	}
	if o.Retries < 0 {
		o.Retries = 0
	}
	if o.BackoffBase <= 0 {
		o.BackoffBase = d.BackoffBase
	}
	if o.MaxBackoff <= 0 {
		o.MaxBackoff = d.MaxBackoff
	}
	if o.RobotsTTL <= 0 || o.RobotsTTL > d.RobotsTTL {
		o.RobotsTTL = d.RobotsTTL
	}
	if o.MaxHosts <= 0 {
		o.MaxHosts = d.MaxHosts
	}
	if o.MaxRedirects <= 0 {
		o.MaxRedirects = d.MaxRedirects
	}
	if o.ParseTimeout <= 0 {
		o.ParseTimeout = d.ParseTimeout
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Sleep == nil {
		o.Sleep = sleepContext
	}
	if o.Transport == nil {
		o.Transport = http.DefaultTransport.(*http.Transport).Clone()
	}
	return o
}

// Request is one HTTP request for Engine.Do. Method defaults to GET.
type Request struct {
	Method, URL string
	Header      http.Header
	Body        []byte
}

// Response is a fully read HTTP response. URL is the final URL after redirects.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
	URL    string

	Attempts int // HTTP attempts Do made for this response, retries included
}

// Engine sends every HTTP request of the scraper through one colly collector and
// enforces politeness per host. It is safe for concurrent use.
type Engine struct {
	opts      Options
	collector *colly.Collector
	requests  atomic.Int64
	hosts     hostGates
	robots    robotsCache
	// busy holds one token per request in flight: the global cap on hosts at once
	// (each host already has at most one request in flight). slotWaiting counts the
	// requests waiting for a token (observed by tests).
	busy        chan struct{}
	slotWaiting atomic.Int32

	// now and sleep are the engine's clock (Options.Now, Options.Sleep).
	now   func() time.Time
	sleep func(ctx context.Context, d time.Duration) error
	// jitter returns a random duration in [0, n].
	jitter func(n time.Duration) time.Duration
}

// NewEngine returns an engine for o. Zero fields other than Delay and Retries take
// their DefaultOptions value.
func NewEngine(o Options) *Engine {
	o = o.withDefaults()
	e := &Engine{
		opts:   o,
		now:    o.Now,
		sleep:  o.Sleep,
		jitter: randomJitter,
		busy:   make(chan struct{}, o.MaxHosts),
	}
	e.hosts.init()
	e.robots.init()
	// NewCollector reads COLLY_* environment variables; setting the fields afterwards
	// keeps the engine's behaviour independent of the environment.
	c := colly.NewCollector()
	c.UserAgent = o.UserAgent
	// One byte over the cap lets a body that reached colly's silent truncation be told
	// apart from one that fits exactly.
	c.MaxBodySize = int(o.MaxBodyBytes + 1)
	c.AllowURLRevisit = true        // menus are fetched again every run, and retried
	c.ParseHTTPErrorResponse = true // statuses are judged here, not by colly
	c.IgnoreRobotsTxt = true        // colly's robots fetch would bypass the host gate
	c.SetRequestTimeout(o.Timeout)
	// Do follows redirects itself, so that each hop passes robots.txt and the host's
	// gate like any request: the client never follows one.
	c.SetRedirectHandler(func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse })
	c.WithTransport(countingTransport{next: o.Transport, count: &e.requests})
	e.collector = c
	return e
}

// Now is the time on the engine's clock (Options.Now).
func (e *Engine) Now() time.Time { return e.now() }

// ParseTimeout is the bound on an adapter's parse of one page (Options.ParseTimeout).
func (e *Engine) ParseTimeout() time.Duration { return e.opts.ParseTimeout }

// SetHostDelay sets the gap between two requests to host, in place of Options.Delay
// (a platform's own delay).
func (e *Engine) SetHostDelay(host string, d time.Duration) { e.hosts.setDelay(host, d) }

// Requests returns the number of HTTP requests the engine has sent, retries included.
func (e *Engine) Requests() int64 { return e.requests.Load() }

// Do sends r, waiting its turn for the host, and retries on 429, 5xx, time-outs and
// network errors. It follows redirects itself, each hop a request like the first: the
// robots.txt of the host it goes to is obeyed, it waits its turn and the delay at that
// host, it is retried on its own. Errors are *data.FetchError: http_status (with the
// last response, so callers can inspect a challenge page; also a redirect past
// MaxRedirects), redirect (a redirect to a URL that is not http(s)), timeout, network,
// too_large, robots, config for a bad URL; a cancelled context ends any wait at once.
func (e *Engine) Do(ctx context.Context, r Request) (*Response, error) {
	u, err := requestURL(r.URL)
	if err != nil {
		return nil, err
	}
	r.Method = strings.ToUpper(r.Method)
	if r.Method == "" {
		r.Method = http.MethodGet
	}
	for hop := 0; ; hop++ {
		resp, err := e.doHop(ctx, u, r)
		if err != nil || !isRedirect(resp.Status) {
			return resp, err
		}
		where := r.Method + " " + u.Scheme + "://" + u.Host + u.Path
		loc := resp.Header.Get("Location")
		if loc == "" || hop >= e.opts.MaxRedirects {
			why := "a redirect without a Location"
			if loc != "" {
				why = fmt.Sprintf("more than %d redirects", e.opts.MaxRedirects)
			}
			return resp, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: resp.Status, Detail: where + ": " + why}
		}
		next, err := u.Parse(loc)
		if err != nil || (next.Scheme != "http" && next.Scheme != "https") || next.Host == "" {
			return resp, &data.FetchError{Reason: data.ReasonRedirect, Status: resp.Status,
				Detail: fmt.Sprintf("%s: redirected to %q, which is not an http(s) URL", where, data.Clip(loc))}
		}
		next.Host = strings.ToLower(next.Host)
		next.Fragment = ""
		r = redirected(r, resp.Status, u, next)
		u = next
	}
}

// doHop sends r to u, one URL: robots.txt, the host's turn and delay, retries. A 2xx or
// a redirect is a response; any other status is an http_status failure.
func (e *Engine) doHop(ctx context.Context, u *url.URL, r Request) (*Response, error) {
	where := r.Method + " " + u.Scheme + "://" + u.Host + u.Path
	if e.opts.Robots {
		if err := e.robotsAllow(ctx, u, where); err != nil {
			return nil, err
		}
	}
	gate := e.hosts.get(u.Host)
	for attempt := 0; ; attempt++ {
		if err := e.take(ctx, gate); err != nil {
			var closed hostClosed
			if errors.As(err, &closed) {
				return nil, &data.FetchError{Reason: data.ReasonRateLimited, Detail: where + ": " + string(closed)}
			}
			return nil, ContextError(ctx, where)
		}
		resp, ferr := e.send(ctx, r.Method, u.String(), r)
		<-e.busy
		if asked, ok := e.retryAfter(resp); ok && !e.affordable(ctx, asked) {
			// The host asks for more than this run can give: it is left alone for the
			// rest of the run, and every request waiting for it fails at once.
			why := fmt.Sprintf("%s asked to be left alone for %s (Retry-After), more than this run can wait", u.Host, asked.Round(time.Second))
			gate.close(why)
			gate.release(e.now())
			return resp, &data.FetchError{Reason: data.ReasonRateLimited, Status: resp.Status, Detail: attemptsDetail(where, attempt+1) + ": " + why}
		}
		retry := attempt < e.opts.Retries && retryable(resp, ferr) && ctx.Err() == nil
		var wait time.Duration
		if retry {
			wait = e.retryWait(resp, attempt)
		}
		now := e.now()
		gate.release(now.Add(max(e.hosts.delay(u.Host, e.opts.Delay), wait)))

		if ferr != nil {
			if !retry {
				ferr.Detail = attemptsDetail(where, attempt+1)
				return nil, ferr
			}
			continue
		}
		resp.Attempts = attempt + 1
		if resp.Status >= 200 && resp.Status < 300 || isRedirect(resp.Status) {
			return resp, nil
		}
		if !retry {
			return resp, &data.FetchError{
				Reason: data.ReasonHTTPStatus,
				Status: resp.Status,
				Detail: attemptsDetail(where, attempt+1),
			}
		}
	}
}

// isRedirect reports whether status is a redirect to follow (those Go's client follows).
func isRedirect(status int) bool {
	switch status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return true
	}
	return false
}

// redirected is r as sent again to next after a redirect with status from from, by the
// rules of Go's http.Client: 301, 302 and 303 turn a POST (any method but GET and
// HEAD) into a body-less GET, 307 and 308 repeat it; credentials do not follow the
// request to another host (host and port, stricter than Go's client).
func redirected(r Request, status int, from, next *url.URL) Request {
	r.Header = r.Header.Clone()
	if status != http.StatusTemporaryRedirect && status != http.StatusPermanentRedirect &&
		r.Method != http.MethodGet && r.Method != http.MethodHead {
		r.Method, r.Body = http.MethodGet, nil
		if r.Header != nil {
			r.Header.Del("Content-Type")
			r.Header.Del("Content-Length")
		}
	}
	if r.Header != nil && from.Host != next.Host {
		for _, h := range []string{"Authorization", "Www-Authenticate", "Cookie", "Cookie2"} {
			r.Header.Del(h)
		}
	}
	return r
}

// affordable reports whether the engine waits d for a host: at most MaxBackoff, and not
// past the context's deadline (the run's).
func (e *Engine) affordable(ctx context.Context, d time.Duration) bool {
	if d > e.opts.MaxBackoff {
		return false
	}
	if deadline, ok := ctx.Deadline(); ok && e.now().Add(d).After(deadline) {
		return false
	}
	return true
}

// take waits for the host's turn, then for a free slot under the global cap. The
// order never inverts (no one holds the global slot while waiting for a host), so the
// two cannot deadlock. A host closed for the run is a hostClosed error at once.
func (e *Engine) take(ctx context.Context, gate *hostGate) error {
	if err := gate.acquire(ctx, e.now, e.sleep); err != nil {
		return err
	}
	e.slotWaiting.Add(1)
	defer e.slotWaiting.Add(-1)
	select {
	case e.busy <- struct{}{}:
		return nil
	case <-ctx.Done():
		gate.release(e.now())
		return ctx.Err()
	}
}

// send makes one HTTP attempt through a clone of the collector (clones share the
// HTTP client but not callbacks, so concurrent calls do not see each other's
// responses). Any HTTP status is a response; only transport failures are errors.
func (e *Engine) send(ctx context.Context, method, rawURL string, r Request) (*Response, *data.FetchError) {
	c := e.collector.Clone()
	c.Context = ctx
	var got *colly.Response
	declared := int64(-1)
	c.OnResponseHeaders(func(resp *colly.Response) {
		// A declared length over the cap is refused before reading the body.
		if n, err := strconv.ParseInt(resp.Headers.Get("Content-Length"), 10, 64); err == nil && n > e.opts.MaxBodyBytes {
			declared = n
			resp.Request.Abort()
		}
	})
	c.OnResponse(func(resp *colly.Response) { got = resp })

	hdr := r.Header.Clone()
	if hdr == nil {
		hdr = http.Header{}
	}
	hdr.Set("User-Agent", e.opts.UserAgent)
	var body io.Reader
	if r.Body != nil {
		body = bytes.NewReader(r.Body)
	}
	err := c.Request(method, rawURL, body, nil, hdr)
	switch {
	case ctx.Err() != nil:
		return nil, ContextError(ctx, "")
	case declared >= 0:
		return nil, &data.FetchError{Reason: data.ReasonTooLarge, Err: fmt.Errorf("body of %d bytes exceeds the %d byte cap", declared, e.opts.MaxBodyBytes)}
	case err != nil:
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, &data.FetchError{Reason: data.ReasonTimeout, Err: err}
		}
		return nil, &data.FetchError{Reason: data.ReasonNetwork, Err: err}
	case got == nil:
		return nil, &data.FetchError{Reason: data.ReasonNetwork, Err: errors.New("no response")}
	case int64(len(got.Body)) > e.opts.MaxBodyBytes:
		return nil, &data.FetchError{Reason: data.ReasonTooLarge, Err: fmt.Errorf("body exceeds the %d byte cap", e.opts.MaxBodyBytes)}
	}
	resp := &Response{Status: got.StatusCode, Body: got.Body, URL: rawURL}
	if got.Headers != nil {
		resp.Header = got.Headers.Clone()
	}
	if got.Request != nil && got.Request.URL != nil {
		resp.URL = got.Request.URL.String()
	}
	return resp, nil
}

// requestURL accepts absolute http(s) URLs only; anything else is a configuration
// mistake, never worth a retry.
func requestURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("bad URL %q", raw), Err: err}
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("URL %q is not an absolute http(s) URL", raw)}
	}
	u.Host = strings.ToLower(u.Host)
	return u, nil
}

// ContextError reports a cancelled or expired context as a FetchError that still
// matches context.Canceled / context.DeadlineExceeded with errors.Is.
func ContextError(ctx context.Context, where string) *data.FetchError {
	err := ctx.Err()
	reason := data.ReasonNetwork
	if errors.Is(err, context.DeadlineExceeded) {
		reason = data.ReasonTimeout
	}
	return &data.FetchError{Reason: reason, Detail: where, Err: err}
}

func attemptsDetail(where string, attempts int) string {
	if attempts == 1 {
		return where
	}
	return fmt.Sprintf("%s (%d attempts)", where, attempts)
}

// countingTransport counts every request that reaches the network.
type countingTransport struct {
	next  http.RoundTripper
	count *atomic.Int64
}

func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.count.Add(1)
	return t.next.RoundTrip(r)
}
