package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

// The state's roster is an ArcGIS feature layer: the Division of Cannabis Control's
// dispensary locator queries it (docs/registry.md, "The state's roster"). A query answers at most the
// layer's maxRecordCount features and sets exceededTransferLimit while more remain, so
// the roster is read page by page (resultOffset); an error can come as HTTP 200 with
// {"error": {...}}. Esri documents the query operation:
// https://developers.arcgis.com/rest/services-reference/enterprise/query-feature-service-layer/
const (
	// rosterPageSize is the page asked for; a layer answers at most its maxRecordCount.
	rosterPageSize = 1000
	// rosterMaxPages bounds one read: Ohio lists a few hundred licences, so a layer
	// still claiming more after this many pages is broken, not big.
	rosterMaxPages = 200
)

// rosterField is one thing a roster row says, with the field names the known layers give
// it (lower case: ArcGIS field names are matched without regard to case). The earlier
// layer spelled them out (USER_License__); the 2026 hosted copy carries shapefile names
// cut to ten characters (user_licen) and a licensetype field listed before user_licen,
// which is the licence's kind ("Dual"), not its number: names are matched exactly,
// never by a part of them.
type rosterField struct {
	what  string
	names []string
}

var (
	fieldLicence  = rosterField{"licence number", []string{"user_license__", "user_licen"}}
	fieldDBA      = rosterField{"trade name (DBA)", []string{"user_dispensary_name__dba_", "user_dispe"}}
	fieldBusiness = rosterField{"business name", []string{"user_business_name", "user_busin"}}
	fieldStatus   = rosterField{"licence status", []string{"user_license_status", "user_lic_1"}}
	fieldType     = rosterField{"licence type", []string{"user_type", "licensetype"}}
	fieldStreet   = rosterField{"street address", []string{"user_street_address", "user_stree"}}
	fieldCity     = rosterField{"city", []string{"user_city"}}
	fieldZIP      = rosterField{"ZIP code", []string{"user_zip"}}
	fieldCounty   = rosterField{"county", []string{"user_count", "user_county"}}
	fieldPhone    = rosterField{"phone", []string{"user_phone"}}
	fieldLat      = rosterField{"latitude", []string{"user_lat"}}
	fieldLng      = rosterField{"longitude", []string{"user_lon"}}
	fieldHours    = rosterField{"hours", []string{"hours"}}
	// fieldSample is not the state's: the demo's replay marks the rows it made up.
	fieldSample = rosterField{"sample", []string{"omc_sample"}}
)

// rosterRequired are the fields without which a layer cannot be read as the roster. A
// name is required too: the DBA or the business name.
var rosterRequired = []rosterField{fieldLicence, fieldStatus, fieldStreet, fieldCity}

// RosterRead is one read of the roster.
type RosterRead struct {
	// Query is the first query URL asked.
	Query   string
	Entries []data.RosterEntry
	// Skipped describes each row that was not read (no licence number, a licence not of
	// the state's shape, no name, a field of the wrong type). A licence listed twice
	// refuses the whole read (data.RosterRefusal).
	Skipped []string
	// Pages is the number of pages read.
	Pages int
}

// ReadRoster reads the state's roster from the ArcGIS layer at layer (".../FeatureServer/0",
// or its /query URL) through the engine: robots.txt, the User-Agent, retries and the
// host's delay apply as to any menu. Every page is read (resultOffset, while the layer
// says exceededTransferLimit). A reply the reader cannot map to the roster's fields, an
// error reply, or a read yielding no row is an error naming what was missing: never an
// empty roster. A read that does not look like the roster (a licence on two rows, no
// row readable) is a *data.RosterRefusal naming why.
func ReadRoster(ctx context.Context, e *polite.Engine, layer string) (RosterRead, error) {
	base, err := rosterQueryURL(layer)
	if err != nil {
		return RosterRead{}, &data.FetchError{Reason: data.ReasonConfig, Detail: "roster " + layer, Err: err}
	}
	var read RosterRead
	seen := map[string]int{} // the row of each licence read
	offset := 0
	var fields map[string]bool
	for page := 0; ; page++ {
		if page >= rosterMaxPages {
			return read, &data.FetchError{Reason: data.ReasonParse, Detail: fmt.Sprintf("roster %s: still more rows after %d pages", layer, rosterMaxPages)}
		}
		q := base.Query()
		q.Set("resultOffset", strconv.Itoa(offset))
		q.Set("resultRecordCount", strconv.Itoa(rosterPageSize))
		u := *base
		u.RawQuery = q.Encode()
		if page == 0 {
			read.Query = u.String()
		}
		where := fmt.Sprintf("roster %s page %d", layer, page+1)
		resp, err := e.Do(ctx, polite.Request{URL: u.String(), Header: http.Header{"Accept": {"application/json"}}})
		if err != nil {
			return read, requestError(where, resp, err)
		}
		read.Pages++
		reply, err := decodeRosterPage(resp.Body)
		if err != nil {
			return read, bodyError(where, resp, err)
		}
		if reply.Error != nil {
			return read, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: reply.Error.Code,
				Detail: fmt.Sprintf("%s: the layer answered an error: %s", where, reply.Error)}
		}
		if reply.Features == nil {
			return read, &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": layout changed: no features array"}
		}
		if fields == nil {
			fields = reply.fieldNames()
			if missing := missingFields(fields); missing != "" {
				return read, &data.FetchError{Reason: data.ReasonParse, Status: resp.Status,
					Detail: fmt.Sprintf("%s: cannot map the layer's fields: %s; the layer has: %s", where, missing, joinSorted(fields))}
			}
		}
		for i, f := range reply.Features {
			entry, why := f.entry(reply.mercator())
			row := offset + i + 1
			switch {
			case why != "":
				read.Skipped = append(read.Skipped, fmt.Sprintf("row %d: %s", row, why))
			case seen[entry.Licence] != 0:
				// The state lists a licence once: a layer repeating one is not the roster
				// (a view gone wrong), and taking its first row would unlist the others.
				return read, &data.RosterRefusal{Why: fmt.Sprintf("roster %s: licence %s on rows %d and %d; the roster lists each licence once",
					data.Clip(layer), entry.Licence, seen[entry.Licence], row)}
			default:
				seen[entry.Licence] = row
				read.Entries = append(read.Entries, entry)
			}
		}
		if !reply.ExceededTransferLimit {
			break
		}
		if len(reply.Features) == 0 {
			return read, &data.FetchError{Reason: data.ReasonParse, Status: resp.Status,
				Detail: where + ": the layer says more rows remain but sent none"}
		}
		offset += len(reply.Features)
	}
	if len(read.Entries) == 0 {
		if len(read.Skipped) > 0 {
			return read, &data.RosterRefusal{Why: fmt.Sprintf("roster %s: no row could be read (%d rows, first: %s)",
				data.Clip(layer), len(read.Skipped), read.Skipped[0])}
		}
		return read, &data.FetchError{Reason: data.ReasonEmpty, Detail: fmt.Sprintf("roster %s: the layer answered 0 rows", layer)}
	}
	return read, nil
}

// rosterQueryURL is the query of every row of the layer: its /query with the
// parameters that ask for every field and the position in degrees (outSR=4326; without
// it ArcGIS answers in Web Mercator). A where clause in the configured URL is kept.
func rosterQueryURL(layer string) (*url.URL, error) {
	u, err := parseBaseURL(layer)
	if err != nil {
		return nil, err
	}
	u.Path = strings.TrimRight(u.Path, "/")
	if !strings.HasSuffix(strings.ToLower(u.Path), "/query") {
		u.Path += "/query"
	}
	q := u.Query()
	if q.Get("where") == "" {
		q.Set("where", "1=1")
	}
	q.Set("outFields", "*")
	q.Set("returnGeometry", "true")
	q.Set("outSR", "4326")
	q.Set("f", "json")
	u.RawQuery = q.Encode()
	return u, nil
}

// rosterPage is one page of a layer query.
type rosterPage struct {
	Error  *arcgisError `json:"error"`
	Fields []struct {
		Name string `json:"name"`
	} `json:"fields"`
	Features              []rosterFeature `json:"features"`
	ExceededTransferLimit bool            `json:"exceededTransferLimit"`
	SpatialReference      *struct {
		WKID       int `json:"wkid"`
		LatestWKID int `json:"latestWkid"`
	} `json:"spatialReference"`
}

type arcgisError struct {
	Code    int      `json:"code"`
	Message string   `json:"message"`
	Details []string `json:"details"`
}

func (e *arcgisError) String() string {
	s := fmt.Sprintf("%d %s", e.Code, e.Message)
	if len(e.Details) > 0 {
		s += " (" + strings.Join(e.Details, "; ") + ")"
	}
	return s
}

type rosterFeature struct {
	// Attributes by lower-case field name.
	Attributes map[string]any `json:"attributes"`
	Geometry   *struct {
		X *float64 `json:"x"`
		Y *float64 `json:"y"`
	} `json:"geometry"`
}

func decodeRosterPage(body []byte) (rosterPage, error) {
	var p rosterPage
	if !json.Valid(body) {
		// A body cut short: encoding/json says where, as a *json.SyntaxError.
		var v any
		return p, json.Unmarshal(body, &v)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber() // a ZIP or a phone written as a number keeps its digits
	if err := dec.Decode(&p); err != nil {
		return p, err
	}
	for i, f := range p.Features {
		attrs := make(map[string]any, len(f.Attributes))
		for k, v := range f.Attributes {
			attrs[strings.ToLower(k)] = v
		}
		p.Features[i].Attributes = attrs
	}
	return p, nil
}

// fieldNames are the layer's field names, lower case: its fields list, else the
// attributes its rows carry.
func (p rosterPage) fieldNames() map[string]bool {
	out := map[string]bool{}
	for _, f := range p.Fields {
		out[strings.ToLower(f.Name)] = true
	}
	if len(out) == 0 {
		for _, f := range p.Features {
			for k := range f.Attributes {
				out[k] = true
			}
		}
	}
	return out
}

// mercator reports whether the page's positions are in Web Mercator (the layer
// ignored outSR=4326).
func (p rosterPage) mercator() bool {
	if sr := p.SpatialReference; sr != nil {
		return sr.WKID == 102100 || sr.WKID == 3857 || sr.LatestWKID == 3857
	}
	return false
}

// missingFields names what the layer lacks, "" when it has all the roster needs.
func missingFields(fields map[string]bool) string {
	var missing []string
	has := func(f rosterField) bool {
		for _, n := range f.names {
			if fields[n] {
				return true
			}
		}
		return false
	}
	for _, f := range rosterRequired {
		if !has(f) {
			missing = append(missing, fmt.Sprintf("no %s (looked for %s)", f.what, strings.Join(f.names, " or ")))
		}
	}
	if !has(fieldDBA) && !has(fieldBusiness) {
		missing = append(missing, fmt.Sprintf("no name (looked for %s)", strings.Join(append(fieldDBA.names, fieldBusiness.names...), " or ")))
	}
	return strings.Join(missing, ", ")
}

func joinSorted(set map[string]bool) string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	if len(names) == 0 {
		return "no fields"
	}
	return strings.Join(names, ", ")
}

// text is the first of f's fields the row gives, as text ("" when none).
func (f rosterFeature) text(field rosterField) string {
	for _, n := range field.names {
		switch v := f.Attributes[n].(type) {
		case string:
			if s := strings.Join(strings.Fields(v), " "); s != "" {
				return s
			}
		case json.Number:
			return v.String()
		case bool:
			return strconv.FormatBool(v)
		}
	}
	return ""
}

func (f rosterFeature) number(field rosterField) float64 {
	s := f.text(field)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0
	}
	return v
}

// rosterText are the roster's text fields, with their maxima (data.MaxLicence…) and
// whether the layer may write them as a number (a ZIP, a phone): any other field
// holding a number, a true or false, an object or a list refuses its row.
var rosterText = []struct {
	field    rosterField
	max      int
	numberOK bool
	set      func(e *data.RosterEntry, v string)
}{
	{fieldLicence, data.MaxLicence, false, func(e *data.RosterEntry, v string) { e.Licence = v }},
	{fieldDBA, data.MaxRosterName, false, func(e *data.RosterEntry, v string) { e.Name = v }},
	{fieldBusiness, data.MaxRosterName, false, func(e *data.RosterEntry, v string) { e.BusinessName = v }},
	{fieldStatus, data.MaxRosterStatus, false, func(e *data.RosterEntry, v string) { e.Status = v }},
	{fieldType, data.MaxRosterType, false, func(e *data.RosterEntry, v string) { e.Type = v }},
	{fieldStreet, data.MaxRosterStreet, false, func(e *data.RosterEntry, v string) { e.Street = v }},
	{fieldCity, data.MaxRosterCity, false, func(e *data.RosterEntry, v string) { e.City = v }},
	{fieldZIP, data.MaxRosterZIP, true, func(e *data.RosterEntry, v string) { e.ZIP = v }},
	{fieldCounty, data.MaxRosterCounty, false, func(e *data.RosterEntry, v string) { e.County = v }},
	{fieldPhone, data.MaxRosterPhone, true, func(e *data.RosterEntry, v string) { e.Phone = v }},
	{fieldHours, data.MaxRosterHours, false, func(e *data.RosterEntry, v string) { e.Hours = v }},
}

// entry reads a row; why says what it lacks, or which field is of the wrong type, when
// it cannot be read.
func (f rosterFeature) entry(mercator bool) (data.RosterEntry, string) {
	var e data.RosterEntry
	for _, t := range rosterText {
		v, why := f.typedText(t.field, t.numberOK)
		if why != "" {
			return e, why
		}
		v, _ = data.Cut(v, t.max)
		t.set(&e, v)
	}
	// A blank trade name (47 of the 2026 layer's 228 rows) leaves the legal name.
	if e.Name == "" {
		e.Name = e.BusinessName
	}
	e.Sample = f.text(fieldSample) == "true" || f.text(fieldSample) == "1"
	switch {
	case e.Licence == "":
		return e, "no licence number"
	case !data.LicencePattern.MatchString(e.Licence):
		return e, fmt.Sprintf("licence %q is not of the state's shape (CCD000072-00)", data.Clip(e.Licence))
	case e.Name == "":
		return e, fmt.Sprintf("licence %s: no name", e.Licence)
	}
	e.Lat, e.Lng = f.position(mercator)
	return e, ""
}

// typedText is the first of field's names the row gives, as text; why names the field
// when it holds what is not text (a number where numberOK is false, a boolean, an
// object, a list).
func (f rosterFeature) typedText(field rosterField, numberOK bool) (v, why string) {
	for _, n := range field.names {
		switch x := f.Attributes[n].(type) {
		case nil:
			continue
		case string:
			if s := strings.Join(strings.Fields(x), " "); s != "" {
				return s, ""
			}
		case json.Number:
			if numberOK {
				return x.String(), ""
			}
			return "", fmt.Sprintf("%s (%s) is the number %s, not text", field.what, n, data.Clip(x.String()))
		default:
			return "", fmt.Sprintf("%s (%s) is %s, not text", field.what, n, jsonKind(x))
		}
	}
	return "", ""
}

// jsonKind names the kind of a decoded JSON value.
func jsonKind(v any) string {
	switch v.(type) {
	case bool:
		return "a boolean"
	case map[string]any:
		return "an object"
	case []any:
		return "a list"
	}
	return fmt.Sprintf("a %T", v)
}

// position is the row's point: its geometry, else its latitude and longitude fields,
// whichever is in Ohio (0, 0 when neither: a placeholder point is no position).
func (f rosterFeature) position(mercator bool) (lat, lng float64) {
	if g := f.Geometry; g != nil && g.X != nil && g.Y != nil {
		x, y := *g.X, *g.Y
		if mercator || math.Abs(x) > 180 {
			x, y = fromWebMercator(x, y)
		}
		if data.InOhio(y, x) {
			return y, x
		}
	}
	if lat, lng := f.number(fieldLat), f.number(fieldLng); data.InOhio(lat, lng) {
		return lat, lng
	}
	return 0, 0
}

// fromWebMercator turns Web Mercator metres (EPSG:3857) into degrees.
func fromWebMercator(x, y float64) (lng, lat float64) {
	const r = 6378137
	return x / r * 180 / math.Pi, (2*math.Atan(math.Exp(y/r)) - math.Pi/2) * 180 / math.Pi
}

// RosterOutcome is what a scrape's read of the roster did.
type RosterOutcome struct {
	URL string `json:"url"`
	OK  bool   `json:"ok"`
	// Rows and Active count the licences read and those active.
	Rows   int `json:"rows"`
	Active int `json:"active"`
	// Skipped are the rows not read; Changes what the read changed.
	Skipped []string            `json:"skipped,omitempty"`
	Changes []data.RosterChange `json:"changes,omitempty"`
	// Error is why the read failed (the roster in use stays the last good one).
	Error string `json:"error,omitempty"`
}

// UpdateRoster reads the roster at layer and records the read at now: a good read
// updates the licences, a failed one is recorded with its error and changes none. The
// error returned is only the store's: a failing roster is an outcome, and the menus go on.
func UpdateRoster(ctx context.Context, db *store.DB, e *polite.Engine, layer string, now time.Time) (RosterOutcome, error) {
	out := RosterOutcome{URL: layer}
	read, err := ReadRoster(ctx, e, layer)
	out.Skipped = read.Skipped
	if err != nil {
		out.Error = err.Error()
		if ferr := db.RecordRosterFailure(ctx, layer, now, out.Error); ferr != nil {
			return out, fmt.Errorf("roster: %w", ferr)
		}
		return out, nil
	}
	if out.Changes, err = db.RecordRoster(ctx, layer, now, read.Entries); err != nil {
		var refused *data.RosterRefusal
		if !errors.As(err, &refused) {
			return out, fmt.Errorf("roster: %w", err)
		}
		// Held back as suspect: recorded as a failed read, the last good roster kept.
		out.Error = err.Error()
		if ferr := db.RecordRosterFailure(ctx, layer, now, out.Error); ferr != nil {
			return out, fmt.Errorf("roster: %w", ferr)
		}
		return out, nil
	}
	out.OK, out.Rows = true, len(read.Entries)
	for _, entry := range read.Entries {
		if entry.Active() {
			out.Active++
		}
	}
	return out, nil
}
