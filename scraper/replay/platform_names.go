package replay

import (
	"math"
	"strings"

	"github.com/ohiomc/omc/data"
)

// How each platform names the tracked categories and lineages, as seen in the captures
// (Jane `kind`, Dutchie `type`) and in docs/platforms.md §1 and §3.
var (
	janeKinds = map[data.Category]string{
		data.Flower: "flower", data.Preroll: "pre-roll", data.Vape: "vape", data.Extract: "extract", data.Edible: "edible",
	}
	janeProductTypes = map[data.Category]string{
		data.Flower: "Flower", data.Preroll: "Pre-Rolls", data.Vape: "Vapes", data.Extract: "Extracts", data.Edible: "Edibles",
	}
	dutchieTypes = map[data.Category]string{
		data.Flower: "Flower", data.Preroll: "Pre-Rolls", data.Vape: "Vaporizers", data.Extract: "Concentrate", data.Edible: "Edible",
	}
	dutchieStrains = map[string]string{"indica": "Indica", "sativa": "Sativa", "hybrid": "Hybrid", "": "N/A"}
)

// janeWeights are Jane's weight buckets in menu order with their nominal grams; every
// Algolia record carries special_price_<w> and max_cart_quantity_<w> for each of them.
var janeWeights = []struct {
	name  string
	grams float64
}{
	{"half gram", 0.5}, {"gram", 1}, {"two gram", 2}, {"eighth ounce", 3.5},
	{"quarter ounce", 7}, {"half ounce", 14}, {"ounce", 28}, {"each", 0},
}

// janeWeight is the bucket a size is listed under: the recorded one when known, "each"
// for edibles and sizes without weight, else the bucket nearest in ratio (Jane forces
// odd sizes into buckets: 4.2 g into "two gram" in the capture).
func janeWeight(s Size, c data.Category) string {
	if s.JaneWeight != "" {
		return s.JaneWeight
	}
	if c == data.Edible || s.Grams <= 0 {
		return "each"
	}
	best, bestDist := "", math.Inf(1)
	for _, w := range janeWeights {
		if w.grams == 0 {
			continue
		}
		if d := math.Abs(math.Log(s.Grams / w.grams)); d < bestDist {
			best, bestDist = w.name, d
		}
	}
	return best
}

func nominalGrams(weight string) float64 {
	for _, w := range janeWeights {
		if w.name == weight {
			return w.grams
		}
	}
	return 0
}

// janeKey is the attribute suffix of a bucket: "eighth ounce" → "eighth_ounce".
func janeKey(weight string) string {
	return strings.ReplaceAll(weight, " ", "_")
}
