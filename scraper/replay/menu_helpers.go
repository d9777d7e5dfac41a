package replay

import (
	"encoding/json"
	"net/http"
	"regexp"
	"strings"
)

// Helpers of the replayed menu APIs other than Jane's and Dutchie's.

// prices is what a size costs in a market: the recreational price, or the store's
// medical price (MedicalPriceFactor of it); sale is 0 when not on sale.
func (st *Store) prices(sz Size, medical bool) (price, sale float64) {
	price, sale = sz.Price, sz.SalePrice
	if medical && st.MedicalPriceFactor > 0 {
		price = cents(price * st.MedicalPriceFactor)
		if sale > 0 {
			sale = cents(sale * st.MedicalPriceFactor)
		}
	}
	return price, sale
}

// writeReply encodes reply as the 200 answer, cut in half in the malformed mode.
func (s *Server) writeReply(w http.ResponseWriter, reply any, mode FailMode) {
	body, err := json.Marshal(reply)
	if err != nil {
		writeJSONError(w, http.StatusInternalServerError, "encode reply: "+err.Error())
		return
	}
	if mode == FailMalformed {
		body = truncate(body)
	}
	writeJSON(w, http.StatusOK, body)
}

// writeJSONError answers {"message": msg}, the error shape of these APIs.
func writeJSONError(w http.ResponseWriter, status int, msg string) {
	body, _ := json.Marshal(map[string]any{"message": msg, "status": status})
	writeJSON(w, status, body)
}

// nonNil keeps an empty page an empty JSON array rather than null.
func nonNil(list []map[string]any) []map[string]any {
	if list == nil {
		return []map[string]any{}
	}
	return list
}

// titleWord capitalises a lineage as the platforms write it: "indica" → "Indica".
func titleWord(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// slugSize is the size and lineage a source slug ends with ("-2-83g-indica").
var slugSize = regexp.MustCompile(`(?:-\d+(?:-\d+)?(?:g|mg|oz))?(?:-(?:indica|sativa|hybrid))?$`)

// productName is the name a menu shows for a product. A few source records carry only
// a slug (Ohio Jane records fold the name into it: "josh-d-josh-d-og-2-83g-indica");
// the platforms that always send a name get one rebuilt from the slug, without the
// brand prefix and the size and lineage suffix.
func productName(p Product) string {
	if p.Name != "" {
		return p.Name
	}
	slug := strings.TrimPrefix(p.Slug, slugify(p.Brand)+"-")
	words := strings.Split(slugSize.ReplaceAllString(slug, ""), "-")
	for i, w := range words {
		words[i] = titleWord(w)
	}
	return strings.TrimSpace(strings.Join(words, " "))
}

// productSlug is the product's URL slug: the source's, else one made from its name.
func productSlug(p Product) string {
	if p.Slug != "" {
		return p.Slug
	}
	return slugify(p.Name)
}
