package store

import (
	"slices"
	"sort"
	"time"

	"github.com/ohiomc/omc/data"
)

// ListedOffer is one offer series that the latest successful fetch of its menu lists.
type ListedOffer struct {
	// Desc is the series' description, shared (see ShopData); Code is set as DB.Code
	// gives it; its Price, SalePrice and InStock are not the offer's.
	Desc             *data.Offer
	Price, SalePrice float64
	InStock          bool
	// FirstSeen is the first successful fetch that listed the series' key (store,
	// market, code, size) at that store; LastSeen the latest that saw it; CategoryUpdate
	// the time of the latest successful fetch of its menu category at that store (its
	// freshness). LastSeen and CategoryUpdate are the menu's latest fetch, or for a
	// category that fetch emptied, the category's last successful fetch.
	FirstSeen, LastSeen, CategoryUpdate time.Time
	// Key numbers the series' store, market, code and size as DayPrice.Key does.
	Key int32
}

// MenuOffers is what the latest successful fetch of one dispensary market lists: of a
// market served by two platforms' menus, the menu fetched last.
type MenuOffers struct {
	Slug   string
	Market data.Market
	// Offers are in the order the menu first listed them.
	Offers []ListedOffer
	// Page is the menu's page for shoppers as its last fetch knew it, "" when unknown:
	// where an offer whose product has no page of its own links.
	Page string
}

// EachMenu calls fn with the listed offers of every market of every dispensary of the
// current registry that has had a successful fetch, by dispensary slug and market, one
// at a time: fn may keep the descriptions, not the slice.
func (sd *ShopData) EachMenu(fn func(MenuOffers) error) error {
	// A series' first listing at the store is the earliest over every menu and product
	// id the store's market has had for its code and size: its key's (rank).
	sd.rank()
	var out []ListedOffer
	type categoryState struct {
		category data.Category
		state    CategoryState
		ok       bool
	}
	var categories []categoryState // the market's, looked up once each
	for _, g := range sd.markets() {
		latest := g.latest
		categories = categories[:0]
		stateOf := func(c data.Category) (CategoryState, bool) {
			for _, cs := range categories {
				if cs.category == c {
					return cs.state, cs.ok
				}
			}
			st, ok := sd.states[stateKey{g.slug, g.market, c}]
			categories = append(categories, categoryState{c, st, ok})
			return st, ok
		}
		seen := fromNano(latest.lastOKAt)
		out = out[:0]
		for _, i := range latest.series {
			s := &sd.series[i]
			if !s.listed {
				continue
			}
			lo := ListedOffer{Desc: s.desc, Price: s.price, SalePrice: s.salePrice, InStock: s.inStock,
				LastSeen: seen, CategoryUpdate: seen, FirstSeen: fromNano(s.firstSeen), Key: s.rank}
			// A category emptied by the latest fetch keeps its earlier offers and date.
			if cs, ok := stateOf(categoryOf(*s.desc)); ok && cs.LastUpdate.Before(seen) {
				lo.CategoryUpdate, lo.LastSeen = cs.LastUpdate, cs.LastUpdate
			}
			if t := sd.keyFirst[s.rank]; t < s.firstSeen {
				lo.FirstSeen = fromNano(t)
			}
			out = append(out, lo)
		}
		if err := fn(MenuOffers{Slug: g.slug, Market: g.market, Offers: out, Page: latest.page}); err != nil {
			return err
		}
	}
	return nil
}

// EachListed calls fn with the description of every offer EachMenu gives, in its
// order, without the rest of what EachMenu works out.
func (sd *ShopData) EachListed(fn func(*data.Offer)) {
	for _, g := range sd.markets() {
		for _, i := range g.latest.series {
			if s := &sd.series[i]; s.listed {
				fn(s.desc)
			}
		}
	}
}

// GoneOffer is an offer series no current menu lists (EachMenu does not give it): its
// description (shared, see ShopData), its last state and when a menu last listed it.
type GoneOffer struct {
	Slug   string
	Market data.Market
	Desc   *data.Offer
	// Price, SalePrice and InStock are its state when last listed.
	Price, SalePrice float64
	InStock          bool
	// FirstSeen is the first successful fetch that listed it; LastListed the last.
	FirstSeen, LastListed time.Time
}

// EachGone calls fn with every offer series EachMenu does not give (its menu's latest
// fetch no longer lists it, or the menu is not its market's latest, or its dispensary
// has left the registry) that a successful fetch listed at or after since: what a
// product that has left every menu keeps its page with. Series come in no set order.
func (sd *ShopData) EachGone(since time.Time, fn func(GoneOffer)) {
	current := make([]bool, len(sd.series))
	for _, g := range sd.markets() {
		for _, i := range g.latest.series {
			current[i] = sd.series[i].listed
		}
	}
	from := nanos(since)
	for i := range sd.series {
		s := &sd.series[i]
		last := s.lastSeen
		if s.listed {
			last = s.menu.lastOKAt // listed by its menu's last success, a menu EachMenu skips
		}
		if current[i] || last < from || last == 0 {
			continue
		}
		fn(GoneOffer{Slug: s.menu.slug, Market: s.menu.market, Desc: s.desc, Price: s.price, SalePrice: s.salePrice,
			InStock: s.inStock, FirstSeen: fromNano(s.firstSeen), LastListed: fromNano(last)})
	}
}

// marketMenus are the menus of one dispensary market, and the one whose latest
// successful fetch lists its offers (the market served by two platforms' menus).
type marketMenus struct {
	slug   string
	market data.Market
	menus  []*shopMenu
	latest *shopMenu
}

// markets are the markets of the current registry with a successful fetch, by
// dispensary slug and market.
func (sd *ShopData) markets() []*marketMenus {
	byKey := map[[2]string]*marketMenus{}
	var groups []*marketMenus
	for _, m := range sd.menus {
		k := [2]string{m.slug, string(m.market)}
		g := byKey[k]
		if g == nil {
			g = &marketMenus{slug: m.slug, market: m.market}
			byKey[k] = g
			groups = append(groups, g)
		}
		g.menus = append(g.menus, m)
		if !m.inRegistry || m.lastOKAt == 0 {
			continue
		}
		if l := g.latest; l == nil || m.lastOKAt > l.lastOKAt || (m.lastOKAt == l.lastOKAt && m.id > l.id) {
			g.latest = m
		}
	}
	groups = slices.DeleteFunc(groups, func(g *marketMenus) bool { return g.latest == nil })
	sort.Slice(groups, func(i, j int) bool {
		if groups[i].slug != groups[j].slug {
			return groups[i].slug < groups[j].slug
		}
		return groups[i].market < groups[j].market
	})
	return groups
}
