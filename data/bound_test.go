package data_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ohiomc/omc/data"
)

// TestBoundCode: a code of today is left as it is; a longer one is cut to MaxCode bytes
// and ends with a hash of the whole, the same every time, different for two codes that
// share their first bytes; bounding a bounded code changes nothing.
func TestBoundCode(t *testing.T) {
	short := "buckeye-farms-comet-tail-flower-3-5g"
	if got := data.BoundCode(short); got != short {
		t.Errorf("a short code changed: %q", got)
	}
	exact := strings.Repeat("a", data.MaxCode)
	if got := data.BoundCode(exact); got != exact {
		t.Errorf("a code of exactly MaxCode bytes changed: %q", got)
	}
	long := "brand-" + strings.Repeat("gelato-cake-", 30) + "flower-3-5g"
	other := "brand-" + strings.Repeat("gelato-cake-", 30) + "flower-7g"
	a, b := data.BoundCode(long), data.BoundCode(other)
	if len(a) > data.MaxCode || len(a) < data.MaxCode-12 || !strings.HasPrefix(a, "brand-gelato-cake-") {
		t.Errorf("bounded code %q (%d bytes)", a, len(a))
	}
	if a != data.BoundCode(long) || a == b || data.BoundCode(a) != a {
		t.Errorf("not stable or not distinct: %q, %q", a, b)
	}
	if strings.Contains(a, "--") {
		t.Errorf("bounded code %q has an empty word", a)
	}
}

// TestClip: a value quoted in a message is at most MaxQuoted bytes and says how long it
// was, cut on a character boundary.
func TestClip(t *testing.T) {
	if got := data.Clip("Comet Tail"); got != "Comet Tail" {
		t.Errorf("a short value changed: %q", got)
	}
	got := data.Clip(strings.Repeat("é", 5<<20))
	if !utf8.ValidString(got) || len(got) > data.MaxQuoted+40 || !strings.HasSuffix(got, "… (10485760 bytes)") {
		t.Errorf("clipped %q", got)
	}
	if cut, ok := data.Cut("ééé", 3); cut != "é" || !ok {
		t.Errorf("Cut split a character: %q", cut)
	}
}
