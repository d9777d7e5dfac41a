package store

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"time"
)

// appendOnly are the history rows that never change once written, by table: the
// columns that never change (a run's start, a menu's identity, a fetch whole, an offer
// series' identity and first sighting, a roster read whole, a roster change whole, a
// licence's first listing). A row of an earlier good copy whose columns differ now, or
// that is gone, is history lost or rewritten. A digest covers the rows up to a bound
// (Through): for the tables keyed by an INTEGER PRIMARY KEY, which VACUUM keeps, their
// ids; for roster_licences, keyed by licence number, the licences named by the roster
// changes up to that id (each licence's first listing writes one). Dispensaries, keyed
// by slug and rewritten by every registry sync, are checked by their count only.
var appendOnly = []appendOnlyTable{
	byID("runs", "id, started_at"),
	byID("menus", "id, slug, market, platform"),
	byID("menu_fetches", "id, menu_id, run_id, at, ok, reason, http_status, detail, n_flower, n_preroll, n_vape, "+
		"n_extract, n_edible, n_other, changes, empty_categories"),
	byID("offer_series", "id, menu_id, product_id, size, variant, first_seen"),
	byID("roster_reads", "id, url, read_at, rows, active, error"),
	byID("roster_changes", "id, licence, at, what, old, new"),
	{
		table: "roster_licences",
		rows: `SELECT licence, first_listed FROM roster_licences
			WHERE licence IN (SELECT licence FROM roster_changes WHERE id <= ?) ORDER BY licence`,
		bound:   `SELECT COALESCE(MAX(id), 0) FROM roster_changes`,
		through: "the licences of roster_changes rows 1 to %d",
	},
}

// appendOnlyTable is how one table's append-only rows are read for a digest.
type appendOnlyTable struct {
	table string
	// rows selects the columns that never change of the rows up to a bound (its one
	// parameter), in a fixed order; bound is the bound that covers every row.
	rows, bound string
	// byID: rows come in id order, the id first, so that the rows up to a lower bound
	// are a prefix of every row's (one pass digests both).
	byID bool
	// through says which rows a bound covers ("rows 1 to %d").
	through string
}

func byID(table, columns string) appendOnlyTable {
	return appendOnlyTable{
		table:   table,
		rows:    `SELECT ` + columns + ` FROM ` + table + ` WHERE id <= ? ORDER BY id`,
		bound:   `SELECT COALESCE(MAX(id), 0) FROM ` + table,
		byID:    true,
		through: "rows 1 to %d",
	}
}

// DigestCovers says which rows of table a digest through that bound covers, for a
// refusal to name them ("rows 1 to 12").
func DigestCovers(table string, through int64) string {
	for _, t := range appendOnly {
		if t.table == table {
			return fmt.Sprintf(t.through, through)
		}
	}
	return fmt.Sprintf("rows 1 to %d", through)
}

// TableDigest is the SHA-256 of a table's append-only rows up to an id (Through).
type TableDigest struct {
	Through int64  `json:"through"`
	SHA256  string `json:"sha256"`
}

// Digests are the digests of the append-only history rows of a database file: all
// covers every row of each table; upTo, for each table through names, its rows up to
// through's bound for that table, so that a later database can be compared with an
// earlier copy's record (with through nil, upTo is empty). One read of a table gives
// both, as the rows up to a bound are a prefix of its rows.
func Digests(ctx context.Context, file string, through map[string]TableDigest) (upTo, all map[string]TableDigest, err error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, nil, fmt.Errorf("digest %s: %w", file, err)
	}
	defer sqlDB.Close()
	upTo, all = map[string]TableDigest{}, map[string]TableDigest{}
	for _, t := range appendOnly {
		var bound int64
		if err := sqlDB.QueryRowContext(ctx, t.bound).Scan(&bound); err != nil {
			return nil, nil, fmt.Errorf("digest %s: %s: %w", file, t.table, err)
		}
		split, compare := through[t.table]
		if !compare || !t.byID {
			split.Through = -1 // no prefix to take on the way
		}
		prefix, sum, err := digestRows(ctx, sqlDB, t.rows, bound, split.Through)
		if err == nil && compare && !t.byID {
			prefix, _, err = digestRows(ctx, sqlDB, t.rows, through[t.table].Through, -1)
		}
		if err != nil {
			return nil, nil, fmt.Errorf("digest %s: %s: %w", file, t.table, err)
		}
		all[t.table] = TableDigest{Through: bound, SHA256: sum}
		if compare {
			upTo[t.table] = TableDigest{Through: through[t.table].Through, SHA256: prefix}
		}
	}
	return upTo, all, nil
}

// digestRows hashes the rows query selects up to the bound upTo, in its order, each
// column with its type, so that no two different rows hash alike. With split ≥ 0 the
// rows are in id order, the id first, and prefix is the digest of those up to id
// split; else prefix is sum.
func digestRows(ctx context.Context, db *sql.DB, query string, upTo, split int64) (prefix, sum string, err error) {
	rows, err := db.QueryContext(ctx, query, upTo)
	if err != nil {
		return "", "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", "", err
	}
	n := len(cols)
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	h := sha256.New()
	var buf []byte
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return "", "", err
		}
		if id, ok := vals[0].(int64); split >= 0 && prefix == "" && ok && id > split {
			prefix = hex.EncodeToString(h.Sum(nil)) // Sum leaves the hash going on
		}
		buf = buf[:0]
		for _, v := range vals {
			switch v := v.(type) {
			case nil:
				buf = append(buf, 'n')
			case int64:
				buf = binary.AppendVarint(append(buf, 'i'), v)
			case float64:
				buf = binary.LittleEndian.AppendUint64(append(buf, 'f'), math.Float64bits(v))
			case string:
				buf = append(binary.AppendUvarint(append(buf, 's'), uint64(len(v))), v...)
			case []byte:
				buf = append(binary.AppendUvarint(append(buf, 'b'), uint64(len(v))), v...)
			case bool:
				buf = append(buf, 't', map[bool]byte{false: 0, true: 1}[v])
			case time.Time:
				buf = binary.AppendVarint(append(buf, 'T'), v.UnixNano())
			default:
				return "", "", fmt.Errorf("a value of type %T", v)
			}
		}
		h.Write(buf)
	}
	if err := rows.Err(); err != nil {
		return "", "", err
	}
	sum = hex.EncodeToString(h.Sum(nil))
	if prefix == "" {
		prefix = sum
	}
	return prefix, sum, nil
}

// SeriesStateProblems checks that every offer series' latest state (price, sale price,
// stock, listed) is the one its menu's fetches last recorded for it in their changes:
// the series table holds the latest state only for speed, the fetches are its history.
// A state that differs (every price × 10 in the series table, say) was changed outside
// omc. A fetch that unlists an offer records the state the series table held (the menu
// no longer says a price), so it checks too that each unlisting keeps the price, sale
// price and stock its series last recorded: else a price changed by hand before the
// offer left the menu would have passed into history. It returns one line per kind of
// difference, with a count and the first series.
func SeriesStateProblems(ctx context.Context, file string) ([]string, error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	defer sqlDB.Close()
	// The latest recorded state by series id (ids are rowids, dense).
	var maxID int64
	if err := sqlDB.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM offer_series`).Scan(&maxID); err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	last := make([]seriesState, maxID+1)
	recorded := make([]bool, maxID+1)
	rows, err := sqlDB.QueryContext(ctx, `SELECT id, changes FROM menu_fetches WHERE changes IS NOT NULL ORDER BY at, id`)
	if err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	var blob []byte
	var carried int
	var firstCarried, carriedBy int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &blob); err != nil {
			rows.Close()
			return nil, fmt.Errorf("check series %s: %w", file, err)
		}
		if err := decodeChanges(blob, func(c change) {
			if c.series < 0 || c.series > maxID {
				return
			}
			if was := last[c.series]; !c.state.Listed && (!recorded[c.series] || !was.Listed ||
				c.state.Price != was.Price || c.state.SalePrice != was.SalePrice || c.state.InStock != was.InStock) {
				if carried == 0 {
					firstCarried, carriedBy = c.series, id
				}
				carried++
			}
			last[c.series], recorded[c.series] = c.state, true
		}); err != nil {
			rows.Close()
			return []string{fmt.Sprintf("menu_fetches row %d: its changes cannot be read: %v", id, err)}, nil
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	srows, err := sqlDB.QueryContext(ctx, `SELECT id, price, sale_price, in_stock, listed FROM offer_series ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	defer srows.Close()
	var differ, unrecorded int
	var firstDiffer, firstUnrecorded int64
	for srows.Next() {
		var id int64
		var st seriesState
		if err := srows.Scan(&id, &st.Price, &st.SalePrice, &st.InStock, &st.Listed); err != nil {
			return nil, fmt.Errorf("check series %s: %w", file, err)
		}
		switch {
		case id < 0 || id > maxID || !recorded[id]:
			if unrecorded == 0 {
				firstUnrecorded = id
			}
			unrecorded++
		case last[id] != st:
			if differ == 0 {
				firstDiffer = id
			}
			differ++
		}
	}
	if err := srows.Err(); err != nil {
		return nil, fmt.Errorf("check series %s: %w", file, err)
	}
	var out []string
	if carried > 0 {
		out = append(out, fmt.Sprintf("offer_series: %d fetches unlisting an offer record a price or stock other than their series last recorded "+
			"(the first: series %d, menu_fetches row %d): a state changed outside omc was carried into history", carried, firstCarried, carriedBy))
	}
	if differ > 0 {
		out = append(out, fmt.Sprintf("offer_series: %d series hold a price or stock other than their fetches recorded (the first: series %d): history was changed", differ, firstDiffer))
	}
	if unrecorded > 0 {
		out = append(out, fmt.Sprintf("offer_series: %d series have no change recorded by any fetch (the first: series %d): history was changed", unrecorded, firstUnrecorded))
	}
	return out, nil
}

// RunStarts are the runs a database file holds: their start by id.
func RunStarts(ctx context.Context, file string) (map[int64]string, error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("runs of %s: %w", file, err)
	}
	defer sqlDB.Close()
	rows, err := sqlDB.QueryContext(ctx, `SELECT id, started_at FROM runs`)
	if err != nil {
		return nil, fmt.Errorf("runs of %s: %w", file, err)
	}
	defer rows.Close()
	out := map[int64]string{}
	for rows.Next() {
		var id int64
		var started string
		if err := rows.Scan(&id, &started); err != nil {
			return nil, fmt.Errorf("runs of %s: %w", file, err)
		}
		out[id] = started
	}
	return out, rows.Err()
}
