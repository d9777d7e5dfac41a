//go:build !linux

package publish

// syncTreeFS fsyncs each written file and directory: there is no syncfs(2) here.
func syncTreeFS(dir string, paths []string) error { return syncFiles(dir, paths) }
