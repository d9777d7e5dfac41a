package polite

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/temoto/robotstxt"

	"github.com/ohiomc/omc/data"
)

// RFC 9309 limits: parse at most 500 KiB of a robots.txt (§2.5), and when it cannot be
// reached because of a server or network error, assume everything is disallowed (§2.3.1.4).
// Such a failure is retried sooner than a file is refreshed.
const (
	robotsMaxBytes  = 500 << 10
	robotsErrorTTL  = 10 * time.Minute
	robotsAgentName = "omc"
)

// robotsCache holds one robots.txt verdict per origin (scheme and host).
type robotsCache struct {
	mu      sync.Mutex
	entries map[string]*robotsEntry
}

func (c *robotsCache) init() { c.entries = map[string]*robotsEntry{} }

func (c *robotsCache) get(origin string) *robotsEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	en, ok := c.entries[origin]
	if !ok {
		en = &robotsEntry{}
		c.entries[origin] = en
	}
	return en
}

// robotsEntry is one origin's rules. Its mutex makes concurrent requests to a new host
// wait for one robots.txt fetch instead of each fetching it.
type robotsEntry struct {
	mu      sync.Mutex
	group   *robotstxt.Group // nil with disallowAll set, or before the first fetch
	all     bool             // disallow everything (5xx, unreachable)
	why     string           // why everything is disallowed
	expires time.Time
}

// robotsAllow reports, as a *data.FetchError with reason robots, whether u may be
// fetched under its host's robots.txt, fetching the file when the cached copy expired.
func (e *Engine) robotsAllow(ctx context.Context, u *url.URL, where string) error {
	if u.Path == "/robots.txt" {
		return nil
	}
	origin := u.Scheme + "://" + u.Host
	en := e.robots.get(origin)
	en.mu.Lock()
	defer en.mu.Unlock()
	if now := e.now(); !now.Before(en.expires) {
		if err := e.fetchRobots(ctx, origin, en); err != nil {
			return err
		}
	}
	if en.all {
		return &data.FetchError{Reason: data.ReasonRobots, Detail: fmt.Sprintf("%s: %s/robots.txt %s, so everything is disallowed", where, origin, en.why)}
	}
	path := u.EscapedPath()
	if u.RawQuery != "" {
		path += "?" + u.RawQuery
	}
	if en.group != nil && !en.group.Test(path) {
		return &data.FetchError{Reason: data.ReasonRobots, Detail: fmt.Sprintf("%s: %s/robots.txt disallows %s for %s", where, origin, u.EscapedPath(), e.robotsAgent())}
	}
	return nil
}

// fetchRobots reads origin's robots.txt through the host gate (it is a request to the
// host like any other) and stores the verdict in en. It follows up to five redirects
// (RFC 9309 §2.3.1.2), each through the gate of the host it goes to.
func (e *Engine) fetchRobots(ctx context.Context, origin string, en *robotsEntry) error {
	u, _ := url.Parse(origin + "/robots.txt")
	var resp *Response
	var ferr *data.FetchError
	for hop := 0; ; hop++ {
		gate := e.hosts.get(u.Host)
		if err := e.take(ctx, gate); err != nil {
			var closed hostClosed
			if errors.As(err, &closed) {
				return &data.FetchError{Reason: data.ReasonRateLimited, Detail: "GET " + u.String() + ": " + string(closed)}
			}
			return ContextError(ctx, "GET "+u.String())
		}
		resp, ferr = e.send(ctx, "GET", u.String(), Request{Method: "GET"})
		<-e.busy
		if asked, ok := e.retryAfter(resp); ok && !e.affordable(ctx, asked) {
			why := fmt.Sprintf("%s asked to be left alone for %s (Retry-After), more than this run can wait", u.Host, asked.Round(time.Second))
			gate.close(why)
			gate.release(e.now())
			return &data.FetchError{Reason: data.ReasonRateLimited, Status: resp.Status, Detail: "GET " + u.String() + ": " + why}
		}
		gate.release(e.now().Add(e.hosts.delay(u.Host, e.opts.Delay)))
		if ctx.Err() != nil {
			return ContextError(ctx, "GET "+u.String())
		}
		if ferr != nil || !isRedirect(resp.Status) || hop >= robotsMaxRedirects {
			break
		}
		next, err := u.Parse(resp.Header.Get("Location"))
		if err != nil || (next.Scheme != "http" && next.Scheme != "https") || next.Host == "" {
			break // judged below as the redirect it is: everything disallowed
		}
		next.Host = strings.ToLower(next.Host)
		u = next
	}
	now := e.now()
	en.group, en.all, en.why = nil, false, ""
	switch {
	case ferr != nil && ferr.Reason == data.ReasonTooLarge:
		// A robots.txt over the engine's body cap: far past RFC 9309's 500 KiB, treat it
		// as unparseable, which is "allow all" (§2.3.1.3 covers unreadable files the same).
		en.expires = now.Add(e.opts.RobotsTTL)
	case ferr != nil:
		en.all, en.why = true, "could not be fetched ("+string(ferr.Reason)+")"
		en.expires = now.Add(robotsErrorTTL)
	case resp.Status >= 500 || resp.Status == 429:
		// 429 is a 4xx, but a server asking us to slow down is not a server that has no
		// rules: treated like a 5xx, as the large crawlers do.
		en.all, en.why = true, fmt.Sprintf("answered HTTP %d", resp.Status)
		en.expires = now.Add(robotsErrorTTL)
	case resp.Status >= 400:
		en.expires = now.Add(e.opts.RobotsTTL) // no robots.txt: everything allowed
	case resp.Status >= 200 && resp.Status < 300:
		body := resp.Body
		if len(body) > robotsMaxBytes {
			body = body[:robotsMaxBytes]
		}
		rd, err := robotstxt.FromBytes(body)
		if err == nil {
			en.group = rd.FindGroup(e.robotsAgent())
		}
		// An unparseable file is treated as allowing everything, as if absent.
		en.expires = now.Add(e.opts.RobotsTTL)
	default: // a redirect past the cap, or a 1xx
		en.all, en.why = true, fmt.Sprintf("answered HTTP %d", resp.Status)
		en.expires = now.Add(robotsErrorTTL)
	}
	return nil
}

// robotsMaxRedirects is how many redirects a robots.txt fetch follows (RFC 9309 §2.3.1.2).
const robotsMaxRedirects = 5

// robotsAgent is the product token robots.txt groups are matched against: the
// User-Agent up to its first slash or space ("omc" for "omc/1.0 (+https://…)").
func (e *Engine) robotsAgent() string {
	ua := e.opts.UserAgent
	if i := strings.IndexAny(ua, "/ "); i > 0 {
		return ua[:i]
	}
	if ua == "" {
		return robotsAgentName
	}
	return ua
}
