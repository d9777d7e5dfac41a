package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGeneratedFilesAreCurrent regenerates the registry and the merge report from
// data/sources: they must equal the committed files (run `go generate ./data` after
// changing a source or the merge).
func TestGeneratedFilesAreCurrent(t *testing.T) {
	dir := t.TempDir()
	out, report := filepath.Join(dir, "dispensaries.yaml"), filepath.Join(dir, "MERGE.md")
	if err := run("../../sources", out, report); err != nil {
		t.Fatal(err)
	}
	for got, want := range map[string]string{out: "../../dispensaries.yaml", report: "../../sources/MERGE.md"} {
		g, _ := os.ReadFile(got)
		w, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if string(g) != string(w) {
			t.Errorf("%s is not what data/gen/registry makes of data/sources: run go generate ./data", want)
		}
	}
}

func TestMergeRules(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	const source = "src"
	write("ohio-dispensaries.csv", "name,brand,city,street_address,zip,county,region,latitude,longitude,medical,adult_use,menu_url,menu_platform,source\n"+
		"Zen Leaf Cincinnati (formerly Have a Heart),Zen Leaf,Cincinnati,8420 Vine St.,,Hamilton,Southwest,,,yes,yes,https://www.iheartjane.com/stores/6100/zen-leaf-cincinnati-rec/menu,jane,"+source+"\n"+
		"RISE Toledo,RISE,Toledo,3151 W. Sylvania Ave.,,Lucas,Northwest,41.7,-83.6,yes,yes,https://www.iheartjane.com/stores/6011/rise-dispensaries-toledo-adult-use/menu,jane,"+source+"\n")
	early, late := "before 2026-02-18 (early waves)", "after 2026-02-24 (Phase 1 / Wave 6 additions)"
	write("ohio-dispensary-leads-unverified.csv", "config_name,platform,url,active_in_config,added,source\n"+
		// Matched by its former name; medical from the name: attached.
		"Have a Heart Cincinnati Med OH,jane,https://www.iheartjane.com/stores/1895/x/menu,True,"+early+","+source+"\n"+
		// The same market again from a storefront: dropped.
		"Zen Leaf Cincinnati OH,curaleaf,https://oh.zenleafdispensaries.com/cincinnati/,True,"+early+","+source+"\n"+
		// RISE's own page with the researched Jane id: already listed.
		"Rise OH Toledo,rise,https://oh.risecannabis.com/dispensaries/ohio/toledo/6011/recreational-menu/,False,"+early+","+source+"\n"+
		// One Jane id for two stores: neither gets it, nor is listed on it alone.
		"Klutch Akron OH,jane,https://www.iheartjane.com/stores/777/a/menu,True,"+early+","+source+"\n"+
		"Galenas Akron OH,jane,https://www.iheartjane.com/stores/777/b/menu,True,"+early+","+source+"\n"+
		// A late lead's Jane id is not used; its Dutchie cName is, on a new unverified store.
		"Amplify Dayton AU OH,jane,https://www.iheartjane.com/stores/8111/c/menu,True,"+late+","+source+"\n"+
		"Amplify Dayton OH,dutchie,https://dutchie.com/dispensary/amplify-dayton-ohio,True,"+late+","+source+"\n"+
		// No known city.
		"Certified Ohio Med OH,jane,https://www.iheartjane.com/stores/6076/d/menu,True,"+early+","+source+"\n")
	out, report := filepath.Join(dir, "d.yaml"), filepath.Join(dir, "m.md")
	// The place tables are the embedded ones; only the two CSVs come from dir.
	if err := run(dir, out, report); err != nil {
		t.Fatal(err)
	}
	y, _ := os.ReadFile(out)
	got := string(y)
	for _, want := range []string{
		"  - slug: zen-leaf-cincinnati-formerly-have-a-heart\n",
		"      - market: medical\n        platform: jane\n        storeId: \"1895\"\n        url: \"https://www.iheartjane.com/stores/1895/x/menu\"\n        verified: false\n",
		"    lat: 41.7\n    lng: -83.6\n    coordinates: store\n",
		"  - slug: amplify-dayton\n    name: \"Amplify Dayton\"\n    brand: \"Amplify\"\n    city: \"Dayton\"\n    county: \"Montgomery\"\n    region: Southwest\n",
		"    verified: false\n    website: \"https://dutchie.com/dispensary/amplify-dayton-ohio\"\n    menus:\n      - market: recreational\n        platform: dutchie\n        cName: amplify-dayton-ohio\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("registry lacks %q:\n%s", want, got)
		}
	}
	for _, absent := range []string{"storeId: \"777\"", "storeId: \"8111\"", "zenleafdispensaries", "slug: klutch-akron", "slug: galenas-akron", "certified"} {
		if strings.Contains(got, absent) {
			t.Errorf("registry has %q:\n%s", absent, got)
		}
	}
	if n := strings.Count(got, "  - slug: "); n != 3 {
		t.Errorf("%d stores, want the 2 researched and Amplify Dayton", n)
	}
	r, _ := os.ReadFile(report)
	for _, want := range []string{
		`"Zen Leaf Cincinnati OH": menu sweed https://oh.zenleafdispensaries.com/cincinnati/ dropped`,
		`"Rise OH Toledo": menu jane 6011 (recreational) already listed`,
		`"Klutch Akron OH": not listed: its only evidence, jane 777, is suspect (the leads give it to 2 different stores)`,
		`"Amplify Dayton AU OH": not listed: its only evidence, jane 8111, is suspect (a late lead's Jane id)`,
		`"Certified Ohio Med OH": not listed: its name gives no Ohio city`,
	} {
		if !strings.Contains(string(r), want) {
			t.Errorf("report lacks %q:\n%s", want, r)
		}
	}
}
