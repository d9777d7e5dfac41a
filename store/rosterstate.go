package store

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/ohiomc/omc/data"
	"slices"
)

// maxRosterProblems is how many differences RosterStateProblems names before it only
// counts the rest: one hand-edit can touch every licence.
const maxRosterProblems = 5

// licenceHistory is what the roster's history says of one licence, replayed from its
// changes.
type licenceHistory struct {
	listed bool
	// firstAt is its first listing; listedAt and unlistedAt its latest listing and
	// unlisting ("" when never unlisted).
	firstAt, listedAt, unlistedAt string
	name                          string
	// A licence's status and address at its listing are not recorded (a listing
	// records its name): they are known from a status or address change after it.
	status, address           string
	statusKnown, addressKnown bool
}

// RosterStateProblems checks that each licence's current listing in roster_licences
// (its name, status, address, whether it is listed, when it was first and last listed)
// is what the roster's history says: its changes in roster_changes, replayed in order,
// and the good reads of roster_reads. The licences table holds the latest state for
// speed; the changes and reads are its history, as the fetches are the offers'. It
// checks too that each change starts from the value the history last recorded, so a
// status changed by hand is not carried into history by the next read's change. A
// status or address not changed since the licence's listing has no record to compare
// with (a listing records the name only) and is not checked.
func RosterStateProblems(ctx context.Context, file string) ([]string, error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("check roster %s: %w", file, err)
	}
	defer sqlDB.Close()
	c := &rosterCheck{}
	goodReads, err := goodRosterReads(ctx, sqlDB)
	if err != nil {
		return nil, fmt.Errorf("check roster %s: %w", file, err)
	}
	history, err := c.replayChanges(ctx, sqlDB)
	if err != nil {
		return nil, fmt.Errorf("check roster %s: %w", file, err)
	}
	seen, err := c.compareLicences(ctx, sqlDB, history, goodReads)
	if err != nil {
		return nil, fmt.Errorf("check roster %s: %w", file, err)
	}
	for _, lic := range sortedLicences(history) {
		if !seen[lic] {
			c.problem("licence %s: roster changes are recorded for it, but roster_licences has no row", lic)
		}
	}
	if c.more > 0 {
		c.out = append(c.out, fmt.Sprintf("roster: and %d more differences", c.more))
	}
	return c.out, nil
}

// rosterCheck collects RosterStateProblems' findings, the first maxRosterProblems of
// them in full and the rest counted.
type rosterCheck struct {
	out  []string
	more int
}

func (c *rosterCheck) problem(format string, args ...any) {
	if len(c.out) < maxRosterProblems {
		c.out = append(c.out, "roster: "+fmt.Sprintf(format, args...))
	} else {
		c.more++
	}
}

// goodRosterReads are the times of the roster's good reads, in the order they were
// recorded.
func goodRosterReads(ctx context.Context, sqlDB *sql.DB) ([]string, error) {
	var goodReads []string
	rows, err := sqlDB.QueryContext(ctx, `SELECT read_at FROM roster_reads WHERE error = '' ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var at string
		if err := rows.Scan(&at); err != nil {
			return nil, err
		}
		goodReads = append(goodReads, at)
	}
	return goodReads, rows.Err()
}

// replayChanges replays roster_changes in order into each licence's history, noting a
// change that does not start from the value the history last recorded.
func (c *rosterCheck) replayChanges(ctx context.Context, sqlDB *sql.DB) (map[string]*licenceHistory, error) {
	history := map[string]*licenceHistory{}
	rows, err := sqlDB.QueryContext(ctx, `SELECT id, licence, at, what, old, new FROM roster_changes ORDER BY id`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var lic, at, what, old, new string
		if err := rows.Scan(&id, &lic, &at, &what, &old, &new); err != nil {
			return nil, err
		}
		h := history[lic]
		if h == nil {
			h = &licenceHistory{}
			history[lic] = h
		}
		from := func(was string, known bool) {
			if known && old != was {
				c.problem("licence %s: its %s change in roster_changes row %d is from %q, but its history last recorded %q", lic, what, id, old, was)
			}
		}
		switch {
		case what == "listed":
			if h.listed {
				c.problem("licence %s: listed again in roster_changes row %d without being unlisted", lic, id)
			}
			if h.firstAt == "" {
				h.firstAt = at
			}
			*h = licenceHistory{listed: true, firstAt: h.firstAt, listedAt: at, unlistedAt: h.unlistedAt, name: new}
			continue
		case !h.listed:
			c.problem("licence %s: a %s change in roster_changes row %d while it is not listed", lic, what, id)
			continue
		}
		switch what {
		case "unlisted":
			from(h.name, true)
			h.listed, h.unlistedAt = false, at
		case "name":
			from(h.name, true)
			h.name = new
		case "status":
			from(h.status, h.statusKnown)
			h.status, h.statusKnown = new, true
		case "address":
			from(h.address, h.addressKnown)
			h.address, h.addressKnown = new, true
		default:
			c.problem("licence %s: roster_changes row %d is an unknown change %q", lic, id, what)
		}
	}
	return history, rows.Err()
}

// compareLicences compares each roster_licences row with the history its changes and
// the good reads give; seen are the licences it has a row for.
func (c *rosterCheck) compareLicences(ctx context.Context, sqlDB *sql.DB, history map[string]*licenceHistory, goodReads []string) (map[string]bool, error) {
	lastRead := ""
	if len(goodReads) > 0 {
		lastRead = goodReads[len(goodReads)-1]
	}
	seen := map[string]bool{}
	rows, err := sqlDB.QueryContext(ctx, `SELECT licence, name, status, street, city, first_listed, last_listed, listed
		FROM roster_licences ORDER BY licence`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var lic, name, status, street, city, first, last string
		var listed bool
		if err := rows.Scan(&lic, &name, &status, &street, &city, &first, &last, &listed); err != nil {
			return nil, err
		}
		seen[lic] = true
		h := history[lic]
		if h == nil || h.firstAt == "" {
			c.problem("licence %s: no roster change records its listing", lic)
			continue
		}
		if listed != h.listed {
			c.problem("licence %s: listed %v, but its last roster change says %v", lic, listed, h.listed)
		}
		if name != h.name {
			c.problem("licence %s: name %q, but its history last recorded %q", lic, name, h.name)
		}
		if h.statusKnown && status != h.status {
			c.problem("licence %s: status %q, but its history last recorded %q", lic, status, h.status)
		}
		if h.addressKnown && !data.SameRosterAddress(h.address, street, city) {
			c.problem("licence %s: address %q, but its history last recorded %q", lic, data.RosterAddress(street, city), h.address)
		}
		if first != h.firstAt {
			c.problem("licence %s: first listed %s, but its first listing was recorded at %s", lic, first, h.firstAt)
		}
		switch {
		case h.listed && last != lastRead:
			c.problem("licence %s: last listed %s, but it is listed and the last good read was at %s", lic, last, lastRead)
		case !h.listed && (last < h.listedAt || last > h.unlistedAt || !slices.Contains(goodReads, last)):
			c.problem("licence %s: last listed %s, not a good read between its listing at %s and its unlisting at %s", lic, last, h.listedAt, h.unlistedAt)
		}
	}
	return seen, rows.Err()
}

func sortedLicences(m map[string]*licenceHistory) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
