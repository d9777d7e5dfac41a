package polite

import (
	"runtime"
	"testing"
	"time"
)

// testStop is closed shortly before the test binary's deadline (go test -timeout), so
// that a wait that never ends fails its test naming what it waited for. It is no timed
// assertion: a passing test never meets it.
func testStop(t *testing.T) <-chan struct{} {
	stop := make(chan struct{})
	if deadline, ok := t.Deadline(); ok {
		timer := time.AfterFunc(time.Until(deadline)-10*time.Second, func() { close(stop) })
		t.Cleanup(func() { timer.Stop() })
	}
	return stop
}

// spinUntil yields until cond holds; it fails the test, naming what, if the test's
// time runs out first.
func spinUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	stop := testStop(t)
	for !cond() {
		select {
		case <-stop:
			t.Fatalf("never saw %s", what)
		default:
			runtime.Gosched()
		}
	}
}
