package polite

import (
	"context"
	"sync"
	"sync/atomic"
	"time"
)

// hostGates holds one gate per host and the per-host delay overrides that
// platform settings ask for.
type hostGates struct {
	mu     sync.Mutex
	gates  map[string]*hostGate
	delays map[string]time.Duration
}

func (h *hostGates) init() {
	h.gates = map[string]*hostGate{}
	h.delays = map[string]time.Duration{}
}

func (h *hostGates) get(host string) *hostGate {
	h.mu.Lock()
	defer h.mu.Unlock()
	g, ok := h.gates[host]
	if !ok {
		g = &hostGate{turn: make(chan struct{}, 1)}
		h.gates[host] = g
	}
	return g
}

// setDelay overrides the engine delay for one host. When two platforms share a host
// (both pointed at one local replay) the longer delay wins: politeness is per host.
func (h *hostGates) setDelay(host string, d time.Duration) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if cur, ok := h.delays[host]; !ok || d > cur {
		h.delays[host] = max(d, 0)
	}
}

func (h *hostGates) delay(host string, fallback time.Duration) time.Duration {
	h.mu.Lock()
	defer h.mu.Unlock()
	if d, ok := h.delays[host]; ok {
		return d
	}
	return fallback
}

// hostGate lets one request at a time talk to a host, and not before notBefore: the
// end of the previous request plus the delay, or a back-off or Retry-After the host
// asked for (which then holds every request to that host, not only the retried one).
type hostGate struct {
	turn      chan struct{} // holding the single slot is holding the host
	notBefore time.Time     // read and written only by the slot holder
	// closed, when set, says why the host is left alone for the rest of the run (a
	// Retry-After longer than the run can wait); read and written by the slot holder.
	closed hostClosed
	queued atomic.Int32 // goroutines waiting for the slot (observed by tests)
}

// hostClosed is the error of a request to a host closed for the run: why it was.
type hostClosed string

func (h hostClosed) Error() string { return string(h) }

// close leaves the host alone for the rest of the run; the slot holder calls it.
func (g *hostGate) close(why string) { g.closed = hostClosed(why) }

// acquire waits for the host's slot and then for notBefore; the context ends either
// wait. A closed host gives its slot back at once and is a hostClosed error.
func (g *hostGate) acquire(ctx context.Context, now func() time.Time, sleep func(context.Context, time.Duration) error) error {
	g.queued.Add(1)
	select {
	case g.turn <- struct{}{}:
		g.queued.Add(-1)
	case <-ctx.Done():
		g.queued.Add(-1)
		return ctx.Err()
	}
	if g.closed != "" {
		<-g.turn
		return g.closed
	}
	if d := g.notBefore.Sub(now()); d > 0 {
		if err := sleep(ctx, d); err != nil {
			<-g.turn
			return err
		}
	}
	return nil
}

// release gives the slot back; the next request may start at next at the earliest.
func (g *hostGate) release(next time.Time) {
	if next.After(g.notBefore) {
		g.notBefore = next
	}
	<-g.turn
}

// sleepContext waits d or until ctx ends.
func sleepContext(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
