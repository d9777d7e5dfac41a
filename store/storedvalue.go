package store

import (
	"context"
	"fmt"
	"github.com/ohiomc/omc/data"
	"math"
	"strconv"
	"strings"
)

// A column of SQLite holds whatever was written to it: a REAL column keeps the text
// "abc" as text (its affinity converts only text that reads as a number). The store
// only writes numbers there, but a database edited by hand, or by another tool, may hold
// text where a number belongs, and database/sql would refuse the whole read on it
// ("Scan error on column … price"). The reads a publish makes scan numeric columns into
// storedFloat and storedInt instead: a value that cannot be read as its type is
// recorded, its row left out and listed (ShopData.LeftOut), never stopping the publish.

// storedFloat is a nullable REAL column read without failing (sql.Scanner).
type storedFloat struct {
	v     float64
	valid bool   // false for NULL and for a value that is no number
	bad   string // the value as stored when it is no number, quoted and clipped
}

// Scan implements sql.Scanner.
func (c *storedFloat) Scan(src any) error {
	*c = storedFloat{}
	switch x := src.(type) {
	case nil:
	case float64:
		c.v, c.valid = x, true
	case int64:
		c.v, c.valid = float64(x), true
	default:
		c.v, c.valid, c.bad = scanText(src, func(s string) (float64, error) { return strconv.ParseFloat(s, 64) })
	}
	return nil
}

// storedInt is a nullable INTEGER column (a time in Unix nanoseconds, a flag, an id)
// read without failing (sql.Scanner).
type storedInt struct {
	v     int64
	valid bool
	bad   string
}

// Scan implements sql.Scanner.
func (c *storedInt) Scan(src any) error {
	*c = storedInt{}
	switch x := src.(type) {
	case nil:
	case int64:
		c.v, c.valid = x, true
	case bool:
		c.valid = true
		if x {
			c.v = 1
		}
	case float64:
		if x != math.Trunc(x) || math.Abs(x) > 1<<62 {
			c.bad = strconv.FormatFloat(x, 'g', -1, 64)
			return nil
		}
		c.v, c.valid = int64(x), true
	default:
		c.v, c.valid, c.bad = scanText(src, func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) })
	}
	return nil
}

// scanText reads a number a column holds as text (string or []byte) with parse; any
// other type, and text that parse refuses, is bad: the value as stored, quoted and
// clipped, or its type.
func scanText[T any](src any, parse func(string) (T, error)) (v T, valid bool, bad string) {
	var s string
	switch x := src.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return v, false, fmt.Sprintf("a %T", src)
	}
	v, err := parse(strings.TrimSpace(s))
	if err != nil {
		var zero T
		return zero, false, strconv.Quote(data.Clip(s))
	}
	return v, true, ""
}

// unreadable collects the columns of one row that cannot be read as their type.
type unreadable []string

// float notes column name when c holds no number; a NULL is one only when required.
func (u *unreadable) float(name string, c storedFloat, required bool) {
	switch {
	case c.bad != "":
		*u = append(*u, fmt.Sprintf("%s %s is not a number", name, c.bad))
	case required && !c.valid:
		*u = append(*u, name+" is empty")
	}
}

// int is float for an integer column.
func (u *unreadable) int(name string, c storedInt, required bool) {
	switch {
	case c.bad != "":
		*u = append(*u, fmt.Sprintf("%s %s is not an integer", name, c.bad))
	case required && !c.valid:
		*u = append(*u, name+" is empty")
	}
}

func (u unreadable) String() string { return strings.Join(u, ", ") }

// fetchNumbers are the numeric columns of menu_fetches a publish reads: when it was, its
// outcome, and each category's product count (NULL when the fetch recorded none).
var fetchNumbers = append([]string{"at", "ok"}, strings.Fields(strings.ReplaceAll(countColumns, ",", " "))...)

// readableFetch is the SQL condition that a menu_fetches row (under alias, "" for none)
// holds an integer in each of its numeric columns (a count may be NULL). Every read a
// publish makes of the fetch log keeps to such rows; a row that is not is as if that
// fetch had not happened, and is listed (unreadableFetches) rather than stopping the
// publish.
func readableFetch(alias string) string {
	if alias != "" {
		alias += "."
	}
	conds := make([]string, 0, len(fetchNumbers))
	for i, col := range fetchNumbers {
		kinds := "'integer'"
		if i >= 2 {
			kinds = "'integer', 'null'"
		}
		conds = append(conds, fmt.Sprintf("typeof(%s%s) IN (%s)", alias, col, kinds))
	}
	return "(" + strings.Join(conds, " AND ") + ")"
}

// unreadableFetches lists the fetches readableFetch leaves out: which menu's, and which
// of their values cannot be read.
func (db *DB) unreadableFetches(ctx context.Context) ([]string, error) {
	rows, err := db.db.QueryContext(ctx, `SELECT f.id, COALESCE(m.slug, ''), COALESCE(m.market, ''), `+
		"f."+strings.Join(fetchNumbers, ", f.")+` FROM menu_fetches f LEFT JOIN menus m ON m.id = f.menu_id
		WHERE NOT `+readableFetch("f")+` ORDER BY f.id`)
	if err != nil {
		return nil, fmt.Errorf("unreadable fetches: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		var slug, market string
		cols := make([]storedInt, len(fetchNumbers))
		dest := []any{&id, &slug, &market}
		for i := range cols {
			dest = append(dest, &cols[i])
		}
		if err := rows.Scan(dest...); err != nil {
			return nil, fmt.Errorf("unreadable fetches: %w", err)
		}
		var u unreadable
		for i, col := range fetchNumbers {
			u.int(col, cols[i], i < 2)
		}
		out = append(out, fmt.Sprintf("fetch %d of %s %s: stored %s; the fetch is left out", id, slug, market, u))
	}
	return out, rows.Err()
}
