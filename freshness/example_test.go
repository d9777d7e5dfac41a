package freshness_test

import (
	"fmt"
	"time"

	"github.com/ohiomc/omc/freshness"
)

// A menu's categories are scored from their last update and the time they are seen at,
// then counted for a summary such as the status page's.
func ExampleScore() {
	now := time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)
	var sum freshness.Summary
	for _, last := range []time.Time{
		now.Add(-2 * time.Hour),  // fetched this morning
		now.Add(-20 * time.Hour), // yesterday's scrape
		now.Add(-48 * time.Hour), // two days ago
		{},                       // never fetched
	} {
		state := freshness.Score(last, now)
		sum.Add(state)
		fmt.Println(state)
	}
	fmt.Printf("%d current, %d stale, %d missing of %d\n", sum.Current, sum.Stale, sum.Missing, sum.Total())
	// Output:
	// current
	// stale
	// missing
	// missing
	// 1 current, 1 stale, 2 missing of 4
}
