package scraper

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/ohiomc/omc/data"
)

// categoryLabels maps every platform category label we have seen (Jane kind and
// custom_product_type, Dutchie type, and the common spellings of menus) to a tracked
// category. Keys are normalised by data.LabelKey. A label not listed is Other.
var categoryLabels = map[string]data.Category{
	"flower": data.Flower, "flowers": data.Flower, "bud": data.Flower, "buds": data.Flower,
	"pre roll": data.Preroll, "pre rolls": data.Preroll, "preroll": data.Preroll, "prerolls": data.Preroll,
	"pre rolled": data.Preroll, "joint": data.Preroll, "joints": data.Preroll, "infused pre roll": data.Preroll,
	"infused pre rolls": data.Preroll, "blunt": data.Preroll, "blunts": data.Preroll,
	"vape": data.Vape, "vapes": data.Vape, "vaporizer": data.Vape, "vaporizers": data.Vape,
	"vape pen": data.Vape, "vape pens": data.Vape, "cartridge": data.Vape, "cartridges": data.Vape,
	"cart": data.Vape, "carts": data.Vape, "disposable": data.Vape, "disposables": data.Vape, "pod": data.Vape, "pods": data.Vape,
	"extract": data.Extract, "extracts": data.Extract, "concentrate": data.Extract, "concentrates": data.Extract,
	"dab": data.Extract, "dabs": data.Extract, "wax": data.Extract, "rso": data.Extract,
	"edible": data.Edible, "edibles": data.Edible, "gummy": data.Edible, "gummies": data.Edible,
	"chocolate": data.Edible, "chocolates": data.Edible, "beverage": data.Edible, "beverages": data.Edible,
	"drink": data.Edible, "drinks": data.Edible, "chew": data.Edible, "chews": data.Edible,
	// The platforms' own names for what is not tracked. Any of them makes the product
	// Other, whatever its other labels (see Category).
	"tincture": data.Other, "tinctures": data.Other, "topical": data.Other, "topicals": data.Other,
	"oral": data.Other, "capsule": data.Other, "capsules": data.Other, "accessory": data.Other,
	"accessories": data.Other, "battery": data.Other, "batteries": data.Other, "gear": data.Other,
	"merch": data.Other, "merchandise": data.Other, "apparel": data.Other, "paraphernalia": data.Other,
}

// Category is the one rule every adapter maps a product's category labels by (the
// platform's fields, most telling first: a main category, then subtypes):
//
//   - a product any of whose labels names a kind outside the five tracked categories
//     (tincture, topical, oral, capsule, accessory, battery, gear, apparel) is Other,
//     whatever its other labels say: platforms file batteries under Vape Pens
//     (Weedmaps) or with a Vaporizer type (Sweed), tinctures under Edibles, and a
//     Dutchie Accessories product may have the subcategory "pods";
//   - otherwise the first label that names a tracked category decides: adapters pass
//     their labels most telling first (Jane's kind before its subtypes, Weedmaps' edge
//     category "Pre Roll" before its parent "Flower");
//   - a product none of whose labels is known is Other.
//
// Other is stored, not tiled.
func Category(labels ...string) data.Category {
	found := data.Other
	for _, l := range labels {
		c, ok := categoryLabels[data.LabelKey(l)]
		switch {
		case !ok:
		case c == data.Other:
			return data.Other
		case found == data.Other:
			found = c
		}
	}
	return found
}

// StrainType normalises a lineage label to indica, sativa or hybrid, "" otherwise
// (Dutchie's "N/A", "High CBD", Plus's "THC").
func StrainType(s string) string {
	k := data.LabelKey(s)
	switch {
	case k == "indica" || k == "indica hybrid" || k == "indica dominant" || k == "indica dominant hybrid":
		return "indica"
	case k == "sativa" || k == "sativa hybrid" || k == "sativa dominant" || k == "sativa dominant hybrid":
		return "sativa"
	case k == "hybrid":
		return "hybrid"
	}
	return ""
}

// ouncesGrams are the weights of the fractions of an ounce as US menus sell them
// (an eighth is 3.5 g, not 3.54 g). Ohio's tenth-of-an-ounce family (2.83, 5.66,
// 14.15, 28.3 g) is written in grams and parsed as written.
var ouncesGrams = map[string]float64{
	"1/8": 3.5, "1/4": 7, "1/2": 14, "1": 28, "1/16": 1.75, "1/10": 2.83, "1/5": 5.66,
}

// wordSizes are the size words of Jane's weight buckets and menus that write them out.
var wordSizes = map[string]float64{
	"half gram": 0.5, "gram": 1, "two gram": 2, "eighth ounce": 3.5, "eighth": 3.5,
	"quarter ounce": 7, "quarter": 7, "half ounce": 14, "half": 14, "ounce": 28,
}

var (
	// sizeOz reads "1/8oz", "1/8 oz", "1 oz".
	sizeOz = regexp.MustCompile(`(?i)(?:^|[^\d/.])(1/16|1/10|1/8|1/5|1/4|1/2|1)\s*oz\b`)
	// sizeMetric reads "3.5g", ".5g", "1gC", "2.83 g", "100mg", "100 mg", "0.025g"; the
	// slug form "2-83g" is turned into "2.83g" by slugDecimal first.
	sizeMetric = regexp.MustCompile(`(?i)(?:^|[^\d.])(\d*\.?\d+)\s*(mg|g|gc|gram|grams)\b`)
	// slugDecimal finds a slug's "2-83g" (a decimal point written as a hyphen).
	slugDecimal = regexp.MustCompile(`(?i)\b(\d+)-(\d+)(mg|g)\b`)
	// sizePack reads a pack of units, count first or weight first: "5 x 0.5g",
	// "0.5g x 5", "2 × .35g".
	sizePack = regexp.MustCompile(`(?i)(?:\b(\d+)\s*[x×]\s*(\d*\.?\d+)\s*(?:g|gram|grams)\b)|(?:(\d*\.?\d+)\s*(?:g|gram|grams)\s*[x×]\s*(\d+)\b)`)
)

const digits = "0123456789"

// Size is what a size label says: the package weight in grams, or the THC content in
// milligrams for a label like "10pk/100mg". Both are 0 when the label says neither
// ("N/A", "each").
type Size struct {
	Grams, Milligrams float64
}

// ParseSize reads a size label: "1/8oz", "3.5g", "eighth ounce", "1 g", "1gC", ".5g",
// "2.83g", "10pk/100mg", "5 x 0.5g", "N/A". When a label holds several figures
// ("10pk/100mg", "1g (2 x 0.5g)"), the first metric one is the package (a pack's unit
// weight counts as the pack) and mg wins over g.
func ParseSize(label string) Size {
	return sizes.get(label, parseSize)
}

// sizes and strainNames remember ParseSize and StrainName per distinct input: every
// store lists the same products, and both run regular expressions.
var (
	sizes       = newMemo[string, Size](1 << 16)
	strainNames = newMemo[[2]string, string](1 << 16)
)

func parseSize(label string) Size {
	s := strings.TrimSpace(label)
	if s == "" {
		return Size{}
	}
	if g, ok := wordSizes[data.LabelKey(s)]; ok {
		return Size{Grams: g}
	}
	if !strings.ContainsAny(s, digits) {
		return Size{} // every pattern below reads a figure; most names have none
	}
	if strings.Contains(s, "-") {
		s = slugDecimal.ReplaceAllString(s, "$1.$2$3")
	}
	// Each pattern is tried only when its unit can be there: g (mg, g, gram), x (a
	// pack of grams), z (oz).
	var out Size
	if strings.ContainsAny(s, "gG") {
		for _, m := range sizeMetric.FindAllStringSubmatch(s, -1) {
			v, err := strconv.ParseFloat(m[1], 64)
			if err != nil || v <= 0 {
				continue
			}
			switch strings.ToLower(m[2]) {
			case "mg":
				if out.Milligrams == 0 {
					out.Milligrams = v
				}
			default:
				if out.Grams == 0 {
					out.Grams = v
				}
			}
		}
	}
	// "5 x 0.5g (2.5g)": a first figure that is the unit weight of a pack stands for the
	// whole pack; "1g (2 x 0.5g)" states its package first and keeps it.
	if out.Grams > 0 && strings.ContainsAny(s, "xX×") {
		if m := sizePack.FindStringSubmatch(s); m != nil {
			count, unit := m[1], m[2]
			if count == "" {
				count, unit = m[4], m[3]
			}
			n, _ := strconv.ParseFloat(count, 64)
			w, _ := strconv.ParseFloat(unit, 64)
			if n >= 1 && n <= 100 && w > 0 && out.Grams == w {
				out.Grams = roundGrams(n * w)
			}
		}
	}
	if out.Grams == 0 && strings.ContainsAny(s, "zZ") {
		if m := sizeOz.FindStringSubmatch(s); m != nil {
			out.Grams = ouncesGrams[m[1]]
		}
	}
	if out.Milligrams > 0 {
		out.Grams = 0
	}
	return out
}

// EdibleMilligrams is the THC content of an edible package: the platform's own mg
// figure when it has one, else what the size label says. A label in grams under a gram
// ("0.025g", ".1g") is the THC weight, as Dutchie-fed menus write doses.
func EdibleMilligrams(platformMg float64, label string) float64 {
	if platformMg > 0 {
		return platformMg
	}
	sz := ParseSize(label)
	switch {
	case sz.Milligrams > 0:
		return sz.Milligrams
	case sz.Grams > 0 && sz.Grams < 1:
		return math.Round(sz.Grams * 1000)
	}
	return 0
}

// nearBucket reports whether a true weight plausibly sits in a nominal bucket: Jane
// forces Ohio's 2.83 g into "two gram" and 5.66 g into "eighth ounce".
func nearBucket(grams, nominal float64) bool {
	if grams <= 0 || nominal <= 0 {
		return false
	}
	r := grams / nominal
	return r > 0.6 && r < 1.7
}

var (
	// strainNoise are the words menus put around a strain name: formats, lineage
	// markers, pack counts and sizes. need lists characters one of which a name must
	// hold for the pattern to match at all ("" for none), and words substrings one of
	// which a name in ASCII must hold once lower-cased (a name with other characters
	// is matched anyway: case folding pairs ſ with s and K with k). Checking them
	// first spares the regexps, the largest cost of mapping a big menu.
	strainNoise = []struct {
		re    *regexp.Regexp
		need  string
		words []string
	}{
		// Canadian catalogue names repeat themselves: "Titanimal Cannabis Flower by Truro -
		// Titanimal Cannabis Flower by Truro" (2023 Dutchie capture). The strain comes first.
		{regexp.MustCompile(`(?i)\s(?:ground\s+)?cannabis\s+flower\s+by\b.*$`), "", []string{"cannabis"}},
		// Lineage markers, also combined: "(I)", "(I/H)" (Joint capture).
		{regexp.MustCompile(`(?i)\((?:i|s|h|indica|sativa|hybrid)(?:\s*/\s*(?:i|s|h|indica|sativa|hybrid))*\)`), "(", nil},
		// Pack counts in brackets: "(2-Pack)", "[10 Pack]", "(10 piece)", "(10 pcs)".
		{regexp.MustCompile(`(?i)[(\[]\s*\d+\s*-?\s*(?:pk|pack|ct|count|piece|pieces|pcs)\s*[)\]]`), digits, nil},
		// Dose and pack written together, which the size rule below would cut in half:
		// "10pk/100mg" and "5mg x 20-Pack" (Dutchie Plus option labels and names).
		{regexp.MustCompile(`(?i)\b\d+\s*(?:pk|pack)\s*/\s*\d*\.?\d+\s*mg\b`), digits, nil},
		{regexp.MustCompile(`(?i)\b\d*\.?\d+\s*mg\s*x\s*\d+\s*-?\s*(?:pk|pack|ct|count)\b`), digits, nil},
		{regexp.MustCompile(`(?i)\b\d*\.?\d+\s*(?:mg|g|gc|gram|grams|oz)\b`), digits, nil},
		{regexp.MustCompile(`(?i)\b1/\d+\s*oz\b`), "1", nil},
		{regexp.MustCompile(`(?i)\b(?:whole buds?|whole flower|small buds|smalls|popcorn|shake|ground flower|pre-?ground|ground|milled|grind|ready-to-roll|flower|pre-?rolls?|infused|minis?)\b`), "",
			[]string{"bud", "flower", "small", "popcorn", "shake", "ground", "milled", "grind", "roll", "infused", "mini"}},
		{regexp.MustCompile(`(?i)\b(?:indica|sativa|hybrid)\b\s*$`), "iI", nil},
		// Brackets left empty by the removals above: "Bluenana [4.2g]" (Jane capture).
		{regexp.MustCompile(`\[\s*\]|\(\s*\)`), "([", nil},
	}
	spaces = regexp.MustCompile(`\s+`)
)

// StrainName extracts the strain from a product name for the statistics: the name
// without brand, format words, sizes and lineage markers, and without the product's
// form at either end ("Tangie Cart", "Wedding Cake Badder": data.StrainWithoutForms) unless the
// strain catalogue knows the name with it. Names written as
// "Strain | Brand | Format" keep their first segment that is not the brand.
func StrainName(name, brand string) string {
	return strainNames.get([2]string{name, brand}, func(k [2]string) string { return strainName(k[0], k[1]) })
}

func strainName(name, brand string) string {
	parts := strings.Split(name, "|")
	candidate := ""
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if p == "" || (brand != "" && strings.EqualFold(p, brand)) {
			continue
		}
		candidate = p
		break
	}
	if candidate == "" {
		candidate = strings.TrimSpace(name)
	}
	if brand != "" {
		candidate = removeFold(candidate, brand)
	}
	for _, n := range strainNoise {
		if !mayMatch(candidate, n.need, n.words) {
			continue
		}
		// Matching first spares the allocation ReplaceAllString makes even when nothing
		// matches: most names hold one or two of these patterns, and this runs per offer.
		if n.re.MatchString(candidate) {
			candidate = n.re.ReplaceAllString(candidate, " ")
		}
	}
	candidate = strings.Trim(collapseSpaces(candidate), " -–|,")
	if candidate == "" {
		return strings.TrimSpace(name)
	}
	return data.StrainWithoutForms(candidate)
}

// collapseSpaces is spaces.ReplaceAllString(s, " "), without the regexp when there is
// nothing to collapse (no tab, line break or double space: most names).
func collapseSpaces(s string) string {
	if !strings.ContainsAny(s, "\t\n\f\r") && !strings.Contains(s, "  ") {
		return s
	}
	return spaces.ReplaceAllString(s, " ")
}

// mayMatch is false when s cannot match a pattern that needs one of the characters
// need and, in an ASCII name, one of the lower-case substrings words.
func mayMatch(s, need string, words []string) bool {
	if need != "" && !strings.ContainsAny(s, need) {
		return false
	}
	if len(words) == 0 {
		return true
	}
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return true
		}
	}
	lower := strings.ToLower(s)
	for _, w := range words {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// removeFold removes every case-insensitive occurrence of sub from s.
func removeFold(s, sub string) string {
	if sub == "" {
		return s
	}
	// Compared window by window in s itself: lowering s first would move the indexes
	// wherever lowering changes a length (invalid UTF-8 becomes a 3-byte U+FFFD).
	var b strings.Builder
	start := 0
	for i := 0; i+len(sub) <= len(s); {
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			b.WriteString(s[start:i])
			b.WriteByte(' ')
			i += len(sub)
			start = i
			continue
		}
		i++
	}
	b.WriteString(s[start:])
	return b.String()
}

// positive returns a pointer to v when v is a plausible potency, nil otherwise.
func positive(v float64) *float64 {
	if v <= 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return nil
	}
	return &v
}

// dollars rounds to cents: platforms send 26.599999999999998 for $26.60. A value too
// large to have cents (beyond 1e15) is kept as it came, not rounded to infinity:
// CheckOffer refuses it by its own value.
func dollars(v float64) float64 {
	if !(math.Abs(v) < 1e15) {
		return v
	}
	return math.Round(v*100) / 100
}

// slugTail is a slug's size, lineage and de-duplication suffix ("-2-83g-indica",
// Dutchie's "wedding-cake-4411"). The suffix is three digits or more: one or two are
// the strain's own number ("gelato-41", "sunshine-4" in the Jane capture).
var slugTail = regexp.MustCompile(`(?i)(?:-\d+(?:-\d+)?(?:g|mg|oz))?(?:-(?:indica|sativa|hybrid))?(?:-\d{3,})?$`)

// nameFromSlug rebuilds a product name from its URL slug when the menu sent none:
// the brand prefix and the size and lineage suffix go, the words are capitalised.
// "josh-d-josh-d-og-2-83g-indica" with brand "Josh D" is "Josh D Og".
func nameFromSlug(slug, brand string) string {
	s := strings.ToLower(strings.TrimSpace(slug))
	if s == "" {
		return ""
	}
	s = slugTail.ReplaceAllString(s, "")
	if b := strings.ReplaceAll(data.LabelKey(brand), " ", "-"); b != "" {
		if rest, ok := strings.CutPrefix(s, b+"-"); ok && rest != "" {
			s = rest
		}
	}
	words := strings.FieldsFunc(s, func(r rune) bool { return r == '-' || r == '_' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}
