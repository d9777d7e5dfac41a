package fakeclock

import (
	"context"
	"sync"
	"time"
)

// Clock stands still until something sleeps on it or a test moves it on. It is safe
// for use by several goroutines.
type Clock struct {
	mu    sync.Mutex
	t     time.Time
	waits []time.Duration
}

// New returns a clock at 1 March 2026, 12:00 UTC.
func New() *Clock {
	return &Clock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

// Now is the clock's time.
func (c *Clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// Sleep records d and moves the clock on by it at once; it returns ctx's error, as a
// sleep cut short by its context would.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.t = c.t.Add(d)
	return ctx.Err()
}

// Advance moves the clock on by d without recording a wait: time passing outside
// the code under test.
func (c *Clock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// Waits are the sleeps so far, in order.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}
