package publish

import (
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// carriedDirs are the folders of a published tree that are written after the publish by
// others and must outlive the next one: the pages rendered with the published data
// (site/scripts/prerender-pages.mjs writes them into out/pages, where omc serve reads
// them). The renderer renders again only the pages whose data changed, so the others
// must still be there, with their bytes and modification time, after the tree is swapped.
var carriedDirs = []string{"pages"}

// carryOver puts the files of out's carried folders into stage before the swap: each a
// hard link (the same file: same bytes, same modification time, no copy), or a copy
// with the same modification time where the filesystem has no links. The renderer's
// scratch folders (.prerender-*) are left behind. A folder that cannot be carried is
// removed from stage: its pages are then missing, and served as the build makes them
// (loading their data in the browser) until they are rendered again; the publish goes on.
func carryOver(out, stage string) {
	for _, dir := range carriedDirs {
		from := filepath.Join(out, dir)
		if fi, err := os.Stat(from); err != nil || !fi.IsDir() {
			continue
		}
		if err := carryDir(from, filepath.Join(stage, dir)); err != nil {
			os.RemoveAll(filepath.Join(stage, dir))
		}
	}
}

func carryDir(from, to string) error {
	return filepath.WalkDir(from, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, p)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		switch {
		case d.IsDir() && strings.HasPrefix(d.Name(), ".prerender-"):
			return filepath.SkipDir
		case d.IsDir():
			return os.MkdirAll(target, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		if os.Link(p, target) == nil {
			return nil
		}
		return copyFile(p, target)
	})
}

// copyFile copies src to dst with src's modification time.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return os.Chtimes(dst, fi.ModTime(), fi.ModTime())
}
