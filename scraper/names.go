package scraper

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ohiomc/omc/data"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// This file cleans the display fields of an offer (brand, name, strain) the way the
// site shows them, and gives the folded keys the product code is built from. Every
// function here is idempotent: cleaning a cleaned value changes nothing, so the code of
// an offer is the same whether or not it was cleaned first.

// brandAliases maps the key of a brand spelling seen on menus (brandKey without the
// alias step) to the one name the site shows. Only spellings seen in the captures and
// the Ohio data are listed; a brand not listed keeps its own spelling, cleaned.
var brandAliases = map[string]string{
	"klutch cannabis": "Klutch", // html and JSON-LD menus; "Klutch" on Jane and Dutchie
	"rythm":           "RYTHM",  // "RYTHM" on Jane, "Rythm" in the Ohio data and Sweed
	"wyld":            "Wyld",   // "WYLD" in Dutchie-fed names, "Wyld" as the brand field
	"gron":            "Grön",   // "Gron" and "Grön" on Dispense, Joint and Dutchie Plus
	"ogeez":           "O'Geez", // "Ogeez" in Joint names, "O'Geez" as the brand field
	"o geez":          "O'Geez",
}

var (
	// legalSuffix is a company-form suffix that is not part of the brand's name.
	legalSuffix = regexp.MustCompile(`(?i)[\s,]+(?:inc|llc|l\.l\.c|ltd|corp|incorporated)\.?$`)
	// trailingParen is a parenthesised note after a brand: "Little Leaf (Little Leaf Labs LLC.)".
	trailingParen = regexp.MustCompile(`\s*\([^()]*\)\s*$`)
	// markSymbols are trademark signs brands carry on some platforms only.
	markSymbols = strings.NewReplacer("®", "", "™", "", "©", "", "℠", "")
)

// CleanBrand is the brand as the site shows it: trademark signs, a company-form suffix
// ("Inc.", "LLC") and a trailing parenthesised note dropped, dotted initials upper-cased
// ("R.o." → "R.O."), and one spelling for brands menus write several ways
// ("Klutch Cannabis" → "Klutch", "Gron" → "Grön").
func CleanBrand(brand string) string {
	// Brands repeat on every offer of a menu: a few hundred spellings for all of Ohio.
	if v, ok := cleanBrands.Load(brand); ok {
		return v.(string)
	}
	b := cleanBrand(brand)
	cleanBrands.Store(brand, b)
	return b
}

var cleanBrands, brandKeys sync.Map // brand as given → CleanBrand, brandKey

func cleanBrand(brand string) string {
	b := strings.TrimSpace(markSymbols.Replace(brand))
	for {
		next := b
		if strings.ContainsAny(b, ".,") || hasLegalWord(b) {
			next = strings.TrimSpace(legalSuffix.ReplaceAllString(b, ""))
		}
		if strings.HasSuffix(next, ")") {
			if p := trailingParen.ReplaceAllString(next, ""); p != "" {
				next = strings.TrimSpace(p)
			}
		}
		if next == b || next == "" {
			break
		}
		b = next
	}
	b = collapseSpaces(b)
	if canonical, ok := brandAliases[wordKey(b)]; ok {
		return canonical
	}
	return fixCase(b)
}

// hasLegalWord reports whether b may end in a company-form word without a point.
func hasLegalWord(b string) bool {
	i := strings.LastIndexByte(b, ' ')
	if i < 0 {
		return false
	}
	switch strings.ToLower(b[i+1:]) {
	case "inc", "llc", "ltd", "corp", "incorporated":
		return true
	}
	return false
}

// brandKey is the folded form of a brand the product code uses.
func brandKey(brand string) string {
	if v, ok := brandKeys.Load(brand); ok {
		return v.(string)
	}
	k := wordKey(CleanBrand(brand))
	// "Lowell Herb Co." and "Lowell Herb" are one brand; "Co" is kept on screen only.
	k = strings.TrimSuffix(k, " co")
	brandKeys.Store(brand, k)
	return k
}

// CleanName is a product name as the site shows it: the brand and the package size
// folded out ("Blood Orange | Ozone | 100mg Gummies" with brand Ozone and 100 mg is
// "Blood Orange Gummies"), name segments joined, doubled Canadian catalogue names
// halved, lineage markers ("(H)", "(I/S)") dropped, and acronyms in capitals ("Screamin Og" → "Screamin OG"). grams and mg are
// the offer's package size: a size in the name that is not the package's (a per-piece
// dose, "10mg x 10-Pack") stays. Words are never added or guessed: a truncated source
// name ("London Pound C") is kept as it is. When folding would leave nothing the name
// is only re-cased.
func CleanName(name, brand string, grams, mg float64) string {
	orig := strings.TrimSpace(collapseSpaces(name))
	if orig == "" {
		return ""
	}
	n := halveRepeated(orig)
	bk := brandKey(brand)
	segs := strings.Split(n, "|")
	var kept []string
	for _, seg := range segs {
		seg = strings.TrimSpace(seg)
		if seg == "" || (bk != "" && isBrandSegment(seg, bk)) {
			continue
		}
		seg = removePackageSize(seg, grams, mg)
		// The lineage markers of Dutchie-fed names, "Velcroz (H)": the type is shown apart.
		if strings.Contains(seg, "(") {
			seg = typeMarker.ReplaceAllString(seg, " ")
		}
		if bk != "" {
			// A name of one part keeps at least two words after the brand: "Josh D Og" is
			// Josh D's strain "Josh D OG", not "OG".
			minWords := 2
			if len(segs) > 1 {
				minWords = 1
			}
			seg = stripBrandWords(seg, bk, minWords)
		}
		seg = tidy(seg)
		if seg == "" {
			continue
		}
		// "Chill Tablets | 1906 | 100mg Tablets": the format word said twice once the
		// brand and size between them are gone.
		if len(kept) > 0 {
			prev := strings.Fields(kept[len(kept)-1])
			words := strings.Fields(seg)
			if strings.EqualFold(prev[len(prev)-1], words[0]) {
				seg = strings.Join(words[1:], " ")
			}
		}
		if seg != "" {
			kept = append(kept, seg)
		}
	}
	out := tidy(strings.Join(kept, " "))
	if !hasAlnum(out) {
		return fixCase(orig)
	}
	return fixCase(out)
}

// CleanStrain re-cases a strain name's acronyms ("Gmo Pie" → "GMO Pie").
func CleanStrain(strain string) string {
	return fixCase(strings.TrimSpace(strain))
}

// halveRepeated turns "X - X" (the 2023 Dutchie capture's Canadian catalogue names)
// into X.
func halveRepeated(s string) string {
	for _, sep := range []string{" - ", " – "} {
		if a, b, ok := strings.Cut(s, sep); ok && strings.EqualFold(strings.TrimSpace(a), strings.TrimSpace(b)) {
			return strings.TrimSpace(a)
		}
	}
	return s
}

// isBrandSegment reports whether a "|"-separated part of a name is the brand itself, a
// spelling of it, or the start of a longer brand name ("High Grass Farms" for the
// brand "High Grass Farms Premium"). A part with more than the brand ("Ogeez (The
// Creams)", a product line) is not the brand.
func isBrandSegment(seg, bk string) bool {
	sk := wordKey(seg)
	if strings.ContainsAny(seg, ".,") || hasLegalWord(seg) {
		sk = wordKey(strings.TrimSpace(legalSuffix.ReplaceAllString(markSymbols.Replace(seg), "")))
	}
	if sk == "" {
		return false
	}
	if sk == bk || brandAliases[sk] != "" && brandKey(brandAliases[sk]) == bk {
		return true
	}
	return strings.Contains(sk, " ") && strings.HasPrefix(bk, sk+" ")
}

// stripBrandWords removes the brand where a name spells it at its start or end
// ("Ozone Strawberry Soft Chews", "OMC - Ice Cream Cake", "Titanimal Cannabis Flower by
// Truro", "Anthologie Pre-Roll"), keeping at least minWords words. Brands inside a name
// are left: "Guava Cooler | Avexia RSO Klik RSO" names a product line.
func stripBrandWords(seg, bk string, minWords int) string {
	words := strings.Fields(seg)
	if len(words) < 2 {
		return seg
	}
	// The key of the first k words, built word by word: wordKey of a run of words is the
	// keys of its words joined ("OMC -" is "omc").
	acc := ""
	for k := 1; k < len(words); k++ {
		if wk := wordKey(words[k-1]); wk != "" {
			if acc != "" {
				acc += " "
			}
			acc += wk
		}
		if acc != bk && !isAliasOf(acc, bk) {
			if len(acc) >= len(bk) {
				break
			}
			continue
		}
		rest := strings.Fields(strings.TrimLeft(strings.Join(words[k:], " "), "-–: "))
		if len(rest) >= minWords && hasLetter(strings.Join(rest, " ")) {
			return strings.Join(rest, " ")
		}
		break
	}
	for k := len(words) - 1; k >= 2; k-- {
		if !strings.EqualFold(words[k-1], "by") {
			continue
		}
		if k-1 >= minWords && wordKey(strings.Join(words[k:], " ")) == bk {
			return strings.Join(words[:k-1], " ")
		}
	}
	return seg
}

// isAliasOf reports whether the key k is another spelling of the brand of key bk
// ("klutch cannabis" of "klutch").
func isAliasOf(k, bk string) bool {
	canonical, ok := brandAliases[k]
	return ok && brandKey(canonical) == bk
}

var (
	// sizeToken is a weight or dose written in a name: "3.5g", "3.5G", "100mg",
	// "- 100mg", "-100mg", "2.83 grams", "1/8 oz".
	sizeToken = regexp.MustCompile(`(?i)(?:\s*[-–]\s*|\b|^)(\d*\.?\d+|1/\d+)\s*(mg|g|grams?|oz)\b`)
)

// removePackageSize drops from s the sizes that are the package's own weight or dose.
func removePackageSize(s string, grams, mg float64) string {
	if (grams <= 0 && mg <= 0) || !strings.ContainsAny(s, "0123456789") {
		return s
	}
	return sizeToken.ReplaceAllStringFunc(s, func(tok string) string {
		m := sizeToken.FindStringSubmatch(tok)
		unit := strings.ToLower(m[2])
		var v float64
		if strings.HasPrefix(m[1], "1/") {
			if unit != "oz" {
				return tok
			}
			v = ouncesGrams[m[1]]
			unit = "g"
		} else {
			f, err := strconv.ParseFloat(m[1], 64)
			if err != nil {
				return tok
			}
			v = f
			if unit == "oz" {
				v = ouncesGrams[m[1]]
				unit = "g"
			}
		}
		if unit == "mg" {
			if near(v, mg) || near(v/1000, grams) {
				return " "
			}
			return tok
		}
		if near(v, grams) || (mg > 0 && near(v*1000, mg)) {
			return " "
		}
		return tok
	})
}

func near(a, b float64) bool {
	return a > 0 && b > 0 && math.Abs(a-b) < 0.005*math.Max(a, b)+1e-9
}

var (
	typeMarker    = regexp.MustCompile(`\s*\((?:I|S|H)(?:\s*/\s*(?:I|S|H))?\)`)
	emptyBrackets = regexp.MustCompile(`\[\s*\]|\(\s*\)`)
	danglingPunct = regexp.MustCompile(`\s+([,;:])`)
)

// tidy collapses spaces, drops empty brackets and trims separators left at the ends.
func tidy(s string) string {
	if strings.ContainsAny(s, "[(") {
		s = emptyBrackets.ReplaceAllString(s, " ")
	}
	s = strings.Join(strings.Fields(s), " ")
	if strings.ContainsAny(s, ",;:") {
		s = danglingPunct.ReplaceAllString(s, "$1")
	}
	return strings.Trim(s, " -–|,:;/")
}

// acronyms are the words menus write in capitals that title-casing sources turn into
// "Og", "Gmo", "Rc"; they are upper-cased wherever they stand as a word. Only words that
// cannot be ordinary words are listed ("Mac" and "La" are not).
var acronyms = map[string]bool{
	"og": true, "gmo": true, "rc": true, "ss": true, "nyc": true, "acdc": true, "gdp": true,
	"atf": true, "gsc": true, "sfv": true, "rso": true, "thc": true, "thca": true, "thcv": true,
	"cbd": true, "cbn": true, "cbg": true, "cbc": true, "cbda": true, "bho": true, "co2": true,
	"ak": true, "uk": true, "gg": true, "gg4": true, "rtz": true, "ogkb": true, "lsd": true,
	"mk": true, "dj": true, "pb": true, "gmo's": true,
}

var dottedInitials = regexp.MustCompile(`^(?:[A-Za-z]\.){2,}[A-Za-z]?\.?$`)

// fixCase upper-cases acronyms and dotted initials ("R.o." → "R.O.") word by word;
// every other letter keeps its case.
func fixCase(s string) string {
	if s == "" {
		return s
	}
	words := strings.Split(s, " ")
	for i, w := range words {
		words[i] = fixWordCase(w)
	}
	return strings.Join(words, " ")
}

func fixWordCase(w string) string {
	core := strings.Trim(w, `()[]"#,:;!?`)
	if core == "" {
		return w
	}
	if strings.Contains(core, ".") && dottedInitials.MatchString(core) {
		return strings.Replace(w, core, strings.ToUpper(core), 1)
	}
	if len(core) <= 6 && !strings.ContainsAny(core, "-/") {
		// The common case: one short word, looked up as it is.
		if acronyms[strings.ToLower(core)] && core != strings.ToUpper(core) {
			return strings.Replace(w, core, strings.ToUpper(core), 1)
		}
		return w
	}
	// Hyphenated and slashed words are checked part by part: "Ak-47", "Og/Kush".
	parts := strings.FieldsFunc(core, func(r rune) bool { return r == '-' || r == '/' })
	changed := core
	for _, p := range parts {
		if acronyms[strings.ToLower(p)] && p != strings.ToUpper(p) {
			changed = replaceWord(changed, p, strings.ToUpper(p))
		}
	}
	if changed == core {
		return w
	}
	return strings.Replace(w, core, changed, 1)
}

// replaceWord replaces the part p of a hyphen- or slash-joined word.
func replaceWord(word, p, with string) string {
	var out []string
	start := 0
	for i, r := range word + "-" {
		if r == '-' || r == '/' || i == len(word) {
			part := word[start:i]
			if part == p {
				part = with
			}
			out = append(out, part)
			if i < len(word) {
				out = append(out, string(r))
			}
			start = i + 1
		}
	}
	return strings.Join(out, "")
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func hasAlnum(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) >= 0
}

func hasLetter(s string) bool {
	return strings.IndexFunc(s, unicode.IsLetter) >= 0
}

// foldAccents removes diacritics ("Grön" → "Gron") so that spellings with and without
// them meet. x/text's decomposition is the standard way; a hand table would miss letters.
// A chain keeps state while it runs and menus are read on several goroutines at once,
// so each call makes its own.
func foldAccents() transform.Transformer {
	return transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), norm.NFC)
}

// wordKey folds s to lower-case ASCII words separated by single spaces: accents
// dropped, apostrophes dropped ("Jack's" → "jacks"), a lone "&" read as "and", every
// other run of punctuation a word break.
func wordKey(s string) string {
	folded := s
	if !isASCII(s) {
		if f, _, err := transform.String(foldAccents(), s); err == nil {
			folded = f
		}
	}
	folded = strings.ReplaceAll(folded, " & ", " and ")
	return data.JoinWords(folded, ' ', "'’`")
}
