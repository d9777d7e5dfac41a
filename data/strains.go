package data

import (
	_ "embed"
	"encoding/csv"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Strain is one strain of the strain catalogue.
type Strain struct {
	// Name is the strain's name as the catalogue writes it ("Girl Scout Cookies").
	Name string `json:"name"`
	// Slug is the URL form of the name ("girl-scout-cookies"), unique in the catalogue:
	// the :genetic of /strain-genetics/:genetic.
	Slug string `json:"slug"`
	// Type is "indica", "sativa" or "hybrid", "" when the source gives none.
	Type string `json:"type,omitempty"`
	// Breeder is who bred the strain when the source names one.
	Breeder string `json:"breeder,omitempty"`
}

// StrainCatalogue is a read-only set of strains with lookup by any spelling of a name
// that StrainKey folds to the same key. Safe for concurrent use.
type StrainCatalogue struct {
	list   []Strain
	byKey  map[string]int
	bySlug map[string]int
}

// StrainSource is the credit line every page showing catalogue data must carry.
const StrainSource = "Kushy cannabis dataset (2017), MIT licence, github.com/kushyapp/cannabis-dataset"

//go:embed strains/kushy.csv
var kushyCSV []byte

var embeddedStrains = sync.OnceValues(func() (*StrainCatalogue, error) {
	return ParseStrains("embedded data/strains/kushy.csv", strings.NewReader(string(kushyCSV)))
})

// Strains returns the embedded strain catalogue: the Kushy dataset trimmed to name,
// type and breeder (data/strains/PROVENANCE.md says what was kept and why: its parent
// links are wrong, so lineage comes only from what menus say, data.Offer.Lineage).
// It is parsed once; the error is only for a broken embedded file, which the tests
// rule out.
func Strains() (*StrainCatalogue, error) {
	return embeddedStrains()
}

// ParseStrains reads a catalogue CSV with the header name,slug,type,breeder. source
// names the input in errors. Every problem is an error naming the line: a missing name,
// a slug that is not StrainSlug of the name, an unknown type, two names with one key.
func ParseStrains(source string, r io.Reader) (*StrainCatalogue, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = 4
	header, err := cr.Read()
	if err != nil {
		return nil, fmt.Errorf("strains %s: header: %w", source, err)
	}
	if strings.Join(header, ",") != "name,slug,type,breeder" {
		return nil, fmt.Errorf("strains %s: header is %q, want name,slug,type,breeder", source, strings.Join(header, ","))
	}
	c := &StrainCatalogue{byKey: map[string]int{}, bySlug: map[string]int{}}
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("strains %s: %w", source, err)
		}
		line, _ := cr.FieldPos(0)
		s := Strain{Name: strings.TrimSpace(rec[0]), Slug: rec[1], Type: rec[2], Breeder: rec[3]}
		key := StrainKey(s.Name)
		switch {
		case key == "":
			return nil, fmt.Errorf("strains %s: line %d: no name", source, line)
		case s.Slug != StrainSlug(s.Name):
			return nil, fmt.Errorf("strains %s: line %d: slug %q, want %q", source, line, s.Slug, StrainSlug(s.Name))
		case s.Type != "" && s.Type != "indica" && s.Type != "sativa" && s.Type != "hybrid":
			return nil, fmt.Errorf("strains %s: line %d: type %q is not indica, sativa or hybrid", source, line, s.Type)
		}
		if at, dup := c.byKey[key]; dup {
			return nil, fmt.Errorf("strains %s: line %d: %q is the same strain as %q", source, line, s.Name, c.list[at].Name)
		}
		if _, dup := c.bySlug[s.Slug]; dup {
			return nil, fmt.Errorf("strains %s: line %d: duplicate slug %q", source, line, s.Slug)
		}
		c.byKey[key] = len(c.list)
		c.bySlug[s.Slug] = len(c.list)
		c.list = append(c.list, s)
	}
	return c, nil
}

// Len is the number of strains.
func (c *StrainCatalogue) Len() int { return len(c.list) }

// All returns every strain, in catalogue (alphabetical) order.
func (c *StrainCatalogue) All() []Strain {
	return append([]Strain(nil), c.list...)
}

// Lookup finds a strain by a name as a menu writes it (for a strain page: key menu
// strains by StrainKey, use the catalogue's Name and Slug when Lookup finds one and
// StrainSlug of the menu's name otherwise; prefer the menu's own indica/sativa/hybrid,
// as most of the catalogue's "hybrid" types are the source's default): case, punctuation, accents,
// "#" before a number, spacing ("Do-Si-Dos" = "Dosidos") and the common abbreviations of
// strainAliases ("GSC", "GDP") do not matter (StrainKey). Pass scraper.StrainName's
// result, not a whole product name: the lookup does not search inside names.
func (c *StrainCatalogue) Lookup(name string) (Strain, bool) {
	if c == nil {
		return Strain{}, false
	}
	k := StrainKey(name)
	at, ok := c.byKey[k]
	if !ok {
		alias, known := strainAliases[k]
		if !known {
			return Strain{}, false
		}
		if at, ok = c.byKey[StrainKey(alias)]; !ok {
			return Strain{}, false
		}
	}
	return c.list[at], true
}

// BySlug finds a strain by its slug.
func (c *StrainCatalogue) BySlug(slug string) (Strain, bool) {
	if c == nil {
		return Strain{}, false
	}
	at, ok := c.bySlug[slug]
	if !ok {
		return Strain{}, false
	}
	return c.list[at], true
}

// strainAliases are menu abbreviations of catalogue names, by StrainKey. The catalogue's
// own spelling wins: Lookup only uses an alias when its key is not itself a strain.
var strainAliases = map[string]string{
	"gsc":   "Girl Scout Cookies",
	"gdp":   "Granddaddy Purple",
	"atf":   "Alaskan Thunder Fuck",
	"sourd": "Sour Diesel",
	"gg4":   "Gorilla Glue #4",
	"jh":    "Jack Herer",
	"ssh":   "Super Silver Haze",
	"slh":   "Super Lemon Haze",
}

var (
	// strainNumber is "#" before a number: "Gelato #41" and "Gelato 41" are one strain.
	strainNumber = regexp.MustCompile(`#\s*(\d)`)
)

// StrainKey folds a strain name to the key the catalogue is searched by: lower-case
// ASCII letters and digits only, with accents, apostrophes, "#", spaces and every other
// punctuation dropped and "&" read as "and". So "OG Kush" = "Og Kush" = "og-kush",
// "Do-Si-Dos" = "Dosidos", "Gelato #41" = "Gelato 41", "La Niña" = "La Nina". Words are
// not reordered or guessed.
func StrainKey(name string) string {
	s := withoutMarks(name)
	s = strainNumber.ReplaceAllString(s, "$1")
	s = strings.ReplaceAll(s, "&", " and ")
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// withoutMarks drops the accents of name ("La Niña" → "La Nina"). A transform.Chain
// keeps state while it runs, so each call makes its own: strains are keyed from
// several goroutines at once (the scrape's menus, a publish's read of the store). A
// name in ASCII, most of them, has nothing to drop.
func withoutMarks(name string) string {
	ascii := true
	for i := 0; i < len(name) && ascii; i++ {
		ascii = name[i] < utf8.RuneSelf
	}
	if ascii {
		return name
	}
	s, _, err := transform.String(transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC), name)
	if err != nil {
		return name
	}
	return s
}

// StrainSlug is the URL form of a strain name: lower-case ASCII words joined by
// hyphens, accents and apostrophes dropped ("Neville's Haze" → "nevilles-haze").
func StrainSlug(name string) string {
	s := withoutMarks(name)
	s = strings.ReplaceAll(s, "&", " and ")
	return JoinWords(s, '-', "'’")
}

// JoinWords lower-cases s and joins its ASCII words (runs of letters and digits) with
// sep: the runes of drop are dropped where they stand ("Jack's" → "jacks" with the
// apostrophe in drop), every other rune is a word break. A strain's slug and the
// scraper's matching keys are this fold with their own separator and apostrophes.
func JoinWords(s string, sep byte, drop string) string {
	var b strings.Builder
	brk := false
	for _, r := range strings.ToLower(s) {
		switch {
		case strings.ContainsRune(drop, r):
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if brk && b.Len() > 0 {
				b.WriteByte(sep)
			}
			brk = false
			b.WriteRune(r)
		default:
			brk = true
		}
	}
	return b.String()
}
