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
	write("ohio-addresses.csv", addressesHeader)
	out, report := filepath.Join(dir, "d.yaml"), filepath.Join(dir, "m.md")
	// The place tables are the embedded ones; only the CSVs come from dir.
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

const addressesHeader = "store,street_address,city,zip,source,note\n"

// TestAddressRules: a found address fills an empty one, never replaces a researched one
// (the difference is reported), is not used when its sources disagree, moves a lead store
// to the city its source gives, and a store found at another's address is merged into it.
func TestAddressRules(t *testing.T) {
	const src = "src"
	early := "before 2026-02-18 (early waves)"
	researched := "name,brand,city,street_address,zip,county,region,latitude,longitude,medical,adult_use,menu_url,menu_platform,source\n" +
		"Mad River Remedies Riverside,Mad River Remedies,Riverside,5604 Airway Rd.,,Montgomery,Southwest,,,yes,,https://www.iheartjane.com/stores/500/mad-river-med/menu,jane," + src + "\n" +
		"AYR Goshen,AYR,Goshen,3722 State Route 132,,Clermont,Southwest,,,yes,yes,,," + src + "\n" +
		"Sunnyside Newark,Sunnyside,Newark,,,Licking,Central,,,yes,yes,,," + src + "\n" +
		"Terrasana Springfield,Terrasana,Springfield,,,Clark,Southwest,,,yes,yes,,," + src + "\n"
	leads := "config_name,platform,url,active_in_config,added,source\n" +
		"Zen Leaf Dayton Med OH,jane,https://www.iheartjane.com/stores/501/zen-leaf-dayton-med/menu,True," + early + "," + src + "\n" +
		"Zen Leaf Dayton Rec OH,jane,https://www.iheartjane.com/stores/502/zen-leaf-dayton-rec/menu,True," + early + "," + src + "\n" +
		"Amplify Canton OH,dutchie,https://dutchie.com/dispensary/amplify-canton,True," + early + "," + src + "\n"
	run := func(t *testing.T, addresses string, more ...string) (yaml, report string, err error) {
		dir := t.TempDir()
		files := map[string]string{"ohio-dispensaries.csv": researched, "ohio-dispensary-leads-unverified.csv": leads, "ohio-addresses.csv": addresses}
		if len(more) > 0 {
			files["ohio-addresses-more.csv"] = more[0]
		}
		for name, body := range files {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		out, rep := filepath.Join(dir, "d.yaml"), filepath.Join(dir, "m.md")
		if err := run(dir, out, rep); err != nil {
			return "", "", err
		}
		y, _ := os.ReadFile(out)
		r, _ := os.ReadFile(rep)
		return string(y), string(r), nil
	}

	y, r, err := run(t, addressesHeader+
		"terrasana-springfield,183 Raydo Circle,Springfield,,https://news.example/a,\n"+
		"amplify-canton,1 Market Ave. N.,Canton,44702,https://news.example/b,\n"+
		"ayr-goshen,6722 State Route 132,Goshen,45140,https://news.example/c,\n"+
		"sunnyside-newark,1550 W. Church St.,Newark,,https://news.example/d,\n"+
		"sunnyside-newark,1546 W. Church Street,Newark,,https://news.example/e,\n"+
		// Zen Leaf Dayton is Mad River Remedies: its source puts it at that store's address.
		"zen-leaf-dayton,5604 Airway Road,Riverside,,https://news.example/f,\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"  - slug: terrasana-springfield\n    name: \"Terrasana Springfield\"\n    brand: \"Terrasana\"\n    city: \"Springfield\"\n    address: \"183 Raydo Circle\"\n",
		"  - slug: amplify-canton\n    name: \"Amplify Canton\"\n    brand: \"Amplify\"\n    city: \"Canton\"\n    address: \"1 Market Ave. N.\"\n",
		"    city: \"Goshen\"\n    address: \"3722 State Route 132\"\n",
		"  - slug: sunnyside-newark\n    name: \"Sunnyside Newark\"\n    brand: \"Sunnyside\"\n    city: \"Newark\"\n    county: \"Licking\"\n",
		// The lead's menus moved to the researched store; its own medical menu stays first.
		"        storeId: \"500\"\n        url: \"https://www.iheartjane.com/stores/500/mad-river-med/menu\"\n      - market: recreational\n        platform: jane\n        storeId: \"502\"\n",
	} {
		if !strings.Contains(y, want) {
			t.Errorf("registry lacks %q:\n%s", want, y)
		}
	}
	for _, absent := range []string{"6722", "1550 W. Church", "slug: zen-leaf-dayton", "storeId: \"501\""} {
		if strings.Contains(y, absent) {
			t.Errorf("registry has %q:\n%s", absent, y)
		}
	}
	for _, want := range []string{
		"- Street addresses: 4 stores have one (3 from ohio-addresses.csv), 1 have none; 2 conflicts between sources (below), 1 stores merged into the store at the same address (1 menus moved, 1 dropped).",
		"- ayr-goshen: conflict: keeps the researched 3722 State Route 132, Goshen; row 4: 6722 State Route 132, Goshen (https://news.example/c)",
		"- sunnyside-newark: sources disagree, no address used: row 5: 1550 W. Church St., Newark (https://news.example/d); row 6: 1546 W. Church Street, Newark (https://news.example/e)",
		"- zen-leaf-dayton: moved from Dayton to Riverside, the city its source gives",
		"- Zen Leaf Dayton merged into Mad River Remedies Riverside (same address: 5604 Airway Rd., Riverside)",
		"- Zen Leaf Dayton: menu jane 501 dropped: Mad River Remedies Riverside already has a medical menu (jane 500)",
		"- Zen Leaf Dayton: menu jane 502 (recreational) moved to Mad River Remedies Riverside",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("report lacks %q:\n%s", want, r)
		}
	}

	// An address agreeing with the researched one (unit and spelling aside) is no conflict.
	_, r, err = run(t, addressesHeader+"mad-river-remedies-riverside,5604 Airway Road Suite 1,Riverside,45431,https://news.example/g,\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(r, "- mad-river-remedies-riverside: row 2: 5604 Airway Road Suite 1, Riverside (https://news.example/g) agrees with the researched address") {
		t.Errorf("report:\n%s", r)
	}

	// The second file gives only its firm rows; a row for a store the registry lacks,
	// or one whose confidence is not firm, is reported as not used. Two files disagreeing
	// on a store are sources disagreeing.
	y, r, err = run(t, addressesHeader+"sunnyside-newark,1550 W. Church St.,Newark,,https://news.example/d,\n",
		"store,street_address,city,zip,confidence,source,note\n"+
			"terrasana-springfield,183 Raydo Circle,Springfield,,firm (1 source),https://news.example/j,\n"+
			"amplify-canton,9 Tuscarawas St.,Canton,,weak (low-quality site),https://news.example/k,\n"+
			"sunnyside-newark,1546 W. Church St.,Newark,,firm (1 source),https://news.example/l,\n"+
			"NOT IN REGISTRY: Some Store,1 Elm St.,Canton,,firm (1 source),https://news.example/m,\n")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(y, "    city: \"Springfield\"\n    address: \"183 Raydo Circle\"\n") || strings.Contains(y, "9 Tuscarawas") || strings.Contains(y, "Church") {
		t.Errorf("registry from two address files:\n%s", y)
	}
	for _, want := range []string{
		"(0 from ohio-addresses.csv, 1 from ohio-addresses-more.csv)",
		"- terrasana-springfield: address from ohio-addresses-more.csv row 2: 183 Raydo Circle, Springfield (https://news.example/j)",
		"- sunnyside-newark: sources disagree, no address used: row 2: 1550 W. Church St., Newark (https://news.example/d); ohio-addresses-more.csv row 4: 1546 W. Church St., Newark (https://news.example/l)",
		"- ohio-addresses-more.csv row 3 (amplify-canton): 9 Tuscarawas St., Canton not used: weak (low-quality site)",
		"- ohio-addresses-more.csv row 5 (Some Store): 1 Elm St., Canton not used: a store the registry does not list",
	} {
		if !strings.Contains(r, want) {
			t.Errorf("report lacks %q:\n%s", want, r)
		}
	}

	for name, bad := range map[string]string{
		"unknown store": "no-such-store,1 Main St.,Canton,,https://news.example/h,\n",
		"unknown city":  "amplify-canton,1 Main St.,Atlantis,,https://news.example/i,\n",
		"no source":     "amplify-canton,1 Main St.,Canton,,,\n",
	} {
		if _, _, err := run(t, addressesHeader+bad); err == nil || !strings.Contains(err.Error(), "ohio-addresses.csv row 2") {
			t.Errorf("%s: err %v, want one naming ohio-addresses.csv row 2", name, err)
		}
	}
}
