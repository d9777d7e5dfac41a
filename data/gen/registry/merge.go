package main

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
)

// menu is one menu of a store, with where it came from.
type menu struct {
	market, platform, storeID, cName, endpoint, url string
	lead                                            bool
}

// id is the menu's identifier on its platform: what two stores must never share.
func (m menu) id() string {
	switch {
	case m.storeID != "":
		return m.platform + " " + m.storeID
	case m.cName != "":
		return m.platform + " " + m.cName
	}
	return m.platform + " " + m.endpoint
}

// store is one dispensary of the registry being built.
type store struct {
	name, brand, city, address, county, region string
	lat, lng                                   float64
	coordinates                                string
	medical, adultUse                          bool
	website                                    string
	verified                                   bool
	// keys are the normalised brand names the store goes by (brand, former names).
	keys  []string
	menus []menu
}

func (s *store) hasMarket(market string) *menu {
	for i := range s.menus {
		if s.menus[i].market == market {
			return &s.menus[i]
		}
	}
	return nil
}

// markets are the markets a menu that serves both from one identifier is listed for:
// the store's confirmed ones, recreational when none is.
func (s *store) markets() []string {
	var out []string
	if s.adultUse {
		out = append(out, "recreational")
	}
	if s.medical {
		out = append(out, "medical")
	}
	if len(out) == 0 {
		out = []string{"recreational"}
	}
	return out
}

type merger struct {
	places data.Places
	stores []*store
	// owner is the store each menu identifier belongs to.
	owner map[string]*store
	log   []string
	// counts of what happened to the leads, for the report.
	attached, created, dropped, unplaced int
	// what the found street addresses did (the address files), for the report: the
	// addresses filled by file, and the rows a file's confidence kept out.
	addrLog, addrNotUsed, addrFiles                   []string
	addrFilled                                        map[string]int
	addrConflicts, addrMerged, addrMoved, addrDropped int
}

func newMerger(p data.Places) *merger {
	return &merger{places: p, owner: map[string]*store{}, addrFilled: map[string]int{}}
}

var (
	janeURL      = regexp.MustCompile(`iheartjane\.com/stores/(\d+)/([^/]+)`)
	dutchieURL   = regexp.MustCompile(`dutchie\.com/dispensary/([a-z0-9-]+)`)
	riseURL      = regexp.MustCompile(`risecannabis\.com/dispensaries/[a-z-]+/[a-z-]+/(\d+)/recreational-menu`)
	formerlyName = regexp.MustCompile(`\(formerly ([^;)]+)`)
	nonAlnum     = regexp.MustCompile(`[^a-z0-9]+`)
)

// brandAliases are names under which one brand appears in the sources: Columbia Care's
// Ohio stores became The Cannabist (and took over CannAscend's Strawberry Fields), BAM is
// Body and Mind, OCC is the Ohio Cannabis Company (ohio-dispensaries notes).
var brandAliases = map[string]string{
	"columbiacare":     "cannabist",
	"strawberryfields": "cannabist",
	"bam":              "bodyandmind",
	"occ":              "ohiocompany", // "cannabis" is noise
	"citizenbyklutch":  "klutch",
	"bloommedicinals":  "bloom",
}

// brandNoise are words that do not tell two brands apart.
var brandNoise = map[string]bool{"the": true, "dispensary": true, "dispensaries": true, "cannabis": true}

func brandKey(s string) string {
	var words []string
	for _, w := range strings.Fields(strings.ToLower(strings.ReplaceAll(s, "'", ""))) {
		w = nonAlnum.ReplaceAllString(w, "")
		if w != "" && !brandNoise[w] {
			words = append(words, w)
		}
	}
	k := strings.Join(words, "")
	if a, ok := brandAliases[k]; ok {
		return a
	}
	return k
}

func (m *merger) addResearched(r map[string]string) error {
	c, ok := m.places.Cities[r["city"]]
	if !ok {
		return fmt.Errorf("no coordinates for city %q (add it to ohio-city-coordinates.csv)", r["city"])
	}
	if r["county"] != "" {
		if got := m.places.Regions[r["county"]]; got != r["region"] {
			return fmt.Errorf("region %q, but %s County is in %q (ohio-regions.md)", r["region"], r["county"], got)
		}
	}
	s := &store{
		name: r["name"], brand: r["brand"], city: r["city"], address: r["street_address"], county: r["county"],
		region: r["region"], lat: c.Lat, lng: c.Lng, coordinates: data.CoordinatesCity,
		medical: r["medical"] == "yes", adultUse: r["adult_use"] == "yes", website: r["menu_url"], verified: true,
	}
	if r["latitude"] != "" && r["longitude"] != "" {
		if _, err := fmt.Sscanf(r["latitude"]+" "+r["longitude"], "%g %g", &s.lat, &s.lng); err != nil {
			return fmt.Errorf("coordinates %s,%s: %w", r["latitude"], r["longitude"], err)
		}
		s.coordinates = data.CoordinatesStore
	}
	for _, b := range strings.Split(r["brand"], "/") {
		if k := brandKey(b); k != "" {
			s.keys = append(s.keys, k)
		}
	}
	if f := formerlyName.FindStringSubmatch(r["name"]); f != nil {
		s.keys = append(s.keys, brandKey(f[1]))
	}
	menus, err := researchedMenus(r, s)
	if err != nil {
		return err
	}
	for _, mn := range menus {
		if o := m.owner[mn.id()]; o != nil && o != s {
			return fmt.Errorf("menu %s is also %s's", mn.id(), o.name)
		}
		m.owner[mn.id()] = s
		s.menus = append(s.menus, mn)
	}
	m.stores = append(m.stores, s)
	return nil
}

func researchedMenus(r map[string]string, s *store) ([]menu, error) {
	u := r["menu_url"]
	switch r["menu_platform"] {
	case "jane":
		j := janeURL.FindStringSubmatch(u)
		if j == nil {
			return nil, fmt.Errorf("jane menu url %q has no store id", u)
		}
		return []menu{{market: janeMarket(j[2], "", s), platform: "jane", storeID: j[1], url: u}}, nil
	case "dutchie":
		d := dutchieURL.FindStringSubmatch(u)
		if d == nil {
			return nil, fmt.Errorf("dutchie menu url %q has no cName", u)
		}
		var out []menu
		for _, mk := range s.markets() {
			out = append(out, menu{market: mk, platform: "dutchie", cName: d[1], url: u})
		}
		return out, nil
	}
	return nil, nil
}

// janeMarket is a Jane menu's market: from the lead's name hint, else the URL slug, else
// medical for a store confirmed medical.
func janeMarket(slug, hint string, s *store) string {
	switch {
	case hint != "":
		return hint
	case strings.Contains(slug, "non-medical"), strings.Contains(slug, "non-med"), strings.Contains(slug, "adult-use"), strings.HasSuffix(slug, "-rec"):
		return "recreational"
	case strings.Contains(slug, "medical"), strings.HasSuffix(slug, "-med"):
		return "medical"
	case s != nil && s.medical:
		return "medical"
	default:
		return "recreational"
	}
}

// lead is one row of the leads file, read.
type lead struct {
	row        int
	configName string
	brand      string // as written ("Zen Leaf")
	city       string
	qualifier  string // what follows the city ("Madison" of "Lakewood Madison")
	hint       string // market named in the lead ("Med", "Rec", "AU"), "" when none
	early      bool
	platform   string // the leads file's platform column
	menus      func(s *store) []menu
	ids        []string // the identifiers, for the suspicious-reuse check
}

// leadNoise are the words of a lead's name that are neither brand nor city.
var leadNoise = map[string]bool{"OH": true, "W6": true, "Dutchie": true}

var leadMarket = map[string]string{"Med": "medical", "Rec": "recreational", "AU": "recreational"}

// leadNames rewrites abbreviations of the leads' names.
var leadNames = strings.NewReplacer("Cols West", "Columbus West", "St Clairsville", "St. Clairsville")

func (m *merger) readLead(row int, r map[string]string) (lead, error) {
	l := lead{row: row, configName: r["config_name"], early: strings.HasPrefix(r["added"], "before"), platform: r["platform"]}
	var words []string
	for _, w := range strings.Fields(leadNames.Replace(l.configName)) {
		if mk, ok := leadMarket[w]; ok {
			l.hint = mk
			continue
		}
		if !leadNoise[w] {
			words = append(words, w)
		}
	}
	// The city is the last run of words naming a known city, with a brand before it.
	for end := len(words); end >= 2 && l.city == ""; end-- {
		for start := max(1, end-3); start < end; start++ {
			if _, ok := m.places.Cities[strings.Join(words[start:end], " ")]; ok {
				l.brand = strings.Join(words[:start], " ")
				l.city = strings.Join(words[start:end], " ")
				l.qualifier = strings.Join(words[end:], " ")
				break
			}
		}
	}
	u := r["url"]
	switch r["platform"] {
	case "jane":
		j := janeURL.FindStringSubmatch(u)
		if j == nil {
			return l, fmt.Errorf("jane url %q has no store id", u)
		}
		l.ids = []string{"jane " + j[1]}
		l.menus = func(s *store) []menu {
			return []menu{{market: janeMarket(j[2], l.hint, s), platform: "jane", storeID: j[1], url: u, lead: true}}
		}
	case "rise":
		// RISE's own recreational pages carry the store's Jane id: the researched RISE
		// rows give the same ids (6011-6015) on iheartjane.com.
		j := riseURL.FindStringSubmatch(u)
		if j == nil {
			return l, fmt.Errorf("rise url %q has no store id", u)
		}
		l.ids = []string{"jane " + j[1]}
		l.menus = func(*store) []menu {
			return []menu{{market: "recreational", platform: "jane", storeID: j[1], url: u, lead: true}}
		}
	case "dutchie", "curaleaf":
		var mn menu
		if r["platform"] == "dutchie" {
			d := dutchieURL.FindStringSubmatch(u)
			if d == nil {
				return l, fmt.Errorf("dutchie url %q has no cName", u)
			}
			mn = menu{platform: "dutchie", cName: d[1], url: u, lead: true}
		} else {
			// Curaleaf's and Zen Leaf's own shops are Sweed storefronts (docs/platforms.md §5,
			// §9); the adapter reads such a page's embedded query cache.
			mn = menu{platform: "sweed", endpoint: u, url: u, lead: true}
		}
		l.ids = []string{mn.id()}
		l.menus = func(s *store) []menu {
			markets := s.markets()
			if strings.HasSuffix(strings.TrimSuffix(u, "/"), "-rec") {
				markets = []string{"recreational"}
			} else if l.hint != "" {
				markets = []string{l.hint}
			}
			var out []menu
			for _, mk := range markets {
				c := mn
				c.market = mk
				out = append(out, c)
			}
			return out
		}
	default:
		return l, fmt.Errorf("unknown platform %q", r["platform"])
	}
	return l, nil
}

func (m *merger) addLeads(rows []map[string]string) error {
	var leads []lead
	for i, r := range rows {
		l, err := m.readLead(i+2, r)
		if err != nil {
			return fmt.Errorf("ohio-dispensary-leads-unverified.csv row %d (%s): %w", i+2, r["config_name"], err)
		}
		leads = append(leads, l)
	}
	// An identifier the leads give to two different stores is suspect (the late leads
	// reuse Jane ids, NOTES.md): it goes to neither.
	claims := map[string]map[string]bool{}
	for _, l := range leads {
		for _, id := range l.ids {
			if claims[id] == nil {
				claims[id] = map[string]bool{}
			}
			claims[id][brandKey(l.brand)+"|"+l.city] = true
		}
	}
	// The late leads' Jane ids are one sequential run (8001-8121) added in one commit
	// and partly given twice (NOTES.md): a made-up id may well be another state's store,
	// whose menu would be shown as this one's. They are not used.
	for _, l := range leads {
		if !l.early && l.platform == "jane" {
			for _, id := range l.ids {
				claims[id]["late-jane"] = true
			}
		}
	}
	// The early leads first: the late ones are the less plausible (NOTES.md); then a
	// platform's own identifier before a storefront page.
	rank := func(l lead) int {
		r := 0
		if !l.early {
			r += 2
		}
		if l.platform == "curaleaf" {
			r++
		}
		return r
	}
	slices.SortStableFunc(leads, func(a, b lead) int { return rank(a) - rank(b) })
	for _, l := range leads {
		where := fmt.Sprintf("row %d %q", l.row, l.configName)
		if l.city == "" || l.brand == "" {
			m.unplaced++
			m.note("%s: not listed: its name gives no Ohio city the registry knows", where)
			continue
		}
		var suspect []string
		for _, id := range l.ids {
			if len(claims[id]) > 1 {
				suspect = append(suspect, id)
			}
		}
		s := m.find(l)
		if len(suspect) > 0 {
			m.dropped++
			if s == nil {
				m.note("%s: not listed: its only evidence, %s, is suspect (%s)", where, strings.Join(suspect, ", "), why(claims[suspect[0]]))
			} else {
				m.note("%s: menu dropped: %s is suspect (%s); store %s kept", where, strings.Join(suspect, ", "), why(claims[suspect[0]]), s.name)
			}
			continue
		}
		if s == nil {
			s = m.newLeadStore(l)
			m.created++
			m.note("%s: new unverified store %s", where, s.name)
		} else {
			m.note("%s: matched %s", where, s.name)
		}
		m.attach(s, l, where)
	}
	return nil
}

// why says what makes an identifier suspect.
func why(claims map[string]bool) string {
	if claims["late-jane"] {
		return "a late lead's Jane id"
	}
	return fmt.Sprintf("the leads give it to %d different stores", len(claims))
}

// find is the store a lead describes: same brand and city, the qualifier telling apart
// two stores of one brand in one city.
func (m *merger) find(l lead) *store {
	key := brandKey(l.brand)
	var same []*store
	for _, s := range m.stores {
		if s.city == l.city && slices.Contains(s.keys, key) {
			same = append(same, s)
		}
	}
	if len(same) == 0 {
		return nil
	}
	if l.qualifier != "" {
		for _, s := range same {
			if strings.Contains(strings.ToLower(s.name), strings.ToLower(l.qualifier)) {
				return s
			}
		}
		return nil
	}
	// Without a qualifier, the store whose name has none ("Bloom Columbus" rather
	// than "Bloom Columbus West").
	for _, s := range same {
		if !strings.Contains(s.name, "(") && strings.HasSuffix(s.name, " "+l.city) {
			return s
		}
	}
	return same[0]
}

func (m *merger) newLeadStore(l lead) *store {
	c := m.places.Cities[l.city]
	name := l.brand + " " + l.city
	if l.qualifier != "" {
		name += " (" + l.qualifier + ")"
	}
	s := &store{
		name: name, brand: l.brand, city: l.city, county: c.County, region: m.places.Regions[c.County],
		lat: c.Lat, lng: c.Lng, coordinates: data.CoordinatesCity, keys: []string{brandKey(l.brand)},
	}
	m.stores = append(m.stores, s)
	return s
}

func (m *merger) attach(s *store, l lead, where string) {
	for _, mn := range l.menus(s) {
		switch m.addMenu(s, mn, where, m.note) {
		case menuAdded:
			m.attached++
		case menuDropped:
			m.dropped++
		}
	}
}

// What addMenu did with a menu.
const (
	menuAdded = iota
	menuListed
	menuDropped
)

// addMenu gives store s the menu mn unless another store owns its identifier or s
// already has a menu for its market (a store keeps one menu per market), noting why
// under where with note.
func (m *merger) addMenu(s *store, mn menu, where string, note func(string, ...any)) int {
	if o := m.owner[mn.id()]; o != nil && o != s {
		note("%s: menu %s dropped: it is %s's", where, mn.id(), o.name)
		return menuDropped
	}
	if have := s.hasMarket(mn.market); have != nil {
		if have.id() == mn.id() {
			note("%s: menu %s (%s) already listed", where, mn.id(), mn.market)
			return menuListed
		}
		note("%s: menu %s dropped: %s already has a %s menu (%s)", where, mn.id(), s.name, mn.market, have.id())
		return menuDropped
	}
	m.owner[mn.id()] = s
	s.menus = append(s.menus, mn)
	if !s.verified {
		// A lead-only store sells what its menus say it sells.
		s.medical = s.medical || mn.market == "medical"
		s.adultUse = s.adultUse || mn.market == "recreational"
	}
	if s.website == "" {
		s.website = mn.url
	}
	return menuAdded
}

func (m *merger) note(format string, args ...any) {
	m.log = append(m.log, fmt.Sprintf(format, args...))
}

var nonSlug = regexp.MustCompile(`[^a-z0-9]+`)

func slugify(s string) string {
	s = strings.ToLower(strings.ReplaceAll(s, "'", ""))
	return strings.Trim(nonSlug.ReplaceAllString(s, "-"), "-")
}

// slugs are the stores' registry slugs: the name's, numbered from the second store of
// one name on.
func (m *merger) slugs() map[*store]string {
	out := map[*store]string{}
	seen := map[string]int{}
	for _, s := range m.stores {
		slug := slugify(s.name)
		seen[slug]++
		if seen[slug] > 1 {
			slug = fmt.Sprintf("%s-%d", slug, seen[slug])
		}
		out[s] = slug
	}
	return out
}

func (m *merger) yaml() string {
	var b strings.Builder
	b.WriteString(header)
	opt := func(key, val string) {
		if val != "" {
			fmt.Fprintf(&b, "    %s: %s\n", key, quote(val))
		}
	}
	slugs := m.slugs()
	for _, s := range m.stores {
		fmt.Fprintf(&b, "  - slug: %s\n", slugs[s])
		fmt.Fprintf(&b, "    name: %s\n", quote(s.name))
		opt("brand", s.brand)
		fmt.Fprintf(&b, "    city: %s\n", quote(s.city))
		opt("address", s.address)
		opt("county", s.county)
		fmt.Fprintf(&b, "    region: %s\n", s.region)
		fmt.Fprintf(&b, "    lat: %g\n    lng: %g\n    coordinates: %s\n", s.lat, s.lng, s.coordinates)
		fmt.Fprintf(&b, "    medical: %t\n    adultUse: %t\n", s.medical, s.adultUse)
		if !s.verified {
			b.WriteString("    verified: false\n")
		}
		opt("website", s.website)
		if len(s.menus) == 0 {
			continue
		}
		b.WriteString("    menus:\n")
		for _, mn := range s.menus {
			fmt.Fprintf(&b, "      - market: %s\n        platform: %s\n", mn.market, mn.platform)
			switch {
			case mn.storeID != "":
				fmt.Fprintf(&b, "        storeId: %q\n", mn.storeID)
			case mn.cName != "":
				fmt.Fprintf(&b, "        cName: %s\n", mn.cName)
			case mn.endpoint != "":
				fmt.Fprintf(&b, "        endpoint: %s\n", quote(mn.endpoint))
			}
			fmt.Fprintf(&b, "        url: %s\n", quote(mn.url))
			if mn.lead {
				b.WriteString("        verified: false\n")
			}
		}
	}
	return b.String()
}

func (m *merger) report() string {
	var b strings.Builder
	b.WriteString("# How the registry was merged\n\nGENERATED by data/gen/registry (`go generate ./data`) with data/dispensaries.yaml.\n\n")
	stores, withMenu, verified, leadMenus := len(m.stores), 0, 0, 0
	platforms := map[string]int{}
	for _, s := range m.stores {
		if len(s.menus) > 0 {
			withMenu++
		}
		if s.verified {
			verified++
		}
		for _, mn := range s.menus {
			platforms[mn.platform]++
			if mn.lead {
				leadMenus++
			}
		}
	}
	fmt.Fprintf(&b, "- Stores: %d (%d researched, %d known only from the leads), %d with at least one menu.\n", stores, verified, stores-verified, withMenu)
	names := make([]string, 0, len(platforms))
	for p := range platforms {
		names = append(names, p)
	}
	slices.Sort(names)
	var parts []string
	for _, p := range names {
		parts = append(parts, fmt.Sprintf("%s %d", p, platforms[p]))
	}
	fmt.Fprintf(&b, "- Menus: %s; %d of them from the leads (`verified: false`).\n", strings.Join(parts, ", "), leadMenus)
	fmt.Fprintf(&b, "- Leads: %d menus attached, %d new stores, %d menus dropped, %d leads not placed.\n", m.attached, m.created, m.dropped, m.unplaced)
	withAddress := 0
	for _, s := range m.stores {
		if s.address != "" {
			withAddress++
		}
	}
	var from []string
	for _, f := range m.addrFiles {
		from = append(from, fmt.Sprintf("%d from %s", m.addrFilled[f], f))
	}
	fmt.Fprintf(&b, "- Street addresses: %d stores have one (%s), %d have none; %d conflicts between sources (below), %d stores merged into the store at the same address (%d menus moved, %d dropped).\n\n",
		withAddress, strings.Join(from, ", "), len(m.stores)-withAddress, m.addrConflicts, m.addrMerged, m.addrMoved, m.addrDropped)
	b.WriteString("## Every lead\n\nIn the order merged (early leads first), by row of ohio-dispensary-leads-unverified.csv.\n\n")
	for _, l := range m.log {
		b.WriteString("- " + l + "\n")
	}
	b.WriteString("\n## Street addresses\n\nBy store, in the order of ohio-addresses.csv then ohio-addresses-more.csv, by row of the file (the rows of ohio-addresses.csv by number alone). A found address fills an empty one and never replaces a researched one; of ohio-addresses-more.csv only the rows it marks firm are used.\n\n")
	for _, l := range m.addrLog {
		b.WriteString("- " + l + "\n")
	}
	if len(m.addrNotUsed) > 0 {
		b.WriteString("\nRows not used:\n\n")
		for _, l := range m.addrNotUsed {
			b.WriteString("- " + l + "\n")
		}
	}
	return b.String()
}
