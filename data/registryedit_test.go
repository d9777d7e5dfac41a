package data_test

import (
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestAddLicences: the licence lines go under each store's name, indented as its keys,
// and every other byte of the file (comments, quoting, blank lines) stays as it was.
func TestAddLicences(t *testing.T) {
	const in = `# My registry
roster: {url: "https://x.example/FeatureServer/0"}
dispensaries:
  # Akron
  - slug: bloom-akron
    name: "Bloom Akron"   # the sign says Bloom
    city: Akron
    region: Northeast

  - slug: two
    name: >-
      A Long
      Name
    city: Kent
    region: Northeast
  - {slug: flow, name: Flow, city: Kent, region: Northeast}
`
	out, err := data.AddLicences([]byte(in), map[string]string{"bloom-akron": "CCD000072-00", "two": "MMD.07"})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(strings.Replace(in,
		"    name: \"Bloom Akron\"   # the sign says Bloom\n", "    name: \"Bloom Akron\"   # the sign says Bloom\n    licence: \"CCD000072-00\"\n", 1),
		"  - slug: two\n", "  - slug: two\n    licence: \"MMD.07\"\n", 1)
	if string(out) != want {
		t.Fatalf("got\n%s\nwant\n%s", out, want)
	}
	reg, err := data.ParseRegistry("r.yaml", out, nil)
	if err != nil {
		t.Fatal(err)
	}
	if reg.Dispensaries[0].Licence != "CCD000072-00" || reg.Dispensaries[1].Licence != "MMD.07" || reg.Dispensaries[1].Name != "A Long Name" {
		t.Errorf("parsed back: %+v", reg.Dispensaries)
	}
	crlf := strings.ReplaceAll(in, "\n", "\r\n")
	if out, err := data.AddLicences([]byte(crlf), map[string]string{"bloom-akron": "CCD1"}); err != nil ||
		!strings.Contains(string(out), "# the sign says Bloom\r\n    licence: \"CCD1\"\r\n    city: Akron\r\n") {
		t.Errorf("CRLF file: %q, %v", out, err)
	}
	for lic, wantErr := range map[string]string{"flow": "flow (line 16) is written in flow style: add its licence by hand", "nope": `no dispensary "nope" in the file`} {
		if _, err := data.AddLicences([]byte(in), map[string]string{lic: "X"}); err == nil || !strings.Contains(err.Error(), wantErr) {
			t.Errorf("%s: error %v, want %q", lic, err, wantErr)
		}
	}
	if _, err := data.AddLicences(out, map[string]string{"two": "X"}); err == nil || !strings.Contains(err.Error(), "has a licence already") {
		t.Errorf("a second licence: %v", err)
	}
}

// TestAddMenusAndDispensaries: menus go under a store's slug as a block of one-line
// menus; new stores go at the end of the list, before any later top-level key; the file
// loads with them and is otherwise unchanged.
func TestAddMenusAndDispensaries(t *testing.T) {
	const in = `dispensaries:
  - slug: bloom-akron
    name: Bloom Akron # a comment
    city: Akron
    region: Northeast
politeness: {delay: 3s}
`
	no := false
	jane := data.MenuSource{Market: data.Medical, Platform: "jane", StoreID: "2913", Verified: &no}
	out, err := data.AddMenus([]byte(in), map[string][]data.MenuSource{"bloom-akron": {jane}})
	if err != nil {
		t.Fatal(err)
	}
	want := strings.Replace(in, "  - slug: bloom-akron\n", "  - slug: bloom-akron\n    menus:\n      - {market: medical, platform: jane, storeId: \"2913\", verified: false}\n", 1)
	if string(out) != want {
		t.Fatalf("AddMenus:\n%s\nwant\n%s", out, want)
	}
	if _, err := data.AddMenus(out, map[string][]data.MenuSource{"bloom-akron": {jane}}); err == nil || !strings.Contains(err.Error(), "has a menus already") {
		t.Errorf("menus twice: %v", err)
	}
	added := data.Dispensary{Slug: "nar-reserve-columbus", Name: "NAR Reserve", City: "Columbus", Address: "350 E. Long St.", County: "Franklin",
		Region: "Central", Lat: 39.9663, Lng: -82.9937, Coordinates: data.CoordinatesStore, Medical: true, AdultUse: true,
		Licence: "CCD000100-00", Menus: []data.MenuSource{jane}}
	out2, err := data.AppendDispensaries(out, []data.Dispensary{added})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(out2), string(out[:strings.Index(string(out), "politeness:")])) || !strings.HasSuffix(string(out2), "politeness: {delay: 3s}\n") {
		t.Errorf("the rest of the file changed:\n%s", out2)
	}
	reg, err := data.ParseRegistry("r.yaml", out2, data.PlatformRules{"jane": nil})
	if err != nil {
		t.Fatal(err)
	}
	if len(reg.Dispensaries) != 2 || reg.Politeness.Delay == nil {
		t.Fatalf("parsed back: %+v", reg)
	}
	got := reg.Dispensaries[1]
	if got.Slug != added.Slug || got.Name != added.Name || got.Address != added.Address || got.Lat != added.Lat || got.Licence != added.Licence ||
		!got.Medical || !got.AdultUse || got.Coordinates != "store" || len(got.Menus) != 1 || got.Menus[0].StoreID != "2913" || got.Menus[0].IsVerified() {
		t.Errorf("appended store parsed back as %+v", got)
	}
}
