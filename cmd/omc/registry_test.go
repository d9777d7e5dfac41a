package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRegistryCheckEmbedded lints the embedded registry: no error, and the coverage
// the registry aims at (every licensed store, most with a menu).
func TestRegistryCheckEmbedded(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := execute([]string{"registry", "check", "--json"}, testDeps(&out, &errOut)); code != exitOK {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	var rep registryReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Errors) != 0 {
		t.Errorf("errors: %v", rep.Errors)
	}
	if rep.Coverage.Stores < 180 || rep.Coverage.Monitored < 150 {
		t.Errorf("coverage %+v", rep.Coverage)
	}
}

func TestRegistryCheckFindsProblems(t *testing.T) {
	path := filepath.Join(t.TempDir(), "reg.yaml")
	raw := `dispensaries:
  - {slug: a, name: A, city: Akron, address: 1 Main St., region: Northeast, menus: [{market: medical, platform: jane, storeId: "1"}]}
  - {slug: b, name: B, city: Akorn, region: Northeast, menus: [{market: medical, platform: jane, storeId: "1"}]}
`
	if err := os.WriteFile(path, []byte(raw), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code := execute([]string{"registry", "check", "--registry", path}, testDeps(&out, &errOut))
	if code != exitUsage {
		t.Errorf("exit %d, want %d", code, exitUsage)
	}
	for _, want := range []string{
		`error: b: unknown city "Akorn"`,
		"error: b: menu jane storeId 1 is also a's",
		"warning: b: no street address",
		"2 errors, 3 warnings",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if !strings.Contains(errOut.String(), "2 errors") {
		t.Errorf("stderr: %s", errOut.String())
	}
}
