package publish

import (
	"errors"
	"testing"
)

// WithoutExchange makes Tree.Commit take its two-rename fallback for the rest of the
// test, as on a system without an atomic directory exchange.
func WithoutExchange(t testing.TB) {
	old := exchange
	exchange = func(a, b string) error { return errors.New("exchange disabled by the test") }
	t.Cleanup(func() { exchange = old })
}

// WithSearchPartOffers makes the whole state's search files hold parts of about n
// offers for the rest of the test.
func WithSearchPartOffers(t testing.TB, n int) {
	old := searchPartOffers
	searchPartOffers = n
	t.Cleanup(func() { searchPartOffers = old })
}
