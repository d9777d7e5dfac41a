package data

import (
	"strings"
	"testing"
)

func TestStrainsEmbedded(t *testing.T) {
	c, err := Strains()
	if err != nil {
		t.Fatalf("embedded strains: %v", err)
	}
	if c.Len() != 9373 {
		t.Errorf("Len = %d, want the 9,373 strains PROVENANCE.md counts", c.Len())
	}
	tests := []struct {
		menu          string // a strain name as menus write it (scraper.StrainName's output)
		name, slug, t string
	}{
		{"Blue Dream", "Blue Dream", "blue-dream", "hybrid"},
		{"OG Kush", "OG Kush", "og-kush", "hybrid"},
		{"Og Kush", "OG Kush", "og-kush", "hybrid"},
		{"og-kush", "OG Kush", "og-kush", "hybrid"},
		{"Dosidos", "Do Si Dos", "do-si-dos", "hybrid"},
		{"Do-Si-Dos", "Do Si Dos", "do-si-dos", "hybrid"},
		{"Gorilla Glue 4", "Gorilla Glue #4", "gorilla-glue-4", "hybrid"},
		{"GSC", "Girl Scout Cookies", "girl-scout-cookies", "hybrid"},
		// The catalogue's own "GDP" row wins over the alias.
		{"GDP", "GDP", "gdp", "indica"},
		{"SSH", "Super Silver Haze", "super-silver-haze", "sativa"},
		{"Senor Jack", "Señor Jack", "senor-jack", "hybrid"},
		{"Gods Treat", "God’s Treat", "gods-treat", "hybrid"},
		{"ACAPULCO GOLD", "Acapulco Gold", "acapulco-gold", "sativa"},
	}
	for _, tt := range tests {
		s, ok := c.Lookup(tt.menu)
		if !ok {
			t.Errorf("Lookup(%q): not found", tt.menu)
			continue
		}
		if s.Name != tt.name || s.Slug != tt.slug || s.Type != tt.t {
			t.Errorf("Lookup(%q) = %+v, want %s / %s / %s", tt.menu, s, tt.name, tt.slug, tt.t)
		}
		if bySlug, ok := c.BySlug(s.Slug); !ok || bySlug.Name != s.Name {
			t.Errorf("BySlug(%q) = %+v, %v", s.Slug, bySlug, ok)
		}
	}
	for _, miss := range []string{"Animal Face", "Wedding Cake Pre-Roll", "", "Runtz"} {
		if s, ok := c.Lookup(miss); ok {
			t.Errorf("Lookup(%q) = %+v, want not found", miss, s)
		}
	}
	// Every alias leads to a strain of the catalogue, and an alias never hides a strain
	// spelled like it.
	for k, target := range strainAliases {
		if _, ok := c.byKey[StrainKey(target)]; !ok {
			t.Errorf("alias %q: %q is not in the catalogue", k, target)
		}
	}
	for _, s := range c.All() {
		if s.Slug == "" || strings.ContainsAny(s.Slug, " _#'") {
			t.Errorf("%q: slug %q", s.Name, s.Slug)
		}
	}
}

func TestStrainKey(t *testing.T) {
	same := [][]string{
		{"OG Kush", "Og Kush", "og-kush", "OG  KUSH", "O.G. Kush"},
		{"Gelato #41", "Gelato 41", "gelato #41", "Gelato # 41"},
		{"Do-Si-Dos", "Dosidos", "Do Si Dos"},
		{"La Niña", "La Nina"},
		{"Neville's Haze", "Nevilles Haze", "Neville’s Haze"},
		{"Cookies & Cream", "Cookies and Cream"},
	}
	for _, group := range same {
		for _, n := range group[1:] {
			if StrainKey(n) != StrainKey(group[0]) {
				t.Errorf("StrainKey(%q) = %q, StrainKey(%q) = %q: want equal", n, StrainKey(n), group[0], StrainKey(group[0]))
			}
		}
	}
	if StrainKey("Gelato 41") == StrainKey("Gelato 33") || StrainKey("Blue Dream") == StrainKey("Blue Dreams Haze") {
		t.Error("different strains share a key")
	}
}

func TestParseStrainsErrors(t *testing.T) {
	tests := []struct{ name, csv, want string }{
		{"header", "name,type\nx,hybrid\n", "header"},
		{"no name", "name,slug,type,breeder\n,,hybrid,\n", "line 2: no name"},
		{"slug", "name,slug,type,breeder\nBlue Dream,blue,hybrid,\n", `line 2: slug "blue", want "blue-dream"`},
		{"type", "name,slug,type,breeder\nBlue Dream,blue-dream,ruderalis,\n", `line 2: type "ruderalis"`},
		{"same strain twice", "name,slug,type,breeder\nOG Kush,og-kush,hybrid,\nOg-Kush,og-kush,hybrid,\n", `line 3: "Og-Kush" is the same strain as "OG Kush"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseStrains("test.csv", strings.NewReader(tt.csv))
			if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "test.csv") {
				t.Errorf("err = %v, want one naming test.csv and %q", err, tt.want)
			}
		})
	}
}
