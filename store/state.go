package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"github.com/ohiomc/omc/data"
	"slices"
	"strings"
	"time"
)

// CategoryState is what the store knows of one dispensary × market × category.
type CategoryState struct {
	Slug     string
	Market   data.Market
	Category data.Category
	// LastUpdate is the time of the latest successful fetch; zero when there is none.
	LastUpdate time.Time
	// Count is the product count of that fetch; -1 when there is none.
	Count int
	// LastAttempt, LastOK, LastReason and LastDetail describe the latest fetch of any outcome.
	LastAttempt time.Time
	LastOK      bool
	LastReason  data.Reason
	LastDetail  string
}

type stateKey struct {
	slug     string
	market   data.Market
	category data.Category
}

func fromNano(n int64) time.Time { return time.Unix(0, n).UTC() }

// countColumns are menu_fetches' product counts, in AllCategories order.
const countColumns = `n_flower, n_preroll, n_vape, n_extract, n_edible, n_other`

// categoryStates returns the latest state of every category that has ever been fetched,
// keyed for lookup by slug, market and category. A market served by two platforms'
// menus takes, per category, the latest of them.
func (db *DB) categoryStates(ctx context.Context) (map[stateKey]CategoryState, error) {
	out := map[stateKey]CategoryState{}
	latest, err := db.latestCategoryFetches(ctx, "", nil)
	if err != nil {
		return nil, fmt.Errorf("category states: %w", err)
	}
	for _, l := range latest {
		k := stateKey{l.slug, l.market, l.category}
		if !out[k].LastUpdate.Before(fromNano(l.at)) {
			continue
		}
		out[k] = CategoryState{Slug: l.slug, Market: l.market, Category: l.category, LastUpdate: fromNano(l.at), Count: int(l.count)}
	}
	// Latest attempt of any outcome.
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, f.at, f.ok, f.reason, f.detail, f.empty_categories, `+countColumns+`
		FROM menus m JOIN menu_fetches f ON f.id = m.last_fetch_id AND `+readableFetch("f"))
	if err != nil {
		return nil, fmt.Errorf("category attempts: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var slug, detail, emptiedList string
		var market data.Market
		var at int64
		var ok bool
		var reason data.Reason
		var counts [6]sql.NullInt64
		if err := rows.Scan(&slug, &market, &at, &ok, &reason, &detail, &emptiedList, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5]); err != nil {
			return nil, fmt.Errorf("category attempts: %w", err)
		}
		emptied := strings.Split(emptiedList, ",")
		for i, cat := range data.AllCategories {
			ok, reason, detail := ok, reason, detail
			if !counts[i].Valid {
				if !ok || !slices.Contains(emptied, string(cat)) {
					continue
				}
				ok, reason, detail = false, data.ReasonEmptyCategory, emptyCategoryDetail(cat)
			}
			k := stateKey{slug, market, cat}
			st, found := out[k]
			if !found {
				st = CategoryState{Slug: slug, Market: market, Category: cat, Count: -1}
			}
			if !st.LastAttempt.Before(fromNano(at)) {
				continue
			}
			st.LastAttempt = fromNano(at)
			st.LastOK, st.LastReason, st.LastDetail = ok, reason, detail
			out[k] = st
		}
	}
	return out, rows.Err()
}

// Status is the state of every menu category of every dispensary in the registry.
type Status struct {
	Dispensary data.Dispensary
	Markets    []MarketStatus
	// Listing is the store's row on the state's roster (ApplyRoster), nil when the roster
	// does not list it or none has been read: RosterRead says which.
	Listing    *data.Listing
	RosterRead bool
}

// MarketStatus is the state of the tracked categories of one menu market.
type MarketStatus struct {
	Market     data.Market
	Categories []CategoryState // in TrackedCategories order
	// Source is the source that served the market's latest successful fetch (the
	// platform of the menu or of the alternative that answered), "" when none has.
	Source string
}

// Statuses returns, for every dispensary of the registry (by name), one MarketStatus
// per market it has a menu for, each with the five tracked categories.
func (db *DB) Statuses(ctx context.Context) ([]Status, error) {
	ds, err := db.Dispensaries(ctx)
	if err != nil {
		return nil, err
	}
	states, err := db.categoryStates(ctx)
	if err != nil {
		return nil, err
	}
	sources, err := db.servedBy(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Status, 0, len(ds))
	for _, d := range ds {
		st := Status{Dispensary: d}
		seen := map[data.Market]bool{}
		for _, m := range d.Menus {
			if seen[m.Market] {
				continue
			}
			seen[m.Market] = true
			ms := MarketStatus{Market: m.Market, Source: sources[marketKey{d.Slug, m.Market}]}
			for _, cat := range data.TrackedCategories {
				cs, ok := states[stateKey{d.Slug, m.Market, cat}]
				if !ok {
					cs = CategoryState{Slug: d.Slug, Market: m.Market, Category: cat, Count: -1}
				}
				ms.Categories = append(ms.Categories, cs)
			}
			st.Markets = append(st.Markets, ms)
		}
		out = append(out, st)
	}
	return out, nil
}

// marketKey is one dispensary's market.
type marketKey struct {
	slug   string
	market data.Market
}

// servedBy returns, per dispensary market, the source of its latest successful fetch
// (over the market's menus, the latest): the fetch's own source, or the menu's platform
// for a fetch recorded before sources were.
func (db *DB) servedBy(ctx context.Context) (map[marketKey]string, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.slug, m.market, m.platform, f.source, f.at
		FROM menus m JOIN menu_fetches f ON f.id = m.last_ok_fetch_id`)
	if err != nil {
		return nil, fmt.Errorf("menu sources: %w", err)
	}
	defer rows.Close()
	out := map[marketKey]string{}
	latest := map[marketKey]int64{}
	for rows.Next() {
		var k marketKey
		var platform, source string
		var at int64
		if err := rows.Scan(&k.slug, &k.market, &platform, &source, &at); err != nil {
			return nil, fmt.Errorf("menu sources: %w", err)
		}
		if at < latest[k] {
			continue
		}
		if source == "" {
			source = platform
		}
		out[k], latest[k] = source, at
	}
	return out, rows.Err()
}

// emptyCategoryDetail says why an emptied category's fetch counts as failed.
func emptyCategoryDetail(cat data.Category) string {
	return fmt.Sprintf("no %s products, while the menu lists other categories and listed %s before", cat, cat)
}

// LastCounts returns, per category of one dispensary market, the product count of the
// category's latest successful fetch (over the market's menus, the latest); a category
// never fetched successfully is absent. The scrape asks it before recording each menu,
// so it reads only that market's menus.
func (db *DB) LastCounts(ctx context.Context, slug string, market data.Market) (map[data.Category]int, error) {
	latest, err := db.latestCategoryFetches(ctx, `WHERE m.slug = ? AND m.market = ?`, []any{slug, market})
	if err != nil {
		return nil, fmt.Errorf("last counts %s %s: %w", slug, market, err)
	}
	best := map[data.Category]categoryFetch{}
	for _, l := range latest {
		if b, ok := best[l.category]; !ok || l.at > b.at {
			best[l.category] = l
		}
	}
	out := make(map[data.Category]int, len(best))
	for cat, b := range best {
		out[cat] = int(b.count)
	}
	return out, nil
}

// categoryFetch is the latest successful fetch of one category of one menu.
type categoryFetch struct {
	menuID   int64
	slug     string
	market   data.Market
	category data.Category
	at       int64
	count    int64
}

// latestCategoryFetches returns, for every menu that where selects (a WHERE clause on
// menus m, "" for all), the latest successful fetch of each category: the menu's latest
// successful fetch, or for a category that fetch recorded no success for (an emptied
// category), the latest one that did. The menus' own latest come first, the look-backs
// after. A category never fetched successfully is absent.
func (db *DB) latestCategoryFetches(ctx context.Context, where string, args []any) ([]categoryFetch, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT m.id, m.slug, m.market, f.at, `+countColumns+`
		FROM menus m JOIN menu_fetches f ON f.id = m.last_ok_fetch_id AND `+readableFetch("f")+` `+where, args...)
	if err != nil {
		return nil, err
	}
	var out, earlier []categoryFetch
	for rows.Next() {
		var l categoryFetch
		var counts [6]sql.NullInt64
		if err := rows.Scan(&l.menuID, &l.slug, &l.market, &l.at, &counts[0], &counts[1], &counts[2], &counts[3], &counts[4], &counts[5]); err != nil {
			rows.Close()
			return nil, err
		}
		for i, cat := range data.AllCategories {
			l.category, l.count = cat, counts[i].Int64
			if counts[i].Valid {
				out = append(out, l)
			} else {
				earlier = append(earlier, l)
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	columns := strings.Fields(strings.ReplaceAll(countColumns, ",", " "))
	for _, l := range earlier {
		col := columns[slices.Index(data.AllCategories, l.category)]
		err := db.db.QueryRowContext(ctx, `SELECT at, `+col+` FROM menu_fetches
			WHERE menu_id = ? AND ok = 1 AND `+col+` IS NOT NULL AND `+readableFetch("")+` ORDER BY at DESC, id DESC LIMIT 1`, l.menuID).Scan(&l.at, &l.count)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("%s %s %s: %w", l.slug, l.market, l.category, err)
		}
		out = append(out, l)
	}
	return out, nil
}

// BlockedLastRun lists, sorted, the platforms that refused this machine in the latest
// run: a menu of theirs failed as blocked, or was served by an alternative source
// instead. `omc registry check` names the stores that have no other source on them.
func (db *DB) BlockedLastRun(ctx context.Context) ([]string, error) {
	rows, err := db.db.QueryContext(ctx, `
		SELECT DISTINCT m.platform FROM menu_fetches f JOIN menus m ON m.id = f.menu_id
		WHERE f.run_id = (SELECT MAX(id) FROM runs)
		  AND (f.reason = ? OR (f.ok = 1 AND f.source <> '' AND f.source <> m.platform))
		ORDER BY m.platform`, data.ReasonBlocked)
	if err != nil {
		return nil, fmt.Errorf("platforms blocked last run: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var p string
		if err := rows.Scan(&p); err != nil {
			return nil, fmt.Errorf("platforms blocked last run: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}
