package main

import (
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/freshness"
)

// The help texts that state the freshness hours take them from the freshness
// package: changing a threshold there changes every text that states it.
func TestHelpStatesTheFreshnessConstants(t *testing.T) {
	current, missing := hoursWord(freshness.CurrentFor), hoursWord(freshness.MissingAfter)
	root := newRootCmd(deps{})
	status, _, err := root.Find([]string{"status"})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ name, text, want string }{
		{"omc", root.Long, "current under " + current + " h, stale to " + missing + " h, missing after"},
		{"omc status", status.Long, "current under " + current + " hours, stale from " + current + " up to " + missing + ", missing after\n" + missing + " hours"},
	} {
		if !strings.Contains(tt.text, tt.want) {
			t.Errorf("%s --help does not say %q:\n%s", tt.name, tt.want, tt.text)
		}
	}
	if a, b := hoursWord(16*time.Hour), hoursWord(90*time.Minute); a != "16" || b != "1.5" {
		t.Errorf("hoursWord(16h), hoursWord(90m) = %q, %q", a, b)
	}
}
