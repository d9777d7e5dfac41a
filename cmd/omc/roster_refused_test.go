package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestRosterReadsThatAreNotTheRoster plays, through the command line against a local
// ArcGIS layer, the reads of the state's roster that must not replace the last good
// one: the layer answering its rows all with one licence (taken as a good read, it
// unlisted every other licence), answering integer licences, and answering a sound
// but much shorter list (3 of 12). Each is refused and named: the roster in use stays
// the last good one, api/pipeline reports the refusal and `omc health` fails, until a
// read that looks like the roster comes again.
func TestRosterReadsThatAreNotTheRoster(t *testing.T) {
	ctx := context.Background()
	var rows []data.RosterEntry
	for i := 1; i <= 12; i++ {
		rows = append(rows, data.RosterEntry{Licence: fmt.Sprintf("CCD%06d-00", i), Name: fmt.Sprintf("Store %d", i),
			BusinessName: fmt.Sprintf("Store %d, LLC", i), Status: "Active", Type: "Dual Use Dispensary",
			Street: fmt.Sprintf("%d Main St", i), City: "Columbus", County: "Franklin", Lat: 39.96 + float64(i)/1000, Lng: -82.99})
	}
	layer := replay.New(nil)
	var mu sync.Mutex
	var raw string // when set, the layer's whole answer
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		body := raw
		mu.Unlock()
		if body != "" && r.URL.Path != "/robots.txt" {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, body)
			return
		}
		layer.ServeHTTP(w, r)
	}))
	defer ts.Close()
	serve := func(body string, rows ...data.RosterEntry) {
		mu.Lock()
		raw = body
		mu.Unlock()
		layer.SetRoster(replay.Roster{Rows: rows, Layout: replay.Layout2026})
	}

	menus, shutdown, err := replay.New(&replay.Dataset{Stores: []replay.Store{{Platform: "joint", Key: "4242", Name: "Joint Akron",
		Slug: "joint-akron", City: "Akron", Markets: []data.Market{data.Medical}, MedicalPriceFactor: 1,
		Products: []replay.Product{jointFlower("71000001", "Comet Tail", 40)}}}}).Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(ctx)
	dir := t.TempDir()
	registry := filepath.Join(dir, "registry.yaml")
	if err := os.WriteFile(registry, fmt.Appendf(nil, `platforms:
  joint: {baseURL: %q}
roster: {url: %q}
dispensaries:
  - slug: joint-akron
    name: Joint Akron
    city: Akron
    county: Summit
    region: Northeast
    lat: 41.0814
    lng: -81.519
    medical: true
    menus: [{market: medical, platform: joint, storeId: "4242", url: "https://joint-akron.example/"}]
`, menus, ts.URL+replay.RosterPath), 0o644); err != nil {
		t.Fatal(err)
	}
	db, out := filepath.Join(dir, "omc.db"), filepath.Join(dir, "out")
	omc := func(want int, args ...string) string {
		t.Helper()
		var o, e bytes.Buffer
		if code := execute(args, testDeps(&o, &e)); code != want {
			t.Fatalf("omc %s: exit %d, want %d:\n%s%s", strings.Join(args, " "), code, want, o.String(), e.String())
		}
		return o.String() + e.String()
	}
	day := func(n int) string { return time.Date(2026, 11, 20+n, 15, 0, 0, 0, time.UTC).Format(time.RFC3339) }
	scrape := func(n, wantExit int) (string, *publish.PipelineRoster, int) {
		t.Helper()
		text := omc(wantExit, "scrape", "--registry", registry, "--db", db, "--delay", "0s", "--timeout", "2s", "--now", day(n))
		omc(0, "publish", "--db", db, "--out", out, "--now", day(n), "--dir", t.TempDir())
		var p publish.Pipeline
		readJSON(t, filepath.Join(out, publish.PathPipeline), &p)
		var status []publish.DispensaryStatus
		readJSON(t, filepath.Join(out, publish.PathStatus), &status)
		return text, p.Roster, len(status)
	}

	// Day 1: the roster, 12 licences: the registry's store and 12 licensed stores it lacks.
	serve("", rows...)
	if text, r, stores := scrape(1, 0); r == nil || r.Error != nil || r.Rows != 12 || stores != 13 {
		t.Fatalf("the first read: %+v, %d stores\n%s", r, stores, text)
	}
	omc(0, "health", "--db", db, "--runs", "1")

	same := make([]data.RosterEntry, len(rows))
	for i := range same {
		same[i] = rows[i]
		same[i].Licence = rows[0].Licence
	}
	integers := `{"fields":[{"name":"user_licen"},{"name":"user_dispe"},{"name":"user_lic_1"},{"name":"user_stree"},{"name":"user_city"}],"features":[`
	for i := range 12 {
		if i > 0 {
			integers += ","
		}
		integers += fmt.Sprintf(`{"attributes":{"user_licen":%d,"user_dispe":"Store %d","user_lic_1":"Active","user_stree":"%d Main St","user_city":"Columbus"}}`, i+1, i+1, i+1)
	}
	integers += `]}`
	for n, c := range []struct {
		name, body string
		rows       []data.RosterEntry
		want       string
	}{
		{"every row the same licence", "", same, "licence CCD000001-00 on rows 1 and 2; the roster lists each licence once"},
		{"integer licences", integers, nil, "licence number (user_licen) is the number 1, not text"},
		{"3 of the 12 licences", "", rows[:3], "it would unlist 9 of the 12 licences listed at once"},
	} {
		t.Run(c.name, func(t *testing.T) {
			serve(c.body, c.rows...)
			text, r, stores := scrape(2+n, exitFailed)
			if !strings.Contains(text, "Roster FAILED (the last good roster stays in use): "+data.RosterRefused) || !strings.Contains(text, c.want) {
				t.Errorf("scrape output:\n%s", text)
			}
			if r == nil || !r.Refused || r.Error == nil || !strings.Contains(*r.Error, c.want) || r.Rows != 12 || r.LastRead == nil ||
				*r.LastRead != day(1) || stores != 13 {
				t.Errorf("api/pipeline roster %+v (error %v), %d stores: want the refusal and day 1's 12 licences still in use", r, deref(r.Error), stores)
			}
			health := omc(exitFailed, "health", "--db", db, "--runs", "1")
			if !strings.Contains(health, "the last read was REFUSED") || !strings.Contains(health, c.want) {
				t.Errorf("health:\n%s", health)
			}
			var rep healthReport
			var o, e bytes.Buffer
			execute([]string{"health", "--db", db, "--runs", "1", "--json"}, testDeps(&o, &e))
			if err := json.Unmarshal(o.Bytes(), &rep); err != nil || rep.Healthy || rep.Roster == nil || !rep.Roster.Refused {
				t.Errorf("health --json: %v %s", err, o.String())
			}
		})
	}
	// The roster again: accepted, nothing changed since day 1, health passes.
	serve("", rows...)
	if text, r, _ := scrape(5, 0); r == nil || r.Refused || r.Error != nil || r.Rows != 12 || !strings.Contains(text, "0 changes") {
		t.Errorf("the roster again: %+v\n%s", r, text)
	}
	omc(0, "health", "--db", db, "--runs", "1")
}
