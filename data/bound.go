package data

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Every string a menu or the state's roster gives has a maximum length, in bytes of
// UTF-8 (docs/platforms.md, "Bounded strings"). A menu's text becomes product codes,
// file names, log lines and snapshots: a 5 MB name must neither stop a publish (a file
// name above the system's 255 bytes) nor flood a log. The scraper cuts a longer value
// to its maximum with a warning (scraper.CheckOffer); a stored value above it (a
// database written before the rule) leaves its offer out of a publish (PublishProblem).
// Each maximum is well above the longest value of the captured menus and rosters.
const (
	MaxName        = 200  // a product's name
	MaxBrand       = 100  // a brand
	MaxStrain      = 100  // a strain name, and each parent strain of a lineage
	MaxStrainType  = 40   // "indica", "sativa-dominant hybrid"…
	MaxRawCategory = 100  // the platform's own category label
	MaxSize        = 60   // the platform's size label
	MaxProductID   = 200  // the platform's product id
	MaxURL         = 2048 // a product's page
	MaxPotencyUnit = 10   // "%", "mg"
	MaxTerpeneName = 60   // a terpene's name
	MaxTerpenes    = 40   // terpenes listed for one product
	MaxLineage     = 10   // parent strains listed for one product

	// MaxCode is the longest product code (and any file name made from scraped text):
	// a longer one is cut and given a hash of the whole (BoundCode).
	MaxCode = 120
	// MaxDetail is the longest failure detail a fetch records.
	MaxDetail = 2 << 10
	// MaxMessage is the longest error message printed whole (ClipMessage).
	MaxMessage = 16 << 10
	// MaxQuoted is the most of a scraped value an error message or a left-out entry
	// quotes (Clip).
	MaxQuoted = 80

	// The state's roster's fields.
	MaxLicence      = 32
	MaxRosterName   = 200 // trade name (DBA) and business name
	MaxRosterStatus = 40
	MaxRosterType   = 60
	MaxRosterStreet = 200
	MaxRosterCity   = 60
	MaxRosterZIP    = 10
	MaxRosterCounty = 40
	MaxRosterPhone  = 40
	MaxRosterHours  = 300

	codeHashChars = 10 // hex digits of the hash a bounded code ends with
)

// BoundCode is code when it is at most MaxCode bytes, else its first bytes and a hash of
// the whole, MaxCode bytes in all ("long-name-…-3f9a0c2b1d"): the same long code always
// bounds to the same one, two long codes sharing their first bytes to two, and a code
// short enough is left as it is (the codes of today do not change). BoundCode of a
// bounded code is itself.
func BoundCode(code string) string {
	if len(code) <= MaxCode {
		return code
	}
	sum := sha256.Sum256([]byte(code))
	head := strings.TrimRight(CutUTF8(code, MaxCode-codeHashChars-1), "-")
	return head + "-" + hex.EncodeToString(sum[:])[:codeHashChars]
}

// Cut is s cut to at most max bytes, on a character boundary, and whether it was cut.
func Cut(s string, max int) (string, bool) {
	if len(s) <= max {
		return s, false
	}
	return CutUTF8(s, max), true
}

// CutUTF8 is the longest prefix of s of at most max bytes that does not split a
// character.
func CutUTF8(s string, max int) string {
	if len(s) <= max {
		return s
	}
	for max > 0 && !utf8.RuneStart(s[max]) {
		max--
	}
	return s[:max]
}

// Clip is s as an error message or a list of what was left out quotes it: at most
// MaxQuoted bytes of it, then how long it was.
func Clip(s string) string {
	if len(s) <= MaxQuoted {
		return s
	}
	return CutUTF8(s, MaxQuoted) + fmt.Sprintf("… (%d bytes)", len(s))
}

// ClipMessage is an error message bounded to MaxMessage bytes, then how long it was:
// the last guard that no value of a menu reaches a log whole.
func ClipMessage(s string) string {
	if len(s) <= MaxMessage {
		return s
	}
	return CutUTF8(s, MaxMessage) + fmt.Sprintf("… (%d bytes)", len(s))
}

// TextProblem says which of an offer's texts is longer than its maximum ("" when none
// is): the scraper cuts them, so only a database written before the rule holds one.
func TextProblem(o *Offer) string {
	for _, f := range []struct {
		name string
		v    string
		max  int
	}{{"name", o.Name, MaxName}, {"brand", o.Brand, MaxBrand}, {"strain", o.Strain, MaxStrain},
		{"strain type", o.StrainType, MaxStrainType}, {"category label", o.RawCategory, MaxRawCategory},
		{"size", o.Size, MaxSize}, {"product id", o.ProductID, MaxProductID}, {"url", o.URL, MaxURL},
		{"potency unit", o.PotencyUnit, MaxPotencyUnit}} {
		if len(f.v) > f.max {
			return fmt.Sprintf("%s is %d bytes, above its maximum of %d", f.name, len(f.v), f.max)
		}
	}
	if len(o.Terpenes) > MaxTerpenes {
		return fmt.Sprintf("%d terpenes, above the maximum of %d", len(o.Terpenes), MaxTerpenes)
	}
	for _, t := range o.Terpenes {
		if len(t.Name) > MaxTerpeneName {
			return fmt.Sprintf("a terpene name is %d bytes, above its maximum of %d", len(t.Name), MaxTerpeneName)
		}
	}
	if len(o.Lineage) > MaxLineage {
		return fmt.Sprintf("%d parent strains, above the maximum of %d", len(o.Lineage), MaxLineage)
	}
	for _, p := range o.Lineage {
		if len(p) > MaxStrain {
			return fmt.Sprintf("a parent strain is %d bytes, above its maximum of %d", len(p), MaxStrain)
		}
	}
	return ""
}
