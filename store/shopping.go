package store

import (
	"fmt"
	"github.com/ohiomc/omc/data"
	"time"
	_ "time/tzdata" // days are counted in America/New_York on any machine
)

// The shopping snapshots (publish: menus, products, search, deals, trends, strains,
// terpenes) read the store through ShopData (shopdata.go and the shop*.go beside it); this file holds what they
// share with it.

// ohio is the zone the shopping history counts its days in.
var ohio = func() *time.Location {
	loc, err := time.LoadLocation("America/New_York")
	if err != nil {
		panic(fmt.Sprintf("time zone America/New_York: %v", err))
	}
	return loc
}()

// Day is the calendar day (YYYY-MM-DD, America/New_York) a time falls on.
func Day(t time.Time) string { return t.In(ohio).Format(time.DateOnly) }

// code returns the offer's code: the stored one, else the one db.Code gives (offers
// recorded without a code or function), else ""; bounded (BoundCode), as a store
// written before codes were may hold a longer one.
func (db *DB) code(o data.Offer) string {
	if o.Code != "" || db.Code == nil {
		return data.BoundCode(o.Code)
	}
	return data.BoundCode(db.Code(o))
}
