package scraper

import (
	"strings"

	"github.com/ohiomc/omc/data"
)

// This file knows a product's form: what, beside brand, name and size, makes two items
// one store sells different ("smalls" and whole buds of one strain, a cart and a
// disposable of one oil). The product code keeps the form (Identify), and the strain of
// a product never holds it (StrainName).

// formSpellings maps the ways menus and platforms write a form (labelKey of one to
// three words) to the one way the site writes it. Whole buds, singles and packs are
// the plain product of their category: they are no form, so the codes of plain products
// stay as they were before forms counted.
var formSpellings = map[string]string{
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

// maxFormWords is the most words a spelling in formSpellings has.
const maxFormWords = 3

// formsIn lists the forms a text names, in the order it names them, each once: the
// longest spelling wins where two start at one word ("live resin" over "resin").
func formsIn(text string) []string {
	words := strings.Fields(labelKey(text))
	var out []string
	for i := 0; i < len(words); {
		n := longestForm(words[i:])
		if n == 0 {
			i++
			continue
		}
		if f := formSpellings[strings.Join(words[i:i+n], " ")]; !containsFold(out, f) {
			out = append(out, f)
		}
		i += n
	}
	return out
}

// longestForm is how many of the first words make the longest form spelling, 0 for none.
func longestForm(words []string) int {
	for n := min(maxFormWords, len(words)); n > 0; n-- {
		if _, ok := formSpellings[strings.Join(words[:n], " ")]; ok {
			return n
		}
	}
	return 0
}

func containsFold(list []string, s string) bool {
	for _, v := range list {
		if strings.EqualFold(v, s) {
			return true
		}
	}
	return false
}

// hasForms says which categories a form tells apart: edibles (gummies, chews) name their
// kind in the name already, and their codes stay as they were.
func hasForms(c data.Category) bool {
	return c == data.Flower || c == data.Preroll || c == data.Vape || c == data.Extract
}

// plainForms are the forms a category's word already means: a vape is a cart of
// distillate unless it says otherwise. The platform's subtype adds them to no name, so
// the plain vapes keep the codes they had before forms counted.
var plainForms = map[data.Category]map[string]bool{
	data.Vape: {"Cart": true, "Distillate": true},
}

// withForm is a product's name with the forms its platform labels give (subtype) that
// the name does not say, added at its end in the order the labels give them: "Dulce De
// Uva" with the subtype "smalls" is "Dulce De Uva Smalls", "Chimera #3" with "live rosin
// disposable" is "Chimera #3 Live Rosin Disposable". A name that says every form but
// the plain ones (or a product without a form) is returned as it is, so its code does not change; and
// a name that gained its forms gains nothing more.
func withForm(name, subtype string, c data.Category) string {
	if subtype == "" || !hasForms(c) {
		return name
	}
	said := formsIn(name)
	var add []string
	for _, f := range formsIn(subtype) {
		if !containsFold(said, f) && !plainForms[c][f] {
			add = append(add, f)
		}
	}
	if len(add) == 0 {
		return name
	}
	return name + " " + strings.Join(add, " ")
}

// SubtypeOf joins the platform's form labels of a product as data.Offer.Subtype holds
// them: the non-empty ones, trimmed, each once.
func SubtypeOf(labels ...string) string {
	var kept []string
	for _, l := range labels {
		if l = strings.TrimSpace(l); l != "" && !containsFold(kept, l) {
			kept = append(kept, l)
		}
	}
	return strings.Join(kept, "; ")
}

// productWords are the words, beside the forms, that name a kind of product rather
// than a strain when they end or start a product name ("Tangie Vape Pen", "Gelato
// Gummies"), by labelKey.
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
	k := labelKey(text)
	_, form := formSpellings[k]
	return form || productWords[k]
}

// strainCatalogue is the embedded strain catalogue StrainName checks names against; nil
// (no catalogue) when it cannot be read, which its own tests rule out.
var strainCatalogue = func() *data.StrainCatalogue {
	c, err := data.Strains()
	if err != nil {
		return nil
	}
	return c
}()

// withoutFormWords takes the forms and product words off both ends of a strain name
// ("Wedding Cake Live Resin Badder" → "Wedding Cake", "Cart - Tangie" → "Tangie"), and
// stops as soon as the catalogue knows what is left ("Lemon Sugar" stays, it is a
// strain). Words inside the name stay ("Hash Plant Cart" → "Hash Plant"). A name that
// is only form words is kept whole.
func withoutFormWords(name string) string {
	words := strings.Fields(name)
	for len(words) > 0 {
		if _, known := strainCatalogue.Lookup(strings.Join(words, " ")); known {
			break
		}
		rest := trimFormEnd(words)
		if len(rest) == len(words) {
			break
		}
		words = rest
	}
	if len(words) == 0 || !hasLetter(strings.Join(words, " ")) {
		return name
	}
	return strings.Join(words, " ")
}

// trimFormEnd drops the longest form (up to maxFormWords words) at the end of words,
// else at the start (unless it is an ordinaryLead word), with the separators it leaves; words as they were when neither
// end is a form.
func trimFormEnd(words []string) []string {
	for n := min(maxFormWords, len(words)); n > 0; n-- {
		if isFormText(strings.Join(words[len(words)-n:], " ")) {
			return trimSeparators(words[:len(words)-n])
		}
	}
	for n := min(maxFormWords, len(words)); n > 0; n-- {
		if lead := strings.Join(words[:n], " "); isFormText(lead) && !ordinaryLead[labelKey(lead)] {
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
