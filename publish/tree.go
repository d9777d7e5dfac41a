package publish

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"

	"github.com/ohiomc/omc/data"
)

// Tree is a new tree for out being written file by file, so that a publish never holds
// the whole tree in memory. Everything is first written into a staging directory beside
// out and synced, then the two directories are exchanged in one step (renameat2
// RENAME_EXCHANGE on Linux, renamex_np RENAME_SWAP on macOS; elsewhere two renames).
// A reader sees either the whole old tree or the whole new one; a writer killed while
// staging leaves out untouched (the abandoned staging directory is removed next time).
// Only one Tree is open on out at a time (a lock on out+".lock": flock on Unix,
// LockFileEx on Windows).
//
// A Tree replaces only what omc wrote itself: out must be missing, an empty folder or
// a folder whose manifest.json names omc as its producer (see Owned). Anything else (a
// file, a symbolic link, someone's folder) is refused with an EINVALID error before
// anything is created or removed.
type Tree struct {
	out, stage string
	unlock     func()
	mu         sync.Mutex // for what follows: Write is called from several goroutines
	paths      []string   // written, for syncing where the whole filesystem cannot be
	done       bool
	made       sync.Map // the folders made (writeFile)
}

// NewTree checks that out is omc's to replace (Owned), locks it and starts its staging
// directory.
func NewTree(out string) (*Tree, error) {
	out = filepath.Clean(out)
	if err := Owned(out); err != nil {
		return nil, err
	}
	parent := filepath.Dir(out)
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, data.PathError("publish --out", out, err)
	}
	unlock, err := lock(out + ".lock")
	if err != nil {
		return nil, data.PathError("publish --out", out, err)
	}
	// Again under the lock: the folder may have changed while we waited for it.
	if err := Owned(out); err != nil {
		unlock()
		return nil, err
	}
	removeStaging(out)
	stage, err := os.MkdirTemp(parent, stagingPrefix(out))
	if err != nil {
		unlock()
		return nil, data.PathError("publish --out", out, err)
	}
	if err := os.Chmod(stage, 0o755); err != nil {
		os.RemoveAll(stage)
		unlock()
		return nil, fmt.Errorf("publish %s: %w", out, err)
	}
	return &Tree{out: out, stage: stage, unlock: unlock}, nil
}

// Write adds one file to the staged tree; it is safe for concurrent use.
func (t *Tree) Write(rel string, body []byte) error {
	t.mu.Lock()
	done := t.done
	t.mu.Unlock()
	if done {
		return fmt.Errorf("publish %s: tree already committed or aborted", t.out)
	}
	if err := writeFile(t.stage, rel, body, &t.made); err != nil {
		return fmt.Errorf("publish %s: %w", t.out, err)
	}
	t.mu.Lock()
	t.paths = append(t.paths, rel)
	t.mu.Unlock()
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
	if err := syncTreeFS(t.stage, t.paths); err != nil {
		return fmt.Errorf("publish %s: %w", t.out, err)
	}
	out, stage, parent := t.out, t.stage, filepath.Dir(t.out)
	carryOver(out, stage)
	finish := func() error {
		t.done = true
		t.unlock()
		return syncDir(parent)
	}
	if _, err := os.Lstat(out); errors.Is(err, os.ErrNotExist) {
		if err := rename(stage, out); err != nil {
			return fmt.Errorf("publish %s: %w", out, err)
		}
		return finish()
	}
	if err := exchange(stage, out); err != nil {
		// No atomic exchange here (Windows, some filesystems): two renames. A reader may
		// find out missing for an instant, but never a partial or mixed tree.
		old := stage + ".old"
		if err := rename(out, old); err != nil {
			if renameBusy(err) {
				return mountPointError(out)
			}
			return fmt.Errorf("publish %s: %w", out, err)
		}
		if err := rename(stage, out); err != nil {
			rename(old, out)
			return fmt.Errorf("publish %s: %w", out, err)
		}
		os.RemoveAll(old)
		return finish()
	}
	// stage now holds the previous tree.
	os.RemoveAll(stage)
	return finish()
}

// exchange swaps two directories in one step where the system can (exchangeDirs, per
// operating system); a variable so that tests can take the fallback on any system.
var exchange = exchangeDirs

// rename is os.Rename; a variable so that tests can meet a mount point's EBUSY.
var rename = os.Rename

// Owned reports whether publish may replace out: nil when out does not exist, is an empty
// folder or is a tree omc published (its manifest.json's producer is "omc" or "omc
// <version>"); otherwise an EINVALID error naming out and what it is. It only reads.
func Owned(out string) error {
	refuse := func(what string) error {
		return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf(
			"publish --out %s: %s; publish replaces only a folder it wrote itself, so give a new or empty folder", out, what)}
	}
	fi, err := os.Lstat(out)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return nil
	case err != nil:
		return data.PathError("publish --out", out, err)
	case fi.Mode()&os.ModeSymlink != 0:
		return refuse("is a symbolic link")
	case !fi.IsDir():
		return refuse("is an existing file, not a folder")
	case mountPoint(out):
		return mountPointError(out)
	}
	d, err := os.Open(out)
	if err != nil {
		return data.PathError("publish --out", out, err)
	}
	_, err = d.Readdirnames(1)
	d.Close()
	if errors.Is(err, io.EOF) {
		return nil // empty
	}
	if err != nil {
		return data.PathError("publish --out", out, err)
	}
	b, err := os.ReadFile(filepath.Join(out, PathManifest))
	if err != nil {
		return refuse("is a folder with files omc did not publish (no " + PathManifest + ")")
	}
	var m struct {
		Producer string `json:"producer"`
	}
	if json.Unmarshal(b, &m) != nil || !ownProducer(m.Producer) {
		return refuse("is a folder omc did not publish (its " + PathManifest + " is not omc's)")
	}
	return nil
}

// mountPointError is the refusal of an --out publish cannot put a new tree in place of:
// a mount point (the rename that swaps the tree in answers "device or resource busy").
func mountPointError(out string) error {
	return &data.Error{Code: data.EINVALID, Message: fmt.Sprintf(
		"publish --out %s: a mount point (another file system than its parent folder's): publish swaps a whole new tree into place with a rename, "+
			"which a mount point refuses; publish to a folder inside it instead, like %s", out, filepath.Join(out, "site"))}
}

// renameBusy reports whether a rename failed because out is a mount point or is on
// another file system than the staging folder beside it.
func renameBusy(err error) bool {
	return errors.Is(err, syscall.EBUSY) || errors.Is(err, syscall.EXDEV)
}

// ProducerName is the program named first in every manifest's producer.
const ProducerName = "omc"

func ownProducer(p string) bool {
	return p == ProducerName || strings.HasPrefix(p, ProducerName+" ")
}

func stagingPrefix(out string) string { return "." + filepath.Base(out) + ".staging-" }

// removeStaging removes staging directories abandoned by killed publishes. A publish
// killed between the fallback's two renames left out missing and the previous tree in
// a staging ".old" directory: that tree is put back first, so a publish that then fails
// still leaves the last good tree in place.
func removeStaging(out string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(out), stagingPrefix(out)+"*"))
	if _, err := os.Lstat(out); errors.Is(err, os.ErrNotExist) {
		for _, m := range matches {
			if strings.HasSuffix(m, ".old") && os.Rename(m, out) == nil {
				break
			}
		}
	}
	for _, m := range matches {
		os.RemoveAll(m)
	}
}

// made remembers the folders made so far: a publish writes tens of
// thousands of files into a few folders, and asking for each folder again is a system
// call per file.
func writeFile(root, rel string, body []byte, made *sync.Map) error {
	if rel == "" || strings.HasPrefix(rel, "/") || strings.Contains(rel, "..") {
		return fmt.Errorf("bad snapshot path %q", rel)
	}
	path := filepath.Join(root, filepath.FromSlash(rel))
	dir := filepath.Dir(path)
	if _, ok := made.Load(dir); !ok {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		made.Store(dir, true)
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
