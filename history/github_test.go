package history

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// fakeGH answers the gh commands GitHubRelease runs from a folder standing in for the
// release's assets, and records them.
type fakeGH struct {
	dir     string
	exists  bool
	calls   []string
	created int
}

func (f *fakeGH) run(_ context.Context, args ...string) ([]byte, error) {
	f.calls = append(f.calls, strings.Join(args, " "))
	if len(args) < 3 || args[0] != "release" || args[2] != "pipeline-history" {
		return nil, errors.New("unexpected gh call")
	}
	if args[1] == "create" {
		f.exists = true
		f.created++
		return nil, nil
	}
	if !f.exists {
		return nil, errors.New("gh release view: release not found")
	}
	switch args[1] {
	case "view":
		names, _ := Dir(f.dir).List(context.Background())
		var rel struct {
			Assets []map[string]string `json:"assets"`
		}
		for _, n := range names {
			rel.Assets = append(rel.Assets, map[string]string{"name": n})
		}
		return json.Marshal(rel)
	case "download":
		name, dir := args[4], args[6]
		return nil, copyFile(filepath.Join(f.dir, name), filepath.Join(dir, name))
	case "upload":
		return nil, Dir(f.dir).Put(context.Background(), filepath.Base(args[3]), args[3])
	case "delete-asset":
		return nil, os.Remove(filepath.Join(f.dir, args[3]))
	}
	return nil, errors.New("unexpected gh call")
}

func TestGitHubRelease(t *testing.T) {
	ctx := context.Background()
	fake := &fakeGH{dir: t.TempDir()}
	g := &GitHubRelease{Tag: "pipeline-history", Run: fake.run}
	if names, err := g.List(ctx); err != nil || len(names) != 0 {
		t.Fatalf("a missing release lists %v, %v; want nothing", names, err)
	}
	src := filepath.Join(t.TempDir(), "x")
	os.WriteFile(src, []byte("copy"), 0o644)
	for range 2 {
		if err := g.Put(ctx, "omc-000001-20260701T120000Z.db.zst", src); err != nil {
			t.Fatal(err)
		}
	}
	if fake.created != 1 {
		t.Errorf("release created %d times, want once", fake.created)
	}
	names, err := g.List(ctx)
	if err != nil || !slices.Equal(names, []string{"omc-000001-20260701T120000Z.db.zst"}) {
		t.Fatalf("list %v, %v", names, err)
	}
	dst := filepath.Join(t.TempDir(), "got")
	if err := g.Get(ctx, names[0], dst); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(dst); string(b) != "copy" {
		t.Errorf("got %q", b)
	}
	if err := g.Delete(ctx, names[0]); err != nil {
		t.Fatal(err)
	}
	if names, _ := g.List(ctx); len(names) != 0 {
		t.Errorf("after delete: %v", names)
	}
	uploads := 0
	for _, c := range fake.calls {
		if strings.HasPrefix(c, "release upload pipeline-history ") && strings.HasSuffix(c, "/omc-000001-20260701T120000Z.db.zst --clobber") {
			uploads++
		}
	}
	if uploads != 2 {
		t.Errorf("uploads %d in calls %v", uploads, fake.calls)
	}
}

func TestOpen(t *testing.T) {
	if s, err := Open("gh-release:pipeline-history"); err != nil || s.String() != "GitHub release pipeline-history" {
		t.Errorf("%v %v", s, err)
	}
	if s, err := Open("backups/omc"); err != nil || s.String() != "folder backups/omc" {
		t.Errorf("%v %v", s, err)
	}
	for _, bad := range []string{"", "gh-release:"} {
		if _, err := Open(bad); err == nil {
			t.Errorf("Open(%q) succeeded", bad)
		}
	}
}
