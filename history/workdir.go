package history

import (
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/gofrs/flock"
)

// A working folder holds what a save or restore writes on its way (the uncompressed
// snapshot, downloads, the decompressed copy) and a lock file its process keeps locked
// while it works. A process killed with kill -9 cannot clean up after itself; its lock
// is released by the system, and the next save or restore removes its folder
// (sweep). gofrs/flock gives the one lock on every system omc builds for (flock(2),
// LockFileEx), which a hand-written pair of files per system would repeat.

const lockName = ".lock"

// workDir makes a working folder prefix* in parent, its lock taken, after removing the
// folders of processes gone. done removes it.
func workDir(parent, prefix string) (dir string, done func(), err error) {
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return "", nil, err
	}
	sweep(parent, prefix)
	dir, err = os.MkdirTemp(parent, prefix)
	if err != nil {
		return "", nil, err
	}
	lk := flock.New(filepath.Join(dir, lockName))
	if ok, err := lk.TryLock(); err != nil || !ok {
		os.RemoveAll(dir)
		if err == nil {
			err = os.ErrExist
		}
		return "", nil, err
	}
	return dir, func() {
		os.RemoveAll(dir)
		lk.Unlock()
	}, nil
}

// sweepGrace spares a folder made this last minute: its process may not have taken its
// lock yet.
const sweepGrace = time.Minute

// sweep removes the working folders prefix* in parent whose process is gone: their lock
// can be taken. A folder without a lock file (an older omc's) goes once it is an hour
// old.
func sweep(parent, prefix string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), prefix) {
			continue
		}
		dir := filepath.Join(parent, e.Name())
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < sweepGrace {
			continue
		}
		lockFile := filepath.Join(dir, lockName)
		if _, err := os.Stat(lockFile); err != nil {
			if time.Since(fi.ModTime()) > time.Hour {
				os.RemoveAll(dir)
			}
			continue
		}
		lk := flock.New(lockFile)
		if ok, err := lk.TryLock(); err == nil && ok {
			os.RemoveAll(dir)
			lk.Unlock()
		}
	}
}

// sweepFiles removes the files prefix*suffix in parent at least sweepGrace old: what an
// older omc, killed, left beside the database (.restore-*).
func sweepFiles(parent, prefix string) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasPrefix(e.Name(), prefix) {
			if fi, err := e.Info(); err == nil && time.Since(fi.ModTime()) >= sweepGrace {
				os.Remove(filepath.Join(parent, e.Name()))
			}
		}
	}
}
