package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// NearbyMenu is a platform's store found near a point: a menu `omc registry discover`
// proposes for a licensed store without one.
type NearbyMenu struct {
	Menu data.MenuSource `json:"menu"`
	Lat  float64         `json:"lat"`
	Lng  float64         `json:"lng"`
	// Km is its distance from the point.
	Km float64 `json:"km"`
}

// janeNearbyMax bounds the stores one search finds: a licensed location has a menu or
// two (one per market), so a point with more Jane stores than this around it is a mall
// of dispensaries, and the nearest are the ones that matter.
const janeNearbyMax = 8

// Nearby finds the Jane stores whose menu records lie within radiusM metres of a point,
// nearest first. Jane's menu index is an Algolia index whose records carry their store's
// store_id, _geoloc and store_types (the captured records in scraper/testdata/jane):
// Algolia's documented geo search (aroundLatLng, aroundRadius) ranks records by
// distance, so each query asks for the nearest record of a store not yet found
// (filters "store_id != …", Algolia's numeric comparison), one store a query. The
// records name no store, so what is found is an id, its position and its markets.
func (j *Jane) Nearby(ctx context.Context, lat, lng float64, radiusM int) ([]NearbyMenu, error) {
	var menu data.Menu
	if err := j.CanDiscover(); err != nil {
		return nil, err
	}
	appID, key, err := j.credentials(ctx, data.MenuSource{}, &menu)
	if err != nil {
		return nil, err
	}
	endpoint, err := rebase(j.endpoint, j.base)
	if err != nil {
		return nil, err
	}
	header := http.Header{
		"Content-Type": {"application/json"}, "Accept": {"application/json"},
		"X-Algolia-Application-Id": {appID}, "X-Algolia-Api-Key": {key},
	}
	var found []NearbyMenu
	var seen []string
	for len(found) < janeNearbyMax {
		query := map[string]any{
			"query": "", "aroundLatLng": fmt.Sprintf("%.6f, %.6f", lat, lng), "aroundRadius": radiusM,
			"hitsPerPage": 1, "attributesToRetrieve": []string{"store_id", "_geoloc", "store_types"},
		}
		if len(seen) > 0 {
			var not []string
			for _, id := range seen {
				not = append(not, "store_id != "+id)
			}
			query["filters"] = strings.Join(not, " AND ")
		}
		body, _ := json.Marshal(query)
		where := fmt.Sprintf("jane stores near %.4f,%.4f", lat, lng)
		resp, err := j.do(ctx, polite.Request{Method: http.MethodPost, URL: endpoint, Header: header, Body: body}, where, &menu)
		if err != nil {
			return found, err
		}
		var reply struct {
			Hits []struct {
				StoreID    json.Number `json:"store_id"`
				Geo        *data.Place `json:"_geoloc"`
				StoreTypes []string    `json:"store_types"`
			} `json:"hits"`
		}
		if err := json.Unmarshal(resp.Body, &reply); err != nil {
			return found, bodyError(where, resp, err)
		}
		if len(reply.Hits) == 0 {
			break
		}
		h := reply.Hits[0]
		id := h.StoreID.String()
		if n, err := strconv.ParseUint(id, 10, 64); err != nil || n == 0 || slices.Contains(seen, id) {
			return found, &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: fmt.Sprintf("%s: a record with store_id %q", where, data.Clip(id))}
		}
		seen = append(seen, id)
		if !usablePlace(h.Geo) {
			continue
		}
		no := false
		found = append(found, NearbyMenu{
			Menu: data.MenuSource{Market: janeMarket(h.StoreTypes), Platform: "jane", StoreID: id, Verified: &no},
			Lat:  h.Geo.Lat, Lng: h.Geo.Lng, Km: data.DistanceKm(lat, lng, h.Geo.Lat, h.Geo.Lng),
		})
	}
	return found, nil
}

// janeMarket is the market a Jane store serves by its store_types (["medical"] in the
// captures): medical when they name only medical, else recreational (a Jane store id is
// one menu; the registry's generator also takes recreational when nothing says).
func janeMarket(types []string) data.Market {
	if serves := janeMarkets(types); serves[data.Medical] && !serves[data.Recreational] {
		return data.Medical
	}
	return data.Recreational
}

// Discoverer is an adapter whose platform's store directory can be searched near a
// point (Jane's). Dutchie is not one: the captures hold no reply of a Dutchie query for
// dispensaries near a point (its ConsumerDispensaries query, known only from scrapers'
// code, resolves one store's cName), so omc does not guess at one.
type Discoverer interface {
	// CanDiscover says what the adapter lacks to search (a key), nil when nothing.
	CanDiscover() error
	Nearby(ctx context.Context, lat, lng float64, radiusM int) ([]NearbyMenu, error)
}

// CanDiscover implements Discoverer: Jane's search key must be configured, as no menu
// page names one here.
func (j *Jane) CanDiscover() error {
	if j.apiKey == "" && j.keyPage == "" {
		return errors.New("jane: set platforms.jane.settings.apiKey (the public Algolia search key of a Jane menu page) or settings.keyPage to search Jane's stores")
	}
	return nil
}
