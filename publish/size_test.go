package publish

import "testing"

func TestSizeLabel(t *testing.T) {
	for _, tt := range []struct {
		label     string
		grams, mg float64
		want      string
	}{
		// Labels the demo's Jane and Dutchie menus really give, with the weight parsed.
		{"gram", 1, 0, "1g"},
		{"1gC", 1, 0, "1g"},
		{"two gram", 2.83, 0, "2.83g"},
		{"two gram", 2.5, 0, "2.5g"},
		{"eighth ounce", 3.54, 0, "3.54g"},
		{"half ounce", 14.15, 0, "14.15g"},
		{"ounce", 28.3, 0, "28.3g"},
		{"0.5g", 0.5, 0, "0.5g"},
		{".1g", 0, 100, "100mg"},
		{"each", 0, 100, "100mg"},
		{"10pk/100mg", 0, 100, "10pk/100mg"},
		{"25mg", 0, 25, "25mg"},
		{"1 each", 0, 0, "1 each"},
		{"", 0, 0, ""},
	} {
		if got := sizeLabel(tt.label, tt.grams, tt.mg); got != tt.want {
			t.Errorf("sizeLabel(%q, %v, %v) = %q, want %q", tt.label, tt.grams, tt.mg, got, tt.want)
		}
	}
}
