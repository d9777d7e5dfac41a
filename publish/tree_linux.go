package publish

import "golang.org/x/sys/unix"

// exchangeDirs swaps a and b atomically with renameat2(RENAME_EXCHANGE); filesystems
// without it return an error and WriteTree falls back to two renames.
func exchangeDirs(a, b string) error {
	return unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
}
