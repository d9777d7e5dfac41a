package polite

import (
	"errors"
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

// retryAfter is the wait a 429 or 503 answer asks for in its Retry-After, if any.
func (e *Engine) retryAfter(resp *Response) (time.Duration, bool) {
	if resp == nil || (resp.Status != http.StatusTooManyRequests && resp.Status != http.StatusServiceUnavailable) {
		return 0, false
	}
	return parseRetryAfter(resp.Header.Get("Retry-After"), e.now())
}

// retryWait is how long to wait before retry number attempt+1: the server's
// Retry-After on 429 and 503 (Do has refused one longer than MaxBackoff), otherwise
// exponential back-off.
func (e *Engine) retryWait(resp *Response, attempt int) time.Duration {
	if d, ok := e.retryAfter(resp); ok {
		return min(d, e.opts.MaxBackoff)
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

// maxRetryAfter is the longest Retry-After read as it is: a longer one (up to
// centuries, or an overflow) reads as this, which no run waits for.
const maxRetryAfter = 365 * 24 * time.Hour

// parseRetryAfter reads a Retry-After value: delay-seconds or an HTTP-date.
func parseRetryAfter(v string, now time.Time) (time.Duration, bool) {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.ParseInt(v, 10, 64); err == nil || errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(v, "-") {
		if secs < 0 {
			return 0, false
		}
		if err != nil || secs > int64(maxRetryAfter/time.Second) {
			return maxRetryAfter, true
		}
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return min(max(t.Sub(now), 0), maxRetryAfter), true
	}
	return 0, false
}

func randomJitter(n time.Duration) time.Duration {
	if n <= 0 {
		return 0
	}
	return time.Duration(rand.Int64N(int64(n) + 1))
}
