package scraper

import (
	"strings"

	"github.com/ohiomc/omc/data"
)

// This file knows a product's form: what, beside brand, name and size, makes two items
// one store sells different ("smalls" and whole buds of one strain, a cart and a
// disposable of one oil). The product code keeps the form (Identify), and the strain of
// a product never holds it (StrainName, data.StrainWithoutForms). The spellings of the
// forms are data.FormSpellings.

// maxFormWords is the most words a spelling in formSpellings has.
const maxFormWords = data.MaxFormWords

// formsIn lists the forms a text names, in the order it names them, each once: the
// longest spelling wins where two start at one word ("live resin" over "resin").
func formsIn(text string) []string {
	words := strings.Fields(data.LabelKey(text))
	var out []string
	for i := 0; i < len(words); {
		n := longestForm(words[i:])
		if n == 0 {
			i++
			continue
		}
		if f := data.FormSpellings[strings.Join(words[i:i+n], " ")]; !containsFold(out, f) {
			out = append(out, f)
		}
		i += n
	}
	return out
}

// longestForm is how many of the first words make the longest form spelling
// (data.FormSpellings), 0 for none.
func longestForm(words []string) int {
	for n := min(maxFormWords, len(words)); n > 0; n-- {
		if _, ok := data.FormSpellings[strings.Join(words[:n], " ")]; ok {
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
	forms := subtypeForms(subtype, c)
	if len(forms) == 0 {
		return name
	}
	said := formsIn(name)
	var add []string
	for _, f := range forms {
		if !containsFold(said, f) {
			add = append(add, f)
		}
	}
	if len(add) == 0 {
		return name
	}
	return name + " " + strings.Join(add, " ")
}

// subtypeForms are the forms a product's platform labels (data.Offer.Subtype) give it, as
// the site writes them, in the order the labels give them: none for a category whose
// items have no forms (edibles, Other) and none of the category's plain forms
// ("distillate cart" gives a vape nothing). Two items of one name, brand and size with
// the same forms are one product, whichever platform and spelling listed them.
func subtypeForms(subtype string, c data.Category) []string {
	if subtype == "" || !hasForms(c) {
		return nil
	}
	var out []string
	for _, f := range formsIn(subtype) {
		if !plainForms[c][f] {
			out = append(out, f)
		}
	}
	return out
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
