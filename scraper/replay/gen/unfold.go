package main

import (
	"regexp"
	"strings"
)

// OHCanna's Bloom scraper splits a product title into name, brand and format
// by position, and some titles defeat it (AICincy/OH-DCC-MJ, snapshots of
// 2026-06-30 and 2026-07-01):
//
//   - brand and format UNKNOWN, the whole title in the name:
//     "Muul Fuel Belushi's Farm whole buds";
//   - a brand word pushed into the format: name "Chem 'n", brand "Cookies",
//     format "Rythm whole buds" (Rythm's Chem 'n Cookies).
//
// The product URL's slug keeps the true order, "<brand>-<strain>[-<format>]-<size>g-<type>"
// ("belushis-farm-muul-fuel-2-83g-indica", "rythm-chem-n-cookies-2-83g-hybrid"),
// so the title is split where the slug says. A title no split explains is
// left as OHCanna recorded it.

// productFormats are the clean formats of the Ohio files, longest first so
// "live resin cart" is not read as "resin cart".
var productFormats = []string{
	"live liquid diamond disposable", "liquid diamond disposable", "live resin airo pod", "distillate airo pod",
	"live resin disposable", "live rosin disposable", "distillate disposable", "full spec disposable", "full spec luster pod",
	"live resin cart", "live rosin cart", "cured resin cart", "distillate cart", "full spec cart", "CO2 cart",
	"live resin", "live badder", "whole buds", "mixed buds", "smalls", "rosin",
}

var (
	slugTail = regexp.MustCompile(`-\d+(?:-\d+)?g(?:-(?:indica|sativa|hybrid|cbd))?$`)
	// Bloom's slugs name some flower formats after the strain: "-small-buds", "-popcorn".
	slugFormat   = regexp.MustCompile(`-(?:small-buds|smalls|popcorn|whole-buds|mixed-buds)$`)
	slugInnerDot = regexp.MustCompile(`([a-z0-9])\.([a-z0-9])`)
	slugDrop     = regexp.MustCompile(`['’.]`)
	slugSep      = regexp.MustCompile(`[^a-z0-9]+`)
)

// slugify spells s as Bloom's slugs do: lower case, apostrophes and dots
// dropped ("O'dank" → "odank", "P." → "p"), other runs of symbols one dash
// ("R.o." → "r-o" because the dot sits between letters).
func slugify(s string) string {
	s = strings.ToLower(s)
	s = slugInnerDot.ReplaceAllString(s, "$1-$2")
	s = slugDrop.ReplaceAllString(s, "")
	return strings.Trim(slugSep.ReplaceAllString(s, "-"), "-")
}

// splitFormat separates a known format from the end of s: "Rythm whole buds"
// → "Rythm", "whole buds". It returns "", "" when s ends with none.
func splitFormat(s string) (rest, format string) {
	lower := strings.ToLower(s)
	for _, f := range productFormats {
		if lower == strings.ToLower(f) {
			return "", f
		}
		if strings.HasSuffix(lower, " "+strings.ToLower(f)) {
			return strings.TrimSpace(s[:len(s)-len(f)-1]), f
		}
	}
	return "", ""
}

// unfoldTitle splits title ("<strain> <brand>") where the slug, whose start is
// "<brand slug>-<strain slug>", says. The brand may be spelled longer in the
// title than in the slug ("Ascension Bio-medical" is "ascension"). It returns
// ok false when no split explains the slug.
func unfoldTitle(title, slug string) (strain, brand string, ok bool) {
	base := slugFormat.ReplaceAllString(slugTail.ReplaceAllString(slug, ""), "")
	words := strings.Fields(title)
	for k := 1; k < len(words); k++ {
		strain, brand = strings.Join(words[:k], " "), strings.Join(words[k:], " ")
		s := slugify(strain)
		prefix, found := strings.CutSuffix(base, "-"+s)
		if !found || prefix == "" || s == "" {
			continue
		}
		b := slugify(brand)
		if b == prefix || strings.HasPrefix(b, prefix+"-") {
			return strain, brand, true
		}
	}
	return "", "", false
}

// unfoldRecord repairs a record OHCanna split wrongly (see above); others come
// back as they were, with "" for UNKNOWN.
func unfoldRecord(name, brand, format, slug string) (string, string, string) {
	name, brand, format = strings.TrimSpace(name), strings.TrimSpace(brand), strings.TrimSpace(format)
	if brand == "UNKNOWN" {
		brand = ""
	}
	if format == "UNKNOWN" {
		format = ""
	}
	var title, cleanFormat string
	switch extra, f := splitFormat(format); {
	case brand == "" && format == "":
		// The whole title is in the name, its format at the end.
		rest, f := splitFormat(name)
		title, cleanFormat = rest, f
		if f == "" {
			title = name
		}
	case f != "" && extra != "":
		// A brand word in the format: the title is name, brand and that word.
		title, cleanFormat = strings.TrimSpace(name+" "+brand+" "+extra), f
	default:
		return name, brand, format
	}
	strain, b, ok := unfoldTitle(title, slug)
	if !ok {
		return name, brand, format
	}
	return strain, b, cleanFormat
}
