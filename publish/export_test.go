package publish

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
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

// WithBusyMountPoint makes out behave as a mount point at commit for the rest of the
// test: the exchange and a rename of out itself fail with EBUSY, as they do there.
func WithBusyMountPoint(t testing.TB, out string) {
	oldExchange, oldRename := exchange, rename
	busy := func(a, b string) error { return &os.LinkError{Op: "rename", Old: a, New: b, Err: syscall.EBUSY} }
	exchange = busy
	rename = func(a, b string) error {
		if filepath.Clean(a) == filepath.Clean(out) {
			return busy(a, b)
		}
		return oldRename(a, b)
	}
	t.Cleanup(func() { exchange, rename = oldExchange, oldRename })
}

// StoreListingOf is the StoreListing a store's status publishes.
var StoreListingOf = storeListing
