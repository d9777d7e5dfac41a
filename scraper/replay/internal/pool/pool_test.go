package pool

import (
	"bytes"
	"compress/gzip"
	"reflect"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	p := Pool{
		Sources: []Source{{ID: "s", File: "f.json", Repo: "o/r", Path: "p", Commit: "c"}},
		Items: []Item{{ID: "1", Source: "s", Origin: "OH", Category: "Flower", Name: "N", THC: 20, PotencyUnit: "%",
			Sizes: []Size{{Label: "2.83g", JaneWeight: "two gram", Grams: 2.83, Price: 38, SalePrice: 26.6}}}},
	}
	var a, b bytes.Buffer
	if err := Encode(&a, p); err != nil {
		t.Fatal(err)
	}
	if err := Encode(&b, p); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two encodings of one pool differ")
	}
	got, err := Decode(a.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, p) {
		t.Errorf("round trip = %+v, want %+v", got, p)
	}
}

func TestDecodeRefuses(t *testing.T) {
	gz := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		w.Write([]byte(s))
		w.Close()
		return b.Bytes()
	}
	tests := []struct {
		name string
		raw  []byte
		err  string
	}{
		{"not gzip", []byte(`{"items":[]}`), "gzip"},
		{"unknown field", gz(`{"items":[{"id":"1","colour":"green"}]}`), "colour"},
		{"not JSON", gz(`items`), "invalid character"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.raw)
			if err == nil || !strings.Contains(err.Error(), tt.err) || !strings.HasPrefix(err.Error(), "decode pool") {
				t.Errorf("error %v, want one mentioning %q", err, tt.err)
			}
		})
	}
}
