package publish

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"

	"github.com/ohiomc/omc/data"
)

// encodePool turns emitted snapshots into files on goroutines of its own, so that
// building the next snapshot overlaps encoding and writing this one: at 2,000 menus a
// publish writes over 500 MB of JSON in 35,000 files. Workers, one per processor,
// encode and hand each file to record (its manifest entry: record must be safe for
// concurrent use); one writer hands them to put, in turn. One writer, because creating
// files in one folder from several goroutines at once only makes the kernel work
// harder (on ext4, 1.7 times the system time for the same wall time). The files' bytes
// live in a few buffers passed from worker to writer and back, reused from file to file
// rather than allocated anew: put must not keep them. A builder hands over a value it
// no longer changes.
type encodePool struct {
	jobs   chan encodeJob
	writes chan encodedFile
	free   chan *bytes.Buffer
	encode sync.WaitGroup
	write  sync.WaitGroup
	failed chan struct{} // closed at the first failure
	once   sync.Once
	err    error
	// leftOut are the files that could not be encoded (a value JSON cannot hold, like
	// an infinite number): each left out of the publish, with why, rather than failing
	// the whole publish on one value.
	mu      sync.Mutex
	leftOut []string
}

type encodeJob struct {
	path string
	v    any
}

type encodedFile struct {
	path string
	buf  *bytes.Buffer
}

func newEncodePool(record func(path string, b []byte), put func(path string, b []byte) error) *encodePool {
	workers := runtime.GOMAXPROCS(0)
	buffers := 2*workers + 2 // each worker's, and a few waiting to be written
	p := &encodePool{jobs: make(chan encodeJob, workers), writes: make(chan encodedFile, buffers),
		free: make(chan *bytes.Buffer, buffers), failed: make(chan struct{})}
	for range buffers {
		p.free <- new(bytes.Buffer)
	}
	for range workers {
		p.encode.Add(1)
		go func() {
			defer p.encode.Done()
			for j := range p.jobs {
				if p.stopped() {
					continue // drain what was queued before the failure
				}
				if why := fileNameProblem(j.path); why != "" {
					p.leave(j.path, errors.New(why))
					continue
				}
				buf := <-p.free
				buf.Reset()
				if err := encodeInto(buf, j.v); err != nil {
					if unencodable(err) {
						p.leave(j.path, err)
					} else {
						p.fail(fmt.Errorf("publish %s: %w", j.path, err))
					}
					p.free <- reusable(buf)
					continue
				}
				record(j.path, buf.Bytes())
				p.writes <- encodedFile{j.path, buf}
			}
		}()
	}
	p.write.Add(1)
	go func() {
		defer p.write.Done()
		for f := range p.writes {
			if !p.stopped() {
				if err := put(f.path, f.buf.Bytes()); err != nil {
					p.fail(clipError(err))
				}
			}
			p.free <- reusable(f.buf)
		}
	}()
	return p
}

// maxKeptBuffer is the largest buffer the pool reuses, in bytes: far above most files
// (a product page is a few KB, a menu under 100 KB), below the largest (a search shard
// is up to 5 MB at 2,000 menus).
const maxKeptBuffer = 1 << 20

// reusable is buf when it is small enough to keep for the next file, else a new empty
// buffer: the search shards and the open data grow a few buffers to megabytes early,
// and kept, those (about 25 MB at 2,000 menus) stayed live through the tens of
// thousands of small files after them, all the time the heap is at its largest.
func reusable(buf *bytes.Buffer) *bytes.Buffer {
	if buf.Cap() > maxKeptBuffer {
		return new(bytes.Buffer)
	}
	return buf
}

// fileEncoder is a snapshot that is not JSON (the Atom feeds): it writes its own file.
type fileEncoder interface {
	encodeFile(buf *bytes.Buffer) error
}

// encodeInto writes v's JSON to buf as marshal does: by its own appendJSON when it has
// one, else by encoding/json; a fileEncoder writes its own format.
func encodeInto(buf *bytes.Buffer, v any) error {
	if f, ok := v.(fileEncoder); ok {
		return f.encodeFile(buf)
	}
	if a, ok := v.(jsonAppender); ok {
		b, err := a.appendJSON(buf.AvailableBuffer())
		if buf.Len() == 0 && cap(b) > buf.Available() {
			// b outgrew buf's free space into an array of its own: it becomes the
			// buffer, rather than copied into the buffer grown as large again (a
			// search shard of megabytes is encoded into a new buffer: reusable).
			*buf = *bytes.NewBuffer(b)
			return err
		}
		buf.Write(b) // b is buf's own free space
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

// unencodable reports whether err is a value JSON cannot hold (NaN, an infinity): the
// file is left out, the publish goes on.
func unencodable(err error) bool {
	var uv *json.UnsupportedValueError
	return errors.As(err, &uv)
}

func (p *encodePool) leave(path string, err error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.leftOut = append(p.leftOut, fmt.Sprintf("%s: %v", data.Clip(path), err))
}

// maxFileName is the longest file name a snapshot may have, in bytes: every system's
// 255 (NAME_MAX) with room for the tree writer's temporary suffixes. Names made of
// scraped text are bounded below it (data.BoundCode); one that is not is left out,
// never stopping the publish.
const maxFileName = 200

// fileNameProblem says why path cannot be a snapshot's file ("" when it can): a part
// of it longer than maxFileName.
func fileNameProblem(path string) string {
	for part := range strings.SplitSeq(path, "/") {
		if len(part) > maxFileName {
			return fmt.Sprintf("file name of %d bytes, above the maximum of %d", len(part), maxFileName)
		}
	}
	return ""
}

// clippedError is an error whose message is bounded (data.ClipMessage): a path made of
// a menu's text could otherwise fill the log with megabytes.
type clippedError struct{ err error }

func (e clippedError) Error() string { return data.ClipMessage(e.err.Error()) }
func (e clippedError) Unwrap() error { return e.err }

func clipError(err error) error { return clippedError{err} }

func (p *encodePool) stopped() bool {
	select {
	case <-p.failed:
		return true
	default:
		return false
	}
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

// wait encodes and writes every queued value and returns the first failure.
func (p *encodePool) wait() error {
	close(p.jobs)
	p.encode.Wait()
	close(p.writes)
	p.write.Wait()
	if p.stopped() {
		return p.err
	}
	return nil
}
