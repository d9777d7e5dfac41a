package data

import (
	"math"
	"strings"
)

// streetWords are the spellings of street words two sources write differently.
var streetWords = map[string]string{
	"street": "st", "road": "rd", "avenue": "ave", "av": "ave", "boulevard": "blvd", "drive": "dr",
	"lane": "ln", "parkway": "pkwy", "highway": "hwy", "court": "ct", "circle": "cir", "place": "pl",
	"trail": "trl", "pike": "pk", "saint": "st", "north": "n", "south": "s", "east": "e", "west": "w",
	"northeast": "ne", "northwest": "nw", "southeast": "se", "southwest": "sw",
}

// unitWords begin the part of an address that names a unit inside the building.
var unitWords = map[string]bool{"suite": true, "suites": true, "ste": true, "unit": true}

// AddressKey is the form two street addresses in a city are compared in: lower case,
// letters and digits, common street words abbreviated, without the unit ("1651 Tiffin
// Avenue" and "1651 Tiffin Ave., Suite 2" are one). The registry's generator merges
// sources by it, omc registry check finds a store listed twice by it and MatchRoster
// finds a store on the state's roster by it.
func AddressKey(street, city string) string {
	var b strings.Builder
	for _, w := range strings.Fields(notWord.ReplaceAllString(strings.ToLower(street), " ")) {
		if unitWords[w] {
			break // "Suite 200" names a unit of the same address
		}
		if a, ok := streetWords[w]; ok {
			w = a
		}
		b.WriteString(w)
	}
	return b.String() + "|" + sameness(city)
}

// DistanceKm is the great-circle distance (haversine) between two positions in degrees.
func DistanceKm(lat1, lng1, lat2, lng2 float64) float64 {
	const earthKm = 6371
	rad := math.Pi / 180
	dLat, dLng := (lat2-lat1)*rad, (lng2-lng1)*rad
	a := math.Sin(dLat/2)*math.Sin(dLat/2) + math.Cos(lat1*rad)*math.Cos(lat2*rad)*math.Sin(dLng/2)*math.Sin(dLng/2)
	return 2 * earthKm * math.Asin(math.Sqrt(a))
}
