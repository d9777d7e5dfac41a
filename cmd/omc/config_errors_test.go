package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/treetest"
)

// TestConfigurationErrors: a --db or --out that cannot be used is a configuration error:
// exit 2, one line naming the path and the problem, and nothing on disk changed.
func TestConfigurationErrors(t *testing.T) {
	type setup = setup2
	cases := []struct {
		name string
		make func(t *testing.T, s *setup)
		cmd  func(s setup) []string
		want string // the problem, besides the path
		path func(s setup) string
	}{
		{"publish over an existing file", func(t *testing.T, s *setup) {
			s.out = filepath.Join(s.dir, "notes.txt")
			treetest.WriteFile(t, s.out, "my notes")
		}, publishArgs, "is an existing file", outPath},
		{"publish over a foreign folder", func(t *testing.T, s *setup) {
			s.out = filepath.Join(s.dir, "photos")
			treetest.WriteFile(t, filepath.Join(s.out, "cat.jpg"), "meow")
		}, publishArgs, "omc did not publish", outPath},
		{"publish under a file", func(t *testing.T, s *setup) {
			treetest.WriteFile(t, filepath.Join(s.dir, "notes.txt"), "my notes")
			s.out = filepath.Join(s.dir, "notes.txt", "out")
		}, publishArgs, "is a file, not a folder", outPath},
		{"db is a folder", func(t *testing.T, s *setup) {
			s.db = filepath.Join(s.dir, "db")
			treetest.WriteFile(t, filepath.Join(s.db, "keep"), "x")
		}, statusArgs, "is a folder", dbPath},
		{"db is not SQLite", func(t *testing.T, s *setup) {
			s.db = filepath.Join(s.dir, "notes.txt")
			treetest.WriteFile(t, s.db, "Dear diary, today I scraped nothing.")
		}, statusArgs, "is not a SQLite database", dbPath},
		{"db under a file", func(t *testing.T, s *setup) {
			treetest.WriteFile(t, filepath.Join(s.dir, "notes.txt"), "x")
			s.db = filepath.Join(s.dir, "notes.txt", "omc.db")
		}, statusArgs, "is a file, not a folder", dbPath},
		{"db unreadable (a symbolic link loop)", func(t *testing.T, s *setup) {
			s.db = filepath.Join(s.dir, "loop.db")
			if err := os.Symlink(s.db, s.db); err != nil {
				t.Fatal(err)
			}
		}, statusArgs, "symbolic links", dbPath},
		{"scrape into a db that is not SQLite", func(t *testing.T, s *setup) {
			s.db = filepath.Join(s.dir, "notes.txt")
			treetest.WriteFile(t, s.db, strings.Repeat("not sqlite ", 20))
			// One store, on a port nothing listens on: no request leaves the machine.
			treetest.WriteFile(t, filepath.Join(s.dir, "registry.yaml"), `platforms: {jane: {baseURL: "http://127.0.0.1:1"}}
dispensaries:
  - {slug: a, name: A, city: Akron, region: Northeast, menus: [{market: medical, platform: jane, storeId: "1"}]}
`)
		}, func(s setup) []string {
			return []string{"scrape", "--db", s.db, "--registry", filepath.Join(s.dir, "registry.yaml"), "--delay", "0s"}
		}, "is not a SQLite database", dbPath},
		{"worker with --out over a file", func(t *testing.T, s *setup) {
			s.out = filepath.Join(s.dir, "notes.txt")
			treetest.WriteFile(t, s.out, "my notes")
		}, func(s setup) []string {
			// The bad schedule keeps a worker that misses the --out check from running
			// forever: it would then fail on the schedule, with another message.
			return []string{"worker", "--db", s.db, "--out", s.out, "--schedule", "every tuesday"}
		}, "is an existing file", outPath},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			s := setup{dir: t.TempDir()}
			s.db, s.out = filepath.Join(s.dir, "omc.db"), filepath.Join(s.dir, "out")
			tt.make(t, &s)
			before := treetest.Listing(t, s.dir)
			var out, errOut bytes.Buffer
			code := execute(tt.cmd(s), testDeps(&out, &errOut))
			msg := errOut.String()
			if code != exitUsage {
				t.Errorf("exit %d, want %d:\n%s", code, exitUsage, msg)
			}
			if strings.Count(msg, "\n") != 1 || !strings.Contains(msg, tt.path(s)) || !strings.Contains(msg, tt.want) {
				t.Errorf("message %q: want one line naming %s and %q", msg, tt.path(s), tt.want)
			}
			if after := treetest.Listing(t, s.dir); after != before {
				t.Errorf("files changed:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

// TestPathErrorIsConfiguration: the failures a place causes (permission, read-only file
// system) are configuration errors. Injected, since tests may run as root, whom
// permissions do not stop.
func TestPathErrorIsConfiguration(t *testing.T) {
	for _, tt := range []struct {
		err  error
		want string
	}{
		{&os.PathError{Op: "mkdir", Path: "/srv/out", Err: syscall.EACCES}, "permission denied"},
		{&os.PathError{Op: "open", Path: "/srv/out", Err: syscall.EPERM}, "permission denied"},
		{&os.PathError{Op: "mkdir", Path: "/mnt/ro/out", Err: syscall.EROFS}, "read-only file system"},
	} {
		err := data.PathError("publish --out", "/srv/out", tt.err)
		if code := exitCode(err); code != exitUsage || !strings.Contains(err.Error(), "/srv/out") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: exit %d, %q", tt.err, code, err)
		}
	}
	if code := exitCode(data.PathError("publish --out", "/srv/out", syscall.EIO)); code != exitFailed {
		t.Errorf("an I/O error is not the user's configuration: exit %d", code)
	}
}

func publishArgs(s setup2) []string { return []string{"publish", "--db", s.db, "--out", s.out} }
func statusArgs(s setup2) []string  { return []string{"status", "--db", s.db} }
func outPath(s setup2) string       { return s.out }
func dbPath(s setup2) string        { return s.db }

type setup2 = struct{ dir, db, out string }
