package store

import (
	"github.com/ohiomc/omc/data"
	"slices"
	"strings"
)

// ApplyRoster is the stores as the site shows them once the state's roster is known
// (MatchRoster): each registry store found there carries its listing and takes from it
// its street and city, its position (coordinates "store"), its county and region and its
// medical and adult-use flags, the roster winning where the two differ (the
// differences are m.Disagreements); and every active licence the registry lacks is
// added as a store of its own, with the roster's name and address and no menu. read
// says whether a good roster has been read at all (before, no store is "not on the
// state's list"). The result is sorted by name, as Statuses is.
func ApplyRoster(sts []Status, m data.RosterMatch, read bool, places data.Places) []Status {
	out := make([]Status, 0, len(sts)+len(m.Missing))
	slugs := map[string]bool{}
	for _, st := range sts {
		slugs[st.Dispensary.Slug] = true
	}
	for _, st := range sts {
		st.RosterRead = read
		if l := m.Stores[st.Dispensary.Slug]; l != nil {
			st.Listing = l
			st.Dispensary = fromRoster(st.Dispensary, l.RosterEntry, places)
		}
		out = append(out, st)
	}
	for _, l := range m.Missing {
		if !l.Active() {
			continue
		}
		no := false
		d := fromRoster(data.Dispensary{Name: l.Name, Monitored: &no, Licence: l.Licence}, l.RosterEntry, places)
		d.Slug = rosterSlug(l.RosterEntry, slugs)
		slugs[d.Slug] = true
		listing := &data.Listing{Licensee: l}
		out = append(out, Status{Dispensary: d, Listing: listing, RosterRead: read})
	}
	slices.SortStableFunc(out, func(a, b Status) int {
		if c := strings.Compare(a.Dispensary.Name, b.Dispensary.Name); c != 0 {
			return c
		}
		return strings.Compare(a.Dispensary.Slug, b.Dispensary.Slug)
	})
	return out
}

// fromRoster is d with what roster row e says of the store where it says something.
func fromRoster(d data.Dispensary, e data.RosterEntry, places data.Places) data.Dispensary {
	if e.City != "" {
		d.City = e.City
	}
	if e.Street != "" {
		d.Address = e.Street
	}
	if e.HasPlace() {
		d.Lat, d.Lng, d.Coordinates = e.Lat, e.Lng, data.CoordinatesStore
	}
	county := data.CountyName(e.County)
	if _, ok := places.Regions[county]; !ok {
		county = ""
		if c, ok := places.Cities[d.City]; ok && (d.County == "" || e.City != "") {
			county = c.County
		}
	}
	if region, ok := places.Regions[county]; ok {
		d.County, d.Region = county, region
	}
	if medical, adultUse, known := e.Markets(); known {
		d.Medical, d.AdultUse = medical, adultUse
	}
	return d
}

// rosterSlug is the slug of a roster store the registry lacks: its name and city, with
// its licence number when another store has that slug.
func rosterSlug(e data.RosterEntry, taken map[string]bool) string {
	base := data.Slugify(e.Name)
	if c := data.Slugify(e.City); c != "" && !strings.HasSuffix(base, c) {
		base = strings.Trim(base+"-"+c, "-")
	}
	if base == "" {
		base = "licence"
	}
	if !taken[base] {
		return base
	}
	return base + "-" + data.Slugify(e.Licence)
}
