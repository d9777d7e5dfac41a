package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"github.com/ohiomc/omc/data"
	"sort"
	"time"
)

// RunFailure counts the menus of one run that failed on one platform for one reason.
type RunFailure struct {
	Platform string      `json:"platform"`
	Reason   data.Reason `json:"reason"`
	Menus    int         `json:"menus"`
	// Unverified counts those of Menus that come from an unverified lead and have never
	// been read: a lead not confirmed, rather than a store that broke.
	Unverified int `json:"unverified"`
}

// FailedMenu is one menu a run failed to read: what GroupFailures counts.
type FailedMenu struct {
	Platform string
	Reason   data.Reason
	// Unverified is true for a menu from an unverified lead never read before.
	Unverified bool
}

// GroupFailures is GroupRunFailures for single menus: the scrape's summary groups a
// run's failed menus with it.
func GroupFailures(failed []FailedMenu) []RunFailure {
	groups := make([]RunFailure, len(failed))
	for i, m := range failed {
		groups[i] = RunFailure{Platform: m.Platform, Reason: m.Reason, Menus: 1}
		if m.Unverified {
			groups[i].Unverified = 1
		}
	}
	return GroupRunFailures(groups)
}

// GroupRunFailures is the one grouping of failures: counts of the same platform and
// reason added together, the most failing menus (unverified leads left out) first, then
// the most menus, then by platform and reason. A run's report (GroupFailures), the
// store's reports (Runs) and omc health's sum over several runs all use it, so the three
// always group and order alike.
func GroupRunFailures(fs []RunFailure) []RunFailure {
	by := map[[2]string]int{}
	out := []RunFailure{}
	for _, f := range fs {
		k := [2]string{f.Platform, string(f.Reason)}
		i, ok := by[k]
		if !ok {
			i = len(out)
			by[k] = i
			out = append(out, RunFailure{Platform: f.Platform, Reason: f.Reason})
		}
		out[i].Menus += f.Menus
		out[i].Unverified += f.Unverified
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if fa, fb := a.Menus-a.Unverified, b.Menus-b.Unverified; fa != fb {
			return fa > fb
		}
		if a.Menus != b.Menus {
			return a.Menus > b.Menus
		}
		if a.Platform != b.Platform {
			return a.Platform < b.Platform
		}
		return a.Reason < b.Reason
	})
	return out
}

// RunReport is what one finished scrape run did.
type RunReport struct {
	ID          int64        `json:"-"`
	StartedAt   time.Time    `json:"startedAt"`
	FinishedAt  time.Time    `json:"finishedAt"`
	MenusOK     int          `json:"menusOk"`
	MenusFailed int          `json:"menusFailed"`
	Failures    []RunFailure `json:"failures"`
}

// UnverifiedFailed is how many of the run's failed menus are unverified leads never read.
func (r RunReport) UnverifiedFailed() int {
	n := 0
	for _, f := range r.Failures {
		n += f.Unverified
	}
	return n
}

// Runs returns the last n finished runs, newest first, each with its failures by
// platform and reason (most menus first). A menu is judged "unverified lead" by the
// registry as last synced: its menu has verified: false and no fetch of it succeeded
// before the run. A run whose counts are not integers (a database edited by hand) is
// passed over, so that one such value stops neither a publish nor the health check; so is
// one whose times are not times, noted (PassedOver).
func (db *DB) Runs(ctx context.Context, n int) ([]RunReport, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT id, started_at, finished_at, menus_ok, menus_failed FROM runs
		WHERE finished_at IS NOT NULL AND typeof(menus_ok) = 'integer' AND typeof(menus_failed) = 'integer'
		ORDER BY id DESC`)
	if err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	var out []RunReport
	// Read until n runs are: one passed over gives its place to the run before it.
	for len(out) < n && rows.Next() {
		var r RunReport
		var started, finished string
		if err := rows.Scan(&r.ID, &started, &finished, &r.MenusOK, &r.MenusFailed); err != nil {
			rows.Close()
			return nil, fmt.Errorf("list runs: %w", err)
		}
		var perr error
		if r.StartedAt, perr = parseTime(started); perr != nil {
			db.passOver("run %d: stored started_at %q is not a time; the run is passed over", r.ID, data.Clip(started))
			continue
		}
		if r.FinishedAt, perr = parseTime(finished); perr != nil {
			db.passOver("run %d: stored finished_at %q is not a time; the run is passed over", r.ID, data.Clip(finished))
			continue
		}
		out = append(out, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list runs: %w", err)
	}
	leads, err := db.unverifiedMenus(ctx)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Failures, err = db.runFailures(ctx, out[i], leads); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// unverifiedMenus are the slug|market keys of the registry's menus marked verified: false.
func (db *DB) unverifiedMenus(ctx context.Context) (map[string]bool, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT slug, menus FROM dispensaries WHERE in_registry = 1`)
	if err != nil {
		return nil, fmt.Errorf("unverified menus: %w", err)
	}
	defer rows.Close()
	out := map[string]bool{}
	for rows.Next() {
		var slug, raw string
		if err := rows.Scan(&slug, &raw); err != nil {
			return nil, fmt.Errorf("unverified menus: %w", err)
		}
		var menus []data.MenuSource
		if err := json.Unmarshal([]byte(raw), &menus); err != nil {
			return nil, fmt.Errorf("dispensary %s: menus: %w", slug, err)
		}
		for _, m := range menus {
			if !m.IsVerified() {
				out[slug+"|"+string(m.Market)] = true
			}
		}
	}
	return out, rows.Err()
}

// runFailures groups the run's failed menu fetches by platform and reason.
func (db *DB) runFailures(ctx context.Context, r RunReport, leads map[string]bool) ([]RunFailure, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, m.platform, MIN(f.reason),
			EXISTS (SELECT 1 FROM menus gm JOIN menu_fetches g ON g.menu_id = gm.id
				WHERE gm.slug = m.slug AND gm.market = m.market AND g.ok = 1 AND g.at < f.at)
		FROM menu_fetches f JOIN menus m ON m.id = f.menu_id WHERE f.run_id = ? AND f.ok = 0
		GROUP BY m.slug, m.market, m.platform`, r.ID)
	if err != nil {
		return nil, fmt.Errorf("run %d failures: %w", r.ID, err)
	}
	defer rows.Close()
	var failed []FailedMenu
	for rows.Next() {
		var slug, market, platform, reason string
		var everRead bool
		if err := rows.Scan(&slug, &market, &platform, &reason, &everRead); err != nil {
			return nil, fmt.Errorf("run %d failures: %w", r.ID, err)
		}
		failed = append(failed, FailedMenu{Platform: platform, Reason: data.Reason(reason), Unverified: leads[slug+"|"+market] && !everRead})
	}
	if err := rows.Err(); err != nil && err != sql.ErrNoRows {
		return nil, fmt.Errorf("run %d failures: %w", r.ID, err)
	}
	return GroupFailures(failed), nil
}

// EverRead reports whether a fetch of the dispensary's menu in that market succeeded
// before the given time.
func (db *DB) EverRead(ctx context.Context, slug string, market data.Market, before time.Time) (bool, error) {
	var ok bool
	err := db.db.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM menus m JOIN menu_fetches f ON f.menu_id = m.id
		WHERE m.slug = ? AND m.market = ? AND f.ok = 1 AND f.at < ?)`,
		slug, market, nanos(before)).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("menu %s %s read before: %w", slug, market, err)
	}
	return ok, nil
}
