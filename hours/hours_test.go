package hours_test

import (
	"encoding/json"
	"os"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/hours"
)

type vectorFile struct {
	Vectors []struct {
		Text   string          `json:"text"`
		Hours  json.RawMessage `json:"hours"`
		Checks []struct {
			At    time.Time  `json:"at"`
			Open  *bool      `json:"open"`
			Until *time.Time `json:"until"`
		} `json:"checks"`
	} `json:"vectors"`
}

func loadVectors(t *testing.T) vectorFile {
	t.Helper()
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vf vectorFile
	if err := json.Unmarshal(raw, &vf); err != nil {
		t.Fatalf("vectors.json: %v", err)
	}
	return vf
}

// TestParseVectors checks the parser against the vector file the site's tests read too:
// each text gives exactly the published openingHours (null when not understood).
func TestParseVectors(t *testing.T) {
	vf := loadVectors(t)
	if len(vf.Vectors) < 20 {
		t.Fatalf("vectors.json has %d vectors", len(vf.Vectors))
	}
	for _, v := range vf.Vectors {
		got, err := json.Marshal(hours.Parse(v.Text))
		if err != nil {
			t.Fatal(err)
		}
		var gotV, wantV any
		if err := json.Unmarshal(got, &gotV); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(v.Hours, &wantV); err != nil {
			t.Fatalf("%q: hours: %v", v.Text, err)
		}
		if !reflect.DeepEqual(gotV, wantV) {
			t.Errorf("Parse(%q)\n got %s\nwant %s", v.Text, got, v.Hours)
		}
	}
}

// TestVectorChecks holds the vectors' "open now" checks, which the site's tests apply to
// its own reading of openingHours, to the parsed hours: the expectations in the file are
// consistent with what omc publishes, across midnight, unknown days and daylight saving.
func TestVectorChecks(t *testing.T) {
	vf := loadVectors(t)
	ny, err := time.LoadLocation(hours.TimeZone)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, v := range vf.Vectors {
		w := hours.Parse(v.Text)
		for _, c := range v.Checks {
			checked++
			open, until := stateAt(w, c.At.In(ny))
			if !samePtr(open, c.Open) || !sameTime(until, c.Until) {
				t.Errorf("%q at %s: open %v until %v, want open %v until %v", v.Text, c.At.Format(time.RFC3339),
					show(open), showTime(until), show(c.Open), showTime(c.Until))
			}
		}
	}
	if checked < 10 {
		t.Fatalf("only %d checks", checked)
	}
}

// stateAt is "open now" as the vectors define it: open (nil when the hours do not
// say), and the next change (closing when open, opening when closed; nil when none is
// known within a week).
func stateAt(w *hours.Week, at time.Time) (*bool, *time.Time) {
	if w == nil {
		return nil, nil
	}
	days := func(d int) hours.Day {
		d = (d%7 + 7) % 7
		return [...]hours.Day{w.Mon, w.Tue, w.Wed, w.Thu, w.Fri, w.Sat, w.Sun}[d]
	}
	// The openings from midnight of the day at (weekday index) over the next 8 days, as
	// absolute times, yesterday's overnight one included.
	midnight := time.Date(at.Year(), at.Month(), at.Day(), 0, 0, 0, 0, at.Location())
	weekday := (int(at.Weekday()) + 6) % 7
	type span struct{ from, to time.Time }
	var spans []span
	clock := func(day time.Time, hhmm string) time.Time {
		h, _ := strconv.Atoi(hhmm[:2])
		m, _ := strconv.Atoi(hhmm[3:])
		return time.Date(day.Year(), day.Month(), day.Day(), 0, 0, 0, 0, day.Location()).Add(time.Duration(h)*time.Hour + time.Duration(m)*time.Minute)
	}
	unknownFrom := time.Time{}
	for k := -1; k <= 7; k++ {
		day := midnight.AddDate(0, 0, k)
		d := days(weekday + k)
		if d == nil {
			if k >= 0 && unknownFrom.IsZero() {
				unknownFrom = day
			}
			continue
		}
		for _, iv := range d {
			from, to := clock(day, iv.Opens), clock(day, iv.Closes)
			if iv.Closes <= iv.Opens {
				to = clock(day.AddDate(0, 0, 1), iv.Closes)
			}
			if iv.Closes == "24:00" {
				to = day.AddDate(0, 0, 1)
			}
			spans = append(spans, span{from, to})
		}
	}
	t, f := true, false
	for _, s := range spans {
		if !at.Before(s.from) && at.Before(s.to) {
			// Open: until the end of this span and any that begins as it ends.
			end := s.to
			for grown := true; grown; {
				grown = false
				for _, n := range spans {
					if n.from.Equal(end) && n.to.After(end) {
						end, grown = n.to, true
					}
				}
			}
			if end.Sub(at) > 7*24*time.Hour {
				return &t, nil // open all the time
			}
			return &t, &end
		}
	}
	if !unknownFrom.IsZero() && !at.Before(unknownFrom) {
		return nil, nil
	}
	var next *time.Time
	for _, s := range spans {
		if s.from.After(at) && (next == nil || s.from.Before(*next)) {
			from := s.from
			next = &from
		}
	}
	if next != nil && !unknownFrom.IsZero() && next.After(unknownFrom) {
		next = nil
	}
	return &f, next
}

func samePtr(a, b *bool) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

func sameTime(a, b *time.Time) bool {
	return a == nil && b == nil || a != nil && b != nil && a.Equal(*b)
}

func show(b *bool) string {
	if b == nil {
		return "null"
	}
	return strconv.FormatBool(*b)
}

func showTime(t *time.Time) string {
	if t == nil {
		return "null"
	}
	return t.Format(time.RFC3339)
}

// TestParseRejects: what the parser must not guess at gives nil, never a week.
func TestParseRejects(t *testing.T) {
	for _, s := range []string{"Mon-Fri 9AM-5PM then call", "Mon-Fri 9AM-5PM!", "Mon 9AM-5PM-6PM", "25:00-26:00", strings.Repeat("Mon ", 3)} {
		if w := hours.Parse(s); w != nil {
			t.Errorf("Parse(%q) = %+v, want nil", s, *w)
		}
	}
}

// FuzzParse: no text makes the parser panic, and what it returns is well formed.
func FuzzParse(f *testing.F) {
	f.Add("M-Sat: 10AM-8PM, Sun: 11AM-5PM")
	f.Add("24 hours")
	f.Add("Mon-Sat 10AM-2AM; Sun closed")
	f.Fuzz(func(t *testing.T, s string) {
		w := hours.Parse(s)
		if w == nil {
			return
		}
		if w.TimeZone != hours.TimeZone {
			t.Fatalf("time zone %q", w.TimeZone)
		}
		for _, d := range [...]hours.Day{w.Mon, w.Tue, w.Wed, w.Thu, w.Fri, w.Sat, w.Sun} {
			for _, iv := range d {
				if len(iv.Opens) != 5 || len(iv.Closes) != 5 || iv.Opens == iv.Closes || iv.Opens >= "24:00" || iv.Closes > "24:00" {
					t.Fatalf("Parse(%q): bad interval %+v", s, iv)
				}
			}
		}
	})
}
