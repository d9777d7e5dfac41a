package data_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestCheckRegistry(t *testing.T) {
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(places.Regions); n != 88 {
		t.Fatalf("county table has %d counties", n)
	}
	// Two clean stores; each case spoils one thing.
	const base = `dispensaries:
  - slug: a
    name: Store A
    city: Akron
    address: 1 Main St.
    county: Summit
    region: Northeast
    lat: 41.0798
    lng: -81.5219
    coordinates: city
    menus:
      - {market: recreational, platform: jane, storeId: "1"}
  - slug: b
    name: Store B
    city: Toledo
    address: 2 Main St.
    county: Lucas
    region: Northwest
    lat: 41.6639
    lng: -83.5822
    coordinates: store
    menus:
      - {market: recreational, platform: dutchie, cName: store-b}
`
	tests := []struct {
		name, from, to string
		want           string
		severity       data.Severity
	}{
		{"clean", "", "", "", ""},
		{"duplicate store by name", "name: Store B\n    city: Toledo", "name: Store A\n    city: Akron", "same name and city as a", data.SeverityError},
		{"duplicate store by address", "address: 2 Main St.\n    county: Lucas", "address: 1 main st\n    county: Lucas", "", ""},
		{"duplicate menu identifier", "cName: store-b}", "cName: store-b}\n      - {market: medical, platform: jane, storeId: \"1\"}", `menu jane storeId 1 is also a's`, data.SeverityError},
		{"two menus for one market", "cName: store-b}", "cName: store-b}\n      - {market: recreational, platform: jane, storeId: \"9\"}", "two recreational menus", data.SeverityError},
		{"unknown city", "city: Toledo", "city: Toledoh", `unknown city "Toledoh"`, data.SeverityError},
		{"county in another region", "county: Lucas", "county: Franklin", "Franklin County is in the Central region", data.SeverityError},
		{"city coordinates not the city's", "lng: -81.5219", "lng: -81.6", "coordinates: city, but", data.SeverityError},
		{"one licence for two stores", "name: Store B\n", "name: Store B\n    licence: CCD1\n", "", ""},
		{"missing address", "    address: 1 Main St.\n", "", "no street address", data.SeverityWarning},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			raw := base
			if tt.from != "" {
				if !strings.Contains(raw, tt.from) {
					t.Fatalf("case edits nothing: %q", tt.from)
				}
				raw = strings.Replace(raw, tt.from, tt.to, 1)
			}
			reg, err := data.ParseRegistry("test.yaml", []byte(raw), data.PlatformRules{"jane": nil, "dutchie": nil})
			if err != nil {
				t.Fatal(err)
			}
			problems := data.CheckRegistry(reg, places)
			if tt.name == "duplicate store by address" {
				// Store B now shares Store A's street but not its city: not a duplicate.
				if len(problems) != 0 {
					t.Errorf("problems %v, want none", problems)
				}
				return
			}
			if tt.want == "" {
				if len(problems) != 0 {
					t.Errorf("problems %v, want none", problems)
				}
				return
			}
			if len(problems) != 1 || !strings.Contains(problems[0].Reason, tt.want) || problems[0].Severity != tt.severity {
				t.Errorf("problems %v, want one %s containing %q", problems, tt.severity, tt.want)
			}
		})
	}
	t.Run("one licence for two stores", func(t *testing.T) {
		raw := strings.Replace(strings.Replace(base, "name: Store B\n", "name: Store B\n    licence: CCD1\n", 1), "name: Store A\n", "name: Store A\n    licence: CCD1\n", 1)
		reg, err := data.ParseRegistry("test.yaml", []byte(raw), data.PlatformRules{"jane": nil, "dutchie": nil})
		if err != nil {
			t.Fatal(err)
		}
		problems := data.CheckRegistry(reg, places)
		if len(problems) != 1 || problems[0].Slug != "b" || !strings.Contains(problems[0].Reason, "licence CCD1 is also a's") {
			t.Errorf("problems %v, want one: licence CCD1 is also a's", problems)
		}
	})
	t.Run("same address in one city", func(t *testing.T) {
		raw := strings.Replace(strings.Replace(base, "address: 2 Main St.", "address: 1 main st", 1), "city: Toledo", "city: Akron", 1)
		raw = strings.Replace(raw, "county: Lucas\n    region: Northwest\n    lat: 41.6639\n    lng: -83.5822", "county: Summit\n    region: Northeast\n    lat: 41.0798\n    lng: -81.5219", 1)
		reg, err := data.ParseRegistry("test.yaml", []byte(raw), data.PlatformRules{"jane": nil, "dutchie": nil})
		if err != nil {
			t.Fatal(err)
		}
		problems := data.CheckRegistry(reg, places)
		if len(problems) != 1 || !strings.Contains(problems[0].Reason, "same address as a") {
			t.Errorf("problems %v, want one: same address as a", problems)
		}
	})
	t.Run("bad coordinates value refused at load", func(t *testing.T) {
		_, err := data.ParseRegistry("test.yaml", []byte(strings.Replace(base, "coordinates: store", "coordinates: street", 1)), data.PlatformRules{"jane": nil, "dutchie": nil})
		if err == nil || !strings.Contains(err.Error(), `test.yaml:13: dispensary "b": bad coordinates "street"`) {
			t.Errorf("error %v", err)
		}
	})
}

func TestCoverage(t *testing.T) {
	reg, err := data.ParseRegistry("test.yaml", []byte(`dispensaries:
  - {slug: a, name: A, city: Akron, region: Northeast, menus: [{market: medical, platform: jane, storeId: "1"}, {market: recreational, platform: jane, storeId: "2"}]}
  - {slug: b, name: B, city: Toledo, region: Northwest, verified: false, menus: [{market: recreational, platform: dutchie, cName: b, verified: false}]}
  - {slug: c, name: C, city: Toledo, region: Northwest}
`), data.PlatformRules{"jane": nil, "dutchie": nil})
	if err != nil {
		t.Fatal(err)
	}
	c := reg.Coverage()
	if c.Stores != 3 || c.Monitored != 2 || c.Verified != 2 || c.Menus != 3 {
		t.Errorf("coverage %+v", c)
	}
	if c.ByRegion[0] != (data.RegionCoverage{Region: "Northeast", Stores: 1, Monitored: 1}) || c.ByRegion[1] != (data.RegionCoverage{Region: "Northwest", Stores: 2, Monitored: 1}) {
		t.Errorf("by region %+v", c.ByRegion)
	}
	if len(c.ByPlatform) != 2 || c.ByPlatform[0] != (data.PlatformCoverage{Platform: "jane", Menus: 2}) {
		t.Errorf("by platform %+v", c.ByPlatform)
	}
}

// TestUnknownCountyRefusedByTheLoader: an unknown county failed omc registry check but
// omc scrape accepted it: it is the loader's rule, so every command that
// loads a registry refuses it alike, with the file and line.
func TestUnknownCountyRefusedByTheLoader(t *testing.T) {
	raw := `dispensaries:
  - slug: a
    name: Store A
    city: Toledo
    county: Lukas
    region: Northwest
`
	_, err := data.ParseRegistry("test.yaml", []byte(raw), data.PlatformRules{})
	var re data.RegistryErrors
	if !errors.As(err, &re) || !strings.Contains(err.Error(), `test.yaml:5: dispensary "a": unknown county "Lukas" (not one of Ohio's 88)`) {
		t.Fatalf("ParseRegistry: %v", err)
	}
}

// omc registry check and the registry's generator (data/gen/registry, which merges
// sources by data.AddressKey) call the same two addresses one: "Avenue" and "Ave.",
// a suite or unit, punctuation and case never make two stores of one.
func TestCheckRegistrySameAddressIsAddressKey(t *testing.T) {
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	const two = `dispensaries:
  - slug: a
    name: Store A
    city: Akron
    address: %s
    county: Summit
    region: Northeast
    menus:
      - {market: recreational, platform: jane, storeId: "1"}
  - slug: b
    name: Store B
    city: akron
    address: %s
    county: Summit
    region: Northeast
    menus:
      - {market: recreational, platform: jane, storeId: "2"}
`
	tests := []struct {
		a, b string
		same bool
	}{
		{"1651 Tiffin Avenue", "1651 Tiffin Ave., Suite 2", true},
		{"20 W. Market Street", "20 West Market St", true},
		{"20 W. Market Street, Unit B", "20 west market st ste 4", true},
		{"20 W. Market Street", "22 W. Market Street", false},
		{"1651 Tiffin Avenue", "1651 Tiffin Road", false},
	}
	for _, tt := range tests {
		t.Run(tt.a+" / "+tt.b, func(t *testing.T) {
			if got := data.AddressKey(tt.a, "Akron") == data.AddressKey(tt.b, "akron"); got != tt.same {
				t.Fatalf("AddressKey same = %v, want %v", got, tt.same)
			}
			reg, err := data.ParseRegistry("test.yaml", []byte(fmt.Sprintf(two, tt.a, tt.b)), data.PlatformRules{"jane": nil})
			if err != nil {
				t.Fatal(err)
			}
			var flagged bool
			for _, p := range data.CheckRegistry(reg, places) {
				if strings.Contains(p.Reason, "same address as a") {
					flagged = true
				}
			}
			if flagged != tt.same {
				t.Errorf("registry check calls them the same address: %v, want %v", flagged, tt.same)
			}
		})
	}
}
