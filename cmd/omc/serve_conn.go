package main

import (
	"bytes"
	"net"
	"net/http"
	"sort"

	"github.com/ohiomc/omc/publish"
)

// net/http answers a request it cannot read (a malformed request line: 400; headers
// beyond MaxHeaderBytes: 431; an unknown transfer coding: 501) itself, before any
// handler runs, with a fixed text that carries none of the site's security headers;
// http.Server has no hook for those answers. headedListener's connections add the
// headers every path gets (publish/headers.go's "/*" rule) to exactly those answers:
// each is written to the connection in one write, as the status line, these two
// headers and a short text, and nothing else net/http writes has that shape (a
// handler's answer always carries Date and the security headers, before any body).
const goErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// errorHeaderLines are the headers every path gets, as header lines, plus no-store.
func errorHeaderLines(rules []publish.HeaderRule) []byte {
	h := http.Header{}
	publish.Apply(rules, h, "/\x00") // a path that only the every-path rule matches
	h.Set("Cache-Control", "no-store")
	names := make([]string, 0, len(h))
	for k := range h {
		names = append(names, k)
	}
	sort.Strings(names)
	var b bytes.Buffer
	for _, k := range names {
		b.WriteString("\r\n" + k + ": " + h.Get(k))
	}
	return b.Bytes()
}

type headedListener struct {
	net.Listener
	lines []byte
}

func (l headedListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return headedConn{c, l.lines}, nil
}

type headedConn struct {
	net.Conn
	lines []byte
}

func (c headedConn) Write(b []byte) (int, error) {
	out, ok := withErrorHeaders(b, c.lines)
	if !ok {
		return c.Conn.Write(b)
	}
	if _, err := c.Conn.Write(out); err != nil {
		return 0, err
	}
	return len(b), nil
}

// withErrorHeaders returns b with lines after its status line when b is one of
// net/http's own error answers, whole.
func withErrorHeaders(b, lines []byte) ([]byte, bool) {
	if len(b) > 1024 || !bytes.HasPrefix(b, []byte("HTTP/1.1 4")) && !bytes.HasPrefix(b, []byte("HTTP/1.1 5")) {
		return nil, false
	}
	status, rest, ok := bytes.Cut(b, []byte(goErrorHeaders))
	if !ok || bytes.Contains(status, []byte("\r\n")) || bytes.Contains(rest, []byte("\r\n")) {
		return nil, false
	}
	out := make([]byte, 0, len(b)+len(lines))
	out = append(out, status...)
	out = append(out, lines...)
	out = append(out, goErrorHeaders...)
	return append(out, rest...), true
}
