package data

import (
	"strings"
	"unicode"
)

// TerpeneInfo is one terpene of the canonical list: the name the site shows and the
// slug of its page (/terpenes/<slug>, api/terpenes/<slug>).
type TerpeneInfo struct {
	Name string `json:"name"`
	Slug string `json:"slug"`
}

// Terpenes is the canonical terpene list, the most common in cannabis first. Menus
// name terpenes many ways ("β-Myrcene", "beta myrcene", "Caryo", "alpha-Pinene"); the
// scraper folds each to one of these (CanonicalTerpene) so that the publish side and
// the site agree on names and pages. Isomers menus rarely tell apart share an entry:
// Pinene is alpha- and beta-pinene, Ocimene its cis and trans forms, Terpinene alpha
// and gamma.
var Terpenes = []TerpeneInfo{
	{"Myrcene", "myrcene"},
	{"Limonene", "limonene"},
	{"Beta-Caryophyllene", "beta-caryophyllene"},
	{"Linalool", "linalool"},
	{"Pinene", "pinene"},
	{"Humulene", "humulene"},
	{"Terpinolene", "terpinolene"},
	{"Ocimene", "ocimene"},
	{"Bisabolol", "bisabolol"},
	{"Caryophyllene Oxide", "caryophyllene-oxide"},
	{"Nerolidol", "nerolidol"},
	{"Eucalyptol", "eucalyptol"},
	{"Terpineol", "terpineol"},
	{"Guaiol", "guaiol"},
	{"Camphene", "camphene"},
	{"Geraniol", "geraniol"},
	{"Borneol", "borneol"},
	{"Fenchol", "fenchol"},
	{"Valencene", "valencene"},
	{"Phellandrene", "phellandrene"},
	{"Carene", "carene"},
	{"Terpinene", "terpinene"},
	{"Sabinene", "sabinene"},
	{"Farnesene", "farnesene"},
	{"Isopulegol", "isopulegol"},
	{"Cedrene", "cedrene"},
	{"Pulegone", "pulegone"},
	{"Menthol", "menthol"},
	{"Camphor", "camphor"},
	{"Citronellol", "citronellol"},
	{"Nerol", "nerol"},
}

// terpeneAliases are the other names menus use, by terpeneKey, beyond the canonical
// names themselves and the isomer prefixes terpeneKey drops.
var terpeneAliases = map[string]string{
	"caryo":              "beta-caryophyllene", // the Ohio (Bloom) menus' short form
	"caryophyllene":      "beta-caryophyllene",
	"bcp":                "beta-caryophyllene",
	"caryophylleneoxide": "caryophyllene-oxide",
	"caryoxide":          "caryophyllene-oxide",
	"cineole":            "eucalyptol",
	"18cineole":          "eucalyptol",
	"fenchylalcohol":     "fenchol",
	"3carene":            "carene",
	"delta3carene":       "carene",
	"humulen":            "humulene",
	"myrcen":             "myrcene",
}

var terpeneByKey = func() map[string]int {
	m := map[string]int{}
	for i, t := range Terpenes {
		m[terpeneKey(t.Name)] = i
	}
	for k, slug := range terpeneAliases {
		for i, t := range Terpenes {
			if t.Slug == slug {
				m[k] = i
			}
		}
	}
	return m
}()

// CanonicalTerpene folds a terpene name as a menu writes it to the canonical list:
// case, hyphens, spaces and the isomer prefixes ("alpha-", "β-", "b-", "d-", "trans-",
// "(E)-", "delta-3-") do not matter, and the aliases of the menus we have seen are
// known ("Caryo" is Beta-Caryophyllene). ok is false for anything else: a field that
// is not a terpene ("Total Terpenes", a cannabinoid) or one not on the list.
func CanonicalTerpene(name string) (TerpeneInfo, bool) {
	k := terpeneKey(name)
	if i, ok := terpeneByKey[k]; ok {
		return Terpenes[i], true
	}
	// Field names with the isomer glued on: Dispense's "alphapinene", "transNerolidol",
	// "threeCarene".
	for _, p := range []string{"alpha", "beta", "gamma", "delta", "trans", "cis", "three"} {
		if rest, ok := strings.CutPrefix(k, p); ok && len(rest) > 3 {
			if i, ok := terpeneByKey[rest]; ok {
				return Terpenes[i], true
			}
		}
	}
	return TerpeneInfo{}, false
}

// isomerPrefixes are dropped from the front of a terpene key, longest first.
var isomerPrefixes = []string{"delta", "alpha", "gamma", "trans", "beta", "cis", "a", "b", "d", "e", "g", "l", "z", "α", "β", "γ", "δ"}

// terpeneKey lower-cases a name, keeps letters and digits only, and drops leading isomer
// markers: "β-Myrcene", "beta myrcene", "Myrcene" and "(-)-b-Myrcene" all give "myrcene".
// Canonical names are keyed the same way, so "Beta-Caryophyllene" is "caryophyllene"
// before the alias table sends it back to Beta-Caryophyllene.
func terpeneKey(name string) string {
	s := strings.ToLower(strings.TrimSpace(name))
	// Split off the prefix words first: "alpha-pinene", "b-myrcene", "(e)-nerolidol",
	// "trans nerolidol", "delta-3-carene".
	fields := strings.FieldsFunc(s, func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
	for len(fields) > 1 && isIsomerMarker(fields[0]) {
		fields = fields[1:]
	}
	k := strings.Join(fields, "")
	// "βmyrcene" written without a separator.
	for _, p := range []string{"α", "β", "γ", "δ"} {
		k = strings.TrimPrefix(k, p)
	}
	return k
}

func isIsomerMarker(w string) bool {
	for _, p := range isomerPrefixes {
		if w == p {
			return true
		}
	}
	return false
}
