package data

import (
	"fmt"
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
	case string:
		c.parse(x)
	case []byte:
		c.parse(string(x))
	default:
		c.bad = fmt.Sprintf("a %T", src)
	}
	return nil
}

func (c *storedFloat) parse(s string) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		c.bad = strconv.Quote(Clip(s))
		return
	}
	c.v, c.valid = v, true
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
	case string:
		c.parse(x)
	case []byte:
		c.parse(string(x))
	default:
		c.bad = fmt.Sprintf("a %T", src)
	}
	return nil
}

func (c *storedInt) parse(s string) {
	v, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		c.bad = strconv.Quote(Clip(s))
		return
	}
	c.v, c.valid = v, true
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
