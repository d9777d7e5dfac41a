package scraper

import (
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
)

// retryable reports whether an attempt is worth repeating: rate limiting, server
// errors, time-outs and network failures. Other 4xx and oversized bodies would only
// fail again.
func retryable(resp *Response, err *data.FetchError) bool {
	if err != nil {
		return err.Reason == data.ReasonTimeout || err.Reason == data.ReasonNetwork
	}
	return resp.Status == http.StatusTooManyRequests || resp.Status >= 500
}

// retryWait is how long to wait before retry number attempt+1: the server's
// Retry-After on 429 and 503 (capped at MaxBackoff), otherwise exponential back-off.
func (e *Engine) retryWait(resp *Response, attempt int) time.Duration {
	if resp != nil && (resp.Status == http.StatusTooManyRequests || resp.Status == http.StatusServiceUnavailable) {
		if d, ok := parseRetryAfter(resp.Header.Get("Retry-After"), e.now(), e.opts.MaxBackoff); ok {
			return d
		}
	}
	return backoff(attempt, e.opts.BackoffBase, e.opts.MaxBackoff, e.jitter)
}

// backoff doubles base per attempt, caps it at limit and keeps a random half of it
// ("equal jitter") so that clients retrying together spread out.
func backoff(attempt int, base, limit time.Duration, jitter func(time.Duration) time.Duration) time.Duration {
	d := limit
	if attempt < 62 && base <= limit>>attempt {
		d = base << attempt
	}
	half := d / 2
	return min(d-half+jitter(half), limit)
}

// parseRetryAfter reads a Retry-After value: delay-seconds or an HTTP-date.
func parseRetryAfter(v string, now time.Time, limit time.Duration) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil {
		if secs < 0 {
			return 0, false
		}
		if secs > int64(limit/time.Second) {
			return limit, true
		}
		return min(time.Duration(secs)*time.Second, limit), true
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), limit), true
	}
	return 0, false
}

func randomJitter(n time.Duration) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(n) + 1))
}
