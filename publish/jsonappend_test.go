package publish

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
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

// TestOfferSize keeps an offer at 56 bytes: a 2,000-menu publish holds 700,000 of them.
func TestOfferSize(t *testing.T) {
	if got := unsafe.Sizeof(offer{}); got != 56 {
		t.Errorf("an offer takes %d bytes, want 56", got)
	}
}

func TestAppendCentsMatchesEncodingJSON(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	check := func(c int64) {
		if got, want := string(appendCents(nil, c)), encodingJSON(t, float64(c)/100); got != want {
			t.Fatalf("appendCents(%d) = %s, encoding/json writes %s", c, got, want)
		}
	}
	for c := int64(-1000); c <= 200000; c++ {
		check(c)
	}
	for range 200000 {
		check(r.Int64N(1 << 50))
	}
	for _, v := range []float64{0, 12.99, 12.994, 12.995, 0.1 + 0.2, 33.333333, 1e12 + 0.25, 2e13} {
		if got, want := string(appendMoney(nil, v)), encodingJSON(t, cents(v)); got != want {
			t.Errorf("appendMoney(%v) = %s, encoding/json writes %s", v, got, want)
		}
	}
	for range 100000 {
		v := r.Float64() * 10000
		if got, want := string(appendMoney(nil, v)), encodingJSON(t, cents(v)); got != want {
			t.Fatalf("appendMoney(%v) = %s, encoding/json writes %s", v, got, want)
		}
	}
}
