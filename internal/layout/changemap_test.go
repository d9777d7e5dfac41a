package layout

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// pathLike is a word of a code span that names a file or folder: words with a slash
// (web addresses, URL paths and flags aside) or a file's extension. Such a word the
// table test would skip, because it does not start at the repository's root, is a path
// a newcomer cannot follow.
var (
	pathLike     = regexp.MustCompile(`^(\./)?[A-Za-z0-9_.<>*@-]+(/[A-Za-z0-9_.<>*@-]*)+$|^[A-Za-z0-9_<>*-][A-Za-z0-9_.<>*-]*\.(go|ts|tsx|mjs|js|json|yaml|yml|md|csv|txt|sql|atom)$`)
	namedInFile  = regexp.MustCompile("`([^`\\s]+\\.(?:go|ts|tsx|mjs|json))`(?:'s)? \\(((?:`[A-Za-z_][A-Za-z0-9_]*`(?:, )?)+)")
	identifierIn = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*)`")
)

// rowName is the first column of a table row: what to change.
func rowName(row string) string { return strings.TrimSpace(strings.SplitN(row, "|", 3)[1]) }

// TestWhereToChangeWhatPathsFromRoot: every word of the table that names a file or
// folder names it from the repository's root (./name counts as name), so the table
// test checks it; a path relative to somewhere else ("src/api/", "config.go") fails.
func TestWhereToChangeWhatPathsFromRoot(t *testing.T) {
	for _, row := range whereToChangeWhat(t) {
		for _, m := range codeSpan.FindAllStringSubmatch(row, -1) {
			for _, word := range strings.Fields(m[1]) {
				word = strings.TrimRight(word, ",;:)'\"")
				if strings.Contains(word, "://") || !pathLike.MatchString(word) {
					continue
				}
				rel := strings.TrimPrefix(word, "./")
				if !topLevel.MatchString(rel) && !topLevel.MatchString(rel+"/") {
					t.Errorf("README.md, Where to change what: %s names %q, not a path from the repository's root", rowName(row), word)
					continue
				}
				if strings.HasPrefix(word, "./") && !exists(rel) {
					t.Errorf("README.md, Where to change what: %s names %s, which does not exist", rowName(row), word)
				}
			}
		}
	}
}

// TestWhereToChangeWhatNamesAreInTheirFiles: a name the table gives in parentheses
// after a file ("`freshness/freshness.go` (`CurrentFor`, `MissingAfter`)") is written in
// that file, so a renamed constant or table sends no one looking for what is gone.
func TestWhereToChangeWhatNamesAreInTheirFiles(t *testing.T) {
	checked := 0
	for _, row := range whereToChangeWhat(t) {
		for _, m := range namedInFile.FindAllStringSubmatch(row, -1) {
			if strings.Contains(m[1], "<") {
				continue // a placeholder names no one file
			}
			raw, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(m[1])))
			if err != nil {
				t.Errorf("README.md, Where to change what: %s: %v", rowName(row), err)
				continue
			}
			for _, id := range identifierIn.FindAllStringSubmatch(m[2], -1) {
				checked++
				if !regexp.MustCompile(`\b` + id[1] + `\b`).Match(raw) {
					t.Errorf("README.md, Where to change what: %s names %s in %s, which does not hold it", rowName(row), id[1], m[1])
				}
			}
		}
	}
	if checked == 0 {
		t.Error("no name given after a file in the table: the check above proved nothing")
	}
}

// TestWhereToChangeWhatRowsNameFiles: every row names at least one file or folder of
// the repository in its second column (what the change touches).
func TestWhereToChangeWhatRowsNameFiles(t *testing.T) {
	for _, row := range whereToChangeWhat(t) {
		cols := strings.Split(row, "|")
		if len(cols) < 4 || len(pathsIn(cols[2])) == 0 {
			t.Errorf("README.md, Where to change what: %s names no file it touches", rowName(row))
		}
	}
}

func exists(rel string) bool {
	_, err := os.Stat(filepath.Join(root, filepath.FromSlash(rel)))
	return err == nil
}
