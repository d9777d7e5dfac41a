package scraper

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/ohiomc/omc/data"
)

// ProductCode is the product's code (DESIGN.md §4): brand, name and size folded to
// lower case words joined by hyphens, so that the same product listed by two stores on
// two platforms gets one code, and a re-run gets the same one. The size is the
// normalised weight or dose ("3-5g", "100mg"), not the platform's label, so Jane's
// "half gram" and Dutchie's ".5g" agree.
func ProductCode(o data.Offer) string {
	parts := []string{o.Brand, o.Name}
	switch {
	case o.Milligrams > 0:
		parts = append(parts, formatAmount(o.Milligrams)+"mg")
	case o.Grams > 0:
		parts = append(parts, formatAmount(o.Grams)+"g")
	}
	code := slugWordsOf(strings.Join(parts, " "))
	if code == "" {
		// A product with no readable name still needs a stable code.
		code = "product-" + slugWordsOf(o.ProductID)
	}
	return code
}

// formatAmount writes a weight or dose with at most two decimals and no trailing zeros.
func formatAmount(v float64) string {
	return strconv.FormatFloat(float64(int64(v*100+0.5))/100, 'f', -1, 64)
}

// slugWordsOf lower-cases s and joins its runs of letters and digits with hyphens,
// dropping accents' marks and every other character.
func slugWordsOf(s string) string {
	var b strings.Builder
	pendingDash := false
	for _, r := range strings.ToLower(s) {
		switch {
		case r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if pendingDash && b.Len() > 0 {
				b.WriteByte('-')
			}
			pendingDash = false
			b.WriteRune(r)
		case r == '.':
			// "3.5g" stays one word: "3-5g" reads better than "3-5-g" and is still URL-safe.
			pendingDash = true
		default:
			pendingDash = true
		}
	}
	return b.String()
}

// Identify gives an offer its product code. The scrape run calls it on every offer
// before the offer is stored, so every stored offer carries the code its product is
// known by across Ohio.
func Identify(o *data.Offer) {
	o.Code = ProductCode(*o)
}
