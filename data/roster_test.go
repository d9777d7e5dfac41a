package data_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

var (
	bliss = data.RosterEntry{Licence: "CCD000072-00", Name: "Bliss Ohio", BusinessName: "Slightly Toasted, LLC", Status: "Active",
		Type: "Dual Use Dispensary", Street: "331 E Main St", City: "Kent", ZIP: "44240", County: "Portage",
		Phone: "(330) 765-2508", Hours: "M-Sat: 10AM-8PM", Lat: 41.1539, Lng: -81.3534}
	bloomRoster = data.RosterEntry{Licence: "MMD.0700123", Name: "Bloom Medicinals", BusinessName: "127 OH, LLC", Status: "Active",
		Type: "Medical", Street: "737 East North Street", City: "Akron", County: "SUMMIT", Lat: 41.0851, Lng: -81.4981}
)

func TestRosterEntryMarkets(t *testing.T) {
	for typ, want := range map[string][3]bool{
		"Dual Use Dispensary": {true, true, true}, "Dual": {true, true, true}, "Medical": {true, false, true},
		"Medical Marijuana Dispensary": {true, false, true}, "Adult Use Dispensary": {false, true, true},
		"Non-Medical": {false, true, true}, "": {false, false, false}, "Provisional": {false, false, false},
	} {
		m, a, k := data.RosterEntry{Type: typ}.Markets()
		if [3]bool{m, a, k} != want {
			t.Errorf("%q: %v %v %v, want %v", typ, m, a, k, want)
		}
	}
}

// TestMatchRoster: licence first, then name and city (LLC, punctuation and the city in
// the name aside), then street address; an ambiguous name matches nothing.
func TestMatchRoster(t *testing.T) {
	listed := func(es ...data.RosterEntry) []data.Licensee {
		var out []data.Licensee
		for _, e := range es {
			out = append(out, data.Licensee{RosterEntry: e, FirstListed: time.Date(2026, 7, 1, 12, 0, 0, 0, time.UTC)})
		}
		return out
	}
	kent := data.Dispensary{Slug: "bliss-kent", Name: "Bliss Kent", City: "Kent", County: "Portage", Region: "Northeast", Licence: "CCD000072-00",
		Medical: true, AdultUse: true}
	byName := data.Dispensary{Slug: "slightly-toasted", Name: "Slightly Toasted L.L.C.", City: "Kent", Region: "Northeast"}
	byAddr := data.Dispensary{Slug: "bloom-akron", Name: "Bloom Akron", City: "Akron", Address: "737 E. North St.", County: "Summit", Region: "Northeast",
		Medical: true, AdultUse: true, Coordinates: data.CoordinatesStore, Lat: 41.0798, Lng: -81.5219}
	lead := data.Dispensary{Slug: "some-lead", Name: "Some Lead", City: "Dayton", Region: "Southwest"}
	other := bliss
	other.Licence, other.Name, other.BusinessName, other.Street = "CCD000099-00", "Bliss Kent", "Other Bliss, LLC", "1 Other Rd"

	m := data.MatchRoster([]data.Dispensary{kent, byAddr, lead}, listed(bliss, bloomRoster, other))
	if l := m.Stores["bliss-kent"]; l == nil || l.By != "licence" || l.Licence != bliss.Licence {
		t.Errorf("by licence: %+v", l)
	}
	if l := m.Stores["bloom-akron"]; l == nil || l.By != "address" {
		t.Errorf("by address (East North Street = E. North St.): %+v", l)
	}
	if !reflect.DeepEqual(m.NotListed, []string{"some-lead"}) || len(m.Missing) != 1 || m.Missing[0].Licence != other.Licence {
		t.Errorf("not listed %v, missing %v", m.NotListed, m.Missing)
	}
	var got []string
	for _, d := range m.Disagreements {
		got = append(got, d.Slug+" "+d.Field)
	}
	want := []string{"bliss-kent name", "bloom-akron name", "bloom-akron adultUse", "bloom-akron coordinates"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("disagreements %v, want %v (%v)", got, want, m.Disagreements)
	}

	// By name: the business name without its LLC, in the same city.
	m = data.MatchRoster([]data.Dispensary{byName}, listed(bliss))
	if l := m.Stores["slightly-toasted"]; l == nil || l.By != "name" {
		t.Errorf("by business name: %+v", l)
	}
	// "Bliss Kent" in Kent is "Bliss": the roster's "Bliss Ohio" is not it, but two
	// roster rows named "Bliss Kent" fit it twice and neither is taken.
	noLicence := kent
	noLicence.Licence = ""
	twin := other
	twin.Licence, twin.Street = "CCD000100-00", "2 Other Rd"
	m = data.MatchRoster([]data.Dispensary{noLicence}, listed(other, twin))
	if len(m.Stores) != 0 || len(m.Ambiguous) != 1 || !strings.Contains(m.Ambiguous[0], "fits 2 licences") {
		t.Errorf("ambiguous name: stores %v, ambiguous %v", m.Stores, m.Ambiguous)
	}
	cov := data.MatchRoster([]data.Dispensary{kent, byAddr, lead}, listed(bliss, bloomRoster, other)).
		Coverage([]data.Dispensary{kent, byAddr, lead}, listed(bliss, bloomRoster, other))
	if cov != (data.RosterCoverage{Licensed: 3, Active: 3, Matched: 2, WithMenu: 0, NotListed: 1, MissingActive: 1}) {
		t.Errorf("coverage %+v", cov)
	}
}
