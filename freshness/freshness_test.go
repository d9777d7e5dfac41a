package freshness_test

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/ohiomc/omc/freshness"
)

type vectorFile struct {
	Now     time.Time `json:"now"`
	Vectors []struct {
		Hours *float64        `json:"hours"`
		State freshness.State `json:"state"`
	} `json:"vectors"`
}

// TestScoreVectors checks the rule against the vector file the site's tests also read.
func TestScoreVectors(t *testing.T) {
	raw, err := os.ReadFile("testdata/vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var vf vectorFile
	if err := json.Unmarshal(raw, &vf); err != nil {
		t.Fatalf("vectors.json: %v", err)
	}
	if len(vf.Vectors) < 5 {
		t.Fatalf("vectors.json has %d vectors, want the boundary set", len(vf.Vectors))
	}
	for _, v := range vf.Vectors {
		name := "no date"
		var last time.Time
		if v.Hours != nil {
			name = fmt.Sprintf("%gh", *v.Hours)
			last = vf.Now.Add(-time.Duration(*v.Hours * float64(time.Hour)))
		}
		t.Run(name, func(t *testing.T) {
			if got := freshness.Score(last, vf.Now); got != v.State {
				t.Errorf("Score(now-%s) = %s, want %s", name, got, v.State)
			}
		})
	}
}

func TestSummary(t *testing.T) {
	var s freshness.Summary
	for _, st := range []freshness.State{freshness.Current, freshness.Current, freshness.Stale, freshness.Missing} {
		s.Add(st)
	}
	if s.Current != 2 || s.Stale != 1 || s.Missing != 1 || s.Total() != 4 {
		t.Errorf("summary = %+v, total %d", s, s.Total())
	}
}
