package pool

import (
	"bytes"
	"compress/gzip"
	"strings"
	"testing"
)

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
