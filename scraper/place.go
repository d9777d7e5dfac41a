package scraper

import (
	"fmt"

	"github.com/ohiomc/omc/data"
)

// placeRadiusKm is how far from its registry position (its city's centre, or its own)
// a store's platform record may put it: Ohio's metro areas span about 30 km from their
// centres, and a store listed under a city may sit in a suburb.
const placeRadiusKm = 50

// wrongPlace says why the position a platform's store record gives cannot be this
// dispensary's ("" when it can): outside Ohio, or far from where the registry puts it.
// The menu is then another store's (a lead's identifier reused, a typo) and must not be
// shown as this one's.
func wrongPlace(d data.Dispensary, platform string, p data.Place) string {
	if !data.InOhio(p.Lat, p.Lng) {
		return fmt.Sprintf("the %s store record puts the store at %.4f,%.4f, outside Ohio: the identifier names another store", platform, p.Lat, p.Lng)
	}
	if d.Lat == 0 && d.Lng == 0 {
		return ""
	}
	if km := data.DistanceKm(d.Lat, d.Lng, p.Lat, p.Lng); km > placeRadiusKm {
		return fmt.Sprintf("the %s store record puts the store %.0f km from %s: the identifier may name another store", platform, km, d.City)
	}
	return ""
}
