//go:build unix

package main

import (
	"context"
	"io"
	"net"
	"net/http"
	"sync"
	"syscall"
	"testing"
	"time"
)

// idleSockets is how many silent connections TestServeAnswersPastIdleSockets holds open.
const idleSockets = 1000

// holdIdle keeps n connections to addr open without sending a byte, dialling again each
// one the server closes, until ctx ends; it returns once all n are open the first time.
func holdIdle(ctx context.Context, t *testing.T, addr string, n int, wg *sync.WaitGroup) {
	t.Helper()
	opened := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			first := true
			for ctx.Err() == nil {
				c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
				if first {
					opened <- err
					first = false
				}
				if err != nil {
					return
				}
				stop := context.AfterFunc(ctx, func() { c.Close() })
				io.Copy(io.Discard, c) // returns when the server (or ctx) closes it
				stop()
				c.Close()
			}
		}()
	}
	for range n {
		if err := <-opened; err != nil {
			t.Fatalf("opening the idle connections: %v", err)
		}
	}
}

// raiseNoFile lets the test hold both ends of idleSockets connections in one process.
func raiseNoFile(t *testing.T, need uint64) {
	t.Helper()
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		t.Fatal(err)
	}
	if lim.Cur >= need {
		return
	}
	lim.Cur = min(need, lim.Max)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil || lim.Cur < need {
		t.Fatalf("the test needs %d descriptors; the hard limit is %d (%v)", need, lim.Max, err)
	}
}

// TestServeAnswersPastIdleSockets: with 1,000 silent connections held open, and dialled
// again as the server closes them, a new client's page still comes within 1 s. With 128
// places and a 10 s header deadline, 128 such sockets made every request wait 8–9.5 s.
// The sockets are held past the header deadline, so the server closes them and they come
// back while pages are fetched.
func TestServeAnswersPastIdleSockets(t *testing.T) {
	raiseNoFile(t, 3*idleSockets)
	addr := startServe(t, defaultServeLimits)
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	defer func() {
		cancel()
		wg.Wait()
	}()
	holdIdle(ctx, t, addr, idleSockets, &wg)

	client := &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{DisableKeepAlives: true}}
	until := time.Now().Add(defaultServeLimits.header + 2*time.Second)
	fetches := 0
	for time.Now().Before(until) && fetches < 100 {
		start := time.Now()
		resp, err := client.Get("http://" + addr + "/api/DispensaryStatus")
		took := time.Since(start)
		if err != nil {
			t.Fatalf("fetch %d with %d idle sockets held: %v (after %v)", fetches, idleSockets, err, took)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("fetch %d: status %d", fetches, resp.StatusCode)
		}
		if took >= time.Second {
			t.Fatalf("fetch %d with %d idle sockets held took %v; want under 1 s", fetches, idleSockets, took)
		}
		fetches++
		time.Sleep(250 * time.Millisecond)
	}
	if fetches == 0 {
		t.Fatal("no fetch was made")
	}
}
