package data_test

import (
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
)

func TestAnnouncements(t *testing.T) {
	as, err := data.DefaultAnnouncements()
	if err != nil || len(as) == 0 {
		t.Fatalf("embedded announcements: %v, %d", err, len(as))
	}
	a := data.Announcement{Text: "x", From: time.Date(2026, 3, 20, 4, 0, 0, 0, time.UTC), Until: time.Date(2026, 4, 1, 0, 0, 0, 0, time.UTC)}
	for _, tt := range []struct {
		at   time.Time
		want bool
	}{
		{a.From.Add(-time.Second), false}, {a.From, true}, {a.Until.Add(-time.Second), true}, {a.Until, false},
	} {
		if got := a.Active(tt.at); got != tt.want {
			t.Errorf("Active(%s) = %v", tt.at, got)
		}
	}
	for _, bad := range []string{"- text: ''", "- {text: a, from: 2026-02-01T00:00:00Z, until: 2026-01-01T00:00:00Z}", "- text: [1"} {
		if _, err := data.ParseAnnouncements("a.yaml", []byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
