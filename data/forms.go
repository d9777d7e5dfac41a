package data

import (
	"strings"
	"unicode"
)

// A product's form (smalls, shake, cart, disposable, live resin, badder...) is what,
// beside brand, name and size, makes two items one store sells different. The scraper
// keeps it in product codes (scraper.Identify); a strain never holds it
// (StrainWithoutForms), so the strain index and api/statistics' topFlower list strains,
// not products ("Tangie", not "Tangie Cart").

// MaxFormWords is the most words a spelling in FormSpellings has.
const MaxFormWords = 3

// FormSpellings maps the ways menus and platforms write a form (LabelKey: lower case,
// punctuation runs as one space; one to MaxFormWords words) to the one way the site
// writes it. Whole buds, singles and packs are the plain product of their category:
// they are no form, so the codes of plain products stay as they were before forms
// counted.
var FormSpellings = map[string]string{
	// Flower.
	"smalls": "Smalls", "small buds": "Smalls", "small bud": "Smalls",
	"shake": "Shake", "popcorn": "Popcorn", "popcorn buds": "Popcorn", "trim": "Trim",
	"pre pack": "Pre-Pack", "prepack": "Pre-Pack", "pre packed": "Pre-Pack", "prepacked": "Pre-Pack",
	"ground": "Ground", "pre ground": "Ground", "preground": "Ground", "ground flower": "Ground", "milled": "Ground",
	// Pre-rolls.
	"infused": "Infused",
	// Vape hardware.
	"cart": "Cart", "carts": "Cart", "cartridge": "Cart", "cartridges": "Cart",
	"disposable": "Disposable", "disposables": "Disposable", "pod": "Pod", "pods": "Pod",
	"all in one": "All-in-One", "aio": "All-in-One",
	// How the oil or the extract is made.
	"live resin": "Live Resin", "cured resin": "Cured Resin", "cured": "Cured Resin",
	"live rosin": "Live Rosin", "rosin": "Rosin", "hash rosin": "Hash Rosin",
	"distillate": "Distillate", "full spec": "Full Spectrum", "full spectrum": "Full Spectrum",
	"co2": "CO2", "liquid diamond": "Liquid Diamonds", "liquid diamonds": "Liquid Diamonds",
	"live liquid diamond": "Live Liquid Diamonds", "live liquid diamonds": "Live Liquid Diamonds",
	// The extract's texture.
	"badder": "Badder", "batter": "Badder", "budder": "Budder", "shatter": "Shatter", "wax": "Wax",
	"sugar": "Sugar", "crumble": "Crumble", "diamonds": "Diamonds", "sauce": "Sauce", "rso": "RSO",
	"hash": "Hash", "kief": "Kief", "jam": "Jam",
}

// productWords are the words, beside the forms, that name a kind of product rather
// than a strain when they end or start a product name ("Tangie Vape Pen", "Gelato
// Gummies"), by LabelKey.
var productWords = map[string]bool{
	"vape": true, "vapes": true, "pen": true, "vape pen": true, "vape cart": true, "resin": true, "oil": true,
	"extract": true, "extracts": true, "concentrate": true, "concentrates": true, "dab": true, "dabs": true,
	"pre roll": true, "pre rolls": true, "preroll": true, "prerolls": true, "pre rolled": true, "joint": true,
	"joints": true, "blunt": true, "blunts": true, "single": true, "singles": true, "pack": true,
	"whole buds": true, "whole bud": true, "whole flower": true, "mixed buds": true, "flower": true,
	"buds": true, "gummies": true, "gummy": true, "chews": true, "chew": true,
	"edible": true, "edibles": true, "live": true,
}

// isFormText says whether text (one to three words) names a form or a kind of product.
func isFormText(text string) bool {
	k := LabelKey(text)
	_, form := FormSpellings[k]
	return form || productWords[k]
}

// StrainWithoutForms takes the forms and product words off both ends of a strain name
// ("Wedding Cake Live Resin Badder" → "Wedding Cake", "Cart - Tangie" → "Tangie"), and
// stops as soon as the catalogue knows what is left ("Lemon Sugar" stays, it is a
// strain). Words inside the name stay ("Hash Plant Cart" → "Hash Plant"). A name that
// is only form words is kept whole.
func StrainWithoutForms(name string) string {
	catalogue, _ := Strains() // nil when broken, which its tests rule out: Lookup then knows nothing
	words := strings.Fields(name)
	for len(words) > 0 {
		if _, known := catalogue.Lookup(strings.Join(words, " ")); known {
			break
		}
		rest := trimFormEnd(words)
		if len(rest) == len(words) {
			break
		}
		words = rest
	}
	if len(words) == 0 || !strings.ContainsFunc(strings.Join(words, " "), unicode.IsLetter) {
		return name
	}
	return strings.Join(words, " ")
}

// trimFormEnd drops the longest form (up to MaxFormWords words) at the end of words,
// else at the start (unless it is an ordinaryLead word), with the separators it leaves; words as they were when neither
// end is a form.
func trimFormEnd(words []string) []string {
	for n := min(MaxFormWords, len(words)); n > 0; n-- {
		if isFormText(strings.Join(words[len(words)-n:], " ")) {
			return trimSeparators(words[:len(words)-n])
		}
	}
	for n := min(MaxFormWords, len(words)); n > 0; n-- {
		if lead := strings.Join(words[:n], " "); isFormText(lead) && !ordinaryLead[LabelKey(lead)] {
			return trimSeparators(words[n:])
		}
	}
	return words
}

// ordinaryLead are the form and product words that also start names as ordinary words
// ("Sugar Free Lemonade", "Joint Relief", "RSO Klik", "Live Wire"): at the start of a
// name they stay.
var ordinaryLead = map[string]bool{
	"sugar": true, "joint": true, "joints": true, "jam": true, "sauce": true, "wax": true, "hash": true,
	"pack": true, "live": true, "single": true, "singles": true, "trim": true, "ground": true, "oil": true,
	"resin": true, "pen": true, "dab": true, "flower": true, "buds": true, "chew": true, "chews": true,
	"rso": true, "kief": true, "pod": true, "co2": true, "cured": true,
}

// trimSeparators drops the words without a letter or digit ("-", "|") at both ends.
func trimSeparators(words []string) []string {
	for len(words) > 0 && !hasAlnum(words[0]) {
		words = words[1:]
	}
	for len(words) > 0 && !hasAlnum(words[len(words)-1]) {
		words = words[:len(words)-1]
	}
	return words
}

// LabelKey lower-cases s and turns punctuation runs into single spaces, so "Pre-Rolls",
// "pre_rolls" and "PRE ROLLS" meet: the one key of a platform's category, subtype and
// lineage labels (data's forms, the scraper's categories and strain types).
func LabelKey(s string) string {
	var b strings.Builder
	space := false
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if space && b.Len() > 0 {
				b.WriteByte(' ')
			}
			space = false
			b.WriteRune(r)
			continue
		}
		space = true
	}
	return b.String()
}

func hasAlnum(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}
