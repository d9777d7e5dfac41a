package store

import (
	"context"
	"database/sql"
	"fmt"
	"github.com/ohiomc/omc/data"
	"sort"
	"time"
)

// RecordRoster stores a good read of the roster at url: each licence listed, with what
// changed since the last good read, and every licence it no longer lists marked so.
// It returns the changes. A read older than the last good one is refused.
func (db *DB) RecordRoster(ctx context.Context, url string, at time.Time, entries []data.RosterEntry) ([]data.RosterChange, error) {
	tx, err := db.db.BeginTx(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("record roster: %w", err)
	}
	defer tx.Rollback()
	var last sql.NullString
	if err := tx.QueryRowContext(ctx, `SELECT MAX(read_at) FROM roster_reads WHERE error = ''`).Scan(&last); err != nil {
		return nil, fmt.Errorf("record roster: %w", err)
	}
	when := formatTime(at)
	if last.Valid && when < last.String {
		return nil, fmt.Errorf("record roster: a read at %s is older than the last good read (%s)", when, last.String)
	}
	have, err := knownLicences(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("record roster: %w", err)
	}
	var changes []data.RosterChange
	seen := map[string]bool{}
	active := 0
	for _, e := range entries {
		if seen[e.Licence] {
			return nil, fmt.Errorf("record roster: licence %s listed twice", e.Licence)
		}
		seen[e.Licence] = true
		if e.Active() {
			active++
		}
		changes = append(changes, have.changes(e)...)
		if err := upsertLicence(ctx, tx, e, when); err != nil {
			return nil, fmt.Errorf("record roster licence %s: %w", e.Licence, err)
		}
	}
	gone := make([]string, 0)
	listed := 0
	for lic, k := range have {
		if k.listed {
			listed++
			if !seen[lic] {
				gone = append(gone, lic)
			}
		}
	}
	if err := plausibleUnlisting(len(gone), listed); err != nil {
		return nil, err
	}
	sort.Strings(gone)
	for _, lic := range gone {
		changes = append(changes, data.RosterChange{Licence: lic, What: "unlisted", Old: have[lic].name})
		if _, err := tx.ExecContext(ctx, `UPDATE roster_licences SET listed = 0 WHERE licence = ?`, lic); err != nil {
			return nil, fmt.Errorf("record roster licence %s: %w", lic, err)
		}
	}
	for _, c := range changes {
		if _, err := tx.ExecContext(ctx, `INSERT INTO roster_changes (licence, at, what, old, new) VALUES (?, ?, ?, ?, ?)`,
			c.Licence, when, c.What, c.Old, c.New); err != nil {
			return nil, fmt.Errorf("record roster change of %s: %w", c.Licence, err)
		}
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO roster_reads (url, read_at, rows, active) VALUES (?, ?, ?, ?)`,
		url, when, len(entries), active); err != nil {
		return nil, fmt.Errorf("record roster read: %w", err)
	}
	if err := tx.Commit(); err != nil {
		return nil, fmt.Errorf("record roster: %w", err)
	}
	return changes, nil
}

// plausibleUnlisting refuses a read that would unlist gone of the listed licences at once
// when that is more than the rule allows.
func plausibleUnlisting(gone, listed int) error {
	if gone <= data.RosterMaxUnlistAlways || float64(gone) <= data.RosterMaxUnlistShare*float64(listed) {
		return nil
	}
	return &data.RosterRefusal{Why: fmt.Sprintf("it would unlist %d of the %d licences listed at once (at most %.0f%% or %d at a time); held back as suspect",
		gone, listed, 100*data.RosterMaxUnlistShare, data.RosterMaxUnlistAlways)}
}

// knownLicence is what roster_licences holds of a licence before a read.
type knownLicence struct {
	status, name, address string
	// addressKey is the address in AddressKey's form: a respelling ("Ave." for
	// "Avenue", a suite added) is not a change of address.
	addressKey string
	listed     bool
}

// licencesBefore are the licences roster_licences holds, by number.
type licencesBefore map[string]knownLicence

func knownLicences(ctx context.Context, tx *sql.Tx) (licencesBefore, error) {
	have := licencesBefore{}
	rows, err := tx.QueryContext(ctx, `SELECT licence, status, name, street, city, listed FROM roster_licences`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var lic, status, name, street, city string
		var listed bool
		if err := rows.Scan(&lic, &status, &name, &street, &city, &listed); err != nil {
			return nil, err
		}
		have[lic] = knownLicence{status, name, data.RosterAddress(street, city), data.AddressKey(street, city), listed}
	}
	return have, rows.Err()
}

// changes are what a read's entry changes of the licence: its listing, when it was not
// listed, else each of its status, name and address that differ.
func (have licencesBefore) changes(e data.RosterEntry) []data.RosterChange {
	k, found := have[e.Licence]
	if !found || !k.listed {
		return []data.RosterChange{{Licence: e.Licence, What: "listed", New: e.Name}}
	}
	var out []data.RosterChange
	for _, c := range []data.RosterChange{
		{Licence: e.Licence, What: "status", Old: k.status, New: e.Status},
		{Licence: e.Licence, What: "name", Old: k.name, New: e.Name},
	} {
		if c.Old != c.New {
			out = append(out, c)
		}
	}
	if k.addressKey != data.AddressKey(e.Street, e.City) {
		out = append(out, data.RosterChange{Licence: e.Licence, What: "address", Old: k.address, New: data.RosterAddress(e.Street, e.City)})
	}
	return out
}

// upsertLicence writes a listed entry's row, read at when.
func upsertLicence(ctx context.Context, tx *sql.Tx, e data.RosterEntry, when string) error {
	var lat, lng any
	if e.HasPlace() {
		lat, lng = e.Lat, e.Lng
	}
	_, err := tx.ExecContext(ctx, `
		INSERT INTO roster_licences (licence, name, business_name, status, type, street, city, zip, county,
			phone, hours, lat, lng, sample, first_listed, last_listed, listed)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
		ON CONFLICT (licence) DO UPDATE SET name = excluded.name, business_name = excluded.business_name,
			status = excluded.status, type = excluded.type, street = excluded.street, city = excluded.city,
			zip = excluded.zip, county = excluded.county, phone = excluded.phone, hours = excluded.hours,
			lat = excluded.lat, lng = excluded.lng, sample = excluded.sample,
			last_listed = excluded.last_listed, listed = 1`,
		e.Licence, e.Name, e.BusinessName, e.Status, e.Type, e.Street, e.City, e.ZIP, e.County,
		e.Phone, e.Hours, lat, lng, e.Sample, when, when)
	return err
}

// RecordRosterFailure stores a read of the roster that failed: the licences stay as the
// last good read left them.
func (db *DB) RecordRosterFailure(ctx context.Context, url string, at time.Time, problem string) error {
	if problem == "" {
		problem = "failed"
	}
	_, err := db.db.ExecContext(ctx, `INSERT INTO roster_reads (url, read_at, rows, active, error) VALUES (?, ?, 0, 0, ?)`,
		url, formatTime(at), problem)
	if err != nil {
		return fmt.Errorf("record roster failure: %w", err)
	}
	return nil
}

// RosterState returns the roster's latest read and latest good read (the zero state
// before the first read). A read whose time or counts cannot be read as their types is
// passed over for the one before it, noted (PassedOver).
func (db *DB) RosterState(ctx context.Context) (data.RosterState, error) {
	var st data.RosterState
	rows, err := db.db.QueryContext(ctx, `SELECT id, url, read_at, error, rows, active FROM roster_reads ORDER BY read_at DESC, id DESC`)
	if err != nil {
		return st, fmt.Errorf("roster state: %w", err)
	}
	defer rows.Close()
	attempted := false
	for rows.Next() {
		var id int64
		var url, at, readErr string
		var count, active storedInt
		if err := rows.Scan(&id, &url, &at, &readErr, &count, &active); err != nil {
			return st, fmt.Errorf("roster state: %w", err)
		}
		when, err := parseTime(at)
		var u unreadable
		if err != nil {
			u = append(u, fmt.Sprintf("read_at %q is not a time", data.Clip(at)))
		}
		u.int("rows", count, true)
		u.int("active", active, true)
		if len(u) > 0 {
			db.passOver("roster read %d: stored %s; the read is passed over", id, u)
			continue
		}
		if !attempted {
			st.URL, st.Error, st.LastAttempt, attempted = url, readErr, when, true
		}
		if readErr == "" {
			st.LastRead, st.Rows, st.Active = when, int(count.v), int(active.v)
			break
		}
	}
	if err := rows.Err(); err != nil {
		return st, fmt.Errorf("roster state: %w", err)
	}
	return st, nil
}

// Roster returns the roster in use: the licences the last good read listed, by licence.
// A licence whose stored values cannot be read as their types is passed over, noted
// (PassedOver).
func (db *DB) Roster(ctx context.Context) ([]data.Licensee, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT licence, name, business_name, status, type, street, city, zip, county, phone, hours,
			lat, lng, sample, first_listed, last_listed
		FROM roster_licences WHERE listed = 1 ORDER BY licence`)
	if err != nil {
		return nil, fmt.Errorf("read roster: %w", err)
	}
	defer rows.Close()
	var out []data.Licensee
	for rows.Next() {
		var l data.Licensee
		var lat, lng storedFloat
		var sample storedInt
		var first, last string
		if err := rows.Scan(&l.Licence, &l.Name, &l.BusinessName, &l.Status, &l.Type, &l.Street, &l.City, &l.ZIP,
			&l.County, &l.Phone, &l.Hours, &lat, &lng, &sample, &first, &last); err != nil {
			return nil, fmt.Errorf("read roster: %w", err)
		}
		var u unreadable
		u.float("lat", lat, false)
		u.float("lng", lng, false)
		u.int("sample", sample, true)
		var perr error
		if l.FirstListed, perr = parseTime(first); perr != nil {
			u = append(u, fmt.Sprintf("first_listed %q is not a time", data.Clip(first)))
		}
		if l.LastListed, perr = parseTime(last); perr != nil {
			u = append(u, fmt.Sprintf("last_listed %q is not a time", data.Clip(last)))
		}
		if len(u) > 0 {
			db.passOver("roster licence %s: stored %s; the licence is left out", data.Clip(l.Licence), u)
			continue
		}
		// A row that gives no position keeps NULL there, read as 0 (none).
		l.Lat, l.Lng, l.Sample = lat.v, lng.v, sample.v != 0
		out = append(out, l)
	}
	return out, rows.Err()
}
