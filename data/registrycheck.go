package data

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// Severity says whether a registry problem makes the registry wrong (an error) or only
// incomplete (a warning).
type Severity string

// The severities of a Problem.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Problem is one finding of CheckRegistry about one dispensary.
type Problem struct {
	Slug     string
	Severity Severity
	Reason   string
}

// checkListing checks the fields of a dispensary's listing that have a fixed set of
// values; ParseRegistry refuses a registry where one is wrong.
func checkListing(d Dispensary) []string {
	var out []string
	if d.Coordinates != "" && d.Coordinates != CoordinatesStore && d.Coordinates != CoordinatesCity {
		out = append(out, fmt.Sprintf("bad coordinates %q (store or city)", d.Coordinates))
	}
	return out
}

var notWord = regexp.MustCompile(`[^a-z0-9]+`)

// Slugify is s in lower case with every run of other characters than letters and
// digits turned into one dash, trimmed of dashes: a slug made from a name.
func Slugify(s string) string {
	return strings.Trim(notWord.ReplaceAllString(strings.ToLower(s), "-"), "-")
}

// sameness is the form two names or addresses are compared in: lower case, letters and
// digits only ("1651 Tiffin Ave." and "1651 tiffin ave" are one).
func sameness(s string) string { return notWord.ReplaceAllString(strings.ToLower(s), "") }

// MenuIdentifier is what names a menu's store on its platform: two dispensaries never
// share one. Empty when the menu names none (an html page without a URL).
func MenuIdentifier(m MenuSource) string {
	switch {
	case m.DispensaryID != "":
		return m.Platform + " dispensaryId " + m.DispensaryID
	case m.CName != "" && m.StoreID != "":
		return m.Platform + " " + m.CName + " storeId " + m.StoreID
	case m.CName != "":
		return m.Platform + " cName " + m.CName
	case m.StoreID != "":
		return m.Platform + " storeId " + m.StoreID
	case m.Endpoint != "":
		return m.Platform + " endpoint " + m.Endpoint
	case m.URL != "":
		return m.Platform + " url " + m.URL
	}
	return ""
}

// CheckRegistry lints a parsed registry against Ohio's places: the same store listed
// twice (by name and city, or by street address as AddressKey folds it, the rule the
// registry generator merges sources by), a menu identifier or a licence given
// to two stores, two menus for one market of a store, a city the place tables do not know, a
// county outside Ohio or in another region than the one given, city coordinates that
// are not the city's. Those are errors; a store without a street address or
// coordinates is a warning. Problems come in registry order.
func CheckRegistry(reg Registry, places Places) []Problem {
	var out []Problem
	add := func(slug string, sev Severity, format string, args ...any) {
		out = append(out, Problem{Slug: slug, Severity: sev, Reason: fmt.Sprintf(format, args...)})
	}
	byName := map[string]string{}
	byAddress := map[string]string{}
	byMenu := map[string]string{}
	byLicence := map[string]string{}
	for _, d := range reg.Dispensaries {
		if d.Licence != "" {
			if first, ok := byLicence[d.Licence]; ok {
				add(d.Slug, SeverityError, "licence %s is also %s's", d.Licence, first)
			} else {
				byLicence[d.Licence] = d.Slug
			}
		}
		key := sameness(d.Name) + "|" + sameness(d.City)
		if first, ok := byName[key]; ok {
			add(d.Slug, SeverityError, "same name and city as %s", first)
		} else {
			byName[key] = d.Slug
		}
		if d.Address == "" {
			add(d.Slug, SeverityWarning, "no street address (the status page shows only %s)", d.City)
		} else {
			key := AddressKey(d.Address, d.City)
			if first, ok := byAddress[key]; ok {
				add(d.Slug, SeverityError, "same address as %s (%s, %s)", first, d.Address, d.City)
			} else {
				byAddress[key] = d.Slug
			}
		}
		city, known := places.Cities[d.City]
		if !known {
			add(d.Slug, SeverityError, "unknown city %q (not in data/sources/ohio-city-coordinates.csv)", d.City)
		}
		if !slices.Contains(Regions, d.Region) {
			add(d.Slug, SeverityError, "bad region %q (one of %s)", d.Region, strings.Join(Regions, ", "))
		}
		if d.County != "" {
			region, ok := places.Regions[d.County]
			switch {
			case !ok:
				add(d.Slug, SeverityError, "unknown county %q (not one of Ohio's 88)", d.County)
			case region != d.Region:
				add(d.Slug, SeverityError, "region %s, but %s County is in the %s region", d.Region, d.County, region)
			}
		}
		switch {
		case d.Lat == 0 && d.Lng == 0:
			add(d.Slug, SeverityWarning, "no coordinates (not on the map)")
		case d.Coordinates == CoordinatesCity && known && (d.Lat != city.Lat || d.Lng != city.Lng):
			add(d.Slug, SeverityError, "coordinates: city, but %.4f,%.4f are not %s's (%.4f,%.4f)", d.Lat, d.Lng, d.City, city.Lat, city.Lng)
		}
		for _, r := range checkListing(d) {
			add(d.Slug, SeverityError, "%s", r)
		}
		markets := map[Market]string{}
		for _, m := range d.Menus {
			id := MenuIdentifier(m)
			if first, ok := markets[m.Market]; ok {
				add(d.Slug, SeverityError, "two %s menus (%s and %s)", m.Market, first, id)
			} else {
				markets[m.Market] = id
			}
			if id == "" {
				continue
			}
			if first, ok := byMenu[id]; ok && first != d.Slug {
				add(d.Slug, SeverityError, "menu %s is also %s's", id, first)
			} else {
				byMenu[id] = d.Slug
			}
		}
	}
	return out
}

// Coverage counts what a registry lists: the figures `omc registry check` prints and
// api/pipeline publishes.
type Coverage struct {
	Stores     int                `json:"stores"`
	Monitored  int                `json:"monitored"`
	Verified   int                `json:"verified"`
	Menus      int                `json:"menus"`
	ByRegion   []RegionCoverage   `json:"byRegion"`
	ByPlatform []PlatformCoverage `json:"byPlatform"`
}

// RegionCoverage is the stores of one region, listed and monitored.
type RegionCoverage struct {
	Region    string `json:"region"`
	Stores    int    `json:"stores"`
	Monitored int    `json:"monitored"`
}

// PlatformCoverage is the monitored menus on one platform.
type PlatformCoverage struct {
	Platform string `json:"platform"`
	Menus    int    `json:"menus"`
}

// Coverage counts the registry's stores, monitored stores, verified stores and menus,
// by region (in the order of Regions) and by platform (most menus first).
func (r Registry) Coverage() Coverage {
	c := Coverage{ByRegion: make([]RegionCoverage, len(Regions)), ByPlatform: []PlatformCoverage{}}
	for i, name := range Regions {
		c.ByRegion[i].Region = name
	}
	platforms := map[string]int{}
	for _, d := range r.Dispensaries {
		c.Stores++
		at := slices.Index(Regions, d.Region)
		if at >= 0 {
			c.ByRegion[at].Stores++
		}
		if d.IsVerified() {
			c.Verified++
		}
		if !d.IsMonitored() {
			continue
		}
		c.Monitored++
		if at >= 0 {
			c.ByRegion[at].Monitored++
		}
		for _, m := range d.Menus {
			c.Menus++
			platforms[m.Platform]++
		}
	}
	for p, n := range platforms {
		c.ByPlatform = append(c.ByPlatform, PlatformCoverage{Platform: p, Menus: n})
	}
	sort.Slice(c.ByPlatform, func(i, j int) bool {
		a, b := c.ByPlatform[i], c.ByPlatform[j]
		return a.Menus > b.Menus || (a.Menus == b.Menus && a.Platform < b.Platform)
	})
	return c
}
