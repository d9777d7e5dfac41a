package scraper

import (
	"context"
	"sync"
	"time"

	"github.com/ohiomc/omc/scraper/polite"
)

// fakeClock stands in for the engine's clock: sleeping records the wait and moves
// the clock on, so a run's back-off is seen without being spent.
type fakeClock struct {
	mu    sync.Mutex
	t     time.Time
	waits []time.Duration
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.waits = append(c.waits, d)
	c.t = c.t.Add(d)
	return ctx.Err()
}

func (c *fakeClock) recorded() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}

// newFakeTimeEngine returns an engine whose waits go to clock.
func newFakeTimeEngine(o polite.Options, clock *fakeClock) *polite.Engine {
	o.Now, o.Sleep = clock.now, clock.sleep
	return polite.NewEngine(o)
}
