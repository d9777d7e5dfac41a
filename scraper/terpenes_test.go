package scraper

import (
	"reflect"
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestLineageFrom(t *testing.T) {
	tests := []struct {
		desc string
		want []string
	}{
		// Jane capture (dmerch 2025-11) descriptions.
		{"Wookie Burger by Atlas Seeds, a cross of Triple Burger and As1, features medium-sized, purple-green buds", []string{"Triple Burger", "As1"}},
		{"THIS IS love at first hit. Highaleah is an in-house cross of Florida Kush x Cuban Linx. That's right", []string{"Florida Kush", "Cuban Linx"}},
		{"THIS IS gold. A balanced indica cross of two well-bred parents, Golden Goat x Pineapple Kush, Golden Pineapple is a winner", []string{"Golden Goat", "Pineapple Kush"}},
		{"RYTHM Premium Flower offers a variety of strains. | [orig: GMO x Trophy Wife] is a balanced and blissful hybrid", []string{"GMO", "Trophy Wife"}},
		{"Sunshine 4 crosses Chemdog 4 x SSD, known as an extremely potent indica", []string{"Chemdog 4", "SSD"}},
		{"This hybrid cross of OGKB 2.1 x Candy Fumez blends creamy sweetness and musky dankness.", []string{"OGKB 2.1", "Candy Fumez"}},
		{"Cherry Lime Gelato is a hybrid created through a complex cross of Berner’s Gelato x Gelato #33 x Cherry Limeade. Patients", []string{"Berner’s Gelato", "Gelato #33", "Cherry Limeade"}},
		{"Pineapple Upside Down Cake is a cross of Golden Pineapple and Trophy Wife (Wedding Cake F2) from Surfr Seeds.", []string{"Golden Pineapple", "Trophy Wife"}},
		{"Lemon Gas is a hybrid strain developed through the crossing of All Gas OG and Lemon Magik, and bred in-house", []string{"All Gas OG", "Lemon Magik"}},
		{"[orig. Apples & Bananas x White Runtz] is a potent hybrid", []string{"Apples & Bananas", "White Runtz"}},
		{"Jungle Cake x Frosted Cake", []string{"Jungle Cake", "Frosted Cake"}},
		{"CROSS INFO: Black Cherry Gelato x Medellin", []string{"Black Cherry Gelato", "Medellin"}},
		// Sweed capture (Curaleaf NJ, Gleaf) descriptions.
		{"A cross between Bubba Kush and Animal Mints, this cultivar strikes a balance", []string{"Bubba Kush", "Animal Mints"}},
		{"Lineage: Alien Cookies F2 X Kush Mints 11", []string{"Alien Cookies F2", "Kush Mints 11"}},
		{"Later Days Double Oreoz (Cookies & Cream x White Fire Alien OG)- An Indica-dominant hybrid", []string{"Cookies & Cream", "White Fire Alien OG"}},
		{"Crossing Grape Pie and Animal Cookies, the blend of two distinct aroma", []string{"Grape Pie", "Animal Cookies"}},
		{"Lemon Cream is a flavorful Hybrid strain resulting from the cross between Lemon Tree and Cookies and Cream. With", nil},
		{"A combination of GSC and Chemdawg D, this pungent cultivar.\n\nLineage: GSC x Chemdawg D  \nFlavor: Chem", []string{"GSC", "Chemdawg D"}},
		// Joint capture (Dutchie-fed) descriptions.
		{"Truffle Cake (Sativa-dominant Hybrid // Gorilla Butter F2 x Pancakes) is a decadent hybrid", []string{"Gorilla Butter F2", "Pancakes"}},
		{"a cross of Miracle Alien Cookies (MAC) and Jack Herer. Cultivated by Anthologie", []string{"Miracle Alien Cookies", "Jack Herer"}},
		{"Subzero is a hybrid cannabis strain. It's a cross between\u00a0Super Boof\u00a0and\u00a0Oreoz.\u00a0While hybrid", []string{"Super Boof", "Oreoz"}},
		{"Z Pie combines Zkittlez and Georgia Pie genetics, delivering a sweet, fruity flavor", []string{"Zkittlez", "Georgia Pie"}},
		// Not a lineage, or not one that can be read without guessing.
		{"resulting from a cross of Hawaiian and an unknown strain.  It exudes strong scents", nil},
		{"Strain Description: Rebel Sour [orig: East Coast Sour Diesel x (ECSD x (Double OG Sour x Starfighter))] is euphoric", nil},
		{"Arabic provide a consistent seal without impacting the taste of your smoke.78mm x 44mmMade using", nil},
		{"Born from the union of Z and Gelato, Bolo Runtz inherits a rich lineage", nil},
		{"While specific lineage details are scarce, the name suggests a luxurious blend", nil},
		{"<p>Genetics: <b>Wedding Cake</b> x <b>OG Kush</b></p>", []string{"Wedding Cake", "OG Kush"}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := lineageFrom(tt.desc); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("lineageFrom(%q) = %q, want %q", tt.desc, got, tt.want)
		}
	}
}

func TestMenuLineage(t *testing.T) {
	desc := "Sherbacio x Sweet Tea is named after its intensely sweet flavor"
	if got := menuLineage(data.Preroll, desc); !reflect.DeepEqual(got, []string{"Sherbacio", "Sweet Tea"}) {
		t.Errorf("preroll = %q", got)
	}
	if got := menuLineage(data.Edible, "Haze x Mudd Brothers Mandarin Dreamz Live Resin Gummies"); got != nil {
		t.Errorf("edible = %q, want none", got)
	}
	if got := menuLineage(data.Flower, "A classic."); got != nil {
		t.Errorf("no cross = %q", got)
	}
}

func TestTerpeneSet(t *testing.T) {
	f := func(v float64) *float64 { return &v }
	var s terpeneSet
	s.add("Caryophyllene", f(0.4), "%")
	s.add("THCA", f(26.02), "%") // a cannabinoid, not a terpene
	s.add("Pinene", f(0.05), "%")
	s.add("b-Pinene", f(0.08), "%") // the other isomer of the same entry: amounts add up
	s.add("Beta Myrcene", f(3.6), "mg/g")
	s.add("limonene", nil, "")
	s.add("Limonene", f(0), "%")   // a zero is no amount
	s.add("Humulene", f(1), "ppm") // a unit we do not know: the name stays, the figure goes
	want := []data.Terpene{
		{Name: "Beta-Caryophyllene", Amount: f(0.4), Unit: "%"},
		{Name: "Myrcene", Amount: f(0.36), Unit: "%"},
		{Name: "Pinene", Amount: f(0.13), Unit: "%"},
		{Name: "Limonene"},
		{Name: "Humulene"},
	}
	if got := s.terpenes(); !reflect.DeepEqual(got, want) {
		t.Errorf("terpenes = %s, want %s", show(got), show(want))
	}
	var empty terpeneSet
	if empty.terpenes() != nil {
		t.Error("empty set gives a non-nil list")
	}
}

func show(ts []data.Terpene) string {
	out := ""
	for _, t := range ts {
		out += t.Name
		if t.Amount != nil {
			out += "=" + formatAmount(*t.Amount) + t.Unit
		}
		out += " "
	}
	return out
}

func TestLineageFromLines(t *testing.T) {
	// Jane capture, MX FLN: a form laid out in lines.
	desc := "Pinene\u00a0: 0.077% | \r\n--\r\nCross:\r\nIce Cream Cake x Animal Mints\r\nGrow type:\r\nAvailable in Indoor\r\nBreeder:\r\nSeed Junky Genetics"
	if got := lineageFrom(desc); !reflect.DeepEqual(got, []string{"Ice Cream Cake", "Animal Mints"}) {
		t.Errorf("lineageFrom = %q", got)
	}
}
