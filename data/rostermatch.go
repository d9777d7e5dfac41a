package data

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Listing is a registry store's row on the state's roster and how it was found.
type Listing struct {
	Licensee
	// By is how the store was found: "licence" (the registry's licence number), "name"
	// (name and city), "address" (street and city), or "" for a roster store the
	// registry lacks.
	By string `json:"by"`
}

// Disagreement is one field where the registry and the roster say different things of
// one store. The roster wins on the site; `omc registry check` and api/pipeline list them.
type Disagreement struct {
	Slug    string `json:"slug"`
	Licence string `json:"licence"`
	// Field is licence, name, address, city, county, medical, adultUse or coordinates.
	Field    string `json:"field"`
	Registry string `json:"registry"`
	Roster   string `json:"roster"`
}

func (d Disagreement) String() string {
	return fmt.Sprintf("%s (%s): %s: registry %q, roster %q", d.Slug, d.Licence, d.Field, d.Registry, d.Roster)
}

// RosterMatch is the registry matched against the roster.
type RosterMatch struct {
	// Stores are the registry stores found on the roster, by slug.
	Stores map[string]*Listing
	// Missing are the roster's licences no registry store matched, by licence.
	Missing []Licensee
	// NotListed are the registry stores the roster does not list, in registry order.
	NotListed []string
	// Ambiguous names the registry stores whose name or address fits several licences
	// (none is taken), each with them.
	Ambiguous []string
	// Disagreements are the matched stores' differing fields, in registry order.
	Disagreements []Disagreement
}

// RosterCoverage counts what MatchRoster found: the figures `omc registry check` prints.
type RosterCoverage struct {
	// Licensed and Active count the roster's licences and those active.
	Licensed int `json:"licensed"`
	Active   int `json:"active"`
	// Matched counts the registry stores found on the roster, WithMenu those of them
	// the pipeline monitors, NotListed the registry stores the roster does not list.
	Matched   int `json:"matched"`
	WithMenu  int `json:"withMenu"`
	NotListed int `json:"notListed"`
	// MissingActive counts the active licences the registry lacks.
	MissingActive int `json:"missingActive"`
}

// Coverage counts the match against the registry ds and roster it was made from.
func (m RosterMatch) Coverage(ds []Dispensary, roster []Licensee) RosterCoverage {
	c := RosterCoverage{Licensed: len(roster), Matched: len(m.Stores), NotListed: len(m.NotListed)}
	for _, l := range roster {
		if l.Active() {
			c.Active++
		}
	}
	for _, l := range m.Missing {
		if l.Active() {
			c.MissingActive++
		}
	}
	for _, d := range ds {
		if m.Stores[d.Slug] != nil && d.IsMonitored() {
			c.WithMenu++
		}
	}
	return c
}

// MatchRoster finds each registry store on the roster: by its licence number, else by
// its name and city (case, punctuation, "LLC" and the city's own name in the store's
// name aside: "Bloom Akron" in Akron is "Bloom"), else by its street address; a name or
// address fitting more than one licence matches none. A licence goes to one store at
// most, in registry order.
func MatchRoster(ds []Dispensary, roster []Licensee) RosterMatch {
	m := RosterMatch{Stores: map[string]*Listing{}}
	claimed := make([]bool, len(roster))
	claim := func(d Dispensary, i int, by string) {
		claimed[i] = true
		m.Stores[d.Slug] = &Listing{Licensee: roster[i], By: by}
	}
	byLicence := map[string]int{}
	byName := map[string][]int{}
	byAddress := map[string][]int{}
	for i, l := range roster {
		byLicence[l.Licence] = i
		for _, k := range append(nameKeys(l.Name, l.City), nameKeys(l.BusinessName, l.City)...) {
			if !slices.Contains(byName[k], i) {
				byName[k] = append(byName[k], i)
			}
		}
		if l.Street != "" {
			k := AddressKey(l.Street, l.City)
			byAddress[k] = append(byAddress[k], i)
		}
	}
	for _, d := range ds {
		if i, ok := byLicence[d.Licence]; ok && d.Licence != "" && !claimed[i] {
			claim(d, i, "licence")
		}
	}
	// unclaimed are the candidates of keys no store has taken yet.
	unclaimed := func(index map[string][]int, keys []string) []int {
		var out []int
		for _, k := range keys {
			for _, i := range index[k] {
				if !claimed[i] && !slices.Contains(out, i) {
					out = append(out, i)
				}
			}
		}
		return out
	}
	ambiguous := func(d Dispensary, how string, cands []int) {
		var lics []string
		for _, i := range cands {
			lics = append(lics, roster[i].Licence)
		}
		m.Ambiguous = append(m.Ambiguous, fmt.Sprintf("%s: its %s fits %d licences (%s): none taken", d.Slug, how, len(cands), strings.Join(lics, ", ")))
	}
	for _, step := range []struct {
		by   string
		keys func(Dispensary) []string
		idx  map[string][]int
	}{
		{"name", func(d Dispensary) []string { return nameKeys(d.Name, d.City) }, byName},
		{"address", func(d Dispensary) []string {
			if d.Address == "" {
				return nil
			}
			return []string{AddressKey(d.Address, d.City)}
		}, byAddress},
	} {
		for _, d := range ds {
			if m.Stores[d.Slug] != nil {
				continue
			}
			switch cands := unclaimed(step.idx, step.keys(d)); {
			case len(cands) == 1:
				claim(d, cands[0], step.by)
			case len(cands) > 1:
				ambiguous(d, step.by, cands)
			}
		}
	}
	for i, l := range roster {
		if !claimed[i] {
			m.Missing = append(m.Missing, l)
		}
	}
	for _, d := range ds {
		l := m.Stores[d.Slug]
		if l == nil {
			m.NotListed = append(m.NotListed, d.Slug)
			continue
		}
		m.Disagreements = append(m.Disagreements, disagreements(d, l.RosterEntry)...)
	}
	return m
}

// disagreements lists the fields where the registry's store d and its roster row e,
// both saying something, say different things.
func disagreements(d Dispensary, e RosterEntry) []Disagreement {
	var out []Disagreement
	add := func(field, registry, roster string) {
		out = append(out, Disagreement{Slug: d.Slug, Licence: e.Licence, Field: field, Registry: registry, Roster: roster})
	}
	if d.Licence != "" && d.Licence != e.Licence {
		add("licence", d.Licence, e.Licence)
	}
	if !sharesKey(nameKeys(d.Name, d.City), append(nameKeys(e.Name, e.City), nameKeys(e.BusinessName, e.City)...)) {
		add("name", d.Name, e.Name)
	}
	switch {
	case d.Address != "" && e.Street != "" && AddressKey(d.Address, d.City) != AddressKey(e.Street, e.City):
		add("address", d.Location(), RosterAddress(e.Street, e.City))
	case e.City != "" && sameness(d.City) != sameness(e.City):
		add("city", d.City, e.City)
	}
	if c := CountyName(e.County); d.County != "" && c != "" && !strings.EqualFold(d.County, c) {
		add("county", d.County, c)
	}
	if medical, adultUse, known := e.Markets(); known {
		if d.Medical != medical {
			add("medical", strconv.FormatBool(d.Medical), strconv.FormatBool(medical))
		}
		if d.AdultUse != adultUse {
			add("adultUse", strconv.FormatBool(d.AdultUse), strconv.FormatBool(adultUse))
		}
	}
	if d.Coordinates == CoordinatesStore && e.HasPlace() && (d.Lat != 0 || d.Lng != 0) {
		if km := DistanceKm(d.Lat, d.Lng, e.Lat, e.Lng); km > placeAgreeKm {
			add("coordinates", fmt.Sprintf("%.5f,%.5f", d.Lat, d.Lng), fmt.Sprintf("%.5f,%.5f (%.1f km away)", e.Lat, e.Lng, km))
		}
	}
	return out
}

// placeAgreeKm is how far apart two positions of one store may be and still agree: a
// platform may place the store at its parking lot, the state at its parcel.
const placeAgreeKm = 1

// legalWords are the words of a business's legal form, left out of names compared.
var legalWords = map[string]bool{"llc": true, "inc": true, "ltd": true, "co": true, "corp": true, "the": true}

// nameKeys are the forms a name in a city is compared in: its words (lower case, no
// punctuation, legal forms left out), and the same without the city's name when the
// name carries it ("Bloom Akron" in Akron gives "bloom|akron" too).
func nameKeys(name, city string) []string {
	words := nameWords(name)
	if len(words) == 0 {
		return nil
	}
	c := sameness(city)
	keys := []string{strings.Join(words, "") + "|" + c}
	cw := nameWords(city)
	for i := 0; len(cw) > 0 && i+len(cw) <= len(words); i++ {
		if slices.Equal(words[i:i+len(cw)], cw) {
			rest := slices.Concat(words[:i], words[i+len(cw):])
			if len(rest) > 0 {
				keys = append(keys, strings.Join(rest, "")+"|"+c)
			}
			break
		}
	}
	return keys
}

func nameWords(s string) []string {
	var out []string
	// Dots first, so that "L.L.C." is "llc".
	for _, w := range strings.Fields(notWord.ReplaceAllString(strings.ReplaceAll(strings.ToLower(s), ".", ""), " ")) {
		if !legalWords[w] {
			out = append(out, w)
		}
	}
	return out
}

func sharesKey(a, b []string) bool {
	for _, k := range a {
		if slices.Contains(b, k) {
			return true
		}
	}
	return false
}

// CountyName is a roster's county as the place tables name it: "PORTAGE" and
// "Portage County" are Portage.
func CountyName(s string) string {
	s = strings.TrimSpace(s)
	if len(s) > 7 && strings.EqualFold(s[len(s)-7:], " county") {
		s = strings.TrimSpace(s[:len(s)-7])
	}
	words := strings.Fields(strings.ToLower(s))
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
