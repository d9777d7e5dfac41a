package publish

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
	"github.com/ohiomc/omc/store"
)

// The shopping snapshots (SNAPSHOTS.md): menus, products, search, deals, trends, strains
// and terpenes. Each builder is a pure function of a Shop and the menus buildShop
// streams to it from the store, read once (store.ShopData).

// Shop is what the shopping snapshots are built from.
type Shop struct {
	Now time.Time
	// Sample marks everything as sample data (the demo's replayed menus).
	Sample bool
	// Statuses are the registry's dispensaries with their menus' category states.
	Statuses []store.Status
	// ProductFirstSeen is when any menu first listed each product code.
	ProductFirstSeen map[string]time.Time
	// Strains is the strain catalogue (names, types); nil when none is given.
	Strains *data.StrainCatalogue
	// SiteURL is the site's public address (https://host, no trailing slash) the deal
	// feeds link to; "" links by path, on the feed's own host.
	SiteURL string
	// TerpeneGuide is each terpene page the site's guide describes (slug or alias → the
	// name it is described under): each has api/terpenes/<slug>, with the products of
	// the menus listing it or none.
	TerpeneGuide map[string]string
}

// HistoryDays is how far back product price history and trends reach.
const HistoryDays = 365

// NewFor is how long an offer counts as new after it was first seen at a store.
const NewFor = 7 * 24 * time.Hour

// KeepProductPage is how long a product keeps its page (api/products/<code>) after a
// menu last listed it: a saved product links to what became of it, not to nothing.
const KeepProductPage = 90 * 24 * time.Hour

// Emit takes one built snapshot: its path and the value to write as JSON. buildShop
// calls it from more than one goroutine at once.
type Emit func(path string, v any) error

// buildShop streams sd's menus through the shop builder. also (when set) is given every
// menu too, on a goroutine of its own, and menusDone (when set) is called once the
// builder and also have had them all. It returns the strains most dispensaries have
// (api/statistics' topFlower: the strain index's figures).
//
// The price history is read first, before the menus' offers are: its walk of the
// fetch log holds a state per series, and the offers are as many; one after the other,
// a 2,000-menu publish holds tens of MB less at its peak.
func buildShop(ctx context.Context, sd *store.ShopData, in Shop, also func(m store.MenuOffers, productName func(*data.Offer) string, lows *lows), menusDone func(), emit Emit) ([]StrainCount, error) {
	s := newShop(in)
	names := newNameTally()
	h, err := s.readHistory(sd.Series(), func(h *history) error {
		listed := map[string]bool{} // the codes a current menu lists
		sd.EachListed(func(o *data.Offer) {
			h.see(o)
			names.add(o)
			listed[codeOf(o)] = true
		})
		// A product no menu lists any more keeps its page a while: its last listings and
		// its history.
		sd.EachGone(in.Now.Add(-KeepProductPage), func(g store.GoneOffer) {
			code := codeOf(g.Desc)
			if listed[code] {
				return
			}
			s.gone[code] = append(s.gone[code], g)
			names.add(g.Desc)
			h.keep(code)
		})
		return nil
	}, func(fn dayObserver) error {
		return sd.EachDayPrice(ctx, in.Now.AddDate(0, 0, -HistoryDays), in.Now.Add(time.Second), func(p store.DayPrice) error {
			return fn(p.Day, p.Slug, p.Market, p.Desc, p.Key, p.Price, p.SalePrice, p.InStock)
		})
	})
	if err != nil {
		return nil, err
	}
	s.names = names.productNames()
	s.lows = h.lows
	// also (the statistics and brands) takes the menus in a walk of its own, on the
	// other processor.
	alsoDone := make(chan error, 1)
	go func() {
		if also == nil {
			alsoDone <- nil
			return
		}
		alsoDone <- sd.EachMenu(func(m store.MenuOffers) error {
			also(m, s.productName, s.lows)
			return nil
		})
	}()
	s.offers = make([]offer, 0, sd.Listed())
	err = sd.EachMenu(func(m store.MenuOffers) error { return s.addMenu(m, emit) })
	if aerr := <-alsoDone; err == nil {
		err = aerr
	}
	if err != nil {
		return nil, err
	}
	if menusDone != nil {
		menusDone()
	}
	if err := s.finish(h, emit); err != nil {
		return nil, err
	}
	return s.topStrains, nil
}

// dayObserver takes one day's observation of one offer series (history.add).
type dayObserver func(day, slug string, market data.Market, o *data.Offer, key int32, price, sale float64, inStock bool) error

// readHistory folds the daily prices (eachDaily) into a history; current tells the
// history the descriptions of every offer the current menus list (history.see) and the
// products kept without one (history.keep), which decide what the history keeps (the
// products with a page) and how strains are spelt. keys is about how many series keys
// the prices number (0 when not known).
func (s *shop) readHistory(keys int, current func(h *history) error, eachDaily func(fn dayObserver) error) (*history, error) {
	h := s.newHistory(keys)
	if err := current(h); err != nil {
		return nil, err
	}
	if err := eachDaily(h.add); err != nil {
		return nil, fmt.Errorf("price history: %w", err)
	}
	h.flush()
	return h, nil
}

// finish emits what needs every menu: the menus not emitted yet (no offers), then
// the history's and the catalogue's snapshots.
func (s *shop) finish(h *history, emit Emit) error {
	if err := s.flushMenus(emit); err != nil {
		return err
	}
	for _, st := range s.Statuses {
		if !s.menuDone[st.Dispensary.Slug] {
			if err := s.emitMenu(st, nil, emit); err != nil {
				return err
			}
		}
	}
	s.menuDone = nil
	s.index()
	s.resolveStrains(h)
	s.descs = nil // every offer has its description: the index of them is done with
	// The product pages (the most files) are built beside the rest: the builders only
	// read the offers and the history (products alone lets its pages' history go).
	var g errgroup.Group
	g.Go(func() error { return s.buildProducts(h, emit) })
	g.Go(func() error {
		for _, build := range []func(Emit) error{
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
	})
	return g.Wait()
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
	statusOf    map[string]*store.Status
	offers      []offer
	// listed are the offers shoppers can buy now: in stock, from current or stale menus.
	listed []*offer
	// strains by data.StrainKey, once the history has named them all.
	strains map[string]*strainID
	// descs are the descriptions of the offers, by the store's.
	descs map[*data.Offer]*desc
	// menuSlug is the dispensary whose menus are arriving; menuMarkets their offers (as
	// indexes into offers) by market; menuDone the dispensaries emitted.
	menuSlug    string
	menuMarkets map[data.Market][]int
	menuDone    map[string]bool
	// productFirst is addMenu's, emptied for each menu rather than made anew.
	productFirst map[string]time.Time
	// names are the products' display names by code (nameTally.productNames).
	names map[string]string
	// topStrains are the strains most dispensaries have, once the strain index is
	// built: api/statistics' topFlower.
	topStrains []StrainCount
	// gone are, by code, the last listings of the products no current menu lists that
	// a menu listed within KeepProductPage.
	gone map[string][]store.GoneOffer
	// lows are the offers' lows, by series key (offer.key).
	lows *lows
}

// productName is the display name of o's product: one name per code wherever a product
// is shown beyond its store's own menu.
func (s *shop) productName(o *data.Offer) string {
	if n, ok := s.names[codeOf(o)]; ok {
		return n
	}
	return o.Name
}

// offer is one listed offer series with what every snapshot derives from it once, in
// 56 bytes: at 2,000 menus there are 700,000. What many offers share is held once and
// embedded: the description (desc, shared with the series that describe their offer
// alike, see store.ShopData) and the menu (place, which holds its categories' last
// updates). Price, SalePrice and InStock are the offer's own (the description's are
// not), and so is Cost.
type offer struct {
	*desc
	*place
	Price, SalePrice float64
	InStock          bool
	isNew            bool
	freshness        uint8 // in freshStates
	// costCents is Cost in cents, which lists compare (it fits the padding after the
	// flags: an offer stays 64 bytes).
	costCents int32
	// seriesFirst is when the series was first listed at that store, firstSeen when the
	// product (any size) was: Unix seconds (0 for none; the snapshots write seconds).
	seriesFirst, firstSeen uint32
	// key numbers the offer's series key (store, market, code, size) in the daily
	// prices: its lows (shop.lows).
	key int32
}

// desc is a description of offers (store.ShopData) with what the builders derive from it.
type desc struct {
	*data.Offer
	// Code is the description's code, "product-<platform id>" when it has none.
	Code string
	// nameKey and brandKey are the name and brand lower-cased once: lists sort by them.
	nameKey, brandKey string
	// name is its product's display name (shop.productName), displayKey that lower-cased:
	// what every file but the store's own menu shows and sorts by.
	name, displayKey string
	// strain is the strain the description's strain name names (nil for none), set
	// once the history has named every strain (resolveStrains).
	strain *strainID
	// catalogueType is the strain catalogue's type for its strain name ("" when the
	// catalogue does not know it), what strainTypeOf falls back to. It is known when the
	// description is first met: a store's menu file is encoded while the other menus are
	// still read, before the strains are named, and must say what the search files say.
	catalogueType string
	// sizeLabel is the size as the snapshots write it (sizeLabel).
	sizeLabel string
	// category is the index of its category in data.AllCategories (display order).
	category uint8
}

// place is a dispensary's market, where offers are.
type place struct {
	Slug   string
	Market data.Market
	store  *data.Dispensary
	// page is the menu's page for shoppers ("" for none): where an offer whose product
	// has no page of its own links to order (orderURL).
	page string
	// updated is each category's last update (Unix ns, 0 for none), by desc.category:
	// every offer of a category of one menu shares it.
	updated [7]int64
	// lows are the offers' lows (shop.lows), nil for none.
	lows *lows
}

// orderURL is where a shopper orders the offer: its product's page on the store's own
// menu, else the menu's page; "" when neither is known (written as null). Both are
// absolute http(s) URLs: the scraper keeps no other (scraper.webLink), and orderLink
// checks again what an older database may hold.
func (o *offer) orderURL() string {
	if u := orderLink(o.URL); u != "" {
		return u
	}
	return o.page
}

// categoryUpdate is the last update of the offer's menu category, in Unix ns.
func (o *offer) categoryUpdate() int64 { return o.updated[o.desc.category] }

// freshStates are the freshness states by offer.freshness.
var freshStates = []freshness.State{freshness.Current, freshness.Stale, freshness.Missing}

// fresh is the freshness of the offer's menu category.
func (o *offer) fresh() freshness.State { return freshStates[o.freshness] }

// unixNano is t in Unix nanoseconds, 0 for the zero time; timeAt is its inverse.
func unixNano(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixNano()
}

func timeAt(ns int64) time.Time {
	if ns == 0 {
		return time.Time{}
	}
	return time.Unix(0, ns).UTC()
}

// unixSeconds is t in Unix seconds, 0 for the zero time; timeAtSeconds is its inverse.
func unixSeconds(t time.Time) uint32 {
	if t.IsZero() {
		return 0
	}
	return uint32(t.Unix())
}

func timeAtSeconds(sec uint32) time.Time {
	if sec == 0 {
		return time.Time{}
	}
	return time.Unix(int64(sec), 0).UTC()
}

// Cost is what a shopper pays: the sale price when there is one.
func (o *offer) Cost() float64 {
	if o.SalePrice > 0 && o.SalePrice < o.Price {
		return o.SalePrice
	}
	return o.Price
}

var unitGram, unit100mg = "g", "100mg"

// unitPriceOf is the unit price (unitPriceFor's rule) as a JSON value, nil when unknown,
// and its unit.
func (o *offer) unitPriceOf() (*float64, *string) {
	v, ok := unitPriceFor(o.Category, o.Grams, o.Milligrams, o.Cost())
	if !ok {
		return nil, nil
	}
	if o.Category == data.Edible {
		return &v, &unit100mg
	}
	return &v, &unitGram
}
func newShop(in Shop) *shop {
	s := &shop{Shop: in, generatedAt: in.Now.UTC().Format(time.RFC3339), stores: map[string]*data.Dispensary{},
		statusOf: map[string]*store.Status{}, descs: map[*data.Offer]*desc{}, menuMarkets: map[data.Market][]int{},
		menuDone: map[string]bool{}, productFirst: map[string]time.Time{}, gone: map[string][]store.GoneOffer{}}
	for i := range in.Statuses {
		s.stores[in.Statuses[i].Dispensary.Slug] = &in.Statuses[i].Dispensary
		s.statusOf[in.Statuses[i].Dispensary.Slug] = &in.Statuses[i]
	}
	return s
}

// addMenu takes the offers of one dispensary market (dispensaries in slug order, each
// one's markets in a row) and emits the dispensary's menu once its markets have come.
func (s *shop) addMenu(m store.MenuOffers, emit Emit) error {
	d, ok := s.stores[m.Slug]
	if !ok {
		return nil
	}
	if m.Slug != s.menuSlug {
		if err := s.flushMenus(emit); err != nil {
			return err
		}
		s.menuSlug = m.Slug
	}
	// New is what appeared on a menu already tracked: the products of the first fetch
	// of a menu were there before we looked, not new.
	productFirst := s.productFirst
	clear(productFirst)
	var menuFirst time.Time
	for i, lo := range m.Offers {
		if i == 0 || lo.FirstSeen.Before(menuFirst) {
			menuFirst = lo.FirstSeen
		}
		if code := lo.Desc.Code; code != "" {
			if t, ok := productFirst[code]; !ok || lo.FirstSeen.Before(t) {
				productFirst[code] = lo.FirstSeen
			}
		}
	}
	pl := &place{Slug: m.Slug, Market: m.Market, store: d, page: menuPage(m.Page, *d, m.Market), lows: s.lows}
	for _, lo := range m.Offers {
		ds := s.descs[lo.Desc]
		if ds == nil {
			name := s.productName(lo.Desc)
			ds = &desc{Offer: lo.Desc, Code: codeOf(lo.Desc), nameKey: strings.ToLower(lo.Desc.Name), brandKey: strings.ToLower(lo.Desc.Brand),
				name: name, displayKey: strings.ToLower(name),
				sizeLabel: sizeLabel(lo.Desc.Size, lo.Desc.Grams, lo.Desc.Milligrams), category: categoryIndex(lo.Desc.Category),
				catalogueType: s.catalogueTypeOf(lo.Desc.Strain)}
			s.descs[lo.Desc] = ds
		}
		o := offer{desc: ds, place: pl, Price: lo.Price, SalePrice: lo.SalePrice, InStock: lo.InStock, seriesFirst: unixSeconds(lo.FirstSeen), key: lo.Key}
		pl.updated[ds.category] = unixNano(lo.CategoryUpdate)
		o.freshness = uint8(slices.Index(freshStates, freshness.Score(lo.CategoryUpdate, s.Now)))
		o.costCents = int32(math.Round(o.Cost() * 100))
		var firstSeen time.Time
		if lo.Desc.Code != "" {
			firstSeen = productFirst[lo.Desc.Code]
		}
		o.firstSeen = unixSeconds(firstSeen)
		o.isNew = s.Now.Sub(firstSeen) < NewFor && firstSeen.After(menuFirst)
		s.menuMarkets[m.Market] = append(s.menuMarkets[m.Market], len(s.offers))
		s.offers = append(s.offers, o)
	}
	return nil
}

// flushMenus emits the menu of the dispensary whose offers have come.
func (s *shop) flushMenus(emit Emit) error {
	if s.menuSlug == "" {
		return nil
	}
	slug := s.menuSlug
	s.menuSlug = ""
	defer clear(s.menuMarkets)
	st := s.statusOf[slug]
	if st == nil {
		return nil
	}
	byMarket := map[data.Market][]*offer{}
	for m, idx := range s.menuMarkets {
		for _, i := range idx {
			byMarket[m] = append(byMarket[m], &s.offers[i])
		}
	}
	return s.emitMenu(*st, byMarket, emit)
}

// index lists the offers shoppers can buy, once every menu has come.
func (s *shop) index() {
	for i := range s.offers {
		o := &s.offers[i]
		if o.InStock && o.fresh() != freshness.Missing {
			s.listed = append(s.listed, o)
		}
	}
}

// unitPriceFor is the unit price of an offer of category c, weight grams or dose mg,
// that costs cost (the price paid): per gram for Flower, Preroll, Vape and Extract with
// a known weight, per 100 mg THC for Edibles with a known dose, rounded to cents; false
// when it cannot be told. It is the one rule of every snapshot; the site never
// recomputes it.
func unitPriceFor(c data.Category, grams, mg, cost float64) (float64, bool) {
	if cost <= 0 {
		return 0, false
	}
	var per float64
	switch c {
	case data.Flower, data.Preroll, data.Vape, data.Extract:
		per = grams
	case data.Edible:
		per = mg / 100
	}
	if per <= 0 {
		return 0, false
	}
	v := cents(cost / per)
	if math.IsInf(v, 0) { // a weight too small to divide by: no unit price to tell
		return 0, false
	}
	return v, true
}

// salePrice is the sale price when the offer is on sale (below the regular price), else nil.
func (o *offer) salePrice() *float64 {
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

// categoryIndex is c's index in data.AllCategories, len(data.AllCategories) for a
// category it does not name.
func categoryIndex(c data.Category) uint8 {
	i := slices.Index(data.AllCategories, c)
	if i < 0 {
		i = len(data.AllCategories)
	}
	return uint8(i)
}

// codeOf is a description's product code as the snapshots name it: its code,
// "product-<platform id>" when it has none.
func codeOf(o *data.Offer) string {
	if o.Code == "" {
		return data.BoundCode("product-" + slugOf(o.ProductID))
	}
	return o.Code
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
	s := data.BoundCode(slugOf(name)) // a file name: bounded as codes are
	if s == "index" {
		return "index-1"
	}
	return s
}

// byCost orders offers by the price paid, then store name, market, code, size and
// regular price, so that every list of offers comes out the same whatever order its
// offers came in (a comparison for slices.SortFunc).
func byCost(a, b *offer) int {
	if c := cmp.Compare(a.costCents, b.costCents); c != 0 {
		return c
	}
	if c := strings.Compare(a.store.Name, b.store.Name); c != 0 {
		return c
	}
	if c := strings.Compare(a.Slug, b.Slug); c != 0 {
		return c
	}
	if c := strings.Compare(string(a.Market), string(b.Market)); c != 0 {
		return c
	}
	if c := strings.Compare(a.Code, b.Code); c != 0 {
		return c
	}
	if c := strings.Compare(a.Size, b.Size); c != 0 {
		return c
	}
	// One store can list a product and size twice (two platform ids): the one on sale
	// after the one that costs as much without a sale.
	return cmp.Compare(a.Price, b.Price)
}

func sortOffers(os []*offer) { slices.SortStableFunc(os, byCost) }

// coordinates says whether a store's position (Lat, Lng) is its own ("store") or its
// city's centre ("city"): the one rule of every snapshot that places a store (api/menus,
// api/search/stores, api/DispensaryStatus). It is the registry's word, or the store's
// own when a platform's store record placed it (store.DB.RecordPlace); a registry that
// does not say is not claiming the store's own position. A street address says nothing
// of the position: many stores with one sit on their city's centre.
func coordinates(d data.Dispensary) string {
	if d.Coordinates == data.CoordinatesStore {
		return data.CoordinatesStore
	}
	return data.CoordinatesCity
}
