package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestProbe(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	var jane, dutchie data.Dispensary
	for _, d := range run.Registry.Monitored() {
		switch p := d.Menus[0].Platform; {
		case p == "jane" && jane.Slug == "":
			jane = d
		case p == "dutchie" && dutchie.Slug == "":
			dutchie = d
		}
	}
	entry := fmt.Sprintf("dispensaries:\n  - slug: %s\n    name: %q\n    city: %q\n    region: %s\n    menus: [{market: %s, platform: jane, storeId: %q}]\n",
		jane.Slug, jane.Name, jane.City, jane.Region, jane.Menus[0].Market, jane.Menus[0].StoreID) +
		// A lead's menu whose store id the replay does not serve.
		"  - {slug: a-lead, name: A Lead, city: Akron, region: Northeast, verified: false, menus: [{market: recreational, platform: jane, storeId: \"99999999\", verified: false}]}\n"
	registry := registryFile(t, run, entry)
	dir := t.TempDir()
	probe := func(args ...string) (int, string, string) {
		var out, errOut bytes.Buffer
		d := testDeps(&out, &errOut)
		// omc probe must not create or touch a database: point the default at a path to check.
		d.Getenv = func(k string) string {
			if k == "OMC_DB" {
				return filepath.Join(dir, "omc.db")
			}
			return ""
		}
		code := execute(append([]string{"probe", "--registry", registry, "--delay", "0s", "--timeout", "2s"}, args...), d)
		return code, out.String(), errOut.String()
	}
	want := run.Dataset.Expected("jane", jane.Menus[0].StoreID, jane.Menus[0].Market)

	t.Run("by slug", func(t *testing.T) {
		run.setFailures()
		code, out, errOut := probe(jane.Slug)
		if code != exitOK {
			t.Fatalf("exit %d: %s%s", code, out, errOut)
		}
		for _, c := range data.TrackedCategories {
			if !strings.Contains(out, fmt.Sprintf("  %-8s %4d products", c, want[c])) {
				t.Errorf("no %s line with %d products:\n%s", c, want[c], out)
			}
		}
		if !strings.Contains(out, "$") {
			t.Errorf("no sample offers:\n%s", out)
		}
	})
	t.Run("by platform and identifiers, as JSON", func(t *testing.T) {
		code, out, errOut := probe("--platform", "dutchie", "cName="+dutchie.Menus[0].CName, "market=medical", "--json")
		if code != exitOK {
			t.Fatalf("exit %d: %s%s", code, out, errOut)
		}
		var res []probeJSON
		if err := json.Unmarshal([]byte(out), &res); err != nil {
			t.Fatal(err)
		}
		wantD := run.Dataset.Expected("dutchie", dutchie.Menus[0].CName, data.Medical)
		total := 0
		for _, n := range wantD {
			total += n
		}
		if len(res) != 1 || !res[0].OK || res[0].Products != total || res[0].Source.Market != data.Medical {
			t.Errorf("result = %+v, want %d products", res, total)
		}
	})
	t.Run("a failing menu exits 1 with its reason", func(t *testing.T) {
		run.setFailures([]demoFailure{{Platform: "jane", Key: jane.Menus[0].StoreID, Mode: "blocked"}})
		defer run.setFailures()
		code, out, _ := probe(jane.Slug)
		if code != exitFailed || !strings.Contains(out, "FAILED blocked") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("a failing unverified lead says so", func(t *testing.T) {
		code, out, _ := probe("a-lead")
		if code != exitFailed || !strings.Contains(out, "a-lead recreational (jane, unverified lead): FAILED") ||
			!strings.Contains(out, "comes from an unverified lead") {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	t.Run("wrong identifier is a clear failure", func(t *testing.T) {
		code, out, _ := probe("--platform", "dutchie", "cName=no-such-store")
		if code != exitFailed || !strings.Contains(out, `no dispensary named "no-such-store"`) {
			t.Errorf("exit %d:\n%s", code, out)
		}
	})
	for name, args := range map[string][]string{
		"unknown slug":     {"no-such-slug"},
		"unknown platform": {"--platform", "weedpal", "storeId=1"},
		"unknown key":      {"--platform", "jane", "store=1"},
		"bad market":       {"--platform", "jane", "storeId=1", "market=both"},
		"bad identifier":   {"--platform", "jane", "storeId=abc"},
		"no arguments":     {},
	} {
		t.Run("usage: "+name, func(t *testing.T) {
			code, out, errOut := probe(args...)
			if code != exitUsage || errOut == "" {
				t.Errorf("exit %d: %s%s", code, out, errOut)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "omc.db")); !os.IsNotExist(err) {
		t.Errorf("probe created a database: %v", err)
	}
}
