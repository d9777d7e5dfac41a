package data

import "testing"

// TestStrainWithoutForms checks the catalogue first: a strain the catalogue knows with a
// form word in its name keeps it ("Puna Budder", "Pineapple Sugar"), and loses only
// the product's form after it.
func TestStrainWithoutForms(t *testing.T) {
	for name, want := range map[string]string{
		"Puna Budder":                "Puna Budder",
		"Puna Budder Cart":           "Puna Budder",
		"Pineapple Sugar Badder":     "Pineapple Sugar",
		"Bubba Hash Live Resin":      "Bubba Hash",
		"Chocolate Sauce Shatter":    "Chocolate Sauce",
		"Tangie Cart":                "Tangie",
		"Gelato Sugar":               "Gelato",
		"Sugar Free Lemonade":        "Sugar Free Lemonade",
		"Cart - Tangie":              "Tangie",
		"Disposable":                 "Disposable",
		"":                           "",
		"Wedding Cake Pre-Roll":      "Wedding Cake",
		"Sour Diesel All-in-One":     "Sour Diesel",
		"GMO | Live Rosin Cartridge": "GMO",
	} {
		if got := StrainWithoutForms(name); got != want {
			t.Errorf("StrainWithoutForms(%q) = %q, want %q", name, got, want)
		}
	}
}
