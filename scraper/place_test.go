package scraper

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

func TestWrongPlace(t *testing.T) {
	akron := data.Dispensary{City: "Akron", Lat: 41.0798, Lng: -81.5219}
	tests := []struct {
		name string
		d    data.Dispensary
		p    data.Place
		want string
	}{
		{"in its city", akron, data.Place{Lat: 41.09, Lng: -81.50}, ""},
		{"a suburb", akron, data.Place{Lat: 41.16, Lng: -81.44}, ""},
		{"another Ohio city", akron, data.Place{Lat: 39.1031, Lng: -84.5120}, "km from Akron"},
		{"another state", akron, data.Place{Lat: 40.4586, Lng: -79.9304}, "outside Ohio"},
		{"no registry position: Ohio is enough", data.Dispensary{City: "Akron"}, data.Place{Lat: 39.96, Lng: -83.0}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wrongPlace(tt.d, "jane", tt.p)
			if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
				t.Errorf("wrongPlace = %q, want %q", got, tt.want)
			}
		})
	}
	// Columbus to Cleveland is about 204 km as the crow flies.
	if km := data.DistanceKm(39.9612, -82.9988, 41.4993, -81.6944); math.Abs(km-204) > 3 {
		t.Errorf("Columbus-Cleveland %.1f km", km)
	}
}

// The registry and the scraper judge "in Ohio" by the one box of data/ohio-bounds.json:
// a position the registry accepts is never refused by the scraper as another state's,
// and the other way round. 42.45 N (the lake, north of Ohio's border) once passed the
// registry and was refused by the scraper.
func TestOhioVerdictIsShared(t *testing.T) {
	raw, err := os.ReadFile("../data/testdata/ohio-verdicts.json")
	if err != nil {
		t.Fatal(err)
	}
	var vectors struct {
		Cases []struct {
			Name     string
			Lat, Lng float64
			InOhio   bool `json:"inOhio"`
		}
	}
	if err := json.Unmarshal(raw, &vectors); err != nil || len(vectors.Cases) < 5 {
		t.Fatalf("ohio-verdicts.json: %d cases, %v", len(vectors.Cases), err)
	}
	tests := vectors.Cases
	for _, tt := range tests {
		t.Run(tt.Name, func(t *testing.T) {
			registry := fmt.Sprintf(`dispensaries:
  - slug: s
    name: Store
    city: Akron
    region: Northeast
    lat: %v
    lng: %v
    menus:
      - {market: recreational, platform: jane, storeId: "1"}
`, tt.Lat, tt.Lng)
			_, perr := data.ParseRegistry("registry.yaml", []byte(registry), RegistryRules())
			registryRefuses := perr != nil && strings.Contains(perr.Error(), "outside Ohio")
			scraperRefuses := strings.Contains(wrongPlace(data.Dispensary{City: "Akron"}, "jane", data.Place{Lat: tt.Lat, Lng: tt.Lng}), "outside Ohio")
			if registryRefuses != scraperRefuses {
				t.Fatalf("registry refuses: %v (%v), scraper refuses: %v", registryRefuses, perr, scraperRefuses)
			}
			if registryRefuses == tt.InOhio {
				t.Errorf("in Ohio = %v, want %v", !registryRefuses, tt.InOhio)
			}
			if got := data.InOhio(tt.Lat, tt.Lng); got != tt.InOhio {
				t.Errorf("data.InOhio = %v, want %v", got, tt.InOhio)
			}
		})
	}
}
