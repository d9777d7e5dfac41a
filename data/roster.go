package data

import (
	"fmt"
	"regexp"
	"strings"
	"time"
)

// RosterEntry is one licensed location as the state's roster lists it (the Division of
// Cannabis Control's dispensary layer; scraper.ReadRoster reads it).
type RosterEntry struct {
	// Licence is the licence number ("CCD000072-00"), the row's identity.
	Licence string `json:"licence"`
	// Name is the trade name (DBA), else the business's legal name.
	Name         string `json:"name"`
	BusinessName string `json:"businessName"`
	// Status is the licence's status as the roster writes it ("Active").
	Status string `json:"status"`
	// Type is the licence type as written ("Dual Use Dispensary").
	Type   string `json:"type"`
	Street string `json:"street"`
	City   string `json:"city"`
	ZIP    string `json:"zip"`
	County string `json:"county"`
	Phone  string `json:"phone"`
	// Hours is the roster's opening-hours text ("M-Sat: 10AM-8PM"), as written.
	Hours string `json:"hours"`
	// Lat and Lng are the store's position; both 0 when the row gives none.
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
	// Sample marks a made-up row (the demo's replay), which published data labels.
	Sample bool `json:"sample,omitempty"`
}

// Active reports whether the licence's status is active.
func (e RosterEntry) Active() bool { return strings.EqualFold(strings.TrimSpace(e.Status), "active") }

// Markets says which markets the licence type allows: medical, adult use, and whether
// the type says at all ("Dual Use Dispensary" and "Dual" are both; a type naming only
// one is that one).
func (e RosterEntry) Markets() (medical, adultUse, known bool) {
	t := strings.ToLower(e.Type)
	switch {
	case strings.Contains(t, "dual"):
		return true, true, true
	case strings.Contains(t, "adult") || strings.Contains(t, "recreational") || strings.Contains(t, "non-medical"):
		return false, true, true
	case strings.Contains(t, "medical"):
		return true, false, true
	}
	return false, false, false
}

// HasPlace reports whether the row gives the store's position.
func (e RosterEntry) HasPlace() bool { return e.Lat != 0 || e.Lng != 0 }

// Licensee is a licence the roster lists, with when omc first and last saw it there.
type Licensee struct {
	RosterEntry
	FirstListed time.Time `json:"firstListed"`
	LastListed  time.Time `json:"lastListed"`
}

// RosterChange is one change a roster read brought: a licence listed for the first time
// (or again), no longer listed, or listed with another status, name or address.
type RosterChange struct {
	Licence string `json:"licence"`
	// What is "listed", "unlisted", "status", "name" or "address".
	What string `json:"what"`
	Old  string `json:"old"`
	New  string `json:"new"`
}

func (c RosterChange) String() string {
	switch c.What {
	case "listed":
		return fmt.Sprintf("%s listed: %s", c.Licence, c.New)
	case "unlisted":
		return fmt.Sprintf("%s no longer listed (%s)", c.Licence, c.Old)
	}
	return fmt.Sprintf("%s %s: %q → %q", c.Licence, c.What, c.Old, c.New)
}

// RosterState is the roster's health: the latest read (good or not) and the latest good
// one, whose licences are the roster in use.
type RosterState struct {
	// URL is the layer the latest read asked.
	URL string `json:"url"`
	// LastAttempt is the time of the latest read; Error its error ("" when it was good).
	LastAttempt time.Time `json:"lastAttempt"`
	Error       string    `json:"error"`
	// LastRead is the time of the latest good read (zero when none), Rows and Active
	// what it listed.
	LastRead time.Time `json:"lastRead"`
	Rows     int       `json:"rows"`
	Active   int       `json:"active"`
}

// Read reports whether a good roster has ever been read.
func (s RosterState) Read() bool { return !s.LastRead.IsZero() }

// Refused reports whether the latest read was refused as not looking like the state's
// roster (RosterRefused): a layer answering, but not what the roster is.
func (s RosterState) Refused() bool { return strings.HasPrefix(s.Error, RosterRefused) }

// A read of the roster replaces the last good one only when it looks like the state's
// roster (docs/registry.md, "The state's roster"): one row per licence, licence numbers
// of the state's shape (LicencePattern), each field of its type (scraper.ReadRoster
// checks these) and a plausible count: Ohio's licences come and go a few at a time, so
// a read that would unlist more than RosterMaxUnlistShare of the licences listed, and
// more than RosterMaxUnlistAlways of them, is a layer gone wrong (a filtered view, a
// row repeated), not the state closing stores. Such a read is refused: recorded as a
// failed read whose error begins with RosterRefused, the last good roster kept in use,
// and `omc health` fails until a read looks right again.
const (
	RosterMaxUnlistShare  = 0.2
	RosterMaxUnlistAlways = 5
	// RosterRefused begins the recorded error of a read refused as not looking like
	// the roster (RosterState.Refused).
	RosterRefused = "refused as not the state's roster: "
)

// LicencePattern is the shape of the state's licence numbers: "CCD000072-00" (the 2026
// layer's), "MMD.0700123" (the earlier layer's medical licences).
var LicencePattern = regexp.MustCompile(`^[A-Z]{3}(?:\d{6}-\d{2}|\.\d{7})$`)

// RosterRefusal is the error of a read of the roster that does not look like the
// state's roster: its message begins with RosterRefused.
type RosterRefusal struct{ Why string }

func (e *RosterRefusal) Error() string { return RosterRefused + e.Why }

// SameRosterAddress says whether an address written by RosterAddress is the street
// and city's, compared as AddressKey compares them.
func SameRosterAddress(written, street, city string) bool {
	wStreet, wCity := "", written
	if i := strings.LastIndex(written, ", "); i >= 0 {
		wStreet, wCity = written[:i], written[i+2:]
	}
	return AddressKey(wStreet, wCity) == AddressKey(street, city)
}

// RosterAddress is how a change of address is written: street and city.
func RosterAddress(street, city string) string {
	if street == "" {
		return city
	}
	return street + ", " + city
}
