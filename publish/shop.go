package publish

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// The shopping snapshots (SNAPSHOTS.md): menus, products, search, deals, trends, strains
// and terpenes. Each builder is a pure function of a Shop; BuildShop reads the store
// once and runs them all.

// Shop is what the shopping snapshots are built from.
type Shop struct {
	Now time.Time
	// Sample marks everything as sample data (the demo's replayed menus).
	Sample bool
	// Statuses are the registry's dispensaries with their menus' category states.
	Statuses []data.Status
	// Offers are the offer series the latest fetch of each category lists.
	Offers []data.OfferState
	// ProductFirstSeen is when any menu first listed each product code.
	ProductFirstSeen map[string]time.Time
	// Strains is the strain catalogue (names, types); nil when none is given.
	Strains *data.StrainCatalogue
}

// HistoryDays is how far back product price history and trends reach.
const HistoryDays = 365

// NewFor is how long an offer counts as new after it was first seen at a store.
const NewFor = 7 * 24 * time.Hour

// Emit takes one built snapshot: its path and the value to write as JSON.
type Emit func(path string, v any) error

// BuildShop reads what the shopping snapshots need from the store and emits them.
func BuildShop(ctx context.Context, db *data.DB, sts []data.Status, now time.Time, sample bool, strains *data.StrainCatalogue, emit Emit) error {
	states, err := db.OfferStates(ctx)
	if err != nil {
		return err
	}
	first, err := db.ProductFirstSeen(ctx)
	if err != nil {
		return err
	}
	in := Shop{Now: now, Sample: sample, Statuses: sts, Offers: states, ProductFirstSeen: first, Strains: strains}
	return in.Build(func(fn func(data.DailyPrice) error) error {
		return db.EachDailyPrice(ctx, now.AddDate(0, 0, -HistoryDays), now.Add(time.Second), fn)
	}, emit)
}

// Build emits every shopping snapshot. eachDaily streams the daily prices of the last
// HistoryDays in day order (data.DB.EachDailyPrice). Each file is emitted as soon as it
// is built, so a caller writing them out holds one at a time.
func (in Shop) Build(eachDaily func(fn func(data.DailyPrice) error) error, emit Emit) error {
	s := newShop(in)
	h := s.newHistory()
	if err := eachDaily(h.add); err != nil {
		return fmt.Errorf("price history: %w", err)
	}
	h.flush()
	s.resolveStrains(h)
	for _, build := range []func(Emit) error{
		s.buildMenus,
		func(e Emit) error { return s.buildProducts(h, e) },
		s.buildSearch,
		s.buildDeals,
		func(e Emit) error { return e(PathTrends, s.buildTrends(h)) },
		func(e Emit) error { return s.buildStrains(h, e) },
		s.buildTerpenes,
	} {
		if err := build(emit); err != nil {
			return err
		}
	}
	return nil
}

// Paths of the shopping snapshots; a trailing slash takes a slug, code or shard name
// ("index" for the lists: a path cannot be both a file and a folder on disk).
const (
	PathMenus        = "api/menus/"
	PathProducts     = "api/products/"
	PathSearch       = "api/search/"
	PathSearchStores = "api/search/stores"
	PathDeals        = "api/deals/"
	PathTrends       = "api/trends"
	PathStrains      = "api/strains/"
	PathTerpenes     = "api/terpenes/"
)

// shop is a Shop indexed for the builders.
type shop struct {
	Shop
	generatedAt string
	stores      map[string]*data.Dispensary
	offers      []offer
	// listed are the offers shoppers can buy now: in stock, from current or stale menus.
	listed []*offer
	// strains by data.StrainKey, once the history has named them all.
	strains map[string]*strainID
}

// offer is one offer series with what every snapshot derives from it once. It points
// into Shop.Offers rather than copying it: at 2,000 menus a copy is hundreds of MB.
type offer struct {
	*data.OfferState
	store     *data.Dispensary
	fresh     freshness.State
	unitPrice *float64
	unit      *string
	// firstSeen is when the product (any size) was first seen at that store and market.
	firstSeen time.Time
	isNew     bool
	// nameKey is the name lower-cased once: lists sort by it.
	nameKey string
}

func newShop(in Shop) *shop {
	s := &shop{Shop: in, generatedAt: in.Now.UTC().Format(time.RFC3339), stores: map[string]*data.Dispensary{}}
	for i := range in.Statuses {
		s.stores[in.Statuses[i].Dispensary.Slug] = &in.Statuses[i].Dispensary
	}
	type storeProduct struct {
		slug   string
		market data.Market
		code   string
	}
	productFirst := map[storeProduct]time.Time{}
	menuFirst := map[storeProduct]time.Time{} // code "": when tracking of the menu began
	for _, o := range in.Offers {
		for _, k := range []storeProduct{{o.Slug, o.Market, o.Code}, {o.Slug, o.Market, ""}} {
			m := productFirst
			if k.code == "" {
				m = menuFirst
			}
			if t, ok := m[k]; !ok || o.FirstSeen.Before(t) {
				m[k] = o.FirstSeen
			}
		}
	}
	s.offers = make([]offer, 0, len(in.Offers))
	for i := range in.Offers {
		o := &in.Offers[i]
		d, ok := s.stores[o.Slug]
		if !ok {
			continue
		}
		if o.Code == "" {
			o.Code = "product-" + slugOf(o.ProductID)
		}
		of := offer{OfferState: o, store: d, fresh: freshness.Score(o.CategoryUpdate, in.Now), nameKey: strings.ToLower(o.Name)}
		of.unitPrice, of.unit = UnitPrice(o.Offer)
		of.firstSeen = productFirst[storeProduct{o.Slug, o.Market, o.Code}]
		// New is what appeared on a menu already tracked: the products of the first
		// fetch of a menu were there before we looked, not new.
		of.isNew = in.Now.Sub(of.firstSeen) < NewFor && of.firstSeen.After(menuFirst[storeProduct{o.Slug, o.Market, ""}])
		s.offers = append(s.offers, of)
	}
	for i := range s.offers {
		o := &s.offers[i]
		if o.InStock && o.fresh != freshness.Missing {
			s.listed = append(s.listed, o)
		}
	}
	return s
}

// UnitPrice is the price paid per gram (Flower, Preroll, Vape, Extract with a known
// weight) or per 100 mg THC (Edible with a known dose), rounded to cents; nil, nil when
// it cannot be told. It is the one rule of every snapshot; the site never recomputes it.
func UnitPrice(o data.Offer) (*float64, *string) {
	cost := o.Cost()
	if cost <= 0 {
		return nil, nil
	}
	var per float64
	var unit string
	switch o.Category {
	case data.Flower, data.Preroll, data.Vape, data.Extract:
		per, unit = o.Grams, "g"
	case data.Edible:
		per, unit = o.Milligrams/100, "100mg"
	}
	if per <= 0 {
		return nil, nil
	}
	v := cents(cost / per)
	return &v, &unit
}

// salePrice is the sale price when the offer is on sale (below the regular price), else nil.
func salePrice(o data.Offer) *float64 {
	if o.SalePrice > 0 && o.SalePrice < o.Price {
		v := cents(o.SalePrice)
		return &v
	}
	return nil
}

// positive is v when it is above zero, else nil: unknown weights and doses are 0 in the store.
func positive(v float64) *float64 {
	if v > 0 {
		return &v
	}
	return nil
}

// timeOf is t as RFC 3339 UTC, nil when zero.
func timeOf(t time.Time) *string {
	if t.IsZero() {
		return nil
	}
	s := t.UTC().Format(time.RFC3339)
	return &s
}

// slugOf folds s to lower-case words of letters and digits joined by hyphens: strain and
// terpene slugs, region and category path segments.
func slugOf(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	return b.String()
}

// nameSlug is the slug of a strain or terpene name: slugOf, kept clear of "index", the
// name of the list beside the pages.
func nameSlug(name string) string {
	s := slugOf(name)
	if s == "index" {
		return "index-1"
	}
	return s
}

// cheaper orders offers by the price paid, then store name, then market, size and code,
// so every list of offers is stable.
func cheaper(a, b *offer) bool {
	ca, cb := cents(a.Cost()), cents(b.Cost())
	switch {
	case ca != cb:
		return ca < cb
	case a.store.Name != b.store.Name:
		return a.store.Name < b.store.Name
	case a.Slug != b.Slug:
		return a.Slug < b.Slug
	case a.Market != b.Market:
		return a.Market < b.Market
	case a.Code != b.Code:
		return a.Code < b.Code
	default:
		return a.Size < b.Size
	}
}

func sortOffers(os []*offer) {
	sort.SliceStable(os, func(i, j int) bool { return cheaper(os[i], os[j]) })
}

// coordinates says whether a store's position is its own or its city centre's: the
// registry gives a street address with the store's own coordinates.
func coordinates(d data.Dispensary) string {
	if d.Address != "" {
		return "store"
	}
	return "city"
}
