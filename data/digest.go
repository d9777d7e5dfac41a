package data

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"math"
	"strings"
	"time"
)

// appendOnly are the history rows that never change once written, by table: the
// columns that never change (a run's start, a menu's identity, a fetch whole, an offer
// series' identity and first sighting). A row of an earlier good copy whose columns
// differ now, or that is gone, is history lost or rewritten. Every table keys its rows
// by an INTEGER PRIMARY KEY, which VACUUM keeps (dispensaries, keyed by slug, are
// checked by their count only).
var appendOnly = []struct{ table, columns string }{
	{"runs", "id, started_at"},
	{"menus", "id, slug, market, platform"},
	{"menu_fetches", "id, menu_id, run_id, at, ok, reason, http_status, detail, n_flower, n_preroll, n_vape, " +
		"n_extract, n_edible, n_other, changes, empty_categories"},
	{"offer_series", "id, menu_id, product_id, size, variant, first_seen"},
}

// TableDigest is the SHA-256 of a table's append-only rows up to an id (Through).
type TableDigest struct {
	Through int64  `json:"through"`
	SHA256  string `json:"sha256"`
}

// Digests are the digests of the append-only history rows of a database file. With
// through nil each covers every row; otherwise each covers the rows up to through's
// id for that table (a table through does not name is left out), so that a later
// database can be compared with an earlier copy's record.
func Digests(ctx context.Context, file string, through map[string]TableDigest) (map[string]TableDigest, error) {
	sqlDB, err := sql.Open("sqlite", "file:"+file+"?mode=ro&_pragma=busy_timeout(10000)")
	if err != nil {
		return nil, fmt.Errorf("digest %s: %w", file, err)
	}
	defer sqlDB.Close()
	out := map[string]TableDigest{}
	for _, t := range appendOnly {
		upTo := int64(math.MaxInt64)
		if through != nil {
			d, ok := through[t.table]
			if !ok {
				continue
			}
			upTo = d.Through
		} else if err := sqlDB.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM `+t.table).Scan(&upTo); err != nil {
			return nil, fmt.Errorf("digest %s: %s: %w", file, t.table, err)
		}
		sum, err := digestRows(ctx, sqlDB, t.table, t.columns, upTo)
		if err != nil {
			return nil, fmt.Errorf("digest %s: %s: %w", file, t.table, err)
		}
		out[t.table] = TableDigest{Through: upTo, SHA256: sum}
	}
	return out, nil
}

// digestRows hashes the rows of table up to id upTo, in id order, each column with its
// type, so that no two different rows hash alike.
func digestRows(ctx context.Context, db *sql.DB, table, columns string, upTo int64) (string, error) {
	rows, err := db.QueryContext(ctx, `SELECT `+columns+` FROM `+table+` WHERE id <= ? ORDER BY id`, upTo)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	n := len(strings.Split(columns, ","))
	vals := make([]any, n)
	ptrs := make([]any, n)
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	h := sha256.New()
	var buf []byte
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return "", err
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
				return "", fmt.Errorf("a value of type %T", v)
			}
		}
		h.Write(buf)
	}
	if err := rows.Err(); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// SeriesStateProblems checks that every offer series' latest state (price, sale price,
// stock, listed) is the one its menu's fetches last recorded for it in their changes:
// the series table holds the latest state only for speed, the fetches are its history.
// A state that differs (every price × 10 in the series table, say) was changed outside
// omc. It returns one line per kind of difference, with a count and the first series.
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
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id, &blob); err != nil {
			rows.Close()
			return nil, fmt.Errorf("check series %s: %w", file, err)
		}
		if err := decodeChanges(blob, func(c change) {
			if c.series >= 0 && c.series <= maxID {
				last[c.series], recorded[c.series] = c.state, true
			}
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
