package replay

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/seeded"
)

// RosterPath is where the replay serves the state's dispensary roster: an ArcGIS
// feature layer, at the path of the state's 2026 hosted copy (Geocoded_Dispensaries_).
// A registry points roster.url at the replay's address plus this path.
const RosterPath = "/arcgis/rest/services/Geocoded_Dispensaries_/FeatureServer/0"

// RosterLayout is one of the field layouts the state's layer has had.
type RosterLayout string

// The layouts (docs/registry.md, "The state's roster"): the 2026 hosted copy's shapefile names cut to ten
// characters, in lower case, with a licensetype field besides the licence number and
// the ZIP as a number; the earlier layer's spelled-out USER_ names.
const (
	Layout2026    RosterLayout = "2026"
	LayoutEarlier RosterLayout = "earlier"
)

// Roster failure modes besides the shared ones (Fail500, FailMalformed, FailTimeout,
// FailBlocked), each something a layer does.
const (
	// FailLayerError answers HTTP 200 with an ArcGIS error object, as a layer does for a
	// bad query or a service that is down.
	FailLayerError FailMode = "layer-error"
	// FailNoRows answers a layer with no row.
	FailNoRows FailMode = "no-rows"
	// FailFields answers rows whose fields are not the roster's (a layer replaced by
	// another).
	FailFields FailMode = "fields"
)

// Roster is what the replay's layer serves: rows in a layout, at most MaxRecordCount a
// query (the layer's maxRecordCount; 0 is 1000, ArcGIS's usual), and a failure mode.
// A row's Name is its trade name (DBA): "" for a blank one. Rows marked Sample carry an
// omc_sample field the state's layer does not have, so that the published data can
// say they are made up.
type Roster struct {
	Rows           []data.RosterEntry
	Layout         RosterLayout
	MaxRecordCount int
	Fail           FailMode
}

// SetRoster makes the server's layer answer r from now on.
func (s *Server) SetRoster(r Roster) {
	s.mu.Lock()
	defer s.mu.Unlock()
	r.Rows = slices.Clone(r.Rows)
	s.roster = &r
}

func (s *Server) currentRoster() Roster {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.roster == nil {
		return Roster{Layout: Layout2026}
	}
	return *s.roster
}

// serveRoster answers a query of the layer (GET or POST, the parameters of Esri's
// query operation the reader sends): the page resultOffset..+resultRecordCount, at
// most MaxRecordCount, with exceededTransferLimit while rows remain; positions in
// degrees when outSR=4326, else in Web Mercator as ArcGIS answers.
func (s *Server) serveRoster(w http.ResponseWriter, r *http.Request) {
	ro := s.currentRoster()
	if err := r.ParseForm(); err != nil {
		writeArcGISError(w, 400, "Unable to complete operation.", err.Error())
		return
	}
	q := r.Form
	switch ro.Fail {
	case Fail500, FailBlocked, FailTimeout:
		s.fail(w, r, ro.Fail)
		return
	case FailLayerError:
		writeArcGISError(w, 500, "Error performing query operation", "The service is not available.")
		return
	}
	if f := q.Get("f"); f != "json" && f != "pjson" {
		writeArcGISError(w, 400, "Invalid or missing input parameters.", "f must be json")
		return
	}
	offset, err1 := atoiOr(q.Get("resultOffset"), 0)
	count, err2 := atoiOr(q.Get("resultRecordCount"), 0)
	if err1 != nil || err2 != nil || offset < 0 || count < 0 {
		writeArcGISError(w, 400, "Invalid or missing input parameters.", "resultOffset and resultRecordCount must be whole numbers")
		return
	}
	limit := ro.MaxRecordCount
	if limit <= 0 {
		limit = 1000
	}
	if count == 0 || count > limit {
		count = limit
	}
	rows := ro.Rows
	if ro.Fail == FailNoRows {
		rows = nil
	}
	end := min(offset+count, len(rows))
	degrees := q.Get("outSR") == "4326"
	features := []map[string]any{}
	for i := min(offset, len(rows)); i < end; i++ {
		features = append(features, rosterFeature(rows[i], ro.Layout, ro.Fail == FailFields, degrees))
	}
	sr := map[string]any{"wkid": 102100, "latestWkid": 3857}
	if degrees {
		sr = map[string]any{"wkid": 4326, "latestWkid": 4326}
	}
	reply := map[string]any{
		"objectIdFieldName": "objectid", "geometryType": "esriGeometryPoint", "spatialReference": sr,
		"fields":   rosterFieldList(ro.Layout, ro.Fail == FailFields),
		"features": features,
	}
	if end < len(rows) {
		reply["exceededTransferLimit"] = true
	}
	body, err := json.Marshal(reply)
	if err != nil {
		writeArcGISError(w, 500, "Error performing query operation", err.Error())
		return
	}
	if ro.Fail == FailMalformed {
		body = truncate(body)
	}
	writeJSON(w, http.StatusOK, body)
}

func atoiOr(s string, def int) (int, error) {
	if s == "" {
		return def, nil
	}
	return strconv.Atoi(s)
}

// writeArcGISError is an ArcGIS error: HTTP 200 with {"error": {code, message, details}}.
func writeArcGISError(w http.ResponseWriter, code int, message, detail string) {
	body, _ := json.Marshal(map[string]any{"error": map[string]any{"code": code, "message": message, "details": []string{detail}}})
	writeJSON(w, http.StatusOK, body)
}

// rosterNames are the layouts' field names, in the order of the layer's fields list
// (the 2026 layer lists licensetype before user_licen).
var rosterNames = map[RosterLayout][]string{
	Layout2026: {"objectid", "licensetype", "user_licen", "user_busin", "user_dispe", "user_stree", "user_city", "user_zip",
		"user_state", "user_count", "user_phone", "user_type", "user_lic_1", "user_lat", "user_lon", "hours"},
	LayoutEarlier: {"OBJECTID", "USER_Dispensary_Name__DBA_", "USER_Business_Name", "USER_License__", "USER_License_Status",
		"USER_Type", "USER_Street_Address", "USER_City", "USER_ZIP", "USER_Phone", "USER_Lat", "USER_Lon"},
}

func rosterFieldList(layout RosterLayout, other bool) []map[string]any {
	var out []map[string]any
	for _, n := range rosterNames[layout] {
		if other {
			n = "other_" + n
		}
		typ := "esriFieldTypeString"
		switch n {
		case "objectid", "OBJECTID":
			typ = "esriFieldTypeOID"
		case "user_zip", "user_lat", "user_lon", "USER_Lat", "USER_Lon":
			typ = "esriFieldTypeDouble"
		}
		out = append(out, map[string]any{"name": n, "type": typ, "alias": n})
	}
	return out
}

// rosterFeature is one row in the layout's fields, with its point.
func rosterFeature(e data.RosterEntry, layout RosterLayout, other, degrees bool) map[string]any {
	var a map[string]any
	switch layout {
	case LayoutEarlier:
		a = map[string]any{
			"USER_Dispensary_Name__DBA_": e.Name, "USER_Business_Name": e.BusinessName, "USER_License__": e.Licence,
			"USER_License_Status": e.Status, "USER_Type": e.Type, "USER_Street_Address": e.Street, "USER_City": e.City,
			"USER_ZIP": e.ZIP, "USER_Phone": e.Phone, "USER_Lat": e.Lat, "USER_Lon": e.Lng,
		}
	default:
		kind := ""
		if medical, adultUse, known := e.Markets(); known {
			kind = map[[2]bool]string{{true, true}: "Dual", {true, false}: "Medical", {false, true}: "Adult Use"}[[2]bool{medical, adultUse}]
		}
		var zip any = e.ZIP
		if n, err := strconv.Atoi(e.ZIP); err == nil {
			zip = n // the 2026 layer's ZIP is a number
		}
		a = map[string]any{
			"licensetype": kind, "user_licen": e.Licence, "user_busin": e.BusinessName, "user_dispe": e.Name,
			"user_stree": e.Street, "user_city": e.City, "user_zip": zip, "user_state": "Ohio", "user_count": e.County,
			"user_phone": e.Phone, "user_type": e.Type, "user_lic_1": e.Status, "user_lat": e.Lat, "user_lon": e.Lng,
			"hours": e.Hours,
		}
	}
	if e.Sample {
		a["omc_sample"] = 1
	}
	if other {
		renamed := map[string]any{}
		for k, v := range a {
			renamed["other_"+k] = v
		}
		a = renamed
	}
	f := map[string]any{"attributes": a}
	if e.HasPlace() {
		x, y := e.Lng, e.Lat
		if !degrees {
			x, y = toWebMercator(e.Lat, e.Lng)
		}
		f["geometry"] = map[string]any{"x": x, "y": y}
	}
	return f
}

// toWebMercator turns degrees into Web Mercator metres (EPSG:3857), ArcGIS's default.
func toWebMercator(lat, lng float64) (x, y float64) {
	const r = 6378137
	return lng * math.Pi / 180 * r, math.Log(math.Tan(math.Pi/4+lat*math.Pi/360)) * r
}

// DemoRoster is a roster for the demo, in the 2026 layer's shape, built from the
// registry: every store with a researched street address, as the state would list it,
// and two licensed stores the registry lacks (NAR Reserve and Ratio Cannabis, whose
// addresses, and Ratio's position from its Sweed store record, data/sources/
// ohio-addresses-more.csv gives). What no source gives is made up, and every row is
// marked sample: the licence numbers, the phones (555-01xx, numbers kept for fiction),
// the hours, the business names, the positions (the registry's stores a little off
// their city's centre, NAR Reserve's on its street) and one store's licence shown as
// expired. Stores without an
// address (mostly unverified leads) are left off, so the status page shows "not on the
// state's list".
func DemoRoster(reg data.Registry) []data.RosterEntry {
	var out []data.RosterEntry
	ds := slices.Clone(reg.Dispensaries)
	slices.SortFunc(ds, func(a, b data.Dispensary) int { return strings.Compare(a.Slug, b.Slug) })
	n := 0
	for _, d := range ds {
		if d.Address == "" {
			continue
		}
		n++
		typ := "Dual Use Dispensary"
		switch {
		case d.Medical && !d.AdultUse:
			typ = "Medical Marijuana Dispensary"
		case !d.Medical && d.AdultUse:
			typ = "Adult Use Dispensary"
		}
		e := data.RosterEntry{
			Licence: demoLicence(n), Name: d.Name, BusinessName: demoBusiness(d.Name), Status: "Active", Type: typ,
			Street: d.Address, City: d.City, County: d.County, Phone: demoPhone(d.Slug), Hours: demoHours(d.Slug), Sample: true,
		}
		e.Lat, e.Lng = demoPlace(d)
		switch {
		case n%7 == 3:
			e.Name = "" // a blank DBA: the legal name stands for the store (47 of the 2026 layer's 228 rows)
		case n == 11:
			e.Status = "Expired"
		}
		out = append(out, e)
	}
	for _, e := range []data.RosterEntry{
		{Name: "NAR Reserve", Street: "350 E. Long St.", City: "Columbus", County: "Franklin", Lat: 39.9663, Lng: -82.9937},
		{Name: "Ratio Cannabis", Street: "1145 West High Avenue", City: "New Philadelphia", ZIP: "44663", County: "Tuscarawas", Lat: 40.493513, Lng: -81.4684767},
	} {
		n++
		slug := strings.ToLower(strings.ReplaceAll(e.Name, " ", "-"))
		e.Licence, e.BusinessName, e.Status, e.Type = demoLicence(n), demoBusiness(e.Name), "Active", "Dual Use Dispensary"
		e.Phone, e.Hours, e.Sample = demoPhone(slug), demoHours(slug), true
		out = append(out, e)
	}
	return out
}

// demoPlace is where the demo puts a store: up to about 3 km off its registry position
// (its city's centre), by slug. The replay's platform store records (Jane's _geoloc) and
// the demo roster give the same made-up position.
func demoPlace(d data.Dispensary) (lat, lng float64) {
	if d.Lat == 0 && d.Lng == 0 {
		return 0, 0
	}
	r := seeded.New(hash64("demo-place", d.Slug))
	lat = math.Round((d.Lat+(r.Unit()-0.5)*0.05)*1e6) / 1e6
	lng = math.Round((d.Lng+(r.Unit()-0.5)*0.05)*1e6) / 1e6
	return lat, lng
}

// demoLicence is the demo's n-th licence number, made up in the 2026 layer's form
// (CCD000072-00) from a range the state's numbers have not reached.
func demoLicence(n int) string { return fmt.Sprintf("CCD9%05d-00", n) }

func demoBusiness(name string) string { return name + " Holdings, LLC" }

func demoPhone(slug string) string {
	return fmt.Sprintf("(614) 555-01%02d", hash64("demo-phone", slug)%100)
}

// demoHours are the hours the demo gives, in the forms the state's layer uses.
var demoHoursText = []string{
	"M-Sat: 10AM-8PM, Sun: 11AM-5PM", "Mon-Sun 9am-9pm", "Daily 9AM-9PM", "M-Th 10AM-8PM; F-Sa 10AM-9PM; Su 12PM-5PM",
	"Mon-Sat 9AM-9PM, Sun Closed", "M-Sat: 10AM-8PM", "Call for hours",
}

func demoHours(slug string) string {
	return demoHoursText[hash64("demo-hours", slug)%uint64(len(demoHoursText))]
}
