//go:build !linux

package publish

import (
	"fmt"
	"os"
	"path/filepath"
)

// syncTreeFS makes the files written under dir durable before the tree is swapped in:
// there is no syncfs(2) here, so every written file is fsynced, then dir's directories.
func syncTreeFS(dir string, paths []string) error {
	dirs := map[string]bool{dir: true}
	for _, rel := range paths {
		path := filepath.Join(dir, filepath.FromSlash(rel))
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return err
		}
		err = f.Sync()
		f.Close()
		if err != nil {
			return fmt.Errorf("sync %s: %w", rel, err)
		}
		for d := filepath.Dir(path); d != dir && !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
		}
	}
	for d := range dirs {
		if err := syncDir(d); err != nil {
			return err
		}
	}
	return nil
}
