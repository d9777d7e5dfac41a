package freshness

import "time"

// State is the freshness of one menu category.
type State string

// The three freshness states of docs/specification.md §4.
const (
	Current State = "current" // updated less than CurrentFor ago
	Stale   State = "stale"   // updated CurrentFor up to MissingAfter ago
	Missing State = "missing" // updated MissingAfter or more ago, or never
)

// Thresholds of docs/specification.md §9: under 16 h current, 16 up to 36 h stale, 36 h or more missing.
const (
	CurrentFor   = 16 * time.Hour
	MissingAfter = 36 * time.Hour
)

// Score returns the state of a category last updated at last, seen at now.
// A zero last means the category was never updated, which is Missing.
// A last in the future (clock skew between scraper and viewer) counts as Current.
func Score(last, now time.Time) State {
	if last.IsZero() {
		return Missing
	}
	age := now.Sub(last)
	switch {
	case age < CurrentFor:
		return Current
	case age < MissingAfter:
		return Stale
	default:
		return Missing
	}
}

// Summary counts categories by state.
type Summary struct {
	Current int `json:"current"`
	Stale   int `json:"stale"`
	Missing int `json:"missing"`
}

// Add counts one category in state s.
func (s *Summary) Add(st State) {
	switch st {
	case Current:
		s.Current++
	case Stale:
		s.Stale++
	default:
		s.Missing++
	}
}

// Total is the number of categories counted.
func (s Summary) Total() int { return s.Current + s.Stale + s.Missing }
