package replay

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"math"
	"strconv"
	"strings"
)

// Platform ids the records do not carry are derived from stable strings by FNV hashing,
// so the same dataset always serves the same ids.

func hash64(parts ...string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(strings.Join(parts, "\x00")))
	return h.Sum64()
}

// hex24 is a Mongo-style 24-hex id, the form of Dutchie's dispensary and product ids.
func hex24(parts ...string) string {
	return hex.EncodeToString(digest(parts))[:24]
}

// uuid is a UUID-shaped id, the form of Dutchie's brand ids.
func uuid(parts ...string) string {
	s := hex.EncodeToString(digest(parts))
	return fmt.Sprintf("%s-%s-%s-%s-%s", s[0:8], s[8:12], s[12:16], s[16:20], s[20:32])
}

// digest mixes better than FNV for ids shown side by side (FNV-128 of similar strings
// shares long runs of digits).
func digest(parts []string) []byte {
	sum := sha256.Sum256([]byte(strings.Join(parts, "\x00")))
	return sum[:]
}

// DutchieDispensaryID is the 24-hex id the demo dataset gives a Dutchie cName that the
// registry lists without a dispensaryId.
func DutchieDispensaryID(cName string) string {
	return hex24("dutchie-dispensary", cName)
}

// dutchieProductID is a product's id on one Dutchie store: Dutchie product documents
// belong to one dispensary, so the same catalogue product gets a different id per store.
func dutchieProductID(dispensaryID, productID string) string {
	return hex24("dutchie-product", dispensaryID, productID)
}

// janeProductID is Jane's catalogue product_id, shared across stores: the record's own
// number for Ohio products (Bloom ids are Jane ids), a derived number above the Ohio
// range otherwise.
func janeProductID(productID string) int64 {
	if n, err := strconv.ParseInt(productID, 10, 64); err == nil && n > 0 {
		return n
	}
	return 3_000_000 + int64(hash64("jane-product", productID)%6_000_000)
}

// janeObjectID is Algolia's objectID: one per product per store menu.
func janeObjectID(storeKey string, productID string) int64 {
	return 30_000_000 + int64(hash64("jane-object", storeKey, productID)%60_000_000)
}

func janeBrandID(brand string) int64 {
	return 1_000 + int64(hash64("jane-brand", brand)%90_000)
}

func janeSpecialID(storeKey string, percent int) int64 {
	return 3_000_000 + int64(hash64("jane-special", storeKey, strconv.Itoa(percent))%1_000_000)
}

func cents(x float64) float64 {
	return math.Round(x*100) / 100
}
