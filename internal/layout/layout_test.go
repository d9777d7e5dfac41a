package layout

import (
	"bufio"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// root is the repository, two folders up from this package.
const root = "../.."

const (
	// maxFuncLines bounds a Go function outside tests: one that grows past it does more
	// than one thing and is split (tests may tell longer stories).
	maxFuncLines = 100
	// maxRouteLines bounds a route module of the site (site/src/routes/*.tsx): a screen
	// composes its feature's parts, it does not hold them.
	maxRouteLines = 120
)

// skipDirs are never walked: installed packages, builds and fixtures.
var skipDirs = map[string]bool{"node_modules": true, "testdata": true, ".git": true, "dist": true, "bin": true}

func TestGoFunctionsAreShort(t *testing.T) {
	var long []string
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] || strings.HasPrefix(d.Name(), "dist-") || path == filepath.Join(root, "site") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		found, err := longFunctions(path)
		long = append(long, found...)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range long {
		t.Errorf("%s: over %d lines: split it into functions of one job each", f, maxFuncLines)
	}
}

// longFunctions lists the functions of one Go file longer than maxFuncLines, as
// "file:line name (n lines)"; a generated file is not checked.
func longFunctions(path string) ([]string, error) {
	fset := token.NewFileSet()
	file, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if ast.IsGenerated(file) {
		return nil, nil
	}
	var long []string
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		start, end := fset.Position(fn.Pos()), fset.Position(fn.End())
		if n := end.Line - start.Line + 1; n > maxFuncLines {
			rel, _ := filepath.Rel(root, path)
			long = append(long, fmt.Sprintf("%s:%d %s (%d lines)", rel, start.Line, fn.Name.Name, n))
		}
	}
	return long, nil
}

func TestRouteModulesAreShort(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(root, "site", "src", "routes", "*.tsx"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no route modules (%v)", err)
	}
	for _, file := range files {
		if strings.HasSuffix(file, ".test.tsx") {
			continue
		}
		raw, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(string(raw), "\n"); n > maxRouteLines {
			rel, _ := filepath.Rel(root, file)
			t.Errorf("%s: %d lines, over %d: move its parts into its feature's components", rel, n, maxRouteLines)
		}
	}
}

// repoPath is a path in backticks or a link that names a file or folder of the
// repository: it starts with one of its top-level names. Placeholders (<platform>) match
// any name.
var (
	codeSpan   = regexp.MustCompile("`([^`]+)`")
	linkTarget = regexp.MustCompile(`\]\(([^)#]+)(?:#[^)]*)?\)`)
	topLevel   = regexp.MustCompile(`^(cmd|data|store|scraper|publish|freshness|history|hours|internal|site|docs|\.github|\.ci)/|^(Taskfile\.yml|README\.md|go\.mod)$`)
)

// TestWhereToChangeWhat reads the README's "Where to change what" table and fails on a
// path it names that does not exist: the table is the map a newcomer follows.
func TestWhereToChangeWhat(t *testing.T) {
	rows := whereToChangeWhat(t)
	if len(rows) < 8 {
		t.Fatalf("README.md's Where to change what table has %d rows", len(rows))
	}
	for _, row := range rows {
		for _, p := range pathsIn(row) {
			pattern := regexp.MustCompile(`<[^>]+>`).ReplaceAllString(p, "*")
			matches, err := filepath.Glob(filepath.Join(root, filepath.FromSlash(strings.TrimSuffix(pattern, "/"))))
			if err != nil || len(matches) == 0 {
				t.Errorf("README.md, Where to change what: %s names %s, which does not exist", strings.TrimSpace(strings.SplitN(row, "|", 3)[1]), p)
			}
		}
	}
}

// whereToChangeWhat are the table's rows, header and rule left out.
func whereToChangeWhat(t *testing.T) []string {
	t.Helper()
	f, err := os.Open(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var rows []string
	in := false
	scanner := bufio.NewScanner(f)
	for scanner.Scan() {
		line := scanner.Text()
		switch {
		case strings.HasPrefix(line, "## "):
			in = line == "## Where to change what"
		case in && strings.HasPrefix(line, "|") && !strings.HasPrefix(line, "|---") && !strings.HasPrefix(line, "| to change"):
			rows = append(rows, line)
		}
	}
	if err := scanner.Err(); err != nil {
		t.Fatal(err)
	}
	return rows
}

// pathsIn lists the repository paths a table row names, in code spans and links.
func pathsIn(row string) []string {
	var paths []string
	for _, m := range codeSpan.FindAllStringSubmatch(row, -1) {
		for _, word := range strings.Fields(m[1]) {
			if topLevel.MatchString(word) {
				paths = append(paths, strings.TrimRight(word, ",;:)"))
			}
		}
	}
	for _, m := range linkTarget.FindAllStringSubmatch(row, -1) {
		if topLevel.MatchString(m[1]) {
			paths = append(paths, m[1])
		}
	}
	return paths
}
