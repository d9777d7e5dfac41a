package replay

import (
	"cmp"
	"encoding/json"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// serveJaneNearby answers a search around a point as Algolia's geo search does
// (aroundLatLng, aroundRadius in metres): the records within the radius, nearest first,
// leaving out the stores the filters exclude. Every record of a Jane store carries its
// store's _geoloc, so a store comes as many times as it lists products; a record here is
// what `omc registry discover` asks for (store_id, _geoloc, store_types).
func (s *Server) serveJaneNearby(w http.ResponseWriter, q janeQuery) {
	lat, lng, ok := parseLatLng(q.around)
	if !ok || q.radius <= 0 {
		writeAlgoliaError(w, http.StatusBadRequest, "aroundLatLng must be \"lat, lng\" and aroundRadius a number of metres above 0")
		return
	}
	type near struct {
		st *Store
		km float64
	}
	var stores []near
	for _, st := range s.janeIndex().stores(0) {
		id, _ := normalJaneStore(st.Key)
		if (st.Lat == 0 && st.Lng == 0) || slices.Contains(q.notStores, id) {
			continue
		}
		if km := data.DistanceKm(lat, lng, st.Lat, st.Lng); km*1000 <= float64(q.radius) {
			stores = append(stores, near{st, km})
		}
	}
	slices.SortStableFunc(stores, func(a, b near) int {
		return cmp.Or(cmp.Compare(a.km, b.km), strings.Compare(a.st.Key, b.st.Key))
	})
	hits := []map[string]any{}
	total := 0
	for _, n := range stores {
		types := []string{}
		for _, m := range n.st.Markets {
			types = append(types, string(m))
		}
		id, _ := strconv.ParseInt(janeStoreKey(n.st.Key), 10, 64)
		for range max(len(n.st.OnMenu()), 1) {
			total++
			if len(hits) < q.hitsPerPage {
				hits = append(hits, map[string]any{"store_id": id, "_geoloc": map[string]float64{"lat": n.st.Lat, "lng": n.st.Lng}, "store_types": types})
			}
		}
	}
	body, _ := json.Marshal(map[string]any{"hits": hits, "nbHits": total, "page": 0, "nbPages": min(1, total), "hitsPerPage": q.hitsPerPage})
	writeJSON(w, http.StatusOK, body)
}

// parseLatLng reads Algolia's "lat, lng".
func parseLatLng(s string) (lat, lng float64, ok bool) {
	a, b, found := strings.Cut(s, ",")
	lat, err1 := strconv.ParseFloat(strings.TrimSpace(a), 64)
	lng, err2 := strconv.ParseFloat(strings.TrimSpace(b), 64)
	return lat, lng, found && err1 == nil && err2 == nil && !math.IsNaN(lat+lng)
}
