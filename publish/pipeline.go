package publish

import (
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// PathPipeline is the pipeline's health and the registry's coverage (SNAPSHOTS.md).
const PathPipeline = "api/pipeline"

// Pipeline is api/pipeline: when the last scrape ran, how many menus it read, why the
// others failed, and how much of Ohio the registry covers.
type Pipeline struct {
	GeneratedAt string        `json:"generatedAt"`
	LastRun     *LastRun      `json:"lastRun"`
	Coverage    data.Coverage `json:"coverage"`
	// Roster is the state's roster as last read (null before the first read).
	Roster *PipelineRoster `json:"roster"`
}

// LastRun is the last finished scrape run, as api/pipeline and manifest.json give it.
type LastRun struct {
	StartedAt   string             `json:"startedAt"`
	FinishedAt  string             `json:"finishedAt"`
	MenusOK     int                `json:"menusOk"`
	MenusFailed int                `json:"menusFailed"`
	Failures    []store.RunFailure `json:"failures"`
}

// BuildPipeline is api/pipeline from the last finished run (nil before the first) and
// the registry's dispensaries as last synced.
func BuildPipeline(last *store.RunReport, ds []data.Dispensary, now time.Time) Pipeline {
	return Pipeline{
		GeneratedAt: now.UTC().Format(time.RFC3339),
		LastRun:     lastRun(last),
		Coverage:    data.Registry{Dispensaries: ds}.Coverage(),
	}
}

func lastRun(r *store.RunReport) *LastRun {
	if r == nil {
		return nil
	}
	failures := r.Failures
	if failures == nil {
		failures = []store.RunFailure{}
	}
	return &LastRun{
		StartedAt:   r.StartedAt.UTC().Format(time.RFC3339),
		FinishedAt:  r.FinishedAt.UTC().Format(time.RFC3339),
		MenusOK:     r.MenusOK,
		MenusFailed: r.MenusFailed,
		Failures:    failures,
	}
}
