package scraper

import (
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestProductCode(t *testing.T) {
	tests := []struct {
		name string
		o    data.Offer
		want string
	}{
		{"brand name category size", data.Offer{Brand: "Klutch", Name: "Wedding Cake", Category: data.Flower, Grams: 3.5}, "klutch-wedding-cake-flower-3-5g"},
		{"edible dose, category said by the name", data.Offer{Brand: "Wana", Name: "Sour Gummies", Category: data.Edible, Milligrams: 100}, "wana-sour-gummies-100mg"},
		{"other has no category word", data.Offer{Brand: "Grav", Name: "Glass Pipe", Category: data.Other}, "grav-glass-pipe"},
		{"punctuation folded, apostrophes dropped", data.Offer{Brand: "Riviera Creek", Name: "Uptown F (Smalls)!", Category: data.Flower, Grams: 7}, "riviera-creek-uptown-f-smalls-flower-7g"},
		{"accents folded", data.Offer{Brand: "Grön", Name: "Grön Sour Grape MEGA Pearls - 100mg", Category: data.Edible, Milligrams: 100}, "gron-sour-grape-mega-pearls-edible-100mg"},
		{"no name falls back to the id", data.Offer{ProductID: "AB_12"}, "product-ab-12"},
		{"flower and vape of one strain differ", data.Offer{Brand: "Rythm", Name: "Animal Face", Category: data.Vape, Grams: 1}, "rythm-animal-face-vape-1g"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ProductCode(tt.o); got != tt.want {
				t.Errorf("ProductCode = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestProductCodeAcrossPlatforms lists one product as different platforms and menus
// wrote it (names from the captures in testdata and the Ohio data of the demo pool):
// each group must get one code, and different groups different codes.
func TestProductCodeAcrossPlatforms(t *testing.T) {
	groups := []struct {
		name   string
		offers []data.Offer
	}{
		{"half gram = .5g = 0.5g = 500mg in the name", []data.Offer{
			// Jane's weight bucket, Dutchie's option label, a Sweed label, the Ethos name.
			{Brand: "Natural Selections", Name: "Perfect Cell | Cured Resin Liquid Diamond Cartridge | 500mg", Category: data.Vape, Size: "half gram", Grams: ParseSize("half gram").Grams},
			{Brand: "Natural Selections", Name: "Perfect Cell | Cured Resin Liquid Diamond Cartridge", Category: data.Vape, Size: ".5g", Grams: ParseSize(".5g").Grams},
			{Brand: "NATURAL SELECTIONS", Name: "Perfect Cell Cured Resin Liquid Diamond Cartridge 0.5g", Category: data.Vape, Size: "0.5g", Grams: ParseSize("0.5g").Grams},
		}},
		{"eighth ounce = 3.5g = 1/8oz", []data.Offer{
			{Brand: "Klutch", Name: "Wedding Cake", Category: data.Flower, Size: "eighth ounce", Grams: ParseSize("eighth ounce").Grams},
			{Brand: "Klutch Cannabis", Name: "Wedding Cake 3.5g", Category: data.Flower, Size: "3.5 g", Grams: ParseSize("3.5 g").Grams},
			{Brand: "Klutch", Name: "Klutch | Wedding Cake | 1/8 oz", Category: data.Flower, Size: "1/8oz", Grams: ParseSize("1/8oz").Grams},
		}},
		{"brand folded out of a Joint name and a Dispense name", []data.Offer{
			{Brand: "Ozone", Name: "Blood Orange | Ozone | 100mg Gummies", Category: data.Edible, Size: ".1g", Milligrams: EdibleMilligrams(0, ".1g")},
			{Brand: "Ozone", Name: "Ozone Blood Orange Gummies - 100mg", Category: data.Edible, Size: "100mg", Milligrams: 100},
			{Brand: "Ozone", Name: "Blood Orange Gummies", Category: data.Edible, Size: "each", Milligrams: 100},
		}},
		{"pack counts written three ways", []data.Offer{
			{Brand: "Garden Greens", Name: "Cake & Desist | Garden Greens Pre-Rolls (5 Pack)", Category: data.Preroll, Grams: 2.5},
			{Brand: "Garden Greens", Name: "Cake and Desist Pre-Rolls 5pk", Category: data.Preroll, Grams: 2.5},
			{Brand: "Garden Greens", Name: "Cake & Desist Pre-Rolls [5-pack]", Category: data.Preroll, Grams: 2.5},
		}},
		{"trademark signs, company suffix and a parenthesised note", []data.Offer{
			{Brand: "Cheeba Chews®", Name: "Sleepy Chews Chocolate Taffy | Cheeba Chews | 2:1 Taffy", Category: data.Edible, Milligrams: 100},
			{Brand: "Cheeba Chews, LLC", Name: "Sleepy Chews Chocolate Taffy 2:1 Taffy", Category: data.Edible, Milligrams: 100},
			{Brand: "Cheeba Chews (Ohio)", Name: "Sleepy Chews Chocolate Taffy | 2:1 Taffy", Category: data.Edible, Milligrams: 100},
		}},
		{"Canadian catalogue name said twice", []data.Offer{
			{Brand: "Truro", Name: "Titanimal Cannabis Flower by Truro - Titanimal Cannabis Flower by Truro", Category: data.Flower, Grams: 3.5},
			{Brand: "Truro", Name: "Titanimal Cannabis Flower", Category: data.Flower, Grams: 3.5},
		}},
		{"same strain, other weight", []data.Offer{{Brand: "Klutch", Name: "Wedding Cake", Category: data.Flower, Grams: 3.54}}},
		{"same strain, other format", []data.Offer{{Brand: "Klutch", Name: "Wedding Cake", Category: data.Preroll, Grams: 3.5}}},
		{"product lines of one brand", []data.Offer{{Brand: "O'Geez", Name: "Mellow Indica | Ogeez (The Creams) | 100mg Gummies", Category: data.Edible, Milligrams: 100}}},
		{"the other line", []data.Offer{{Brand: "O'Geez", Name: "Mellow Indica | Ogeez (The Fruits) | 100mg Gummies", Category: data.Edible, Milligrams: 100}}},
	}
	owner := map[string]string{}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) {
			want := ProductCode(g.offers[0])
			for _, o := range g.offers[1:] {
				if got := ProductCode(o); got != want {
					t.Errorf("%q by %q: code %q, want %q (the code of %q)", o.Name, o.Brand, got, want, g.offers[0].Name)
				}
			}
			if other, taken := owner[want]; taken {
				t.Errorf("code %q is also the code of group %q", want, other)
			}
			owner[want] = g.name
		})
	}
}

func TestCleanName(t *testing.T) {
	tests := []struct {
		name, brand string
		grams, mg   float64
		want        string
	}{
		// Joint (Dutchie-fed) names: "Flavour | Brand | Dose Format".
		{"Blood Orange | Ozone | 100mg Gummies", "Ozone", 0, 100, "Blood Orange Gummies"},
		{"Chill Tablets | 1906 | 100mg Tablets", "1906", 0, 100, "Chill Tablets"},
		{"Gron | 10:1 Tart Cherry Pearls (CBN/THC) | Gummies", "Gron", 0, 25, "10:1 Tart Cherry Pearls (CBN/THC) Gummies"},
		{"AJs Sour Diesel | Anthologie Pre-Roll", "Anthologie", 1, 0, "AJs Sour Diesel Pre-Roll"},
		{"Apples N Bananas | 0.5 Pre-Roll (3 Pack)  | High Grass Farms", "High Grass Farms Premium", 1.5, 0, "Apples N Bananas 0.5 Pre-Roll (3 Pack)"},
		{"Mellow Indica | Ogeez (The Creams) | 100mg Gummies", "O'Geez", 0, 100, "Mellow Indica (The Creams) Gummies"},
		{"Optimals Fast Asleep | Wana | 20mg Gummies (10 Pack)", "Wana", 0, 200, "Optimals Fast Asleep 20mg Gummies (10 Pack)"},
		// Dispense: brand first, dose last.
		{"Ozone-Red, White, and Berry-Soft Chews-100mg", "Ozone", 0, 100, "Ozone-Red, White, and Berry-Soft Chews"},
		{"Gron Blueberry Lemonade Fun Size Pearls 1:1 CBG:THC - 20mg", "Grön", 0, 10, "Blueberry Lemonade Fun Size Pearls 1:1 CBG:THC - 20mg"},
		// Dutchie Plus / LeafBridge: a per-piece dose is not the package's and stays.
		{"Bananas Foster Soft Caramels 10mg | 10-Pack", "ILLICIT", 0, 100, "Bananas Foster Soft Caramels 10mg 10-Pack"},
		{"&Shine Fruit Punch Bites 10pk/100mg", "&Shine", 0, 100, "Fruit Punch Bites 10pk"},
		// Ethos (Dutchie): size segment and the cartridge's 500mg.
		{"Forza | Live Sugar | 1g", "Natural Selections", 1, 0, "Forza Live Sugar"},
		{"OGKB 2.1 | Cured Resin Liquid Diamond Cartridge | 500mg", "Natural Selections", 0.5, 0, "OGKB 2.1 Cured Resin Liquid Diamond Cartridge"},
		// Weedmaps: brand before a hyphen, sizes in capitals.
		{"OMC - Ice Cream Cake", "OMC", 7, 0, "Ice Cream Cake"},
		{"LUNA LEAF | Zerealz | 3.5G", "", 3.5, 0, "LUNA LEAF Zerealz"},
		{"Goji Og 14g", "", 14, 0, "Goji OG"},
		// Leafly and JSON-LD: size at the end.
		{"Gary Payton 3.5g", "Cookies", 3.5, 0, "Gary Payton"},
		{"Gary Payton 7g", "Cookies", 7, 0, "Gary Payton"},
		{"Blue Dream 2.83g", "Galenas", 2.83, 0, "Blue Dream"},
		// 2023 Dutchie capture: the name said twice, the brand after "by".
		{"Titanimal Cannabis Flower by Truro - Titanimal Cannabis Flower by Truro", "Truro", 3.5, 0, "Titanimal Cannabis Flower"},
		// Lineage markers go; other brackets stay.
		{"Velcroz (H) | RYTHM Live Resin Badder", "Rythm", 1, 0, "Velcroz Live Resin Badder"},
		{"Raspberry (S) | WYLD | 100mg Gummies", "Wyld", 0, 100, "Raspberry Gummies"},
		{"Paloma Spritz | Garden Greens Pre-Roll (Diamond Infused)", "Garden Greens", 1, 0, "Paloma Spritz Pre-Roll (Diamond Infused)"},
		// Acronyms from title-casing sources (the Ohio data), dotted initials.
		{"Gmo Pie", "Seeker", 3.5, 0, "GMO Pie"},
		{"Rc Rainbow", "Riviera Creek", 7, 0, "RC Rainbow"},
		{"Ss Diesel", "Bloom Cannabis", 1, 0, "SS Diesel"},
		{"Screamin Og", "Rythm", 3.5, 0, "Screamin OG"},
		{"Gg4", "O'dank", 14.15, 0, "GG4"},
		{"C.r.b.", "The Standard", 1, 0, "C.R.B."},
		{"Grape Rtz", "Klutch", 3.54, 0, "Grape RTZ"},
		// A strain named after its brand keeps the brand.
		{"Josh D Og", "Josh D", 2.83, 0, "Josh D OG"},
		{"Khalifa Kush", "Khalifa Kush", 3.54, 0, "Khalifa Kush"},
		// Truncated or abbreviated source names are left as they are (Jane capture).
		{"London Pound C", "Eleven", 7, 0, "London Pound C"},
		{"BRWN E SCT", "RYTHM", 3.5, 0, "BRWN E SCT"},
		{"FRT GSHRS", "Modern Flower", 7, 0, "FRT GSHRS"},
		{"Petrol P.", "Farmaceutical Rx", 2.83, 0, "Petrol P."},
		// Words that only look like acronyms stay.
		{"Mac n Jack", "Anthologie", 1, 0, "Mac n Jack"},
		// Nothing but the brand and size: the name is kept.
		{"Ozone | 100mg", "Ozone", 0, 100, "Ozone | 100mg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := CleanName(tt.name, tt.brand, tt.grams, tt.mg)
			if got != tt.want {
				t.Errorf("CleanName(%q, %q) = %q, want %q", tt.name, tt.brand, got, tt.want)
			}
			if again := CleanName(got, CleanBrand(tt.brand), tt.grams, tt.mg); again != got {
				t.Errorf("not idempotent: cleaning %q again gives %q", got, again)
			}
		})
	}
}

func TestCleanBrand(t *testing.T) {
	tests := []struct{ in, want string }{
		{"Cheeba Chews®", "Cheeba Chews"},
		{"Cresco™", "Cresco"},
		{"Little Leaf (Little Leaf Labs LLC.)", "Little Leaf"},
		{"Alberta Craft Cannabis Inc", "Alberta Craft Cannabis"},
		{"The Original Fraser Valley Weed Co.", "The Original Fraser Valley Weed Co."},
		{"Klutch Cannabis", "Klutch"},
		{"Rythm", "RYTHM"},
		{"WYLD", "Wyld"},
		{"Gron", "Grön"},
		{"R.o.", "R.O."},
		{"(the) Essence", "(the) Essence"},
		{"  Riviera   Creek ", "Riviera Creek"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := CleanBrand(tt.in); got != tt.want {
			t.Errorf("CleanBrand(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := CleanBrand(CleanBrand(tt.in)); again != tt.want {
			t.Errorf("CleanBrand not idempotent on %q: %q", tt.in, again)
		}
	}
}

func TestIdentify(t *testing.T) {
	o := data.Offer{
		ProductID: "p1", Brand: "Ozone", Name: "Blood Orange | Ozone | 100mg Gummies", Strain: "Blood Orange",
		Category: data.Edible, Size: ".1g", Milligrams: 100, Price: 20,
	}
	Identify(&o)
	want := data.Offer{
		ProductID: "p1", Brand: "Ozone", Name: "Blood Orange Gummies", Strain: "Blood Orange",
		Category: data.Edible, Size: ".1g", Milligrams: 100, Price: 20, Code: "ozone-blood-orange-gummies-100mg",
	}
	if o.Code != want.Code || o.Name != want.Name || o.Brand != want.Brand || o.Size != want.Size || o.Milligrams != want.Milligrams {
		t.Errorf("Identify = %+v, want %+v", o, want)
	}
	again := o
	Identify(&again)
	if again.Code != o.Code || again.Name != o.Name || again.Brand != o.Brand {
		t.Errorf("Identify twice: %+v, then %+v", o, again)
	}

	// A strain named after its brand keeps the brand (Ohio data: Josh D's "Josh D Og",
	// whose StrainName is "Og").
	jd := data.Offer{Brand: "Josh D", Name: "Josh D Og", Strain: StrainName("Josh D Og", "Josh D"), Category: data.Flower, Grams: 2.83}
	Identify(&jd)
	if jd.Name != "Josh D OG" || jd.Strain != "Josh D OG" {
		t.Errorf("Identify = %+v, want name and strain Josh D OG", jd)
	}

	og := data.Offer{Brand: "R.o.", Name: "Screamin Og", Strain: "Screamin Og", Category: data.Flower, Grams: 3.5}
	Identify(&og)
	if og.Brand != "R.O." || og.Name != "Screamin OG" || og.Strain != "Screamin OG" || og.Code != "r-o-screamin-og-flower-3-5g" {
		t.Errorf("Identify = %+v", og)
	}
}

// BenchmarkIdentify measures the per-offer cost of the identity step a scrape run adds
// (about 100k offers a run at Ohio's size).
func BenchmarkIdentify(b *testing.B) {
	offers := []data.Offer{
		{Brand: "Ozone", Name: "Blood Orange | Ozone | 100mg Gummies", Strain: "Blood Orange", Category: data.Edible, Milligrams: 100},
		{Brand: "Rythm", Name: "Velcroz (H) | RYTHM Live Resin Badder", Strain: "Velcroz", Category: data.Extract, Grams: 1},
		{Brand: "Riviera Creek", Name: "Rc Rainbow", Strain: "Rc Rainbow", Category: data.Flower, Grams: 3.5},
		{Brand: "Little Leaf (Little Leaf Labs LLC.)", Name: "Dream Berry Nano-Infused Gummies (I) (THC:CBN) | The Growfather | 100mg Gummies (10 pcs)", Category: data.Edible, Milligrams: 100},
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		o := offers[i%len(offers)]
		Identify(&o)
	}
}
