package scraper

import (
	"regexp"
	"strings"
	"unicode"
)

// formatSuffix are the product-format words Ohio menus append to a flower name
// ("Wedding Cake R.o. whole buds").
var formatSuffix = regexp.MustCompile(`(?i)\s+(?:whole buds?|whole flower|small buds|smalls|popcorn|shake|ground flower|ground|flower)\s*$`)

// SplitBrandFromName recovers the brand of a record that lost it: a known defect of
// Ohio Jane menus (fixtures/ohcanna-snapshots/PROVENANCE.md) leaves the brand field empty
// and appends the brand to the name ("Wedding Cake R.o. whole buds"), while the URL slug
// keeps the usual brand-first order ("r-o-wedding-cake-2-83g-hybrid"). When the name's
// trailing words spell the slug's leading words, they are the brand. ok is false when
// the two do not line up that way; nothing is guessed then.
func SplitBrandFromName(name, slug string) (strain, brand string, ok bool) {
	core := slugTail.ReplaceAllString(strings.ToLower(strings.TrimSpace(slug)), "")
	bare := strings.TrimSpace(formatSuffix.ReplaceAllString(name, ""))
	tokens := strings.Fields(bare)
	if core == "" || len(tokens) < 2 {
		return "", "", false
	}
	// Try brands of one trailing word, then two, and so on; the strain keeps at least one.
	for k := 1; k < len(tokens); k++ {
		brandTokens, strainTokens := tokens[len(tokens)-k:], tokens[:len(tokens)-k]
		b, s := slugWords(brandTokens), slugWords(strainTokens)
		if b == "" || s == "" {
			continue
		}
		if core == b+"-"+s {
			return strings.Join(strainTokens, " "), strings.Join(brandTokens, " "), true
		}
	}
	return "", "", false
}

// slugWords writes tokens as a URL slug does: lower case, apostrophes dropped, every
// other run of punctuation a single hyphen.
func slugWords(tokens []string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(strings.Join(tokens, " ")) {
		switch {
		case r == '\'' || r == '’':
			continue
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		default:
			dash = true
		}
	}
	return b.String()
}
