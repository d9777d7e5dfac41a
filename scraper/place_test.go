package scraper

import (
	"math"
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
