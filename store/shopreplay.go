package store

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
)

// replayFetch is one row of the fetch log, as replay sees it. emptied marks the
// categories the fetch found emptied (MenuFetch.EmptyCategories), one bit per
// AllCategories index: their series stay as they were, listed, but that fetch did not
// see them, so neither the daily prices nor the history's runs may count it for them.
type replayFetch struct {
	id, at  int64
	ok      bool
	emptied uint8
	menu    *shopMenu
}

// categoryIndex is c's index in AllCategories (Other for a category it does not name).
func categoryIndex(c data.Category) uint8 {
	if i := slices.Index(data.AllCategories, c); i >= 0 {
		return uint8(i)
	}
	return uint8(slices.Index(data.AllCategories, data.Other))
}

// emptiedMask reads a fetch's empty_categories ("Vape,Extract") as categoryIndex bits.
func emptiedMask(list []byte) uint8 {
	var mask uint8
	for _, name := range strings.Split(string(list), ",") {
		if i := slices.Index(data.AllCategories, data.Category(name)); i >= 0 {
			mask |= 1 << i
		}
	}
	return mask
}

// lists reports whether fetch f saw series i: false for a series of a category f emptied.
func (f replayFetch) lists(s *shopSeries) bool { return f.emptied&(1<<s.category) == 0 }

// slotChange is a change of the series at a slot of ShopData.series: its state before
// (prev) and after.
type slotChange struct {
	slot        int32
	prev, state seriesState
}

// replayState is the series' states as of the fetch a replay is at, by slot. Each
// replay has its own, so that replays can run at once (a publish's highlights and
// price history). A series no fetch has listed yet has the zero state, not Listed: that
// is all the walks ask of it, so nothing else marks it.
type replayState struct {
	cur []seriesState
}

// asBefore calls fn with the states as they were before the changes of the fetch
// (changed) the replay is at, and puts them back after: what a walk that keeps no
// state of its own ends with when that fetch opens a new month.
func (st *replayState) asBefore(changed []slotChange, fn func() error) error {
	for _, c := range slices.Backward(changed) {
		st.cur[c.slot] = c.prev
	}
	err := fn()
	for _, c := range changed {
		st.cur[c.slot] = c.state
	}
	return err
}

// replay walks the fetch log in time order (a menu's fetches are recorded in time order,
// RecordMenuFetch makes sure), up to the last fetch before to, applying each successful
// fetch's changes to the series' states (st), and calls before (when set) before a
// fetch's changes apply and fn after, with the changes it made. Changes are deltas from
// the menu's fetch before, so the walk always starts at the first fetch. A series
// recorded after the read (a scrape running meanwhile) is left out.
func (sd *ShopData) replay(ctx context.Context, to time.Time, st *replayState, before func(replayFetch) error, fn func(replayFetch, []slotChange) error) error {
	st.cur = make([]seriesState, len(sd.series))
	conn, err := sd.db.passConn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	rows, err := conn.QueryContext(ctx, `SELECT id, menu_id, at, ok, changes, empty_categories FROM menu_fetches WHERE at < ? AND `+readableFetch("")+` ORDER BY at, id`, nanos(to))
	if err != nil {
		return err
	}
	defer rows.Close()
	var blob []byte
	var emptied sql.RawBytes
	var changed []slotChange
	for rows.Next() {
		var f replayFetch
		var menuID int64
		if err := rows.Scan(&f.id, &menuID, &f.at, &f.ok, &blob, &emptied); err != nil {
			return err
		}
		if len(emptied) > 0 {
			f.emptied = emptiedMask(emptied)
		}
		if f.menu = sd.menu(menuID); f.menu == nil {
			continue // a menu recorded after the read
		}
		if before != nil {
			if err := before(f); err != nil {
				return err
			}
		}
		changed = changed[:0]
		err := decodeChanges(blob, func(c change) {
			if c.series < 0 || c.series >= int64(len(sd.slot)) || sd.slot[c.series] < 0 {
				return
			}
			i := sd.slot[c.series]
			if data.PriceProblem(c.state.Price) != "" || data.PriceProblem(c.state.SalePrice) != "" {
				// A price that cannot be published (an old database's) counts as the
				// offer not listed then, keeping its earlier state, as an unlisting does.
				c.state = seriesState{Price: st.cur[i].Price, SalePrice: st.cur[i].SalePrice, InStock: st.cur[i].InStock}
			}
			changed = append(changed, slotChange{i, st.cur[i], c.state})
			st.cur[i] = c.state
		})
		if err != nil {
			return fmt.Errorf("fetch %d: %w", f.id, err)
		}
		if err := fn(f, changed); err != nil {
			return err
		}
	}
	return rows.Err()
}
