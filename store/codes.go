package store

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// A product code names one item a store sells: within one store's menu for one market,
// two listed offers never share a code. The scrape gives codes from what an item says
// of itself (brand, name, form, category, size), and two items that say the same (a
// store listing one item twice, or two items only its product ids tell apart) would
// share one; distinctCodes breaks every such tie and says so (CodeCollisions), never
// silently.

// CodeCollision is one tie distinctCodes broke: the series of one store and market
// that the scrape gave one code, and the code each kept.
type CodeCollision struct {
	Slug   string
	Market data.Market
	Code   string
	// Items are the tied series, the one that kept Code first: product id, size label
	// and the code it was published under.
	Items []CollidingItem
}

// CollidingItem is one series of a CodeCollision.
type CollidingItem struct {
	ProductID, Size, Code string
}

// String is the collision as the manifest and the command report it.
func (c CodeCollision) String() string {
	s := fmt.Sprintf("%s %s: %d items share %s:", c.Slug, c.Market, len(c.Items), c.Code)
	for i, it := range c.Items {
		if i > 0 {
			s += ","
		}
		s += fmt.Sprintf(" product %s (%s) as %s", it.ProductID, it.Size, it.Code)
	}
	return s
}

// CodeCollisions are the ties this read broke, by store, market and code.
func (sd *ShopData) CodeCollisions() []CodeCollision { return sd.collisions }

// distinctCodes gives every listed series of one store and market a code of its own.
// Of the series that share a code, the one first seen keeps it (ties: by product id,
// size, then series id), so a code already published stays on the item it named; each
// other one gets the code followed by its product id ("…-flower-3-5g-2767976"), and by
// its place among the tied series of that product id when the store lists one id and
// size twice. The suffixes come from the platform's ids, so they are the same at every
// publish while the menu lists the same items.
//
// It takes one store and market at a time and finds its ties by sorting its series by
// code: what it holds while it runs is one store's series, where an index of every
// listed series by store, market and code was most of the heap at 2,000 menus.
func (sd *ShopData) distinctCodes() {
	// Series renamed alike (one store's two markets list the same items) share the
	// renamed description, as they shared the one they had.
	renamed := map[renamedDesc]*data.Offer{}
	var listed []int32
	for _, group := range sd.storeMarkets() {
		listed = listed[:0]
		for _, m := range group {
			for _, i := range m.series {
				// Series without a code (a store opened without a code function) have
				// nothing to tell apart.
				if s := &sd.series[i]; s.listed && s.desc.Code != "" {
					listed = append(listed, i)
				}
			}
		}
		slices.SortFunc(listed, func(a, b int32) int {
			return cmp.Or(strings.Compare(sd.series[a].desc.Code, sd.series[b].desc.Code), sd.tieOrder(a, b))
		})
		for start := 0; start < len(listed); {
			code := sd.series[listed[start]].desc.Code
			end := start + 1
			for end < len(listed) && sd.series[listed[end]].desc.Code == code {
				end++
			}
			if end-start > 1 {
				sd.collisions = append(sd.collisions, sd.breakTie(group[0], code, listed[start:end], renamed))
			}
			start = end
		}
	}
	slices.SortFunc(sd.collisions, func(x, y CodeCollision) int {
		return cmp.Or(strings.Compare(x.Slug, y.Slug), strings.Compare(string(x.Market), string(y.Market)), strings.Compare(x.Code, y.Code))
	})
}

// storeMarkets are the menus by store and market: a store's menus for one market on
// several platforms are one menu to a shopper, where a code names one item.
func (sd *ShopData) storeMarkets() [][]*shopMenu {
	menus := slices.Clone(sd.menus)
	slices.SortStableFunc(menus, func(x, y *shopMenu) int {
		return cmp.Or(strings.Compare(x.slug, y.slug), strings.Compare(string(x.market), string(y.market)))
	})
	var groups [][]*shopMenu
	for start := 0; start < len(menus); {
		end := start + 1
		for end < len(menus) && menus[end].slug == menus[start].slug && menus[end].market == menus[start].market {
			end++
		}
		groups = append(groups, menus[start:end:end])
		start = end
	}
	return groups
}

// tieOrder orders the series a and b of one code: the first seen first, then by product
// id, size and series id.
func (sd *ShopData) tieOrder(a, b int32) int {
	x, y := &sd.series[a], &sd.series[b]
	return cmp.Or(cmp.Compare(x.firstSeen, y.firstSeen), strings.Compare(x.desc.ProductID, y.desc.ProductID),
		strings.Compare(x.desc.Size, y.desc.Size), cmp.Compare(a, b))
}

// renamedDesc is a description given another code by a tie, the key that shares the
// renamed description among the series renamed alike.
type renamedDesc struct {
	desc *data.Offer
	code string
}

// breakTie gives the series tied (in tieOrder) on code in menu m's store and market
// codes of their own, and says what it did.
func (sd *ShopData) breakTie(m *shopMenu, code string, tied []int32, renamed map[renamedDesc]*data.Offer) CodeCollision {
	c := CodeCollision{Slug: m.slug, Market: m.market, Code: code, Items: make([]CollidingItem, 0, len(tied))}
	perID := map[string]int{}
	for n, i := range tied {
		s := &sd.series[i]
		own := code
		if n > 0 {
			own = tiedCode(code, s.desc.ProductID, perID[s.desc.ProductID])
			k := renamedDesc{s.desc, own}
			d, ok := renamed[k]
			if !ok {
				copied := *s.desc
				copied.Code = own
				d = &copied
				renamed[k] = d
			}
			s.desc = d
		}
		perID[s.desc.ProductID]++
		c.Items = append(c.Items, CollidingItem{ProductID: s.desc.ProductID, Size: s.desc.Size, Code: own})
	}
	return c
}

// tiedCode is the code of a tied series that does not keep code: code and its product
// id, and its place among the earlier ones of that id (before: how many) past the first.
func tiedCode(code, productID string, before int) string {
	id := data.StrainSlug(productID)
	if id == "" {
		id = "item"
	}
	code += "-" + id
	if before > 0 {
		code += "-" + strconv.Itoa(before+1)
	}
	// The suffix may take a code past its maximum: bounded again, it keeps a hash of the
	// whole, so the items stay apart.
	return data.BoundCode(code)
}
