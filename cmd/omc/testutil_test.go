package main

import (
	"bytes"
	"sync"
)

// logWatch is a log written by one goroutine and waited on by a test: Wait returns
// once the log holds a text, without polling.
type logWatch struct {
	mu      sync.Mutex
	b       bytes.Buffer
	changed chan struct{} // closed and replaced at every write
}

func newLogWatch() *logWatch { return &logWatch{changed: make(chan struct{})} }

func (l *logWatch) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	close(l.changed)
	l.changed = make(chan struct{})
	return l.b.Write(p)
}

func (l *logWatch) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Wait blocks until the log holds text or stop is closed (false then).
func (l *logWatch) Wait(text string, stop <-chan struct{}) bool {
	for {
		l.mu.Lock()
		has, changed := bytes.Contains(l.b.Bytes(), []byte(text)), l.changed
		l.mu.Unlock()
		if has {
			return true
		}
		select {
		case <-changed:
		case <-stop:
			return false
		}
	}
}
