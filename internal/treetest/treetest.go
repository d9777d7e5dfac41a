package treetest

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// WriteFile writes body to path, making its folders, or fails the test.
func WriteFile(tb testing.TB, path, body string) {
	tb.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		tb.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// Listing lists every path under dir with its type and, for a file, the sha256 of its
// content: two listings are equal when nothing under dir was created, removed or changed.
func Listing(tb testing.TB, dir string) string {
	tb.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "%s %v", path, d.Type())
		if d.Type().IsRegular() {
			body, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			fmt.Fprintf(&b, " %x", sha256.Sum256(body))
		}
		b.WriteString("; ")
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	return b.String()
}
