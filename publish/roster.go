package publish

import (
	"context"
	"fmt"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/hours"
	"github.com/ohiomc/omc/store"
)

// Licence is a store's licence as the state's roster lists it.
type Licence struct {
	Number string `json:"number"`
	// Status is the roster's word ("Active", "Expired"); Active says whether it is active.
	Status string `json:"status"`
	Active bool   `json:"active"`
	Type   string `json:"type"`
	// Since is the day omc first saw the licence on the roster (YYYY-MM-DD, America/New_York).
	Since string `json:"since"`
	// Sample is true when the roster row is made up (the demo's replay): the licence,
	// phone and hours are then sample data.
	Sample bool `json:"sample"`
}

// StoreListing is what every store of api/DispensaryStatus, api/search/stores and
// api/menus/<slug> says besides its registry listing: its licence, phone and hours as
// the state's roster gives them, whether the roster lists it, and the markets it serves.
type StoreListing struct {
	// Licence is null when the roster does not list the store (or none was read).
	Licence *Licence `json:"licence"`
	Phone   *string  `json:"phone"`
	// Hours is the roster's text; OpeningHours the same read into days and times
	// (hours.Week), null when there is none or it cannot be read.
	Hours        *string     `json:"hours"`
	OpeningHours *hours.Week `json:"openingHours"`
	// OnStateList is false for a store the state's roster does not list ("not on the
	// state's list"), null before any roster has been read.
	OnStateList *bool `json:"onStateList"`
	Medical     bool  `json:"medical"`
	AdultUse    bool  `json:"adultUse"`
	// County is the store's county as the state's roster or the registry names it, else
	// the county of its city (data.OhioPlaces); null when none of them says.
	County *string `json:"county"`
	// SalesTaxPercent is the county's total state and local sales tax rate in per cent
	// (data/law/ohio-limits.json, tax.countyTotals), null when the county is unknown:
	// the site then shows no with-tax price rather than a guess.
	SalesTaxPercent *float64 `json:"salesTaxPercent"`
}

// storeListing is st's StoreListing.
func storeListing(st store.Status) StoreListing {
	d := st.Dispensary
	out := StoreListing{Medical: d.Medical, AdultUse: d.AdultUse}
	out.County, out.SalesTaxPercent = countyTax(d)
	if st.RosterRead {
		on := st.Listing != nil
		out.OnStateList = &on
	}
	l := st.Listing
	if l == nil {
		return out
	}
	out.Licence = &Licence{Number: l.Licence, Status: l.Status, Active: l.Active(), Type: l.Type, Since: store.Day(l.FirstListed), Sample: l.Sample}
	if l.Phone != "" {
		out.Phone = &l.Phone
	}
	if l.Hours != "" {
		out.Hours = &l.Hours
		out.OpeningHours = hours.Parse(l.Hours)
	}
	return out
}

// PipelineRoster is api/pipeline's roster: the last read of the state's roster, what it
// lists and how the registry compares.
type PipelineRoster struct {
	// URL is the layer last read; LastRead the time of the last good read (null before
	// one); Rows and Active what it listed; Error the last read's error (null when it
	// was good: a failed read leaves the last good roster in use).
	URL      string  `json:"url"`
	LastRead *string `json:"lastRead"`
	Rows     int     `json:"rows"`
	Active   int     `json:"active"`
	Error    *string `json:"error"`
	// Refused: the last read was refused as not looking like the state's roster (a
	// licence listed twice, a licence of the wrong type or shape, too many licences
	// unlisted at once: data.RosterRefused), Error saying why; the last good roster
	// stays in use and `omc health` fails.
	Refused bool `json:"refused"`
	// Matched counts the registry's stores the roster lists, WithMenu those of them with
	// a monitored menu, NotListed the registry's stores it does not list, MissingActive
	// its active licences the registry lacks (published as stores without a menu).
	Matched       int `json:"matched"`
	WithMenu      int `json:"withMenu"`
	NotListed     int `json:"notListed"`
	MissingActive int `json:"missingActive"`
	// Disagreements are the fields where the registry and the roster differ; the site
	// shows the roster's.
	Disagreements []data.Disagreement `json:"disagreements"`
}

// rosterView is the roster as a publish uses it.
type rosterView struct {
	state    data.RosterState
	licences []data.Licensee
	match    data.RosterMatch
}

// readRoster reads the roster in use and matches the registry's stores ds to it.
func readRoster(ctx context.Context, db *store.DB, ds []data.Dispensary) (rosterView, error) {
	var v rosterView
	var err error
	if v.state, err = db.RosterState(ctx); err != nil {
		return v, fmt.Errorf("publish roster: %w", err)
	}
	if v.licences, err = db.Roster(ctx); err != nil {
		return v, fmt.Errorf("publish roster: %w", err)
	}
	v.match = data.MatchRoster(ds, v.licences)
	return v, nil
}

// apply is sts as the site shows them with the roster (store.ApplyRoster).
func (v rosterView) apply(sts []store.Status) ([]store.Status, error) {
	places, err := data.OhioPlaces()
	if err != nil {
		return nil, err
	}
	return store.ApplyRoster(sts, v.match, v.state.Read(), places), nil
}

// pipeline is api/pipeline's roster, nil before the roster was first read.
func (v rosterView) pipeline(ds []data.Dispensary) *PipelineRoster {
	if v.state.LastAttempt.IsZero() {
		return nil
	}
	c := v.match.Coverage(ds, v.licences)
	p := &PipelineRoster{URL: v.state.URL, Rows: v.state.Rows, Active: v.state.Active, Matched: c.Matched, WithMenu: c.WithMenu,
		NotListed: c.NotListed, MissingActive: c.MissingActive, Disagreements: v.match.Disagreements}
	if v.state.Read() {
		p.LastRead = dateOf(v.state.LastRead)
	}
	if v.state.Error != "" {
		e := v.state.Error
		p.Error, p.Refused = &e, v.state.Refused()
	}
	if p.Disagreements == nil {
		p.Disagreements = []data.Disagreement{}
	}
	return p
}

// countyTax is d's county and its total sales tax rate: the county the roster or the
// registry gives, else its city's. Both are nil when neither is known; the tables are
// embedded and checked before a publish reads a store (readStores), so an error
// reading them here cannot happen and counts as unknown.
func countyTax(d data.Dispensary) (*string, *float64) {
	county := d.County
	if county == "" {
		if places, err := data.OhioPlaces(); err == nil {
			county = places.Cities[d.City].County
		}
	}
	tax, err := data.OhioTax()
	if err != nil {
		return nil, nil
	}
	rate, ok := tax.SalesTax(county)
	if !ok {
		return nil, nil
	}
	return &county, &rate
}
