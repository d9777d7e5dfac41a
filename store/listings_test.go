package store

import (
	"context"
	"github.com/ohiomc/omc/data"
	"testing"
	"time"
)

// fetchedOffer is one offer as one successful fetch listed it, as the tests compare the
// history with what was recorded.
type fetchedOffer struct {
	data.Offer

	Slug      string
	Market    data.Market
	FetchedAt time.Time
}

// fetchedOffers replays the fetch log of db as the daily prices and the highlights' runs
// do (ShopData.replay) and lists every offer each successful fetch in [from, to) listed,
// in fetch order: price, sale price and stock those of the fetch, the description the
// latest.
func fetchedOffers(t *testing.T, db *DB, from, to time.Time) []fetchedOffer {
	t.Helper()
	ctx := context.Background()
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var out []fetchedOffer
	var rs replayState
	err = sd.replay(ctx, to, &rs, nil, func(f replayFetch, _ []slotChange) error {
		if !f.ok || f.at < nanos(from) || f.at >= nanos(to) {
			return nil
		}
		for _, i := range f.menu.series {
			if st := rs.cur[i]; st.Listed && f.lists(&sd.series[i]) {
				o := fetchedOffer{Offer: *sd.series[i].desc, Slug: f.menu.slug, Market: f.menu.market, FetchedAt: fromNano(f.at)}
				o.Price, o.SalePrice, o.InStock = st.Price, st.SalePrice, st.InStock
				out = append(out, o)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// latestOffers lists the offers EachMenu gives, each with its menu and, as FetchedAt,
// the last fetch that saw it.
func latestOffers(t *testing.T, db *DB) []fetchedOffer {
	t.Helper()
	sd, err := db.ReadShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []fetchedOffer
	err = sd.EachMenu(func(m MenuOffers) error {
		for _, lo := range m.Offers {
			o := fetchedOffer{Offer: *lo.Desc, Slug: m.Slug, Market: m.Market, FetchedAt: lo.LastSeen}
			o.Price, o.SalePrice, o.InStock = lo.Price, lo.SalePrice, lo.InStock
			out = append(out, o)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}
