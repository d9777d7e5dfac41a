package data_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// platforms stands in for the scraper's rules: data knows no platform's identifiers,
// so the test gives jane a check of its own to see that the loader applies it.
var platforms = data.PlatformRules{
	"dutchie": nil,
	"jane": func(m data.MenuSource) error {
		if m.StoreID == "" {
			return errors.New("jane menu needs storeId")
		}
		return nil
	},
	"sweed": nil,
}

func TestDefaultRegistry(t *testing.T) {
	reg, err := data.DefaultRegistry(platforms)
	if err != nil {
		t.Fatalf("embedded registry: %v", err)
	}
	if !strings.HasPrefix(reg.Roster.URL, "https://") || !strings.HasSuffix(reg.Roster.URL, "/FeatureServer/0") {
		t.Errorf("embedded registry's roster %q: want the state's layer", reg.Roster.URL)
	}
	cov := reg.Coverage()
	// Every licensed store Ohio had in late 2025 (186) is the aim; the merged
	// research and leads give at least 180, 150 of them with a menu.
	if cov.Stores < 180 || cov.Monitored < 150 {
		t.Errorf("embedded registry: %d stores, %d with a menu; want >= 180 and >= 150", cov.Stores, cov.Monitored)
	}
	if cov.Verified != 105 {
		t.Errorf("verified stores: %d, want the 105 of ohio-dispensaries.csv", cov.Verified)
	}
	for _, d := range reg.Dispensaries {
		if d.Lat == 0 || d.Region == "" || d.County == "" && d.Verified != nil {
			t.Errorf("%s: missing coordinates, region or (lead-only) county", d.Slug)
		}
		if d.Coordinates != data.CoordinatesCity && d.Coordinates != data.CoordinatesStore {
			t.Errorf("%s: coordinates %q", d.Slug, d.Coordinates)
		}
		for _, m := range d.Menus {
			if !d.IsVerified() && m.IsVerified() {
				t.Errorf("%s: a lead-only store with a verified menu", d.Slug)
			}
		}
	}
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range data.CheckRegistry(reg, places) {
		if p.Severity == data.SeverityError {
			t.Errorf("registry check: %s", p)
		}
	}
}

func TestParseRegistryErrors(t *testing.T) {
	const good = `
  - slug: bloom-akron
    name: Bloom Akron
    city: Akron
    region: Northeast
    medical: true
    menus:
      - {market: recreational, platform: jane, storeId: "2410"}
`
	tests := []struct {
		name     string
		yaml     string
		wantLine int
		want     string
	}{
		{"duplicate slug", "dispensaries:" + good + good, 10, `duplicate slug (first at line 2)`},
		{"unknown platform", "dispensaries:" + strings.Replace(good, "platform: jane", "platform: weedpal", 1), 8, `unknown platform "weedpal"`},
		{"bad region", "dispensaries:" + strings.Replace(good, "Northeast", "North Coast", 1), 5, `bad region "North Coast"`},
		{"wrongly typed field", "dispensaries:" + strings.Replace(good, "medical: true", "medical: often", 1), 6, "cannot unmarshal !!str `often` into bool"},
		{"missing name", "dispensaries:" + strings.Replace(good, "    name: Bloom Akron\n", "", 1), 2, "missing name"},
		{"platform's own check", "dispensaries:" + strings.Replace(good, `storeId: "2410"`, `url: x`, 1), 8, "jane menu needs storeId"},
		{"bad slug", "dispensaries:" + strings.Replace(good, "bloom-akron", "Bloom Akron", 1), 2, "slug must be"},
		{"bad base url", "platforms:\n  jane: {baseURL: \"ftp//x\"}\ndispensaries:" + good, 2, "is not an http(s) URL"},
		{"not yaml", "dispensaries: [", 1, "did not find expected node content"},
		{"unknown top-level key", "dispensary:\n  - x\ndispensaries:" + good, 1, `unknown key "dispensary"`},
		{"negative delay", "politeness:\n  retries: 2\n  delay: -1s\ndispensaries:" + good, 3, "politeness.delay: must not be negative"},
		{"too many retries", "politeness:\n  retries: 50\ndispensaries:" + good, 2, "politeness.retries: must be between 0 and 10"},
		{"typed politeness", "politeness:\n  robots: maybe\ndispensaries:" + good, 2, "cannot unmarshal !!str `maybe` into bool"},
		{"javascript website", "dispensaries:" + strings.Replace(good, "    medical: true\n", "    medical: true\n    website: \"javascript:alert(1)\"\n", 1), 7, `website "javascript:alert(1)" is not an http(s) URL`},
		{"relative website", "dispensaries:" + strings.Replace(good, "    medical: true\n", "    medical: true\n    website: www.bloom.example\n", 1), 7, `website "www.bloom.example" is not an http(s) URL`},
		{"file menu url", "dispensaries:" + strings.Replace(good, `storeId: "2410"`, `storeId: "2410", url: "file:///etc/passwd"`, 1), 8, `url "file:///etc/passwd" is not an http(s) URL`},
		{"ftp endpoint", "dispensaries:" + strings.Replace(good, `storeId: "2410"`, `storeId: "2410", endpoint: "ftp://x.example/q"`, 1), 8, `endpoint "ftp://x.example/q" is not an http(s) URL`},
		{"roster url not http", "roster: {url: \"file:///tmp/roster.json\"}\ndispensaries:" + good, 1, `roster.url: "file:///tmp/roster.json" is not an http(s) URL`},
		{"roster unknown key", "roster:\n  uri: https://x.example/FeatureServer/0\ndispensaries:" + good, 2, `roster: unknown key "uri" (known: url)`},
		{"roster not a mapping", "roster: https://x.example\ndispensaries:" + good, 1, "roster: expected a mapping with a url"},
		{"licence with spaces", "dispensaries:" + strings.Replace(good, "    medical: true\n", "    medical: true\n    licence: \" CCD1\"\n", 1), 7, `licence " CCD1" has spaces around it`},
		{"setting holding a URL", "platforms:\n  jane: {settings: {keyPage: \"data:text/html,x\"}}\ndispensaries:" + good, 2, `settings.keyPage: "data:text/html,x" is not an http(s) URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := data.ParseRegistry("reg.yaml", []byte(tt.yaml), platforms)
			var errs data.RegistryErrors
			if !errors.As(err, &errs) {
				t.Fatalf("err = %v, want RegistryErrors", err)
			}
			for _, e := range errs {
				if e.Source == "reg.yaml" && strings.Contains(e.Reason, tt.want) {
					if e.Line != tt.wantLine {
						t.Errorf("line = %d, want %d (%v)", e.Line, tt.wantLine, e)
					}
					return
				}
			}
			t.Errorf("errors %v do not mention %q", err, tt.want)
		})
	}
}

// TestRegistryErrorsCapped: a registry with thousands of problems lists the first 50
// and counts the rest.
func TestRegistryErrorsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("dispensaries:\n")
	for range 5000 {
		b.WriteString("  - {slug: same, name: Same, city: Akron, region: Northeast}\n")
	}
	_, err := data.ParseRegistry("reg.yaml", []byte(b.String()), platforms)
	var errs data.RegistryErrors
	if !errors.As(err, &errs) || len(errs) != 4999 {
		t.Fatalf("want 4999 duplicate slugs, got %d: %.200v", len(errs), err)
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 1+data.MaxRegistryErrorsShown+1 || !strings.Contains(lines[1], "duplicate slug") || lines[len(lines)-1] != "  … and 4949 more" {
		t.Errorf("%d lines, first %q, last %q", len(lines), lines[1], lines[len(lines)-1])
	}
}

func TestParseRegistryOK(t *testing.T) {
	reg, err := data.ParseRegistry("reg.yaml", []byte(`
platforms:
  jane: {baseURL: "http://127.0.0.1:9999", delay: 0s, settings: {apiKey: k}}
roster:
  url: "https://services2.arcgis.com/x/arcgis/rest/services/Geocoded_Dispensaries/FeatureServer/0"
dispensaries:
  - slug: a
    name: A
    licence: CCD000072-00
    city: Akron
    region: Northeast
    extraField: allowed
    menus: [{market: medical, platform: dutchie, cName: a-store}]
  - slug: b
    name: B
    city: Athens
    region: Southeast
`), platforms)
	if err != nil {
		t.Fatal(err)
	}
	if got := reg.Platforms["jane"].BaseURL; got != "http://127.0.0.1:9999" {
		t.Errorf("baseURL = %q", got)
	}
	if d := reg.Platforms["jane"].Delay; d == nil || d.Duration != 0 {
		t.Errorf("delay = %v", d)
	}
	if reg.Roster.URL != "https://services2.arcgis.com/x/arcgis/rest/services/Geocoded_Dispensaries/FeatureServer/0" || reg.Dispensaries[0].Licence != "CCD000072-00" {
		t.Errorf("roster %+v, licence %q", reg.Roster, reg.Dispensaries[0].Licence)
	}
	if m := reg.Monitored(); len(m) != 1 || m[0].Slug != "a" {
		t.Errorf("monitored = %v", m)
	}
	if _, err := reg.Only([]string{"zzz"}); err == nil || !strings.Contains(err.Error(), `"zzz"`) {
		t.Errorf("Only(unknown) = %v", err)
	}
}
