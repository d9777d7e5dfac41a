package layout

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// modulePath is the module's import path (go.mod), the prefix of the project's packages.
const modulePath = "github.com/ohiomc/omc/"

// packageRow matches a row of the package table in docs/architecture.md: its first
// column names one or more packages, its last what they import from the project.
var packageRow = regexp.MustCompile("^\\| (`[^|]+`) \\|.*\\| ([^|]+) \\|$")

// TestPackageTableMatchesImports holds the one package table (docs/architecture.md,
// "Packages and their import rules") to the code: every Go package has a row, and the
// row's last column lists exactly the project's packages it imports outside tests. A
// new import that breaks the inward rule then shows in the table or fails here.
func TestPackageTableMatchesImports(t *testing.T) {
	table := readPackageTable(t)
	dirs := goPackageDirs(t)
	for _, dir := range dirs {
		want, ok := table[dir]
		if !ok {
			t.Errorf("docs/architecture.md: package %s has no row in the package table", dir)
			continue
		}
		if got := projectImports(t, dir); !slices.Equal(got, want) {
			t.Errorf("docs/architecture.md: package %s imports %v from the project, the table says %v", dir, got, want)
		}
	}
	for dir := range table {
		if !slices.Contains(dirs, dir) {
			t.Errorf("docs/architecture.md: the package table names %s, which is not a Go package", dir)
		}
	}
}

// readPackageTable reads the table's rows as package folder -> sorted imports.
func readPackageTable(t *testing.T) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	table := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		m := packageRow.FindStringSubmatch(line)
		if m == nil || m[1] == "`site`" || m[1] == "`package`" {
			continue
		}
		imports := []string{}
		if strings.HasPrefix(m[2], "`") {
			imports = backquoted(m[2])
		}
		slices.Sort(imports)
		for _, name := range backquoted(m[1]) {
			table[name] = imports
		}
	}
	if len(table) == 0 {
		t.Fatal("docs/architecture.md: no package table found")
	}
	return table
}

// backquoted lists the `quoted` words of s.
func backquoted(s string) []string {
	var out []string
	for _, m := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(s, -1) {
		out = append(out, m[1])
	}
	return out
}

// goPackageDirs lists the folders (from the root, slash-separated) holding a Go file
// outside tests.
func goPackageDirs(t *testing.T) []string {
	t.Helper()
	seen := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if skipDirs[d.Name()] || strings.HasPrefix(d.Name(), "dist-") || strings.HasPrefix(d.Name(), ".") && path != root || path == filepath.Join(root, "site") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go") {
			rel, err := filepath.Rel(root, filepath.Dir(path))
			if err != nil {
				return err
			}
			seen[filepath.ToSlash(rel)] = true
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for dir := range seen {
		dirs = append(dirs, dir)
	}
	slices.Sort(dirs)
	return dirs
}

// projectImports lists, sorted, the project's packages the non-test files of dir import.
func projectImports(t *testing.T, dir string) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]bool{}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			if err != nil {
				t.Fatal(err)
			}
			if strings.HasPrefix(path, modulePath) {
				found[strings.TrimPrefix(path, modulePath)] = true
			}
		}
	}
	imports := []string{}
	for path := range found {
		imports = append(imports, path)
	}
	slices.Sort(imports)
	return imports
}

// TestEveryPackageHasADocFile holds docs/style.md's promise: each Go package says its
// job, and what it may import, in a doc.go a newcomer opens first.
func TestEveryPackageHasADocFile(t *testing.T) {
	for _, dir := range goPackageDirs(t) {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(dir), "doc.go")); err != nil {
			t.Errorf("package %s has no doc.go: write its job and what it may import there", dir)
		}
	}
}
