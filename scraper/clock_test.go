package scraper

import (
	"github.com/ohiomc/omc/internal/fakeclock"
	"github.com/ohiomc/omc/scraper/polite"
)

// newFakeTimeEngine returns an engine whose waits go to clock, so a run's back-off is
// seen without being spent.
func newFakeTimeEngine(o polite.Options, clock *fakeclock.Clock) *polite.Engine {
	o.Now, o.Sleep = clock.Now, clock.Sleep
	return polite.NewEngine(o)
}
