package scraper

import (
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestStrainNameWithoutForms checks the strain of real-looking product names of every
// category: the form (cart, badder, shatter, live resin, disposable, smalls...), the
// size, the brand and the lineage marker never stay in the strain, and a strain whose
// name holds a form word ("Lemon Sugar"? "Hash Plant") keeps it where it belongs.
func TestStrainNameWithoutForms(t *testing.T) {
	cases := []struct{ name, brand, want string }{
		{"Tangie Cart", "", "Tangie"},
		{"Sour Diesel Cart", "Select", "Sour Diesel"},
		{"Wedding Cake Badder", "Klutch", "Wedding Cake"},
		{"Gelato Shatter", "", "Gelato"},
		{"Gelato Shatter 1g", "Bounti", "Gelato"},
		{"Wedding Cake Live Resin Badder", "Klutch", "Wedding Cake"},
		{"Live Resin Badder - Ice Cream Cake", "Klutch", "Ice Cream Cake"},
		{"Blue Dream Live Resin Cart 0.5g", "Select", "Blue Dream"},
		{"Chimera #3 Live Rosin Disposable", "Ancient Roots", "Chimera #3"},
		{"Chimera #3 Live Rosin Cart", "Ancient Roots", "Chimera #3"},
		{"Dulce De Uva Smalls", "King City Gardens", "Dulce De Uva"},
		{"Dulce De Uva Smalls 3.5g", "King City Gardens", "Dulce De Uva"},
		{"GMO Cookies Shake 7g", "Buckeye Relief", "GMO Cookies"},
		{"Runtz Popcorn 14g", "", "Runtz"},
		{"Ghost Train Haze Pre-Roll 1g", "Firelands Scientific", "Ghost Train Haze"},
		{"Jack Herer Pre-Rolls (2-Pack)", "", "Jack Herer"},
		{"Infused Pre-Roll Strawberry Cough 1g", "Kynd", "Strawberry Cough"},
		{"Northern Lights Disposable 0.3g", "Rythm", "Northern Lights"},
		{"Durban Poison All-in-One 1g", "Standard Farms", "Durban Poison"},
		{"Granddaddy Purple Pod 0.5g", "", "Granddaddy Purple"},
		{"Pineapple Express Distillate Cartridge", "", "Pineapple Express"},
		{"Super Lemon Haze Cured Resin Cart", "", "Super Lemon Haze"},
		{"Gorilla Glue #4 Full Spectrum Cart 1g", "", "Gorilla Glue #4"},
		{"Trainwreck Sugar 1g", "", "Trainwreck"},
		{"Purple Punch Crumble", "", "Purple Punch"},
		{"Zkittlez Diamonds 1g", "", "Zkittlez"},
		{"Mimosa Live Rosin 1g", "Grön", "Mimosa"},
		{"OG Kush Wax", "", "OG Kush"},
		{"Bubba Kush Budder", "", "Bubba Kush"},
		{"Lava Cake Sauce", "", "Lava Cake"},
		{"Banana Kush Rosin", "", "Banana Kush"},
		{"Hash Plant Cart", "", "Hash Plant"},
		{"Gelato Vape Pen", "", "Gelato"},
		{"Apple Fritter Flower 3.5g", "", "Apple Fritter"},
		{"Cherry Pie (I) 2.83g", "", "Cherry Pie"},
		{"Blood Orange Gummies 100mg", "Wyld", "Blood Orange"},
		{"Watermelon Gummies (10-Pack)", "", "Watermelon"},
		{"Strawberry Chews 100mg", "Ozone", "Strawberry"},
		{"Cart - Tangie", "", "Tangie"},
		{"Tangie | Select | Cart", "Select", "Tangie"},
		{"Motorbreath Smalls", "Galenas", "Motorbreath"},
		{"Grape Ape Trim", "", "Grape Ape"},
		{"Slurricane Pre-Pack 14g", "", "Slurricane"},
		{"Biscotti Ground Flower 7g", "", "Biscotti"},
		{"MAC 1 Live Resin Sugar", "", "MAC 1"},
		{"Skywalker OG Liquid Diamonds Disposable", "", "Skywalker OG"},
		{"Jealousy Hash Rosin Badder 1g", "", "Jealousy"},
		{"Cart", "", "Cart"},
		{"Live Resin Badder", "", "Live Resin Badder"},
	}
	for _, c := range cases {
		if got := StrainName(c.name, c.brand); got != c.want {
			t.Errorf("StrainName(%q, %q) = %q, want %q", c.name, c.brand, got, c.want)
		}
	}
}

// TestIdentifyKeepsTheForm checks that the platform's subtype tells two items of one
// name apart in their names and codes, that a plain form or an edible's subtype changes
// nothing, and that identifying twice changes nothing more.
func TestIdentifyKeepsTheForm(t *testing.T) {
	cases := []struct {
		name, brand, subtype string
		cat                  data.Category
		grams                float64
		wantName, wantCode   string
	}{
		{"Dulce De Uva", "King City Gardens", "smalls", data.Flower, 3.5, "Dulce De Uva Smalls", "king-city-gardens-dulce-de-uva-smalls-flower-3-5g"},
		{"Dulce De Uva", "King City Gardens", "whole buds", data.Flower, 3.5, "Dulce De Uva", "king-city-gardens-dulce-de-uva-flower-3-5g"},
		{"Dulce De Uva", "King City Gardens", "", data.Flower, 3.5, "Dulce De Uva", "king-city-gardens-dulce-de-uva-flower-3-5g"},
		{"Chimera #3", "Ancient Roots", "LIVE_ROSIN_CART", data.Vape, 0.5, "Chimera #3 Live Rosin", "ancient-roots-chimera-3-live-rosin-vape-0-5g"},
		{"Chimera #3", "Ancient Roots", "live rosin disposable", data.Vape, 0.5, "Chimera #3 Live Rosin Disposable", "ancient-roots-chimera-3-live-rosin-disposable-0-5g"},
		{"Tangie", "Select", "distillate cart", data.Vape, 0.5, "Tangie", "select-tangie-vape-0-5g"},
		{"Tangie Cartridge", "Select", "Cartridges", data.Vape, 0.5, "Tangie Cartridge", "select-tangie-cartridge-0-5g"},
		{"Bramble Kush", "Airo", "live resin airo pod", data.Vape, 1, "Bramble Kush Live Resin Pod", "airo-bramble-kush-live-resin-pod-1g"},
		{"Gelato Live Resin", "Klutch", "live-resin; Badder", data.Extract, 1, "Gelato Live Resin Badder", "klutch-gelato-live-resin-badder-extract-1g"},
		{"Blood Orange", "Wyld", "gummies", data.Edible, 0, "Blood Orange", "wyld-blood-orange-edible"},
	}
	for _, c := range cases {
		o := data.Offer{ProductID: "1", Name: c.name, Brand: c.brand, Subtype: c.subtype, Category: c.cat, Grams: c.grams}
		Identify(&o)
		if o.Name != c.wantName || o.Code != c.wantCode {
			t.Errorf("%q with subtype %q: %q as %s, want %q as %s", c.name, c.subtype, o.Name, o.Code, c.wantName, c.wantCode)
		}
		if code := ProductCode(data.Offer{Name: c.name, Brand: c.brand, Subtype: c.subtype, Category: c.cat, Grams: c.grams}); code != c.wantCode {
			t.Errorf("ProductCode of %q with subtype %q: %s, want %s", c.name, c.subtype, code, c.wantCode)
		}
		again := o
		Identify(&again)
		if again.Name != o.Name || again.Code != o.Code {
			t.Errorf("identifying %q twice: %q as %s, then %q as %s", c.name, o.Name, o.Code, again.Name, again.Code)
		}
	}
}
