//go:build !linux && !darwin

package publish

import "errors"

// exchangeDirs has no atomic directory exchange to call on this system: Tree.Commit
// replaces the tree with two renames instead.
func exchangeDirs(a, b string) error {
	return errors.New("no atomic directory exchange on this system")
}
