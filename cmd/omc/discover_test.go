package main

import (
	"bytes"
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestRegistryDiscover: for an active licence whose store has no menu, discover finds
// the Jane stores at the roster's position in the replay's Jane index (a search around a
// point, as Algolia answers it) and proposes them; --write adds them to the registry
// file as unverified menus, and adds a licensed store the registry lacks with its menu.
func TestRegistryDiscover(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	// Two Jane stores of the demo, far apart: the roster puts a licence at each.
	bySlug := map[string]data.Dispensary{}
	for _, d := range run.Registry.Dispensaries {
		bySlug[d.Slug] = d
	}
	var a, b *replay.Store
	for i := range run.Dataset.Stores {
		st := &run.Dataset.Stores[i]
		switch {
		case st.Platform != "jane" || bySlug[st.Slug].County == "":
		case a == nil:
			a = st
		case b == nil && data.DistanceKm(a.Lat, a.Lng, st.Lat, st.Lng) > 20:
			b = st
		}
	}
	if a == nil || b == nil {
		t.Fatal("no two Jane stores in the demo dataset")
	}
	layer := replay.New(nil)
	layer.SetRoster(replay.Roster{Layout: replay.Layout2026, Rows: []data.RosterEntry{
		{Licence: "CCD000010-00", Name: "Quiet Store", BusinessName: "Quiet, LLC", Status: "Active", Type: "Dual Use Dispensary",
			Street: "1 Quiet St", City: a.City, County: bySlug[a.Slug].County, Lat: a.Lat, Lng: a.Lng},
		{Licence: "CCD000011-00", Name: "New Store", BusinessName: "New, LLC", Status: "Active", Type: "Dual Use Dispensary",
			Street: "2 New St", City: b.City, County: bySlug[b.Slug].County, Lat: b.Lat, Lng: b.Lng},
	}})
	ts := httptest.NewServer(layer)
	defer ts.Close()
	registry := registryFile(t, run, fmt.Sprintf(`roster: {url: %q}
dispensaries:
  - slug: quiet-store
    name: Quiet Store
    city: %q
    region: %s
    licence: "CCD000010-00"
`, ts.URL+replay.RosterPath, a.City, bySlug[a.Slug].Region))
	db := t.TempDir() + "/omc.db"
	omc := func(want int, args ...string) string {
		t.Helper()
		var o, e bytes.Buffer
		if code := execute(args, testDeps(&o, &e)); code != want {
			t.Fatalf("omc %s: exit %d, want %d:\n%s%s", strings.Join(args, " "), code, want, o.String(), e.String())
		}
		return o.String() + e.String()
	}
	if out := omc(exitFailed, "registry", "discover", "--registry", registry, "--db", db); !strings.Contains(out, "omc scrape reads the state's roster into it first") {
		t.Errorf("discover before any scrape:\n%s", out)
	}
	omc(0, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", "2026-11-21T15:00:00Z")
	out := omc(0, "registry", "discover", "--registry", registry, "--db", db, "--radius", "0.2", "--delay", "0s")
	for _, want := range []string{
		"Searched jane within 0.2 km of each active licence without a menu (2).",
		"CCD000010-00 Quiet Store, 1 Quiet St, " + a.City + " (registry quiet-store):",
		fmt.Sprintf("jane storeId %s %s, 0.00 km  <- proposed", a.Key, a.Markets[0]),
		"CCD000011-00 New Store, 2 New St, " + b.City + " (not in the registry):",
		fmt.Sprintf("jane storeId %s %s, 0.00 km  <- proposed", b.Key, b.Markets[0]),
	} {
		if !strings.Contains(out, want) {
			t.Errorf("discover output lacks %q:\n%s", want, out)
		}
	}
	out = omc(0, "registry", "discover", "--registry", registry, "--db", db, "--radius", "0.2", "--delay", "0s", "--write")
	if !strings.Contains(out, "menus for 1 registry stores, 1 stores added") {
		t.Errorf("discover --write:\n%s", out)
	}
	raw, err := os.ReadFile(registry)
	if err != nil {
		t.Fatal(err)
	}
	reg, err := data.ParseRegistry(registry, raw, scraper.RegistryRules())
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.Dispensaries) != 2 {
		t.Fatalf("registry after --write: %s", raw)
	}
	quiet, added := reg.Dispensaries[0], reg.Dispensaries[1]
	if len(quiet.Menus) == 0 || quiet.Menus[0].StoreID != a.Key || quiet.Menus[0].IsVerified() {
		t.Errorf("quiet-store's menus: %+v", quiet.Menus)
	}
	if added.Licence != "CCD000011-00" || added.Name != "New Store" || added.Address != "2 New St" || len(added.Menus) == 0 ||
		added.Menus[0].StoreID != b.Key || added.Coordinates != "store" || !added.IsVerified() {
		t.Errorf("the store added: %+v", added)
	}
	// Nothing is proposed twice: the menus are the registry's now.
	if out := omc(0, "registry", "discover", "--registry", registry, "--db", db, "--radius", "0.2", "--delay", "0s"); strings.Contains(out, "<- proposed") {
		t.Errorf("proposed again:\n%s", out)
	}
}
