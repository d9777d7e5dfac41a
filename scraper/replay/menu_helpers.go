package replay

import (
	"encoding/json"
	"net/http"
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
