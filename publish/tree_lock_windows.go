//go:build windows

package publish

import (
	"os"

	"golang.org/x/sys/windows"
)

// lock takes an exclusive LockFileEx lock on path, waiting for another publish to
// finish; the returned function releases it.
func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	h := windows.Handle(f.Fd())
	whole := new(windows.Overlapped)
	if err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK, 0, 1, 0, whole); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		windows.UnlockFileEx(h, 0, 1, 0, whole)
		f.Close()
	}, nil
}
