package scraper

import (
	"context"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// emptiedCategories returns the categories that had products at the menu's last
// success and have none in offers, a menu that still lists other categories (the
// caller handles a menu with no products at all). Such a category is far more often a
// broken source (a category endpoint failing, a renamed category) than a store that
// sold out of a whole category: it must not look current with 0 products.
func emptiedCategories(ctx context.Context, db *store.DB, slug string, market data.Market, offers []data.Offer) ([]data.Category, error) {
	now := map[data.Category]bool{}
	for _, o := range offers {
		cat := o.Category
		if cat == "" {
			cat = data.Other
		}
		now[cat] = true
	}
	before, err := db.LastCounts(ctx, slug, market)
	if err != nil {
		return nil, err
	}
	var out []data.Category
	for _, cat := range data.AllCategories {
		if before[cat] > 0 && !now[cat] {
			out = append(out, cat)
		}
	}
	return out, nil
}
