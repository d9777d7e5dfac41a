package publish

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"golang.org/x/sys/unix"
)

// WriteTree replaces the directory out with exactly files (path relative to out →
// content), atomically (see Tree).
func WriteTree(out string, files map[string][]byte) error {
	t, err := NewTree(out)
	if err != nil {
		return err
	}
	defer t.Abort()
	paths := make([]string, 0, len(files))
	for p := range files {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		if err := t.Write(p, files[p]); err != nil {
			return err
		}
	}
	return t.Commit()
}

// Tree is a new tree for out being written, file by file, so that a publish never holds
// the whole tree in memory. Everything is first written into a staging directory beside
// out and synced, then the two directories are exchanged in one rename(2)
// (RENAME_EXCHANGE). A reader sees either the whole old tree or the whole new one; a
// writer killed while staging leaves out untouched (the abandoned staging directory is
// removed next time). Only one Tree is open on out at a time (an flock on out+".lock").
type Tree struct {
	out, stage string
	unlock     func()
	done       bool
}

// NewTree locks out and starts its staging directory.
func NewTree(out string) (*Tree, error) {
	out = filepath.Clean(out)
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, fmt.Errorf("publish %s: %w", out, err)
	}
	unlock, err := lock(out + ".lock")
	if err != nil {
		return nil, fmt.Errorf("publish %s: lock: %w", out, err)
	}
	removeStaging(out)
	stage, err := os.MkdirTemp(parent, stagingPrefix(out))
	if err != nil {
		unlock()
		return nil, fmt.Errorf("publish %s: %w", out, err)
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		os.RemoveAll(stage)
		unlock()
		return nil, fmt.Errorf("publish %s: %w", out, err)
	}
	return &Tree{out: out, stage: stage, unlock: unlock}, nil
}

// Write adds one file to the staged tree.
func (t *Tree) Write(rel string, body []byte) error {
	if err := writeFile(t.stage, rel, body); err != nil {
		return fmt.Errorf("publish %s: %w", t.out, err)
	}
	return nil
}

// Abort drops the staged tree, leaving out as it was; after Commit it does nothing.
func (t *Tree) Abort() {
	if t.done {
		return
	}
	t.done = true
	os.RemoveAll(t.stage)
	t.unlock()
}

// Commit syncs the staged tree to disk and puts it in out's place.
func (t *Tree) Commit() error {
	if t.done {
		return fmt.Errorf("publish %s: tree already committed or aborted", t.out)
	}
	// One syncfs for the whole tree rather than an fsync per file: thousands of
	// fsyncs dominated a publish's time.
	if err := syncFS(t.stage); err != nil {
		return fmt.Errorf("publish %s: %w", t.out, err)
	}
	out, stage, parent := t.out, t.stage, filepath.Dir(t.out)
	if _, err := os.Lstat(out); errors.Is(err, os.ErrNotExist) {
		if err := os.Rename(stage, out); err != nil {
			return fmt.Errorf("publish %s: %w", out, err)
		}
		t.done = true
		t.unlock()
		return syncDir(parent)
	}
	if err := unix.Renameat2(unix.AT_FDCWD, stage, unix.AT_FDCWD, out, unix.RENAME_EXCHANGE); err != nil {
		// Filesystems without RENAME_EXCHANGE: two renames. A reader may find out
		// missing for an instant, but never a partial file.
		old := stage + ".old"
		if err := os.Rename(out, old); err != nil {
			return fmt.Errorf("publish %s: %w", out, err)
		}
		if err := os.Rename(stage, out); err != nil {
			os.Rename(old, out)
			return fmt.Errorf("publish %s: %w", out, err)
		}
		t.done = true
		t.unlock()
		os.RemoveAll(old)
		return syncDir(parent)
	}
	// stage now holds the previous tree.
	t.done = true
	t.unlock()
	os.RemoveAll(stage)
	return syncDir(parent)
}

// syncFS flushes the filesystem holding dir: every file written under it, and their
// directories, reach the disk before the exchange makes them visible.
func syncFS(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := unix.Syncfs(int(d.Fd())); err != nil {
		return fmt.Errorf("syncfs %s: %w", dir, err)
	}
	return nil
}

func stagingPrefix(out string) string { return "." + filepath.Base(out) + ".staging-" }

// removeStaging removes staging directories abandoned by killed publishes.
func removeStaging(out string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(out), stagingPrefix(out)+"*"))
	for _, m := range matches {
		os.RemoveAll(m)
	}
}

func writeFile(root, rel string, body []byte) error {
	if rel == "" || strings.HasPrefix(rel, "/") || strings.Contains(rel, "..") {
		return fmt.Errorf("bad snapshot path %q", rel)
	}
	path := filepath.Join(root, filepath.FromSlash(rel))
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(body); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", rel, err)
	}
	return f.Close()
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

func lock(path string) (func(), error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := unix.Flock(int(f.Fd()), unix.LOCK_EX); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		unix.Flock(int(f.Fd()), unix.LOCK_UN)
		f.Close()
	}, nil
}
