package publish

import (
	"errors"
	"fmt"
	"testing"
)

func TestAsyncWriter(t *testing.T) {
	t.Run("OK", func(t *testing.T) {
		var got []string
		w := newAsyncWriter(func(path string, body []byte) error {
			got = append(got, path+"="+string(body))
			return nil
		})
		for i := range 200 {
			if err := w.put(fmt.Sprint("f", i), []byte(fmt.Sprint(i))); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.close(); err != nil {
			t.Fatal(err)
		}
		if len(got) != 200 || got[0] != "f0=0" || got[199] != "f199=199" {
			t.Errorf("wrote %d files, in order %v...", len(got), got[:min(3, len(got))])
		}
	})
	t.Run("ErrWrite", func(t *testing.T) {
		disk := errors.New("disk full")
		written := 0
		w := newAsyncWriter(func(path string, body []byte) error {
			if path == "f3" {
				return disk
			}
			written++
			return nil
		})
		var putErr error
		for i := 0; i < 10000 && putErr == nil; i++ {
			putErr = w.put(fmt.Sprint("f", i), nil)
		}
		if !errors.Is(putErr, disk) {
			t.Errorf("put after a failed write: %v, want %v", putErr, disk)
		}
		if err := w.close(); !errors.Is(err, disk) {
			t.Errorf("close: %v, want %v", err, disk)
		}
		if written != 3 {
			t.Errorf("%d files written, want the 3 before the failure", written)
		}
	})
}
