package publish

import (
	"bytes"
	"fmt"
	"runtime"
	"sync"
)

// encodePool turns emitted snapshots into JSON on worker goroutines, so that building
// the next snapshot and encoding this one overlap: at 2,000 menus a publish encodes
// over 500 MB of JSON, a quarter of its work. A builder hands over a value it no longer
// changes; the pool encodes it and passes the bytes to add. At most a few values wait,
// so the pool holds little more than one snapshot per worker.
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

// newEncodePool starts one worker per processor; each calls add, which must be safe
// for concurrent use, with every file it encodes.
func newEncodePool(add func(path string, b []byte) error) *encodePool {
	workers := runtime.GOMAXPROCS(0)
	p := &encodePool{jobs: make(chan encodeJob, 2*workers), failed: make(chan struct{})}
	for range workers {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			var buf []byte // reused: each file is copied out at its size
			for j := range p.jobs {
				select {
				case <-p.failed:
					continue // drain what was queued before the failure
				default:
				}
				var b []byte
				var err error
				if a, ok := j.v.(jsonAppender); ok {
					buf, err = a.appendJSON(buf[:0])
					b = bytes.Clone(buf)
				} else {
					b, err = marshal(j.v)
				}
				if err != nil {
					err = fmt.Errorf("publish %s: %w", j.path, err)
				} else {
					err = add(j.path, b)
				}
				if err != nil {
					p.fail(err)
				}
			}
		}()
	}
	return p
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
