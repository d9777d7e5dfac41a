package data

import (
	"context"
	"fmt"
	"time"
	_ "time/tzdata" // days are counted in America/New_York on any machine
)

// The read queries behind the shopping snapshots (publish: menus, products, search,
// deals, trends, strains, terpenes). Their signatures are the contract between the store
// and publish: a new schema re-implements them and keeps their tests.

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

// OfferState is the latest state of one offer series (dispensary × market × code × size)
// that the latest successful fetch of its category lists.
type OfferState struct {
	// Offer is the offer as that fetch saw it; Code is set (see DB.Code).
	Offer
	Slug   string
	Market Market
	// FirstSeen is the first successful fetch that listed the series at that store;
	// LastSeen the latest.
	FirstSeen, LastSeen time.Time
	// CategoryUpdate is the time of the latest successful fetch of the offer's category
	// at that store (its freshness).
	CategoryUpdate time.Time
}

// DailyPrice is one offer series on one day: the offer as last observed that day.
type DailyPrice struct {
	// Day is YYYY-MM-DD in America/New_York.
	Day    string
	Slug   string
	Market Market
	// Offer carries the code, category, size, grams, mg, price, sale price and stock.
	Offer
}

// code returns the offer's code: the stored one, else the one db.Code gives (offers
// recorded without a code or function), else "".
func (db *DB) code(o Offer) string {
	if o.Code != "" || db.Code == nil {
		return o.Code
	}
	return db.Code(o)
}

// OfferStates returns the latest state of every offer series listed by the latest
// successful fetch of its menu, for the dispensaries of the current registry, in stock
// or not, by store, market and listing order.
func (db *DB) OfferStates(ctx context.Context) ([]OfferState, error) {
	sd, err := db.ReadShop(ctx)
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	var out []OfferState
	err = sd.EachMenu(func(m MenuOffers) error {
		for _, lo := range m.Offers {
			st := OfferState{Offer: *lo.Desc, Slug: m.Slug, Market: m.Market, FirstSeen: lo.FirstSeen, LastSeen: lo.LastSeen,
				CategoryUpdate: lo.CategoryUpdate}
			st.Price, st.SalePrice, st.InStock = lo.Price, lo.SalePrice, lo.InStock
			out = append(out, st)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("offer states: %w", err)
	}
	return out, nil
}

// ProductFirstSeen returns, per product code, when any menu first listed it (any store,
// market or size; dispensaries since removed from the registry included).
func (db *DB) ProductFirstSeen(ctx context.Context) (map[string]time.Time, error) {
	sd, err := db.ReadShop(ctx)
	if err != nil {
		return nil, fmt.Errorf("product first seen: %w", err)
	}
	return sd.ProductFirstSeen(), nil
}

// EachDailyPrice is ShopData.EachDayPrice with each day's offer as an Offer of its own.
func (db *DB) EachDailyPrice(ctx context.Context, from, to time.Time, fn func(DailyPrice) error) error {
	sd, err := db.ReadShop(ctx)
	if err != nil {
		return fmt.Errorf("daily prices: %w", err)
	}
	return sd.EachDayPrice(ctx, from, to, func(p DayPrice) error {
		dp := DailyPrice{Day: p.Day, Slug: p.Slug, Market: p.Market, Offer: *p.Desc}
		dp.Price, dp.SalePrice, dp.InStock = p.Price, p.SalePrice, p.InStock
		return fn(dp)
	})
}
