package store_test

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

var (
	bliss = data.RosterEntry{Licence: "CCD000072-00", Name: "Bliss Ohio", BusinessName: "Slightly Toasted, LLC", Status: "Active",
		Type: "Dual Use Dispensary", Street: "331 E Main St", City: "Kent", ZIP: "44240", County: "Portage",
		Phone: "(330) 765-2508", Hours: "M-Sat: 10AM-8PM", Lat: 41.1539, Lng: -81.3534}
	bloomRoster = data.RosterEntry{Licence: "MMD.0700123", Name: "Bloom Medicinals", BusinessName: "127 OH, LLC", Status: "Active",
		Type: "Medical", Street: "737 East North Street", City: "Akron", County: "SUMMIT", Lat: 41.0851, Lng: -81.4981}
)

// TestRecordRoster: every read keeps each licence's first and last listing and logs its
// changes of status, name and address; a failed read changes no licence; a read older
// than the last good one is refused.
func TestRecordRoster(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	const url = "http://127.0.0.1:1/FeatureServer/0"
	st, err := db.RosterState(ctx)
	if err != nil || st.Read() || st.URL != "" {
		t.Fatalf("before any read: %+v, %v", st, err)
	}
	changes, err := db.RecordRoster(ctx, url, t0, []data.RosterEntry{bliss, bloomRoster})
	if err != nil {
		t.Fatal(err)
	}
	if len(changes) != 2 || changes[0].What != "listed" || changes[1].What != "listed" {
		t.Fatalf("first read changes %v", changes)
	}
	if err := db.RecordRosterFailure(ctx, url, t0.Add(4*time.Hour), "roster http://…: 0 rows"); err != nil {
		t.Fatal(err)
	}
	st, err = db.RosterState(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := data.RosterState{URL: url, LastAttempt: t0.Add(4 * time.Hour), Error: "roster http://…: 0 rows", LastRead: t0, Rows: 2, Active: 2}
	if st != want {
		t.Fatalf("after a failed read: %+v, want %+v", st, want)
	}
	later := t0.Add(24 * time.Hour)
	moved := bliss
	moved.Street, moved.Status = "400 E Main St", "Inactive"
	changes, err = db.RecordRoster(ctx, url, later, []data.RosterEntry{moved})
	if err != nil {
		t.Fatal(err)
	}
	got := []string{}
	for _, c := range changes {
		got = append(got, c.String())
	}
	wantChanges := []string{
		`CCD000072-00 status: "Active" → "Inactive"`,
		`CCD000072-00 address: "331 E Main St, Kent" → "400 E Main St, Kent"`,
		"MMD.0700123 no longer listed (Bloom Medicinals)",
	}
	if !reflect.DeepEqual(got, wantChanges) {
		t.Errorf("changes %q, want %q", got, wantChanges)
	}
	roster, err := db.Roster(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(roster) != 1 || roster[0].Licence != bliss.Licence || !roster[0].FirstListed.Equal(t0) || !roster[0].LastListed.Equal(later) ||
		roster[0].Street != "400 E Main St" || roster[0].Active() {
		t.Fatalf("roster after the third read: %+v", roster)
	}
	// Listed again: a new listing, its first listing kept.
	changes, err = db.RecordRoster(ctx, url, later.Add(time.Hour), []data.RosterEntry{moved, bloomRoster})
	if err != nil || len(changes) != 1 || changes[0].What != "listed" || changes[0].Licence != bloomRoster.Licence {
		t.Fatalf("relisting: %v, %v", changes, err)
	}
	if roster, _ = db.Roster(ctx); len(roster) != 2 || !roster[1].FirstListed.Equal(t0) {
		t.Fatalf("relisted licence keeps its first listing: %+v", roster)
	}
	if _, err := db.RecordRoster(ctx, url, t0, []data.RosterEntry{bliss}); err == nil || !strings.Contains(err.Error(), "older than the last good read") {
		t.Fatalf("an older read: %v", err)
	}
	if _, err := db.RecordRoster(ctx, url, later.Add(2*time.Hour), []data.RosterEntry{bliss, bliss}); err == nil {
		t.Fatal("a licence listed twice was accepted")
	}
	if roster, _ = db.Roster(ctx); len(roster) != 2 {
		t.Fatalf("a refused read changed the roster: %+v", roster)
	}
}

// TestApplyRoster: a listed store takes the roster's address, position, county, region
// and markets; an active licence the registry lacks becomes an unmonitored store; an
// inactive one does not.
func TestApplyRoster(t *testing.T) {
	places, err := data.OhioPlaces()
	if err != nil {
		t.Fatal(err)
	}
	kent := data.Dispensary{Slug: "bliss-kent", Name: "Bliss Kent", City: "Kent", Region: "Central", Licence: bliss.Licence, Coordinates: data.CoordinatesCity}
	lead := data.Dispensary{Slug: "some-lead", Name: "A Lead", City: "Dayton", Region: "Southwest"}
	inactive := bloomRoster
	inactive.Licence, inactive.Status, inactive.Name, inactive.Street = "MMD.0700999", "Expired", "Gone", "1 Gone St"
	blank := bliss
	blank.Licence, blank.Name, blank.BusinessName, blank.Street = "CCD000200-00", "Green Leaf Wellness, LLC", "Green Leaf Wellness, LLC", "9 Elm St"
	roster := []data.Licensee{{RosterEntry: bliss, FirstListed: t0}, {RosterEntry: inactive, FirstListed: t0}, {RosterEntry: blank, FirstListed: t0}}
	ds := []data.Dispensary{kent, lead}
	sts := store.ApplyRoster([]store.Status{{Dispensary: kent}, {Dispensary: lead}}, data.MatchRoster(ds, roster), true, places)
	if len(sts) != 3 {
		t.Fatalf("%d stores, want the two of the registry and the active licence it lacks", len(sts))
	}
	byName := map[string]store.Status{}
	for _, st := range sts {
		byName[st.Dispensary.Name] = st
		if !st.RosterRead {
			t.Errorf("%s: roster read not passed on", st.Dispensary.Slug)
		}
	}
	k := byName["Bliss Kent"]
	if d := k.Dispensary; k.Listing == nil || d.Address != "331 E Main St" || d.County != "Portage" || d.Region != "Northeast" ||
		d.Coordinates != data.CoordinatesStore || d.Lat != bliss.Lat || !d.Medical || !d.AdultUse {
		t.Errorf("listed store: %+v (listing %v)", d, k.Listing)
	}
	if byName["A Lead"].Listing != nil {
		t.Error("a lead the roster lacks has a listing")
	}
	g := byName["Green Leaf Wellness, LLC"]
	if d := g.Dispensary; g.Listing == nil || d.Slug != "green-leaf-wellness-llc-kent" || d.IsMonitored() || d.Licence != blank.Licence ||
		d.Address != "9 Elm St" || d.Region != "Northeast" {
		t.Errorf("roster store the registry lacks: %+v", d)
	}
}

// TestRosterRespelledAddress: the same address spelled another way ("East Main Street,
// Suite 1" for "E Main St") is no change of address, and the history check agrees with
// the stored licence; a real move is both.
func TestRosterRespelledAddress(t *testing.T) {
	ctx := context.Background()
	db, file := mustOpenDBFile(t)
	const url = "http://127.0.0.1:1/FeatureServer/0"
	if _, err := db.RecordRoster(ctx, url, t0, []data.RosterEntry{bliss}); err != nil {
		t.Fatal(err)
	}
	respelled := bliss
	respelled.Street = "331 East Main Street, Suite 1"
	changes, err := db.RecordRoster(ctx, url, t0.Add(time.Hour), []data.RosterEntry{respelled})
	if err != nil || len(changes) != 0 {
		t.Fatalf("a respelled address: changes %v, %v", changes, err)
	}
	if problems, err := store.RosterStateProblems(ctx, file); err != nil || len(problems) != 0 {
		t.Fatalf("history check after a respelling: %q, %v", problems, err)
	}
	moved := bliss
	moved.Street = "400 E Main St"
	changes, err = db.RecordRoster(ctx, url, t0.Add(2*time.Hour), []data.RosterEntry{moved})
	if err != nil || len(changes) != 1 || changes[0].String() != `CCD000072-00 address: "331 East Main Street, Suite 1, Kent" → "400 E Main St, Kent"` {
		t.Fatalf("a move: changes %v, %v", changes, err)
	}
	if problems, err := store.RosterStateProblems(ctx, file); err != nil || len(problems) != 0 {
		t.Fatalf("history check after a move: %q, %v", problems, err)
	}
}
