package publish

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"sync"
)

// encodePool turns emitted snapshots into JSON and hands them on (add: hash, list,
// write) on worker goroutines, so that building the next snapshot overlaps encoding and
// writing this one: at 2,000 menus a publish writes over 500 MB of JSON in 35,000 files.
// Each worker encodes into a buffer of its own, reused from file to file, so that the
// files' bytes are not allocated anew: add must not keep them. A builder hands over a
// value it no longer changes. At most a few values wait.
type encodePool struct {
	jobs   chan encodeJob
	wg     sync.WaitGroup
	failed chan struct{} // closed at the first failure
	once   sync.Once
	err    error
}

type encodeJob struct {
	path string
	v    any
}

// newEncodePool starts the workers: one more than the processors, so that one waiting
// on the disk leaves no processor idle.
func newEncodePool(add func(path string, b []byte) error) *encodePool {
	workers := runtime.GOMAXPROCS(0) + 1
	p := &encodePool{jobs: make(chan encodeJob, 2*workers), failed: make(chan struct{})}
	for range workers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			var buf bytes.Buffer
			for j := range p.jobs {
				select {
				case <-p.failed:
					continue // drain what was queued before the failure
				default:
				}
				buf.Reset()
				err := encodeInto(&buf, j.v)
				if err != nil {
					err = fmt.Errorf("publish %s: %w", j.path, err)
				} else {
					err = add(j.path, buf.Bytes())
				}
				if err != nil {
					p.fail(err)
				}
			}
		}()
	}
	return p
}

// encodeInto writes v's JSON to buf as marshal does: by its own appendJSON when it has
// one, else by encoding/json.
func encodeInto(buf *bytes.Buffer, v any) error {
	if a, ok := v.(jsonAppender); ok {
		b, err := a.appendJSON(buf.AvailableBuffer())
		buf.Write(b) // b is buf's own free space: this only moves its length
		return err
	}
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return err
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	return nil
}

func (p *encodePool) fail(err error) {
	p.once.Do(func() {
		p.err = err
		close(p.failed)
	})
}

// emit queues v to be encoded as path; once a file has failed it returns that failure.
func (p *encodePool) emit(path string, v any) error {
	select {
	case <-p.failed:
		return p.err
	case p.jobs <- encodeJob{path, v}:
		return nil
	}
}

// wait encodes every queued value and returns the first failure.
func (p *encodePool) wait() error {
	close(p.jobs)
	p.wg.Wait()
	select {
	case <-p.failed:
		return p.err
	default:
		return nil
	}
}
