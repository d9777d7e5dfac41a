package history

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// GitHubRelease keeps copies as the assets of one release of the repository (the
// workflow's own: gh reads GH_REPO and GH_TOKEN). An asset may be up to 2 GiB, far
// beyond what a git branch accepts per file, and assets are not part of the git history.
// The release is created on the first Put.
type GitHubRelease struct {
	Tag string
	// Run runs the gh CLI with args and returns its standard output; tests replace it.
	Run func(ctx context.Context, args ...string) ([]byte, error)
}

func (g *GitHubRelease) String() string { return "GitHub release " + g.Tag }

func runGH(ctx context.Context, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "gh", args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return out, fmt.Errorf("gh %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// notFound tells gh's "release not found" apart from other failures.
func notFound(err error) bool {
	return err != nil && strings.Contains(strings.ToLower(err.Error()), "not found")
}

// List implements Storage; a release that does not exist yet holds nothing.
func (g *GitHubRelease) List(ctx context.Context) ([]string, error) {
	out, err := g.Run(ctx, "release", "view", g.Tag, "--json", "assets")
	if notFound(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", g, err)
	}
	var rel struct {
		Assets []struct {
			Name string `json:"name"`
		} `json:"assets"`
	}
	if err := json.Unmarshal(out, &rel); err != nil {
		return nil, fmt.Errorf("list %s: gh answered %q: %w", g, out, err)
	}
	names := make([]string, 0, len(rel.Assets))
	for _, a := range rel.Assets {
		names = append(names, a.Name)
	}
	return names, nil
}

// Get implements Storage.
func (g *GitHubRelease) Get(ctx context.Context, name, dst string) error {
	dir, err := os.MkdirTemp(filepath.Dir(dst), ".gh-download-")
	if err != nil {
		return fmt.Errorf("get %s from %s: %w", name, g, err)
	}
	defer os.RemoveAll(dir)
	if _, err := g.Run(ctx, "release", "download", g.Tag, "--pattern", name, "--dir", dir); err != nil {
		return fmt.Errorf("get %s from %s: %w", name, g, err)
	}
	if err := os.Rename(filepath.Join(dir, name), dst); err != nil {
		return fmt.Errorf("get %s from %s: %w", name, g, err)
	}
	return nil
}

// Put implements Storage: the asset is uploaded under name (gh names an asset after its
// file), replacing one of that name; the release is created when missing.
func (g *GitHubRelease) Put(ctx context.Context, name, src string) error {
	// gh names an asset after its file: src is uploaded as it is when it has the name
	// (Keeper's files do), else a copy beside it (in the caller's working folder).
	file := src
	if filepath.Base(src) != name {
		dir, err := os.MkdirTemp(filepath.Dir(src), ".upload-")
		if err != nil {
			return fmt.Errorf("put %s in %s: %w", name, g, err)
		}
		defer os.RemoveAll(dir)
		file = filepath.Join(dir, name)
		if err := copyFile(src, file); err != nil {
			return err
		}
	}
	if _, err := g.Run(ctx, "release", "view", g.Tag, "--json", "tagName"); notFound(err) {
		if _, err := g.Run(ctx, "release", "create", g.Tag, "--title", "Pipeline history",
			"--notes", "Compressed copies of omc's SQLite history (omc history save); not a software release.",
			"--prerelease"); err != nil {
			return fmt.Errorf("create %s: %w", g, err)
		}
	} else if err != nil {
		return fmt.Errorf("put %s in %s: %w", name, g, err)
	}
	if _, err := g.Run(ctx, "release", "upload", g.Tag, file, "--clobber"); err != nil {
		return fmt.Errorf("put %s in %s: %w", name, g, err)
	}
	return nil
}

// Delete implements Storage.
func (g *GitHubRelease) Delete(ctx context.Context, name string) error {
	if _, err := g.Run(ctx, "release", "delete-asset", g.Tag, name, "--yes"); err != nil {
		return fmt.Errorf("delete %s from %s: %w", name, g, err)
	}
	return nil
}
