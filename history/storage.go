package history

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/gofrs/flock"

	"github.com/ohiomc/omc/data"
)

// Storage is where copies are kept: named files, listed, read, written and removed.
// Names are plain file names ([A-Za-z0-9._-]).
type Storage interface {
	// List returns the names stored, in any order.
	List(ctx context.Context) ([]string, error)
	// Get copies the named file to dst (a local path).
	Get(ctx context.Context, name, dst string) error
	// Put stores the local file src under name, replacing a file of that name.
	Put(ctx context.Context, name, src string) error
	// Delete removes the named file.
	Delete(ctx context.Context, name string) error
	// String names the storage in messages.
	String() string
}

// Locker is a storage that can be locked, so that two saves to it (two machines, two
// scheduled runs) take turns instead of racing: both computing the same sequence
// number, one's record paired with the other's copy. Lock waits for the lock until ctx
// ends; unlock releases it. A folder locks with a lock file. A GitHub release cannot
// be locked (assets have no atomic test-and-set); the workflow serialises its runs
// with its concurrency group instead (.github/workflows/publish.yml).
type Locker interface {
	Lock(ctx context.Context) (unlock func(), err error)
}

// Open parses a storage spec: "gh-release:TAG" for the assets of a GitHub release of
// the current repository (through the gh CLI), anything else a local folder.
func Open(spec string) (Storage, error) {
	switch {
	case spec == "":
		return nil, errors.New("no storage given")
	case strings.HasPrefix(spec, "gh-release:"):
		tag := strings.TrimPrefix(spec, "gh-release:")
		if tag == "" {
			return nil, fmt.Errorf("storage %q: no release tag", spec)
		}
		return &GitHubRelease{Tag: tag, Run: runGH}, nil
	}
	return Dir(strings.TrimPrefix(spec, "dir:")), nil
}

// Dir is a local folder used as storage (tests, a server's disk, a mounted volume).
type Dir string

func (d Dir) String() string { return "folder " + string(d) }

// storageLock is the lock file of a folder storage.
const storageLock = ".omc-history.lock"

// Check tells whether the folder can be storage, before any work: an existing file, or
// a path through one, cannot (a configuration error, data.EINVALID); for a save
// (write), the folder is made when missing, and a place where it cannot be made (a
// read-only or virtual file system) is refused too.
func (d Dir) Check(write bool) error {
	fi, err := os.Stat(string(d))
	switch {
	case err == nil && !fi.IsDir():
		return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf("storage %s: a file, not a folder", string(d))}
	case err == nil || errors.Is(err, os.ErrNotExist) && !write:
	case errors.Is(err, os.ErrNotExist):
		if err := os.MkdirAll(string(d), 0o755); err != nil {
			return configError("storage", string(d), err)
		}
	default:
		return configError("storage", string(d), err)
	}
	if write {
		f, err := os.OpenFile(filepath.Join(string(d), storageLock), os.O_CREATE|os.O_RDWR, 0o644)
		if err != nil {
			return configError("storage", string(d), err)
		}
		f.Close()
	}
	return nil
}

// configError is a place the user named that cannot serve: a configuration error
// (data.PathError's words where it has them).
func configError(what, path string, err error) error {
	err = data.PathError(what, path, err)
	if data.ErrorCode(err) == data.EINVALID {
		return err
	}
	return &data.Error{Code: data.EINVALID, Message: err.Error()}
}

// Lock implements Locker with a lock file in the folder (made when missing), held
// until unlock; a folder that does not exist yet is made.
func (d Dir) Lock(ctx context.Context) (func(), error) {
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return nil, configError("storage", string(d), err)
	}
	lk := flock.New(filepath.Join(string(d), storageLock))
	ok, err := lk.TryLockContext(ctx, 100*time.Millisecond)
	if err != nil || !ok {
		if err == nil {
			err = ctx.Err()
		}
		return nil, fmt.Errorf("lock %s: %w", d, err)
	}
	// What a killed save left: a half-written copy (Put writes beside, then renames).
	if entries, err := os.ReadDir(string(d)); err == nil {
		for _, e := range entries {
			if n := e.Name(); strings.HasPrefix(n, ".") && strings.HasSuffix(n, ".tmp") {
				os.Remove(filepath.Join(string(d), n))
			}
		}
	}
	return func() { lk.Unlock() }, nil
}

// List implements Storage; a folder that does not exist yet holds nothing. Hidden
// files (the lock, a copy being written) are not copies.
func (d Dir) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(string(d))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, configError("list storage", string(d), err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	sort.Strings(names)
	return names, nil
}

// Get implements Storage.
func (d Dir) Get(_ context.Context, name, dst string) error {
	return copyFile(filepath.Join(string(d), name), dst)
}

// Put implements Storage: written beside, then renamed, so a reader never sees half a file.
func (d Dir) Put(_ context.Context, name, src string) error {
	if err := os.MkdirAll(string(d), 0o755); err != nil {
		return fmt.Errorf("put %s in %s: %w", name, d, err)
	}
	tmp := filepath.Join(string(d), "."+name+".tmp")
	if err := copyFile(src, tmp); err != nil {
		os.Remove(tmp) // a full disk leaves no partial copy behind
		return err
	}
	if err := os.Rename(tmp, filepath.Join(string(d), name)); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("put %s in %s: %w", name, d, err)
	}
	return nil
}

// Delete implements Storage.
func (d Dir) Delete(_ context.Context, name string) error {
	if err := os.Remove(filepath.Join(string(d), name)); err != nil {
		return fmt.Errorf("delete %s from %s: %w", name, d, err)
	}
	return nil
}

func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return fmt.Errorf("copy to %s: %w", dst, err)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return fmt.Errorf("copy %s to %s: %w", src, dst, err)
	}
	return out.Close()
}
