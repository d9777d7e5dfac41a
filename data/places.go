package data

import (
	"bytes"
	_ "embed"
	"encoding/csv"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The place tables the registry is checked against, kept in data/sources with their
// provenance (data/sources/PROVENANCE.md): the generator of the embedded registry and
// `omc registry check` read the same copies.
var (
	//go:embed sources/ohio-city-coordinates.csv
	cityCoordinatesCSV []byte
	//go:embed sources/ohio-regions.md
	regionsMarkdown []byte
)

// City is an Ohio city the registry knows: its county and the coordinates of its centre.
type City struct {
	Name     string
	County   string
	Lat, Lng float64
}

// Places are the Ohio cities and the county-to-region table.
type Places struct {
	// Cities by name ("Cuyahoga Falls").
	Cities map[string]City
	// Regions maps each of Ohio's 88 counties to one of Regions.
	Regions map[string]string
}

var (
	placesOnce sync.Once
	places     Places
	placesErr  error
)

// OhioPlaces returns the embedded place tables, parsed once.
func OhioPlaces() (Places, error) {
	placesOnce.Do(func() {
		places.Cities, placesErr = parseCities(cityCoordinatesCSV)
		if placesErr == nil {
			places.Regions, placesErr = parseRegions(regionsMarkdown)
		}
	})
	return places, placesErr
}

func parseCities(raw []byte) (map[string]City, error) {
	rows, err := csv.NewReader(bytes.NewReader(raw)).ReadAll()
	if err != nil || len(rows) < 2 {
		return nil, fmt.Errorf("sources/ohio-city-coordinates.csv: %v", err)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	cities := map[string]City{}
	for n, r := range rows[1:] {
		lat, err1 := strconv.ParseFloat(r[col["latitude"]], 64)
		lng, err2 := strconv.ParseFloat(r[col["longitude"]], 64)
		if err1 != nil || err2 != nil {
			return nil, fmt.Errorf("sources/ohio-city-coordinates.csv row %d: bad coordinates", n+2)
		}
		name := strings.TrimSpace(r[col["city"]])
		cities[name] = City{Name: name, County: strings.TrimSpace(r[col["county"]]), Lat: lat, Lng: lng}
	}
	return cities, nil
}

// regionHeading is a "## Northeast (18)" heading of ohio-regions.md, followed by the
// comma-separated counties of that region.
var regionHeading = regexp.MustCompile(`^## (\w+) \((\d+)\)$`)

func parseRegions(raw []byte) (map[string]string, error) {
	out := map[string]string{}
	region, want := "", 0
	check := func() error {
		if region == "" {
			return nil
		}
		got := 0
		for _, r := range out {
			if r == region {
				got++
			}
		}
		if got != want {
			return fmt.Errorf("sources/ohio-regions.md: %s lists %d counties, heading says %d", region, got, want)
		}
		return nil
	}
	for _, line := range strings.Split(string(raw), "\n") {
		line = strings.TrimSpace(line)
		if m := regionHeading.FindStringSubmatch(line); m != nil {
			if err := check(); err != nil {
				return nil, err
			}
			if !slices.Contains(Regions, m[1]) {
				return nil, fmt.Errorf("sources/ohio-regions.md: unknown region %q", m[1])
			}
			region = m[1]
			want, _ = strconv.Atoi(m[2])
			continue
		}
		if strings.HasPrefix(line, "#") {
			if err := check(); err != nil {
				return nil, err
			}
			region = ""
			continue
		}
		if region == "" || line == "" {
			continue
		}
		for _, c := range strings.Split(line, ",") {
			if c = strings.TrimSpace(c); c != "" {
				out[c] = region
			}
		}
	}
	if err := check(); err != nil {
		return nil, err
	}
	if len(out) != 88 {
		return nil, fmt.Errorf("sources/ohio-regions.md: %d counties, Ohio has 88", len(out))
	}
	return out, nil
}
