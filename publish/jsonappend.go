package publish

import (
	"math"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/ohiomc/omc/data"
)

// The menus, product pages and search files are nearly all of a publish's bytes (at
// 2,000 menus, 540 MB of JSON in 35,000 files). Their lists are written by hand,
// straight from the offers, rather than built as values for encoding/json: that saves
// building and collecting a value per offer and field, and encoding them by reflection.
// The output is byte for byte what encoding/json writes for the documented types (Menu,
// Product, SearchFile, SearchFirst), which TestAppendersMatchEncodingJSON checks on
// every such file of the test shop; the head of each file (everything but its long
// lists) still goes through encoding/json.

// jsonAppender is a snapshot that writes its own JSON; the encoding workers call it
// rather than encoding/json.
type jsonAppender interface {
	appendJSON(b []byte) ([]byte, error)
}

// appendObjectHead appends v's JSON object without its closing brace, so that the
// fields that follow can be appended.
func appendObjectHead(b []byte, v any) ([]byte, error) {
	head, err := marshal(v)
	if err != nil {
		return b, err
	}
	return append(b, head[:len(head)-1]...), nil
}

// appendList appends items as a JSON array, each written by write (with its index).
func appendList[T any](b []byte, items []T, write func(b []byte, item T, i int) []byte) []byte {
	b = append(b, '[')
	for i, item := range items {
		if i > 0 {
			b = append(b, ',')
		}
		b = write(b, item, i)
	}
	return append(b, ']')
}

// appendColumn appends items as the column name of an object of columns (a comma
// before it unless it is the first), each written by write (with its index).
func appendColumn[T any](b []byte, name string, first bool, items []T, write func(b []byte, item T, i int) []byte) []byte {
	if !first {
		b = append(b, ',')
	}
	b = append(b, '"')
	b = append(b, name...)
	b = append(b, `":`...)
	return appendList(b, items, write)
}

// appendString appends s as a JSON string, escaped as encoding/json escapes it with HTML
// escaping off: quotes, backslashes and control characters; invalid UTF-8 becomes
// U+FFFD; U+2028 and U+2029 are escaped for JavaScript.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

const hexDigits = "0123456789abcdef"

// appendFloat appends f as encoding/json writes a float64: the shortest decimal that
// reads back as f, in exponent form only below 1e-6 or from 1e21, its exponent without
// a leading zero. JSON has no NaN or infinity: those are written null, so a file stays
// JSON whatever value reaches it (the store's readers leave such offers out first:
// data.PublishProblem).
func appendFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(b, "null"...)
	}
	abs := math.Abs(f)
	format := byte('f')
	if abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// e-09 is written e-9.
		if n := len(b); n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
			b[n-2] = b[n-1]
			b = b[:n-1]
		}
	}
	return b
}

// appendCents appends c cents as encoding/json writes the float64 c/100: the decimal
// with its trailing zeros cut ("12", "12.5", "12.34"). For a whole number of cents
// below 2^53 that decimal is the shortest that reads back as c/100, which is what
// encoding/json writes; formatting it from the integer skips the float formatting a
// publish would do millions of times.
func appendCents(b []byte, c int64) []byte {
	if c < 0 {
		b = append(b, '-')
		c = -c
	}
	b = strconv.AppendInt(b, c/100, 10)
	if r := c % 100; r != 0 {
		b = append(b, '.', byte('0'+r/10))
		if r%10 != 0 {
			b = append(b, byte('0'+r%10))
		}
	}
	return b
}

// appendMoney appends cents(v), a price, as encoding/json writes it.
func appendMoney(b []byte, v float64) []byte {
	if !(math.Abs(v) < 1e13) { // beyond whole cents' exactness, or NaN
		return appendFloat(b, cents(v))
	}
	return appendCents(b, int64(math.Round(v*100)))
}

// appendFloatOrNull appends *f, or null for nil.
func appendFloatOrNull(b []byte, f *float64) []byte {
	if f == nil {
		return append(b, "null"...)
	}
	return appendFloat(b, *f)
}

// appendPositive appends f when it is above zero, else null (positive's rule).
func appendPositive(b []byte, f float64) []byte {
	if f > 0 {
		return appendFloat(b, f)
	}
	return append(b, "null"...)
}

// appendStringOrNull appends s, or null for "" (nonEmpty's rule).
func appendStringOrNull(b []byte, s string) []byte {
	if s == "" {
		return append(b, "null"...)
	}
	return appendString(b, s)
}

// appendTime appends a Unix-nanosecond time as timeOf writes it (RFC 3339 UTC), null
// for 0.
func appendTime(b []byte, ns int64) []byte {
	if ns == 0 {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = time.Unix(0, ns).UTC().AppendFormat(b, time.RFC3339)
	return append(b, '"')
}

// appendTimeSeconds is appendTime for a time in Unix seconds.
func appendTimeSeconds(b []byte, sec uint32) []byte {
	if sec == 0 {
		return append(b, "null"...)
	}
	b = append(b, '"')
	b = time.Unix(int64(sec), 0).UTC().AppendFormat(b, time.RFC3339)
	return append(b, '"')
}

func appendBool(b []byte, v bool) []byte {
	if v {
		return append(b, "true"...)
	}
	return append(b, "false"...)
}

// appendSalePrice appends the offer's sale price (salePrice), null when not on sale.
func appendSalePrice(b []byte, o *offer) []byte {
	if o.SalePrice > 0 && o.SalePrice < o.Price {
		return appendMoney(b, o.SalePrice)
	}
	return append(b, "null"...)
}

// appendPrices appends an offer's price paid as the snapshots write it: "price" the
// regular price, "salePrice" the sale price or null, "unitPrice" and "unit" as
// unitPriceFor gives them.
func appendPrices(b []byte, o *offer) []byte {
	b = append(b, `"price":`...)
	b = appendMoney(b, o.Price)
	b = append(b, `,"salePrice":`...)
	b = appendSalePrice(b, o)
	b = append(b, `,"unitPrice":`...)
	if v, ok := unitPriceFor(o.Category, o.Grams, o.Milligrams, o.Cost()); ok {
		b = appendMoney(b, v) // already in cents
		if o.Category == data.Edible {
			b = append(b, `,"unit":"100mg"`...)
		} else {
			b = append(b, `,"unit":"g"`...)
		}
	} else {
		b = append(b, `null,"unit":null`...)
	}
	return b
}
