package publish_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

// TestWriteTreeAtMountPoint: publishing to an empty mount point failed with exit 1
// ("rename … device or resource busy"). The rename that swaps a tree into
// place is refused there; publish says why, as a configuration error (exit 2), and
// leaves the folder and its parent as they were.
func TestWriteTreeAtMountPoint(t *testing.T) {
	out := filepath.Join(t.TempDir(), "mnt")
	if err := writeTree(out, tree(1, 3, 10)); err != nil {
		t.Fatal(err)
	}
	publish.WithBusyMountPoint(t, out)
	err := writeTree(out, tree(2, 3, 10))
	if data.ErrorCode(err) != data.EINVALID || !strings.Contains(err.Error(), "a mount point") ||
		!strings.Contains(err.Error(), filepath.Join(out, "site")) {
		t.Fatalf("publish to a mount point: %v (code %q)", err, data.ErrorCode(err))
	}
	if v := checkTree(t, out); v != 1 {
		t.Errorf("the tree in place is version %d", v)
	}
	entries, _ := os.ReadDir(filepath.Dir(out))
	for _, e := range entries {
		if strings.Contains(e.Name(), "staging") {
			t.Errorf("left beside it: %s", e.Name())
		}
	}
}
