package publish

import "golang.org/x/sys/unix"

// exchangeDirs swaps a and b atomically with renamex_np(RENAME_SWAP) (APFS and HFS+);
// where the filesystem refuses, Tree.Commit falls back to two renames.
func exchangeDirs(a, b string) error {
	return unix.RenamexNp(a, b, unix.RENAME_SWAP)
}
