package publish

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
	"unsafe"
)

// encodingJSON is v as encoding/json writes it with HTML escaping off, as marshal does.
func encodingJSON(t *testing.T, v any) string {
	t.Helper()
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		t.Fatal(err)
	}
	return string(bytes.TrimRight(buf.Bytes(), "\n"))
}

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "Blue Dream", `Say "hi"`, `back\slash`, "Bloom & Co <Akron>", "tab\there\nline\rreturn",
		"\x00\x01\x1f\x7f", "Café Crème", "日本", "bad \xff\xfe utf-8", "cut \xe2\x82", "line\u2028para\u2029end", "emoji 🌿"} {
		if got, want := string(appendString(nil, s)), encodingJSON(t, s); got != want {
			t.Errorf("appendString(%q) = %s, encoding/json writes %s", s, got, want)
		}
	}
}

func TestAppendFloatMatchesEncodingJSON(t *testing.T) {
	for _, f := range []float64{0, math.Copysign(0, -1), 1, -1, 12.99, 45, 0.1, 1.0 / 3, 24.9, 100, 1e-6, 9.99e-7, 1e-7,
		-2.5e-9, 1e20, 1e21, 1.5e300, 40.5329180493279, -83.53558033329733, math.MaxFloat64, math.SmallestNonzeroFloat64} {
		if got, want := string(appendFloat(nil, f)), encodingJSON(t, f); got != want {
			t.Errorf("appendFloat(%v) = %s, encoding/json writes %s", f, got, want)
		}
	}
}

// TestOfferSize keeps an offer at 48 bytes: a 2,000-menu publish holds 700,000 of them.
func TestOfferSize(t *testing.T) {
	if got := unsafe.Sizeof(offer{}); got != 48 {
		t.Errorf("an offer takes %d bytes, want 48", got)
	}
}
