package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestProbeAll runs `omc probe --all` against the replay of the demo registry with one
// Dutchie store blocked and one Jane store answering garbage: one row per platform,
// whose columns add up to its menus, and rows that add up to the registry's menus.
func TestProbeAll(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	raw, err := yaml.Marshal(run.Registry)
	if err != nil {
		t.Fatal(err)
	}
	registry := filepath.Join(t.TempDir(), "registry.yaml")
	if err := os.WriteFile(registry, raw, 0o644); err != nil {
		t.Fatal(err)
	}
	menus, perPlatform := 0, map[string]int{}
	var blocked, broken data.MenuSource
	for _, d := range run.Registry.Monitored() {
		for _, m := range d.Menus {
			menus++
			perPlatform[m.Platform]++
			if m.Platform == "dutchie" && blocked.CName == "" && m.CName != "" {
				blocked = m
			}
			if m.Platform == "jane" && broken.StoreID == "" {
				broken = m
			}
		}
	}
	run.setFailures([]demoFailure{
		{Platform: "dutchie", Key: blocked.CName, Mode: replay.FailBlocked},
		{Platform: "jane", Key: broken.StoreID, Mode: replay.FailMalformed},
	})
	probe := func(format string) string {
		var out, errOut bytes.Buffer
		if code := execute([]string{"probe", "--all", format, "--registry", registry, "--delay", "0s", "--timeout", "2s"}, testDeps(&out, &errOut)); code != exitOK {
			t.Fatalf("probe --all %s: exit %d\n%s%s", format, code, out.String(), errOut.String())
		}
		return out.String()
	}
	var rep probeReport
	if err := json.Unmarshal([]byte(probe("--json")), &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Menus != menus || len(rep.Platforms) != len(perPlatform) {
		t.Fatalf("%d menus in %d rows, the registry has %d menus on %d platforms", rep.Menus, len(rep.Platforms), menus, len(perPlatform))
	}
	sum := 0
	for _, row := range rep.Platforms {
		cols := 0
		for _, c := range probeColumns {
			cols += row.Counts[c]
		}
		if row.Menus != perPlatform[row.Platform] || cols != row.Menus || len(row.Failed) != row.Menus-row.Counts[probeOK] {
			t.Errorf("%s: %d menus, columns %v add to %d, %d failed; the registry has %d", row.Platform, row.Menus, row.Counts, cols, len(row.Failed), perPlatform[row.Platform])
		}
		sum += row.Menus
		want := map[string]int{probeOK: row.Menus}
		switch row.Platform {
		case "dutchie":
			want = map[string]int{probeOK: row.Menus - 1, probeBlocked: 1}
		case "jane":
			want = map[string]int{probeOK: row.Menus - 1, probeShapeChanged: 1}
		}
		for c, n := range want {
			if row.Counts[c] != n {
				t.Errorf("%s: %s %d, want %d (%v)", row.Platform, c, row.Counts[c], n, row.Failed)
			}
		}
	}
	if sum != menus {
		t.Errorf("rows add up to %d menus, the registry has %d", sum, menus)
	}
	md := probe("--markdown")
	if !strings.HasPrefix(md, "| platform | menus | ok | blocked | key | rate-limited | shape changed | other |\n") ||
		!strings.Contains(md, "| dutchie | ") || !strings.Contains(md, "- `dutchie` ") {
		t.Errorf("markdown:\n%s", md)
	}
}

// TestProbeAllUsage: flags that do not go together are refused with exit 2, naming why.
func TestProbeAllUsage(t *testing.T) {
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"probe", "--all", "some-store"}, "give no slug or --platform"},
		{[]string{"probe", "--all", "--platform", "jane"}, "give no slug or --platform"},
		{[]string{"probe", "--markdown", "some-store"}, "--markdown prints the --all table"},
		{[]string{"probe", "--all", "--json", "--markdown"}, "choose one"},
	} {
		var out, errOut bytes.Buffer
		if code := execute(tt.args, testDeps(&out, &errOut)); code != exitUsage || !strings.Contains(errOut.String(), tt.want) {
			t.Errorf("%v: exit %d, %q; want %d naming %q", tt.args, code, errOut.String(), exitUsage, tt.want)
		}
	}
}
