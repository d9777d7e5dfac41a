package main

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startServe runs omc serve on a free port with limits and returns its address; the
// server stops when the test ends.
func startServe(t *testing.T, limits serveLimits) string {
	t.Helper()
	site, snap := t.TempDir(), t.TempDir()
	os.WriteFile(filepath.Join(site, "index.html"), []byte("<!doctype html><title>app</title>"), 0o644)
	os.MkdirAll(filepath.Join(snap, "api"), 0o755)
	os.WriteFile(filepath.Join(snap, "api", "DispensaryStatus"), []byte(`[]`), 0o644)
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	opts := &serveOptions{Config: DefaultConfig(), DataDir: snap, limits: &limits,
		ready: func(url string) { addr <- strings.TrimSuffix(strings.TrimPrefix(url, "http://"), "/") }}
	opts.SiteDir, opts.Addr = site, "127.0.0.1:0"
	go func() { done <- runServe(ctx, opts) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	select {
	case a := <-addr:
		return a
	case err := <-done:
		t.Fatalf("serve: %v", err)
	}
	return ""
}

// roundTrip sends raw on a new connection and reads one answer.
func roundTrip(t *testing.T, addr, raw string) (*http.Response, net.Conn) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(10 * time.Second))
	if _, err := io.WriteString(c, raw); err != nil {
		t.Fatal(err)
	}
	method, _, _ := strings.Cut(raw, " ")
	resp, err := http.ReadResponse(bufio.NewReader(c), &http.Request{Method: method})
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	return resp, c
}

// TestServeClosesIdleConnections: a keep-alive connection left idle is closed by the
// server (one watched for 120 s used to stay open, and idle clients held every
// descriptor).
func TestServeClosesIdleConnections(t *testing.T) {
	limits := defaultServeLimits
	limits.idle = 200 * time.Millisecond
	addr := startServe(t, limits)
	resp, c := roundTrip(t, addr, "GET /api/DispensaryStatus HTTP/1.1\r\nHost: x\r\n\r\n")
	if resp.StatusCode != 200 || resp.Close {
		t.Fatalf("first answer %d, close %v", resp.StatusCode, resp.Close)
	}
	// The connection now idles; the server must close it long before this read's own
	// deadline (10 s).
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := c.Read(make([]byte, 1))
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatal("the idle connection was still open after 10 s")
	}
	if n != 0 || !errors.Is(err, io.EOF) {
		t.Errorf("read on the idle connection: %d bytes, %v; want EOF", n, err)
	}
}

// TestServeRefusesOtherMethods: POST, PUT, DELETE, TRACE and PROPFIND answered 200 with
// the content; a static site answers 405 with Allow: GET, HEAD, and the security headers.
func TestServeRefusesOtherMethods(t *testing.T) {
	addr := startServe(t, defaultServeLimits)
	for _, m := range []string{"POST", "PUT", "DELETE", "TRACE", "PROPFIND", "OPTIONS"} {
		resp, _ := roundTrip(t, addr, m+" /api/DispensaryStatus HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n")
		if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" ||
			resp.Header.Get("Content-Security-Policy") == "" {
			t.Errorf("%s: %d, Allow %q, headers %v", m, resp.StatusCode, resp.Header.Get("Allow"), resp.Header)
		}
	}
	if resp, _ := roundTrip(t, addr, "HEAD /api/DispensaryStatus HTTP/1.1\r\nHost: x\r\n\r\n"); resp.StatusCode != 200 {
		t.Errorf("HEAD: %d", resp.StatusCode)
	}
}

// TestServeOwnErrorsCarryHeaders: the answers net/http writes before any handler runs
// (a malformed request: 400; headers too large: 431) carry the security headers.
func TestServeOwnErrorsCarryHeaders(t *testing.T) {
	limits := defaultServeLimits
	limits.headerBytes = 4 << 10
	addr := startServe(t, limits)
	for name, raw := range map[string]string{
		"400": "GET /\x01 HTTP/1.1\r\nHost: x\r\n\r\n",
		"431": "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + strings.Repeat("a", 16<<10) + "\r\n\r\n",
	} {
		resp, _ := roundTrip(t, addr, raw)
		if got := resp.Status[:3]; got != name {
			t.Errorf("%s: status %s", name, resp.Status)
		}
		for _, h := range []string{"Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy", "X-Frame-Options"} {
			if resp.Header.Get(h) == "" {
				t.Errorf("%s answer lacks %s: %v", name, h, resp.Header)
			}
		}
	}
}

// TestServeLimitsConnections: beyond the connection limit a client waits to be
// accepted; once a held connection closes it is served.
func TestServeLimitsConnections(t *testing.T) {
	limits := defaultServeLimits
	limits.conns = 2
	addr := startServe(t, limits)
	var held []net.Conn
	for range 2 {
		_, c := roundTrip(t, addr, "GET /api/DispensaryStatus HTTP/1.1\r\nHost: x\r\n\r\n")
		held = append(held, c)
	}
	third, err := net.Dial("tcp", addr) // the kernel completes the handshake; omc does not accept it
	if err != nil {
		t.Fatal(err)
	}
	defer third.Close()
	io.WriteString(third, "GET /api/DispensaryStatus HTTP/1.1\r\nHost: x\r\n\r\n")
	third.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	if n, err := third.Read(make([]byte, 1)); n > 0 || err == nil {
		t.Fatal("a third connection was served while two were held at a limit of two")
	}
	held[0].Close()
	third.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(bufio.NewReader(third), nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the waiting connection after one closed: %v %v", resp, err)
	}
}
