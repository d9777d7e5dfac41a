package scraper

import (
	"bytes"
	"encoding/json"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
)

// janeFastReply decodes a Jane reply field by field from jsontext's tokens, without
// reflection: Jane replies are most of what a large scrape reads, and looking every
// record's ~50 attributes up by reflection was the biggest cost left in decoding them.
// It takes only what it reads exactly as encoding/json would, and reports false for
// anything else (a name that matches a field only without regard to case, one given
// twice, an escaped name, invalid UTF-8, a value of a type it does not expect), which
// janeRecords then decodes as before. The nested lists and the position are decoded by
// go-json-experiment/json under encoding/json's semantics.
func janeFastReply(body []byte) (janeBulkReply, bool) {
	var out janeBulkReply
	if !utf8.Valid(body) {
		return out, false
	}
	dec := jsontext.NewDecoder(bytes.NewBuffer(body), janeFastOptions)
	if dec.PeekKind() != '{' {
		return out, false
	}
	if _, err := dec.ReadToken(); err != nil {
		return out, false
	}
	var seen uint8
	for dec.PeekKind() != '}' {
		key, ok := fastName(dec)
		if !ok {
			return out, false
		}
		var bit uint8
		switch string(key) {
		case "hits":
			bit = 1
			if !fastHits(dec, &out.Hits) {
				return out, false
			}
		case "nbHits":
			bit = 2
			ok = fastInt(dec, &out.NbHits)
		case "nbPages":
			bit = 4
			ok = fastInt(dec, &out.NbPages)
		case "page":
			bit = 8
			ok = fastInt(dec, &out.Page)
		default:
			if folded(key, janeReplyNames) {
				return out, false
			}
			ok = dec.SkipValue() == nil
		}
		if !ok || seen&bit != 0 {
			return out, false
		}
		seen |= bit
	}
	if _, err := dec.ReadToken(); err != nil {
		return out, false
	}
	// encoding/json refuses anything after the value.
	if _, err := dec.ReadToken(); err != io.EOF {
		return out, false
	}
	return out, true
}

var janeReplyNames = map[string]bool{"hits": true, "nbhits": true, "nbpages": true, "page": true}

// janeFieldNames are the names of janeFields (lower case), with their bit in a
// record's set of names seen.
var janeFieldNames = func() map[string]uint64 {
	names := map[string]uint64{}
	t := reflect.TypeFor[janeFields]()
	for i := range t.NumField() {
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		names[strings.ToLower(name)] = 1 << i
	}
	return names
}()

// fastName reads an object member's name: false for one with an escape or a byte
// outside ASCII (left to encoding/json, whose matching folds Unicode).
func fastName(dec *jsontext.Decoder) ([]byte, bool) {
	v, err := dec.ReadValue()
	if err != nil || len(v) < 2 || v[0] != '"' {
		return nil, false
	}
	name := v[1 : len(v)-1]
	for _, c := range name {
		if c == '\\' || c >= utf8.RuneSelf {
			return nil, false
		}
	}
	return name, true
}

// folded reports whether a name that is none of names exactly is one of them without
// regard to case (names are lower case; name is ASCII).
func folded(name []byte, names map[string]bool) bool {
	if !bytes.ContainsFunc(name, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
		return false
	}
	return names[strings.ToLower(string(name))]
}

func fastHits(dec *jsontext.Decoder, hits *[]*janeRecord) bool {
	switch dec.PeekKind() {
	case 'n':
		*hits = nil
		_, err := dec.ReadValue()
		return err == nil
	case '[':
	default:
		return false
	}
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	out := []*janeRecord{}
	for dec.PeekKind() != ']' {
		r := &janeRecord{}
		switch dec.PeekKind() {
		case 'n': // a null record decodes to nothing, as into a struct
			if _, err := dec.ReadValue(); err != nil {
				return false
			}
		case '{':
			if !fastRecord(dec, r) {
				return false
			}
		default:
			return false
		}
		out = append(out, r)
	}
	*hits = out
	_, err := dec.ReadToken()
	return err == nil
}

func fastRecord(dec *jsontext.Decoder, r *janeRecord) bool {
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	var seen uint64
	for dec.PeekKind() != '}' {
		key, ok := fastName(dec)
		if !ok {
			return false
		}
		bit, known := janeFieldNames[string(key)]
		if !known {
			if bytes.ContainsFunc(key, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
				if _, f := janeFieldNames[strings.ToLower(string(key))]; f {
					return false
				}
			}
			if dec.SkipValue() != nil {
				return false
			}
			continue
		}
		if seen&bit != 0 {
			return false
		}
		seen |= bit
		if !fastField(dec, r, key) {
			return false
		}
	}
	_, err := dec.ReadToken()
	return err == nil
}

// fastField reads the value of one of janeFields' names.
func fastField(dec *jsontext.Decoder, r *janeRecord, key []byte) bool {
	f := &r.janeFields
	switch string(key) {
	case "product_id":
		return fastNumber(dec, &f.ProductID)
	case "name":
		return fastString(dec, &f.Name)
	case "brand":
		return fastStringPtr(dec, &f.Brand)
	case "kind":
		return fastStringPtr(dec, &f.Kind)
	case "kind_subtype":
		return fastStringPtr(dec, &f.KindSubtype)
	case "root_subtype":
		return fastStringPtr(dec, &f.RootSubtype)
	case "custom_product_type":
		return fastStringPtr(dec, &f.CustomProductType)
	case "category":
		return fastStringPtr(dec, &f.Lineage)
	case "amount":
		return fastStringPtr(dec, &f.Amount)
	case "url_slug":
		return fastStringPtr(dec, &f.URLSlug)
	case "description":
		return fastStringPtr(dec, &f.Description)
	case "percent_thc":
		return fastFloatPtr(dec, &f.PercentTHC)
	case "percent_cbd":
		return fastFloatPtr(dec, &f.PercentCBD)
	case "net_weight_grams":
		return fastFloatPtr(dec, &f.NetWeightGrams)
	case "available_weights":
		return fastStrings(dec, &f.Weights)
	case "compound_names":
		return fastStrings(dec, &f.CompoundNames)
	case "inventory_potencies":
		return jsonv2.UnmarshalDecode(dec, &f.Potencies) == nil
	case "lab_results":
		return jsonv2.UnmarshalDecode(dec, &f.LabResults) == nil
	case "_geoloc":
		return jsonv2.UnmarshalDecode(dec, &f.Geo) == nil
	}
	if raw := rawField(f, key); raw != nil {
		v, err := dec.ReadValue()
		if err != nil {
			return false
		}
		*raw = bytes.Clone(v)
		return true
	}
	return false
}

// rawField is the per-weight attribute of that name.
func rawField(f *janeFields, key []byte) *json.RawMessage {
	switch string(key) {
	case "price_half_gram":
		return &f.PriceHalfGram
	case "discounted_price_half_gram":
		return &f.DiscountedHalfGram
	case "special_price_half_gram":
		return &f.SpecialHalfGram
	case "max_cart_quantity_half_gram":
		return &f.MaxCartHalfGram
	case "price_gram":
		return &f.PriceGram
	case "discounted_price_gram":
		return &f.DiscountedGram
	case "special_price_gram":
		return &f.SpecialGram
	case "max_cart_quantity_gram":
		return &f.MaxCartGram
	case "price_two_gram":
		return &f.PriceTwoGram
	case "discounted_price_two_gram":
		return &f.DiscountedTwoGram
	case "special_price_two_gram":
		return &f.SpecialTwoGram
	case "max_cart_quantity_two_gram":
		return &f.MaxCartTwoGram
	case "price_eighth_ounce":
		return &f.PriceEighthOunce
	case "discounted_price_eighth_ounce":
		return &f.DiscountedEighthOunce
	case "special_price_eighth_ounce":
		return &f.SpecialEighthOunce
	case "max_cart_quantity_eighth_ounce":
		return &f.MaxCartEighthOunce
	case "price_quarter_ounce":
		return &f.PriceQuarterOunce
	case "discounted_price_quarter_ounce":
		return &f.DiscountedQuarterOunce
	case "special_price_quarter_ounce":
		return &f.SpecialQuarterOunce
	case "max_cart_quantity_quarter_ounce":
		return &f.MaxCartQuarterOunce
	case "price_half_ounce":
		return &f.PriceHalfOunce
	case "discounted_price_half_ounce":
		return &f.DiscountedHalfOunce
	case "special_price_half_ounce":
		return &f.SpecialHalfOunce
	case "max_cart_quantity_half_ounce":
		return &f.MaxCartHalfOunce
	case "price_ounce":
		return &f.PriceOunce
	case "discounted_price_ounce":
		return &f.DiscountedOunce
	case "special_price_ounce":
		return &f.SpecialOunce
	case "max_cart_quantity_ounce":
		return &f.MaxCartOunce
	case "price_each":
		return &f.PriceEach
	case "discounted_price_each":
		return &f.DiscountedEach
	case "special_price_each":
		return &f.SpecialEach
	case "max_cart_quantity_each":
		return &f.MaxCartEach
	}
	return nil
}

// The readers below take a value as encoding/json takes it into that type, null
// included, and refuse any other kind of value.

func fastNumber(dec *jsontext.Decoder, n *json.Number) bool {
	switch dec.PeekKind() {
	case 'n':
		_, err := dec.ReadValue()
		return err == nil
	case '0':
		v, err := dec.ReadValue()
		*n = json.Number(v)
		return err == nil
	}
	return false
}

func fastString(dec *jsontext.Decoder, s *string) bool {
	switch dec.PeekKind() {
	case 'n':
		_, err := dec.ReadValue()
		return err == nil
	case '"':
		v, ok := fastStringValue(dec)
		*s = v
		return ok
	}
	return false
}

// fastStringValue reads a string, unescaped; false for one with an escaped surrogate
// (encoding/json's way with a lone one is its own).
func fastStringValue(dec *jsontext.Decoder) (string, bool) {
	v, err := dec.ReadValue()
	if err != nil || len(v) < 2 || v[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(v, '\\') < 0 {
		return string(v[1 : len(v)-1]), true
	}
	if bytes.Contains(v, []byte(`\ud`)) || bytes.Contains(v, []byte(`\uD`)) {
		return "", false
	}
	u, err := jsontext.AppendUnquote(nil, v)
	return string(u), err == nil
}

func fastStringPtr(dec *jsontext.Decoder, s **string) bool {
	switch dec.PeekKind() {
	case 'n':
		*s = nil
		_, err := dec.ReadValue()
		return err == nil
	case '"':
		v, ok := fastStringValue(dec)
		*s = &v
		return ok
	}
	return false
}

func fastFloatPtr(dec *jsontext.Decoder, f **float64) bool {
	switch dec.PeekKind() {
	case 'n':
		*f = nil
		_, err := dec.ReadValue()
		return err == nil
	case '0':
		v, err := dec.ReadValue()
		if err != nil {
			return false
		}
		x, err := strconv.ParseFloat(string(v), 64)
		*f = &x
		return err == nil
	}
	return false
}

func fastStrings(dec *jsontext.Decoder, ss *[]string) bool {
	switch dec.PeekKind() {
	case 'n':
		*ss = nil
		_, err := dec.ReadValue()
		return err == nil
	case '[':
	default:
		return false
	}
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	out := []string{}
	for dec.PeekKind() != ']' {
		if dec.PeekKind() != '"' {
			return false
		}
		v, ok := fastStringValue(dec)
		if !ok {
			return false
		}
		out = append(out, v)
	}
	*ss = out
	_, err := dec.ReadToken()
	return err == nil
}

func fastInt(dec *jsontext.Decoder, n *int) bool {
	switch dec.PeekKind() {
	case 'n':
		_, err := dec.ReadValue()
		return err == nil
	case '0':
		v, err := dec.ReadValue()
		if err != nil {
			return false
		}
		x, err := strconv.ParseInt(string(v), 10, 64)
		*n = int(x)
		return err == nil
	}
	return false
}
