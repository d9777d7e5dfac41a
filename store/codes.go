package store

import (
	"fmt"
	"github.com/ohiomc/omc/data"
	"sort"
	"strconv"
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
func (sd *ShopData) distinctCodes() {
	type storeCode struct {
		slug   string
		market data.Market
		code   string
	}
	tied := map[storeCode][]int32{}
	for _, m := range sd.menus {
		for _, i := range m.series {
			if s := &sd.series[i]; s.listed {
				k := storeCode{m.slug, m.market, s.desc.Code}
				tied[k] = append(tied[k], i)
			}
		}
	}
	for k, idx := range tied {
		// Series without a code (a store opened without a code function) have nothing to
		// tell apart.
		if len(idx) < 2 || k.code == "" {
			continue
		}
		sort.Slice(idx, func(a, b int) bool {
			x, y := &sd.series[idx[a]], &sd.series[idx[b]]
			if x.firstSeen != y.firstSeen {
				return x.firstSeen < y.firstSeen
			}
			if x.desc.ProductID != y.desc.ProductID {
				return x.desc.ProductID < y.desc.ProductID
			}
			if x.desc.Size != y.desc.Size {
				return x.desc.Size < y.desc.Size
			}
			return idx[a] < idx[b]
		})
		c := CodeCollision{Slug: k.slug, Market: k.market, Code: k.code}
		perID := map[string]int{}
		for n, i := range idx {
			s := &sd.series[i]
			code := k.code
			if n > 0 {
				id := data.StrainSlug(s.desc.ProductID)
				if id == "" {
					id = "item"
				}
				code = k.code + "-" + id
				if perID[s.desc.ProductID] > 0 {
					code += "-" + strconv.Itoa(perID[s.desc.ProductID]+1)
				}
				// The suffix may take a code past its maximum: bounded again, it keeps a
				// hash of the whole, so the items stay apart.
				code = data.BoundCode(code)
				renamed := *s.desc
				renamed.Code = code
				s.desc = &renamed
			}
			perID[s.desc.ProductID]++
			c.Items = append(c.Items, CollidingItem{ProductID: s.desc.ProductID, Size: s.desc.Size, Code: code})
		}
		sd.collisions = append(sd.collisions, c)
	}
	sort.Slice(sd.collisions, func(a, b int) bool {
		x, y := sd.collisions[a], sd.collisions[b]
		if x.Slug != y.Slug {
			return x.Slug < y.Slug
		}
		if x.Market != y.Market {
			return x.Market < y.Market
		}
		return x.Code < y.Code
	})
}
