package data

import (
	"strings"
	"testing"
)

// A box file that is not a box must stop the program at start, not let every position
// pass (a zero box holds nothing; an inverted one would).
func TestParseBoundsRefusesANonBox(t *testing.T) {
	for _, raw := range []string{`{"south": 42, "north": 38, "west": -85, "east": -80}`, `{}`, `{"south": "38"}`} {
		func() {
			defer func() {
				if r := recover(); r == nil || !strings.Contains(r.(string), "bounds.json") {
					t.Errorf("%s: recovered %v, want a panic naming the file", raw, r)
				}
			}()
			parseBounds("bounds.json", []byte(raw))
		}()
	}
	if b := parseBounds("bounds.json", ohioBoundsJSON); !b.Contains(40, -83) || b.Contains(43, -83) {
		t.Errorf("Ohio's box %+v", b)
	}
}
