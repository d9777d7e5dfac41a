package scraper

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// ProductCode is the product's code (docs/design.md §4): brand, name, category and size
// folded to lower-case words joined by hyphens ("klutch-wedding-cake-flower-3-5g"), so
// that the same product listed by two stores on two platforms gets one code and a
// re-run gets the same one. Brand and name are taken as CleanBrand and CleanName give
// them (brand spellings merged, brand and size folded out of the name, pack counts
// written one way); the size is the normalised weight or dose, not the platform's
// label, so Jane's "half gram" and Dutchie's ".5g" agree. The category word is left out
// when the name already says it ("…-pre-roll-1g", "…-gummies-100mg") and for Other.
// The code of a cleaned offer is the code of the offer before cleaning. A code is at
// most data.MaxCode bytes (boundCode).
//
// The form the platform gives apart from the name (Subtype: "smalls", "live rosin
// cart") counts as part of the name where the name does not say it (withForm): a
// store's smalls and its whole buds of one strain are two products.
func ProductCode(o data.Offer) string {
	return boundCode(productCode(o, withForm(CleanName(o.Name, o.Brand, o.Grams, o.Milligrams), o.Subtype, o.Category)))
}

// productCode is ProductCode with the offer's cleaned name already at hand.
func productCode(o data.Offer, cleanName string) string {
	if code, ok := productCodeOf(o.Brand, cleanName, o.Category, o.Grams, o.Milligrams); ok {
		return code
	}
	return fallbackCode(o.Brand, o.ProductID)
}

// productCodeOf is the code of a product from its brand, cleaned name, category and
// size; ok is false when they make no readable code (fallbackCode then gives one).
func productCodeOf(brand, cleanName string, cat data.Category, grams, mg float64) (string, bool) {
	if strings.ContainsAny(cleanName, "0123456789") {
		cleanName = packWords.ReplaceAllString(cleanName, " ${1}pk ")
	}
	name := wordKey(cleanName)
	parts := []string{brandKey(brand), name}
	if w := categoryWord(cat, name); w != "" {
		parts = append(parts, w)
	}
	switch {
	case mg > 0:
		parts = append(parts, formatAmount(mg)+"mg")
	case grams > 0:
		parts = append(parts, formatAmount(grams)+"g")
	}
	code := slugWordsOf(strings.Join(parts, " "))
	return code, code != "" && name != ""
}

// fallbackCode is the code of a product with no readable name: it still needs a stable
// one, made of its brand and id.
func fallbackCode(brand, productID string) string {
	return slugWordsOf(strings.Join([]string{"product", brandKey(brand), productID}, " "))
}

// packWords are the ways menus write a pack count: "(2 Pack)", "2-Pack", "[10pk]",
// "10 piece", "10pcs", "5 ct". The code writes them all "2pk".
var packWords = regexp.MustCompile(`(?i)[(\[]?\s*\b(\d+)\s*-?\s*(?:pk|packs?|ct|count|pieces?|pcs?)\b\s*[)\]]?`)

// categoryWord is the category's word in a code: empty for Other, and when the name
// already holds one of the category's labels (categoryLabels) as whole words.
func categoryWord(c data.Category, nameKey string) string {
	if c == "" || c == data.Other {
		return ""
	}
	words := strings.Fields(nameKey)
	for n := 1; n <= 3; n++ {
		for i := 0; i+n <= len(words); i++ {
			if categoryLabels[strings.Join(words[i:i+n], " ")] == c {
				return ""
			}
		}
	}
	return strings.ToLower(string(c))
}

// formatAmount writes a weight or dose with at most two decimals and no trailing zeros.
func formatAmount(v float64) string {
	return strconv.FormatFloat(float64(int64(v*100+0.5))/100, 'f', -1, 64)
}

// slugWordsOf folds s to its words (wordKey) joined by hyphens: lower-case ASCII
// letters and digits only, so always URL-safe. "3.5g" becomes "3-5g".
func slugWordsOf(s string) string {
	return strings.ReplaceAll(wordKey(s), " ", "-")
}

// Identify cleans an offer's display fields and gives it its product code. The scrape
// run calls it on every offer before the offer is stored, so every stored offer carries
// the name the site shows and the code its product is known by across Ohio. Brand,
// name and strain are cleaned (CleanBrand, CleanName, CleanStrain); the platform's size
// label, ids, figures, terpenes and lineage are left as the menu gave them. A form the
// platform's subtype gives and the name does not say is added to the name ("Dulce De
// Uva Smalls"), so the menu shows which item is which and the code tells them apart.
// Calling it twice changes nothing more.
func Identify(o *data.Offer) {
	id := identities.get(identityKey{name: o.Name, brand: o.Brand, strain: o.Strain, subtype: o.Subtype,
		category: o.Category, grams: o.Grams, mg: o.Milligrams}, identify)
	o.Code = id.code
	if !id.codeOK {
		o.Code = fallbackCode(o.Brand, o.ProductID)
	}
	o.Brand, o.Name, o.Strain = id.brand, id.name, id.strain
	o.Code = boundCode(o.Code)
}

// identityKey is what Identify reads of an offer, but for the product id, which only a
// product without a readable name needs (identity.codeOK false).
type identityKey struct {
	name, brand, strain, subtype string
	category                     data.Category
	grams, mg                    float64
}

// identity is what Identify writes to an offer with the fields of its key.
type identity struct {
	name, brand, strain, code string
	codeOK                    bool
}

// identities remembers Identify's work per distinct offer key: a few tens of thousands
// of products make the hundreds of thousands of offers of a run.
var identities = newMemo[identityKey, identity](1 << 17)

func identify(k identityKey) identity {
	cleaned := CleanName(k.name, k.brand, k.grams, k.mg)
	name := withForm(cleaned, k.subtype, k.category)
	code, ok := productCodeOf(k.brand, name, k.category, k.grams, k.mg)
	strain := k.strain
	// A strain named after its brand ("Josh D OG" by Josh D) lost the brand in the
	// adapter's StrainName, leaving "OG"; the cleaned name kept it.
	if sk := wordKey(strain); sk != "" && wordKey(cleaned) == brandKey(k.brand)+" "+sk {
		strain = StrainName(cleaned, "")
	}
	return identity{name: name, brand: CleanBrand(k.brand), strain: CleanStrain(strain), code: code, codeOK: ok}
}
