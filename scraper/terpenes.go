package scraper

import (
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/ohiomc/omc/data"
)

// terpeneSet gathers the terpenes a platform lists for one product, folded to the
// canonical list (data.CanonicalTerpene): names not on it (cannabinoids, "Total
// Terpenes", p-Cymene) are left out, and two isomers of one entry ("Pinene" and
// "b-Pinene") become one, their amounts added when both are in the same unit.
type terpeneSet struct {
	list []data.Terpene
}

// add records a terpene by its menu name; amount is nil when the menu gives none, unit
// "%", "mg/g" (turned into %) or "mg".
func (s *terpeneSet) add(name string, amount *float64, unit string) {
	t, ok := data.CanonicalTerpene(name)
	if !ok {
		return
	}
	if amount != nil {
		v := *amount
		switch strings.ToLower(strings.TrimSpace(unit)) {
		case "%", "percent", "percentage":
			unit = "%"
		case "mg/g":
			v, unit = v/10, "%"
		case "mg":
			unit = "mg"
		default:
			amount = nil
		}
		if amount != nil {
			if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
				amount = nil
			} else {
				v = math.Round(v*1000) / 1000
				amount = &v
			}
		}
	}
	if amount == nil {
		unit = ""
	}
	for i := range s.list {
		have := &s.list[i]
		if have.Name != t.Name {
			continue
		}
		switch {
		case amount == nil:
		case have.Amount == nil:
			have.Amount, have.Unit = amount, unit
		case have.Unit == unit:
			sum := math.Round((*have.Amount+*amount)*1000) / 1000
			have.Amount = &sum
		}
		return
	}
	s.list = append(s.list, data.Terpene{Name: t.Name, Amount: amount, Unit: unit})
}

// terpenes returns what was added, strongest first (amounts in % before amounts in mg,
// then those without an amount, each in the menu's order); nil when nothing was.
func (s *terpeneSet) terpenes() []data.Terpene {
	if len(s.list) == 0 {
		return nil
	}
	rank := func(t data.Terpene) int {
		switch {
		case t.Amount != nil && t.Unit == "%":
			return 0
		case t.Amount != nil:
			return 1
		}
		return 2
	}
	sort.SliceStable(s.list, func(i, j int) bool {
		a, b := s.list[i], s.list[j]
		if rank(a) != rank(b) {
			return rank(a) < rank(b)
		}
		return rank(a) < 2 && *a.Amount > *b.Amount
	})
	return s.list
}

var (
	// crossPhrase finds where a description states a lineage: "a cross of X and Y",
	// "crossing X with Y", "the crossing of X and Y", "Lineage: X x Y".
	crossPhrase = regexp.MustCompile(`(?i)\b(?:cross(?:ed|ing)?\s+(?:of|between)|crossing|bred\s+from|lineage\s*:|genetics\s*:|parents\s*:|parentage\s*:|cross(?:\s+info)?\s*:)\s+`)
	// crossChain finds "X x Y" (or "X x Y x Z") anywhere: capitalised names around a
	// lone x or ×.
	crossChain = regexp.MustCompile(`(?:[A-Z0-9#&][\w'’#.&\-]*[ \t]+){0,4}[A-Z0-9#&][\w'’#.&\-]*(?:[ \t]+[x×X][ \t]+(?:[A-Z0-9#&][\w'’#.&\-]*[ \t]+){0,4}[A-Z0-9#&][\w'’#.&\-]*)+`)
	// phraseEnd ends the parents after a cross phrase: a clause break or a sentence end
	// (a full stop followed by a space; "OGKB 2.1" keeps its point).
	phraseEnd        = regexp.MustCompile(`[,;:!?\[\]\n]|\.\s|\.$|\s[-–]\s`)
	combinesGenetics = regexp.MustCompile(`\bcombines\s+([^.,;]+?)\s+genetics\b`)
	parenthesised    = regexp.MustCompile(`\([^()]*\)`)
	crossX           = regexp.MustCompile(`\s+[x×X]\s+`)
	andWith          = regexp.MustCompile(`\s+(?:and|with)\s+`)
	// clauseBreak splits a description where a cross cannot go on: sentence ends,
	// commas, brackets, "//".
	nestedCross = regexp.MustCompile(`\s[x×X]\s*\(`)
	clauseBreak = regexp.MustCompile(`[.;!?]\s|[\r\n,\[\](){}]|//`)
	// measure is a dimension or weight, not a strain ("78mm x 44mm" on accessories).
	measure = regexp.MustCompile(`(?i)^[\d.]+\s*(?:mm|cm|in|g|mg|oz|ml|"|')?$`)
)

// notParent are capitalised words that start a phrase, not a strain name.
var notParent = map[string]bool{
	"a": true, "an": true, "the": true, "this": true, "two": true, "its": true, "our": true,
	"indica": true, "sativa": true, "hybrid": true, "strain": true, "strains": true,
	"thc": true, "cbd": true, "it": true, "we": true, "genetics": true, "lineage": true,
	"unknown": true, "select": true,
}

// lineageFrom reads the parent strains a product description names: "a cross of
// Triple Burger and As1", "an in-house cross of Florida Kush x Cuban Linx", "[orig: GMO x
// Trophy Wife]", "Lineage: Alien Cookies F2 X Kush Mints 11" (Jane and Sweed captures).
// A parent is a run of capitalised words; a phrase ("two well-bred parents", "an
// unknown strain") is not a parent and voids the statement, as does a nested cross
// ("X x (Y x Z)"). Two to four parents, or none. Never guessed from a name alone.
func lineageFrom(desc string) []string {
	// RE2's \s is ASCII: the no-break spaces of Dutchie-fed descriptions become spaces.
	desc = strings.TrimSpace(strings.ReplaceAll(stripTags(desc), "\u00a0", " "))
	if desc == "" {
		return nil
	}
	// "Z Pie combines Zkittlez and Georgia Pie genetics" (Joint capture).
	if m := combinesGenetics.FindStringSubmatch(desc); m != nil {
		if ps := parents(andWith.Split(m[1], -1)); ps != nil {
			return ps
		}
	}
	if loc := crossPhrase.FindStringIndex(desc); loc != nil {
		rest := parenthesised.ReplaceAllString(desc[loc[1]:], " ")
		if end := phraseEnd.FindStringIndex(rest); end != nil {
			rest = rest[:end[0]]
		}
		parts := crossX.Split(rest, -1)
		if len(parts) == 1 {
			// "and" is also inside names ("Lemon Tree and Cookies and Cream"): only a
			// single one separates two parents.
			if parts = andWith.Split(rest, -1); len(parts) != 2 {
				parts = nil
			}
		}
		if ps := parents(parts); ps != nil {
			return ps
		}
	}
	if nestedCross.MatchString(desc) {
		// "X x (Y x Z)": the brackets split the names below, leaving a grandparent pair.
		return nil
	}
	for _, sentence := range clauseBreak.Split(desc, -1) {
		if m := crossChain.FindString(sentence); m != "" {
			if ps := parents(crossX.Split(m, -1)); ps != nil {
				return ps
			}
		}
	}
	return nil
}

// parents turns the parts of a cross into parent names: 2 to 4 of them, each a strain
// name (parentName), all different; nil otherwise.
func parents(parts []string) []string {
	if len(parts) < 2 || len(parts) > 4 {
		return nil
	}
	var out []string
	seen := map[string]bool{}
	for _, p := range parts {
		n := parentName(p)
		if n == "" || seen[strings.ToLower(n)] {
			return nil
		}
		seen[strings.ToLower(n)] = true
		out = append(out, n)
	}
	return out
}

// parentName keeps the leading capitalised words of s (a strain name), or "" when s does
// not start with one, is a phrase word or a measure.
func parentName(s string) string {
	var words []string
	for _, w := range strings.Fields(strings.TrimSpace(s)) {
		first := []rune(w)[0]
		if !(first >= 'A' && first <= 'Z') && !(first >= '0' && first <= '9') && first != '#' && first != '&' {
			break
		}
		words = append(words, w)
		if len(words) == 5 {
			break
		}
	}
	for len(words) > 0 && words[len(words)-1] == "&" {
		words = words[:len(words)-1]
	}
	if len(words) == 0 || notParent[strings.ToLower(words[0])] {
		return ""
	}
	name := strings.Trim(strings.Join(words, " "), "-'’.")
	if !hasLetter(name) || measure.MatchString(name) {
		return ""
	}
	return name
}

var htmlTag = regexp.MustCompile(`<[^>]*>`)

// stripTags turns an HTML description into text.
func stripTags(s string) string {
	if !strings.Contains(s, "<") {
		return s
	}
	return htmlTag.ReplaceAllString(s, " ")
}

// menuLineage is the lineage a product's description gives, for the categories that
// are strains; edibles, tinctures and accessories have none ("Haze x Mudd Bros" names
// a brand collaboration, "78mm x 44mm" a paper size). A name of the form "X x Y" is
// not read as a lineage: "Ice Cream Cake x OZ Mixed Nugs" and "Midwest Hemp x Durban Z"
// (Sweed captures) are product names, not crosses.
func menuLineage(c data.Category, desc string) []string {
	switch c {
	case data.Flower, data.Preroll, data.Vape, data.Extract:
		return lineageFrom(desc)
	}
	return nil
}
