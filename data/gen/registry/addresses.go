package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
)

// addressFile is one CSV of street addresses public sources give stores of the registry
// (ohio-addresses.csv, ohio-addresses-more.csv): a row names the store by its slug. A
// file with a confidence column gives only its rows marked "firm…"; the others (sources
// in conflict, a row that fits two stores, a weak source, a store not in the registry)
// are listed in the report as not used.
type addressFile struct {
	name string
	rows []map[string]string
}

// foundAddress is one row of an address file: the street address a public source gives
// a store of the registry (named by its slug).
type foundAddress struct {
	file                                  string
	row                                   int
	store, street, city, zip, source, why string
}

func (f foundAddress) String() string {
	where := fmt.Sprintf("row %d", f.row)
	if f.file != mainAddressFile {
		where = f.file + " " + where
	}
	return fmt.Sprintf("%s: %s, %s (%s)", where, f.street, f.city, f.source)
}

// notInRegistry begins the store column of a row about a store the registry does not
// list (ohio-addresses-more.csv has a few): the state's roster adds such stores.
const notInRegistry = "NOT IN REGISTRY:"

// mainAddressFile is the first address file; the report names the others' rows with
// their file.
const mainAddressFile = "ohio-addresses.csv"

// readFound reads a file's rows; notUsed describes the rows a confidence column keeps
// out.
func readFound(file addressFile) (found []foundAddress, notUsed []string, err error) {
	for i, r := range file.rows {
		f := foundAddress{file: file.name, row: i + 2, store: r["store"], street: r["street_address"], city: r["city"], zip: r["zip"], source: r["source"], why: r["note"]}
		if c, ok := r["confidence"]; ok && !strings.HasPrefix(c, "firm") {
			notUsed = append(notUsed, fmt.Sprintf("%s row %d (%s): %s, %s not used: %s", file.name, f.row, f.store, f.street, f.city, c))
			continue
		}
		if strings.HasPrefix(f.store, notInRegistry) {
			notUsed = append(notUsed, fmt.Sprintf("%s row %d (%s): %s, %s not used: a store the registry does not list", file.name, f.row,
				strings.TrimSpace(strings.TrimPrefix(f.store, notInRegistry)), f.street, f.city))
			continue
		}
		for _, need := range []struct{ name, val string }{{"store", f.store}, {"street_address", f.street}, {"city", f.city}, {"source", f.source}} {
			if need.val == "" {
				return nil, nil, fmt.Errorf("%s row %d: no %s", file.name, f.row, need.name)
			}
		}
		found = append(found, f)
	}
	return found, notUsed, nil
}

// addAddresses gives the stores without a street address the one the found rows give
// them. A found address never replaces a researched one: a difference is reported. Two
// sources giving one store different addresses are reported and neither is used. A lead
// store whose source puts it in another (known) city moves there; a researched store keeps
// its city and the address is not used. Stores that then share an address are merged.
func (m *merger) addAddresses(files ...addressFile) error {
	var found []foundAddress
	for _, file := range files {
		m.addrFiles = append(m.addrFiles, file.name)
		more, notUsed, err := readFound(file)
		if err != nil {
			return err
		}
		found = append(found, more...)
		m.addrNotUsed = append(m.addrNotUsed, notUsed...)
	}
	slugs := m.slugs()
	bySlug := map[string]*store{}
	for s, slug := range slugs {
		bySlug[slug] = s
	}
	var order []*store
	of := map[*store][]foundAddress{}
	for _, f := range found {
		s := bySlug[f.store]
		if s == nil {
			return fmt.Errorf("%s row %d: no store %q in the registry (the store column takes a slug of data/dispensaries.yaml)", f.file, f.row, f.store)
		}
		if _, ok := m.places.Cities[f.city]; !ok {
			return fmt.Errorf("%s row %d: no coordinates for city %q (add it to ohio-city-coordinates.csv)", f.file, f.row, f.city)
		}
		if of[s] == nil {
			order = append(order, s)
		}
		of[s] = append(of[s], f)
	}
	for _, s := range order {
		fs, where := of[s], slugs[s]
		first := fs[0]
		if i := slices.IndexFunc(fs, func(f foundAddress) bool {
			return data.AddressKey(f.street, f.city) != data.AddressKey(first.street, first.city)
		}); i >= 0 {
			m.addrConflicts++
			m.addrNote("%s: sources disagree, no address used: %s; %s", where, first, fs[i])
			continue
		}
		if s.address != "" {
			if data.AddressKey(s.address, s.city) == data.AddressKey(first.street, first.city) {
				m.addrNote("%s: %s agrees with the researched address", where, first)
			} else {
				m.addrConflicts++
				m.addrNote("%s: conflict: keeps the researched %s, %s; %s", where, s.address, s.city, first)
			}
			continue
		}
		if first.city != s.city {
			if s.verified {
				m.addrConflicts++
				m.addrNote("%s: conflict: researched in %s, but %s; not used", where, s.city, first)
				continue
			}
			m.addrNote("%s: moved from %s to %s, the city its source gives", where, s.city, first.city)
			m.moveTo(s, first.city)
		}
		s.address = first.street
		m.addrFilled[first.file]++
		m.addrNote("%s: address from %s", where, first)
	}
	return m.mergeSameAddress()
}

// moveTo places a lead store in another city: its county, region and the city's centre.
func (m *merger) moveTo(s *store, city string) {
	c := m.places.Cities[city]
	s.city, s.county, s.region = city, c.County, m.places.Regions[c.County]
	s.lat, s.lng, s.coordinates = c.Lat, c.Lng, data.CoordinatesCity
}

// mergeSameAddress merges the stores that share a street address in one city (the
// registry check refuses two): the researched store, else the first listed, keeps its
// listing and takes the others' names as brand keys and their menus (one per market).
// Two researched stores at one address are an error of the research file.
func (m *merger) mergeSameAddress() error {
	groups := map[string][]*store{}
	var keys []string
	for _, s := range m.stores {
		if s.address == "" {
			continue
		}
		k := data.AddressKey(s.address, s.city)
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], s)
	}
	gone := map[*store]bool{}
	for _, k := range keys {
		g := groups[k]
		if len(g) < 2 {
			continue
		}
		dst := g[0]
		researched := 0
		for _, s := range g {
			if s.verified {
				researched++
				if researched == 1 {
					dst = s
				}
			}
		}
		if researched > 1 {
			return fmt.Errorf("ohio-dispensaries.csv: %d researched stores at %s, %s (%s and %s)", researched, dst.address, dst.city, g[0].name, g[1].name)
		}
		for _, src := range g {
			if src != dst {
				m.mergeInto(dst, src)
				gone[src] = true
			}
		}
	}
	m.stores = slices.DeleteFunc(m.stores, func(s *store) bool { return gone[s] })
	return nil
}

func (m *merger) mergeInto(dst, src *store) {
	m.addrMerged++
	m.addrNote("%s merged into %s (same address: %s, %s)", src.name, dst.name, dst.address, dst.city)
	for _, k := range src.keys {
		if !slices.Contains(dst.keys, k) {
			dst.keys = append(dst.keys, k)
		}
	}
	for _, mn := range src.menus {
		if m.owner[mn.id()] == src {
			delete(m.owner, mn.id())
		}
	}
	for _, mn := range src.menus {
		switch m.addMenu(dst, mn, src.name, m.addrNote) {
		case menuAdded:
			m.addrMoved++
			m.addrNote("%s: menu %s (%s) moved to %s", src.name, mn.id(), mn.market, dst.name)
		case menuDropped:
			m.addrDropped++
		}
	}
}

func (m *merger) addrNote(format string, args ...any) {
	m.addrLog = append(m.addrLog, fmt.Sprintf(format, args...))
}
