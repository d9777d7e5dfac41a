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
		key, upper, ok := fastName(dec)
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
			if folded(key, upper, janeReplyNames) {
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

// janeFieldNames are the names of janeFields.
var janeFieldNames = func() map[string]bool {
	names := map[string]bool{}
	t := reflect.TypeFor[janeFields]()
	for i := range t.NumField() {
		if t.Field(i).Anonymous {
			continue // janeWeightAttrs, whose names janeWeightIndex holds
		}
		name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
		names[name] = true
	}
	for name := range janeWeightIndex {
		names[name] = true
	}
	return names
}()

// fastName reads an object member's name, and whether it has an upper-case letter:
// false for one with an escape or a byte outside ASCII (left to encoding/json, whose
// matching folds Unicode).
func fastName(dec *jsontext.Decoder) (name []byte, upper, ok bool) {
	v, err := dec.ReadValue()
	if err != nil || len(v) < 2 || v[0] != '"' {
		return nil, false, false
	}
	name = v[1 : len(v)-1]
	for _, c := range name {
		if c == '\\' || c >= utf8.RuneSelf {
			return nil, false, false
		}
		upper = upper || 'A' <= c && c <= 'Z'
	}
	return name, upper, true
}

// folded reports whether a name with an upper-case letter is one of names (lower
// case) without regard to case.
func folded(name []byte, upper bool, names map[string]bool) bool {
	return upper && names[strings.ToLower(string(name))]
}

func fastHits(dec *jsontext.Decoder, hits *[]*janeRecord) bool {
	return fastArray(dec, hits, func(dec *jsontext.Decoder) (*janeRecord, bool) {
		r := &janeRecord{}
		switch dec.PeekKind() {
		case 'n': // a null record decodes to nothing, as into a struct
			return r, fastSkip(dec)
		case '{':
			return r, fastRecord(dec, r)
		default:
			return nil, false
		}
	})
}

// fastArray reads a JSON array into *out, each element with elem, as encoding/json
// fills a slice: null gives nil, [] an empty slice; false when anything is not as
// elem or an array expects (the caller then hands the reply to the slower decoders).
func fastArray[T any](dec *jsontext.Decoder, out *[]T, elem func(*jsontext.Decoder) (T, bool)) bool {
	switch dec.PeekKind() {
	case 'n':
		*out = nil
		return fastSkip(dec)
	case '[':
	default:
		return false
	}
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	list := []T{}
	for dec.PeekKind() != ']' {
		v, ok := elem(dec)
		if !ok {
			return false
		}
		list = append(list, v)
	}
	*out = list
	_, err := dec.ReadToken()
	return err == nil
}

func fastRecord(dec *jsontext.Decoder, r *janeRecord) bool {
	if _, err := dec.ReadToken(); err != nil {
		return false
	}
	var seen uint64
	for dec.PeekKind() != '}' {
		key, upper, ok := fastName(dec)
		if !ok {
			return false
		}
		known, ok := fastField(dec, r, key, &seen)
		if known {
			if !ok {
				return false
			}
			continue
		}
		if folded(key, upper, janeFieldNames) || dec.SkipValue() != nil {
			return false
		}
	}
	_, err := dec.ReadToken()
	return err == nil
}

// fastField reads the value of the member named key when it is one of janeFields'
// (known); ok is false when it cannot, or when the record gave that name before.
func fastField(dec *jsontext.Decoder, r *janeRecord, key []byte, seen *uint64) (known, ok bool) {
	f := &r.janeFields
	switch string(key) {
	case "product_id":
		return true, mark(seen, 0) && fastNumber(dec, &f.ProductID)
	case "name":
		return true, mark(seen, 1) && fastString(dec, &f.Name)
	case "brand":
		return true, mark(seen, 2) && fastStringPtr(dec, &f.Brand)
	case "kind":
		return true, mark(seen, 3) && fastStringPtr(dec, &f.Kind)
	case "kind_subtype":
		return true, mark(seen, 4) && fastStringPtr(dec, &f.KindSubtype)
	case "root_subtype":
		return true, mark(seen, 5) && fastStringPtr(dec, &f.RootSubtype)
	case "custom_product_type":
		return true, mark(seen, 6) && fastStringPtr(dec, &f.CustomProductType)
	case "category":
		return true, mark(seen, 7) && fastStringPtr(dec, &f.Lineage)
	case "amount":
		return true, mark(seen, 8) && fastStringPtr(dec, &f.Amount)
	case "url_slug":
		return true, mark(seen, 9) && fastStringPtr(dec, &f.URLSlug)
	case "description":
		return true, mark(seen, 10) && fastStringPtr(dec, &f.Description)
	case "percent_thc":
		return true, mark(seen, 11) && fastFloatPtr(dec, &f.PercentTHC)
	case "percent_cbd":
		return true, mark(seen, 12) && fastFloatPtr(dec, &f.PercentCBD)
	case "net_weight_grams":
		return true, mark(seen, 13) && fastFloatPtr(dec, &f.NetWeightGrams)
	case "available_weights":
		return true, mark(seen, 14) && fastStrings(dec, &f.Weights)
	case "compound_names":
		return true, mark(seen, 15) && fastStrings(dec, &f.CompoundNames)
	case "inventory_potencies":
		return true, mark(seen, 16) && jsonv2.UnmarshalDecode(dec, &f.Potencies) == nil
	case "lab_results":
		return true, mark(seen, 17) && jsonv2.UnmarshalDecode(dec, &f.LabResults) == nil
	case "_geoloc":
		return true, mark(seen, 18) && jsonv2.UnmarshalDecode(dec, &f.Geo) == nil
	case "store_id":
		return true, mark(seen, 19) && fastNumber(dec, &f.StoreID)
	case "store_types":
		return true, mark(seen, 20) && fastStrings(dec, &f.StoreTypes)
	}
	raw, i := rawField(f, key)
	if raw == nil {
		return false, false
	}
	if !mark(seen, 21+i) {
		return true, false
	}
	v, err := dec.ReadValue()
	*raw = bytes.Clone(v)
	return true, err == nil
}

// mark notes field i as seen in a record: false when it was already.
func mark(seen *uint64, i int) bool {
	if *seen&(1<<i) != 0 {
		return false
	}
	*seen |= 1 << i
	return true
}

// rawField is the per-weight attribute of that name, and its number.
func rawField(f *janeFields, key []byte) (*json.RawMessage, int) {
	if i, ok := janeWeightIndex[string(key)]; ok {
		return f.field(i), i
	}
	return nil, 0
}

// The readers below take a value as encoding/json takes it into that type, null
// included, and refuse any other kind of value.

// fastSkip reads the value the caller peeked at (a null) and throws it away.
func fastSkip(dec *jsontext.Decoder) bool {
	_, err := dec.ReadValue()
	return err == nil
}

// fastParse reads the number the caller peeked at with parse; the value is parse's
// even when it fails (the whole fast read is then handed on).
func fastParse[T any](dec *jsontext.Decoder, parse func(string) (T, error)) (T, bool) {
	v, err := dec.ReadValue()
	if err != nil {
		var zero T
		return zero, false
	}
	x, err := parse(string(v))
	return x, err == nil
}

func fastNumber(dec *jsontext.Decoder, n *json.Number) bool {
	switch dec.PeekKind() {
	case 'n':
		return fastSkip(dec)
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
		return fastSkip(dec)
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
		return fastSkip(dec)
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
		return fastSkip(dec)
	case '0':
		x, ok := fastParse(dec, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
		*f = &x
		return ok
	}
	return false
}

func fastStrings(dec *jsontext.Decoder, ss *[]string) bool {
	return fastArray(dec, ss, func(dec *jsontext.Decoder) (string, bool) {
		if dec.PeekKind() != '"' {
			return "", false
		}
		return fastStringValue(dec)
	})
}

func fastInt(dec *jsontext.Decoder, n *int) bool {
	switch dec.PeekKind() {
	case 'n':
		return fastSkip(dec)
	case '0':
		x, ok := fastParse(dec, func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) })
		*n = int(x)
		return ok
	}
	return false
}
