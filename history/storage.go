// Package history keeps the pipeline's SQLite database outside git: compressed copies
// in durable storage (a folder, or the assets of a GitHub release through the gh CLI),
// each with a small JSON record of what it holds, checked before it is restored and
// before a new one is saved, so that a damaged or truncated database never replaces a
// good copy. The last few good copies are kept.
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

// List implements Storage; a folder that does not exist yet holds nothing.
func (d Dir) List(context.Context) ([]string, error) {
	entries, err := os.ReadDir(string(d))
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", d, err)
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
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
