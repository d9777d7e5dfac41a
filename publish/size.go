package publish

import (
	"strconv"
	"strings"
)

// sizeLabel is how an offer's size is shown: its weight ("2.83g") or, for a product sold
// by dose, its dose ("100mg"), written the same way for every platform. The platforms'
// own labels are not sizes a shopper can compare: Jane's "two gram" is a price bucket
// that also holds 2.5 g and 2.83 g packages, its ".1g" and "each" are 100 mg edibles,
// and "gram", "1g" and "1gC" are one size. A dose label that says more than the dose
// ("10pk/100mg") is kept, and so is a label with neither weight nor dose known.
func sizeLabel(label string, grams, mg float64) string {
	switch {
	case grams > 0:
		return strconv.FormatFloat(grams, 'f', -1, 64) + "g"
	case mg > 0 && strings.Contains(strings.ToLower(label), "mg"):
		return label
	case mg > 0:
		return strconv.FormatFloat(mg, 'f', -1, 64) + "mg"
	default:
		return label
	}
}
