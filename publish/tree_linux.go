package publish

import (
	"fmt"
	"os"

	"golang.org/x/sys/unix"
)

// exchangeDirs swaps a and b atomically with renameat2(RENAME_EXCHANGE); filesystems
// without it return an error and Tree.Commit falls back to two renames.
func exchangeDirs(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}

// syncTreeFS makes the files written under dir durable before the tree is swapped in:
// one syncfs(2) flushes the whole filesystem holding dir, every file and directory
// written under it (an fsync per file dominated a publish's time).
func syncTreeFS(dir string, _ []string) error {
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
