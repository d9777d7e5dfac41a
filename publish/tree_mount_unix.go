//go:build unix

package publish

import (
	"path/filepath"

	"golang.org/x/sys/unix"
)

// mountPoint reports whether the folder dir is the root of a file system other than
// its parent folder's (a mount point), where a rename of dir itself fails (EBUSY).
func mountPoint(dir string) bool {
	var a, b unix.Stat_t
	if unix.Lstat(dir, &a) != nil || unix.Lstat(filepath.Dir(dir), &b) != nil {
		return false
	}
	return a.Dev != b.Dev
}
