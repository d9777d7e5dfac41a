package publish_test

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/treetest"
	"github.com/ohiomc/omc/publish"
)

// writeTree replaces the directory out with exactly files (path relative to out →
// content) through a publish.Tree, as Publish writes its snapshots.
func writeTree(out string, files map[string][]byte) error {
	t, err := publish.NewTree(out)
	if err != nil {
		return err
	}
	defer t.Abort()
	for _, p := range slices.Sorted(maps.Keys(files)) {
		if err := t.Write(p, files[p]); err != nil {
			return err
		}
	}
	return t.Commit()
}

// tree makes a tree of n JSON files, all stamped with version v and padded to size
// so that writing one takes measurable time, and the manifest.json by which a Tree
// recognises its own tree.
func tree(v, n, size int) map[string][]byte {
	files := map[string][]byte{}
	files["manifest.json"], _ = json.Marshal(map[string]any{"version": v, "producer": "omc test"})
	pad := strings.Repeat("x", size)
	for i := range n {
		b, _ := json.Marshal(map[string]any{"version": v, "file": i, "pad": pad})
		files[fmt.Sprintf("api/f%03d", i)] = b
	}
	return files
}

// checkTree reads every file of out: each must be whole JSON and all must carry the same
// version. It returns that version.
func checkTree(t *testing.T, out string) int {
	t.Helper()
	version := -1
	err := filepath.WalkDir(out, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var f struct{ Version int }
		if err := json.Unmarshal(b, &f); err != nil {
			return fmt.Errorf("%s: partial or corrupt file (%d bytes): %v", path, len(b), err)
		}
		if version == -1 {
			version = f.Version
		} else if f.Version != version {
			return fmt.Errorf("%s: version %d mixed with %d", path, f.Version, version)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return version
}

func TestWriteTreeReplaces(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := writeTree(out, tree(1, 3, 10)); err != nil {
		t.Fatal(err)
	}
	next := tree(2, 2, 10)
	next["api/only-new"] = []byte(`{"version":2}`)
	if err := writeTree(out, next); err != nil {
		t.Fatal(err)
	}
	if v := checkTree(t, out); v != 2 {
		t.Errorf("version = %d", v)
	}
	if _, err := os.Stat(filepath.Join(out, "api/f002")); !os.IsNotExist(err) {
		t.Errorf("file of the old tree survived: %v", err)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range entries {
		if strings.Contains(e.Name(), "staging") {
			t.Errorf("staging left behind: %s", e.Name())
		}
	}
	if err := writeTree(out, map[string][]byte{"../escape": []byte("x")}); err == nil {
		t.Error("path escaping the tree accepted")
	}
	if v := checkTree(t, out); v != 2 {
		t.Errorf("failed publish changed the tree: version %d", v)
	}
}

// TestWriteTreeRefusesWhatItDidNotWrite: an existing file, a symbolic link or a folder
// omc did not publish is never replaced; nothing beside it is created either.
func TestWriteTreeRefusesWhatItDidNotWrite(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, out string)
		want string
	}{
		{"existing file", func(t *testing.T, out string) { treetest.WriteFile(t, out, "my notes") }, "is an existing file"},
		{"foreign folder", func(t *testing.T, out string) {
			treetest.WriteFile(t, filepath.Join(out, "thesis.tex"), "years of work")
		}, "no manifest.json"},
		{"folder with another program's manifest", func(t *testing.T, out string) {
			treetest.WriteFile(t, filepath.Join(out, "manifest.json"), `{"producer":"webpack"}`)
			treetest.WriteFile(t, filepath.Join(out, "app.js"), "code")
		}, "is not omc's"},
		{"manifest that is not JSON", func(t *testing.T, out string) { treetest.WriteFile(t, filepath.Join(out, "manifest.json"), "omc") }, "is not omc's"},
		{"symbolic link", func(t *testing.T, out string) {
			target := filepath.Join(filepath.Dir(out), "target")
			treetest.WriteFile(t, filepath.Join(target, "keep"), "x")
			if err := os.Symlink(target, out); err != nil {
				t.Fatal(err)
			}
		}, "symbolic link"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "out")
			tt.make(t, out)
			before := treetest.Listing(t, dir)
			err := writeTree(out, tree(1, 2, 10))
			if err == nil {
				t.Fatal("replaced")
			}
			if data.ErrorCode(err) != data.EINVALID || !strings.Contains(err.Error(), out) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q (code %s), want EINVALID naming %s and %q", err, data.ErrorCode(err), out, tt.want)
			}
			if after := treetest.Listing(t, dir); after != before {
				t.Errorf("touched:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
	t.Run("empty folder and own tree are replaced", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "out")
		if err := os.Mkdir(out, 0o755); err != nil {
			t.Fatal(err)
		}
		for v := 1; v <= 2; v++ {
			if err := writeTree(out, tree(v, 2, 10)); err != nil {
				t.Fatal(err)
			}
		}
		if v := checkTree(t, out); v != 2 {
			t.Errorf("version %d", v)
		}
	})
	t.Run("path through a file", func(t *testing.T) {
		dir := t.TempDir()
		treetest.WriteFile(t, filepath.Join(dir, "notes.txt"), "x")
		out := filepath.Join(dir, "notes.txt", "out")
		err := writeTree(out, tree(1, 2, 10))
		if data.ErrorCode(err) != data.EINVALID || !strings.Contains(err.Error(), out) || !strings.Contains(err.Error(), "not a folder") {
			t.Errorf("error %v (code %s)", err, data.ErrorCode(err))
		}
	})
}

// TestWriteTreeReaderNeverSeesPartial polls the tree while it is replaced again and again.
func TestWriteTreeReaderNeverSeesPartial(t *testing.T) {
	pollWhileReplacing(t, false)
}

// TestWriteTreeFallbackNeverPartial is the same with the two-rename fallback of systems
// without an atomic exchange: a reader may find the tree missing for an instant, never
// a partial file.
func TestWriteTreeFallbackNeverPartial(t *testing.T) {
	publish.WithoutExchange(t)
	pollWhileReplacing(t, true)
}

// TestWriteTreeFallbackRestoresAfterKill: a fallback publish killed between its two
// renames leaves out missing and the previous tree aside; the next publish puts it back,
// so even a failing one leaves the last good tree.
func TestWriteTreeFallbackRestoresAfterKill(t *testing.T) {
	publish.WithoutExchange(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := writeTree(out, tree(7, 3, 10)); err != nil {
		t.Fatal(err)
	}
	// The state a kill between the two renames leaves.
	if err := os.Rename(out, filepath.Join(dir, ".out.staging-123.old")); err != nil {
		t.Fatal(err)
	}
	if err := writeTree(out, map[string][]byte{"../escape": []byte("{}")}); err == nil {
		t.Fatal("a bad snapshot path was published")
	}
	if v := checkTree(t, out); v != 7 {
		t.Errorf("version after a failed publish = %d, want the previous 7", v)
	}
	if err := writeTree(out, tree(8, 3, 10)); err != nil {
		t.Fatal(err)
	}
	if v := checkTree(t, out); v != 8 {
		t.Errorf("version = %d, want 8", v)
	}
}

// pollWhileReplacing reads every file of the tree from two goroutines while the tree is
// replaced 30 times; every read must be a whole file (missing ones are tolerated only
// when tolerateMissing).
func pollWhileReplacing(t *testing.T, tolerateMissing bool) {
	t.Helper()
	out := filepath.Join(t.TempDir(), "out")
	if err := writeTree(out, tree(0, 20, 20000)); err != nil {
		t.Fatal(err)
	}
	var stop atomic.Bool
	var reads atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for !stop.Load() {
				for i := range 20 {
					b, err := os.ReadFile(filepath.Join(out, fmt.Sprintf("api/f%03d", i)))
					if os.IsNotExist(err) && tolerateMissing {
						continue
					}
					if os.IsNotExist(err) {
						errs <- fmt.Errorf("file %d missing during publish", i)
						return
					}
					if err != nil {
						errs <- err
						return
					}
					if !json.Valid(b) {
						errs <- fmt.Errorf("file %d partial: %d bytes", i, len(b))
						return
					}
					reads.Add(1)
				}
			}
		}()
	}
	for v := 1; v <= 30; v++ {
		if err := writeTree(out, tree(v, 20, 20000)); err != nil {
			t.Fatal(err)
		}
	}
	stop.Store(true)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if reads.Load() == 0 {
		t.Fatal("reader never read")
	}
	if v := checkTree(t, out); v != 30 {
		t.Errorf("final version %d", v)
	}
}

// TestWriteTreeKilledMidway kills a publishing process at varying moments: the tree left
// behind is always one whole version.
func TestWriteTreeKilledMidway(t *testing.T) {
	if dir := os.Getenv("OMC_TREE_HELPER_OUT"); dir != "" {
		// Child: publish forever until killed.
		for v := 1; ; v++ {
			if err := writeTree(dir, tree(v, 40, 50000)); err != nil {
				fmt.Fprintln(os.Stderr, err)
				os.Exit(3)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "out")
	if err := writeTree(out, tree(0, 40, 50000)); err != nil {
		t.Fatal(err)
	}
	for i := range 12 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestWriteTreeKilledMidway$")
		cmd.Env = append(os.Environ(), "OMC_TREE_HELPER_OUT="+out)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(30+i*17) * time.Millisecond)
		cmd.Process.Kill()
		cmd.Wait()
		checkTree(t, out)
	}
	// The next publish cleans up what the killed ones left.
	if err := writeTree(out, tree(99, 2, 10)); err != nil {
		t.Fatal(err)
	}
	if v := checkTree(t, out); v != 99 {
		t.Errorf("version after recovery = %d", v)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range entries {
		if strings.Contains(e.Name(), "staging") {
			t.Errorf("staging left behind: %s", e.Name())
		}
	}
}

// TestTreeStreams writes a tree file by file: an aborted tree leaves the old one in
// place, a committed one replaces it, and a finished tree takes no more files.
func TestTreeStreams(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	if err := writeTree(out, tree(1, 3, 10)); err != nil {
		t.Fatal(err)
	}
	write := func(v int) *publish.Tree {
		t.Helper()
		tr, err := publish.NewTree(out)
		if err != nil {
			t.Fatal(err)
		}
		for path, b := range tree(v, 5, 10) {
			if err := tr.Write("deep/"+path, b); err != nil {
				t.Fatal(err)
			}
		}
		return tr
	}
	aborted := write(2)
	aborted.Abort()
	if v := checkTree(t, out); v != 1 {
		t.Errorf("after abort the tree is version %d, want 1", v)
	}
	committed := write(3)
	if err := committed.Commit(); err != nil {
		t.Fatal(err)
	}
	if v := checkTree(t, out); v != 3 {
		t.Errorf("after commit the tree is version %d, want 3", v)
	}
	if _, err := os.Stat(filepath.Join(out, "deep/api/f004")); err != nil {
		t.Error(err)
	}
	if err := committed.Write("late", []byte("{}")); err == nil {
		t.Error("a committed tree took another file")
	}
	if err := committed.Commit(); err == nil {
		t.Error("a tree committed twice")
	}
	committed.Abort() // after Commit: nothing to undo
	if v := checkTree(t, out); v != 3 {
		t.Errorf("abort after commit changed the tree to version %d", v)
	}
	if matches, _ := filepath.Glob(filepath.Join(filepath.Dir(out), ".out.staging-*")); len(matches) != 0 {
		t.Errorf("staging left behind: %v", matches)
	}
}
