package publish

import (
	"math"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Statistics is api/statistics (docs/specification.md §3, docs/design.md §6).
type Statistics struct {
	GeneratedAt string        `json:"generatedAt"`
	TopFlower   []StrainCount `json:"topFlower"`
	TopDeals    []RegionDeals `json:"topDeals"`
}

// StrainCount is a strain and how many dispensaries list it. In topFlower: the strain as
// its page names it (Slug, the strain page's) and the dispensaries listing a product of
// it in stock on a current menu, the strain index's stores (strainStores); in the yearly
// highlights: flower by the dispensaries that listed it in stock, weighted by fetches.
type StrainCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
	Slug  string `json:"slug,omitempty"`
}

// RegionDeals are the cheapest current offers per unit in one region, by category.
type RegionDeals struct {
	Region  string `json:"region"`
	Flower  []Deal `json:"flower,omitempty"`
	Vape    []Deal `json:"vape,omitempty"`
	Edible  []Deal `json:"edible,omitempty"`
	Extract []Deal `json:"extract,omitempty"`
}

// Deal is one offer: what a shopper pays (sale price when there is one) and where. Every
// field is always written (the site's schema can require each, so that a renamed field
// fails its tests rather than arriving as undefined).
type Deal struct {
	StoreName     string  `json:"storeName"`
	StoreLocation string  `json:"storeLocation"`
	Name          string  `json:"name"`
	Cost          float64 `json:"cost"`
	Brand         string  `json:"brand"` // "" when the menu names none
	Size          string  `json:"size"`
	UnitPrice     float64 `json:"unitPrice"`
	Unit          string  `json:"unit"` // "g" or "100mg"
	OnSale        bool    `json:"onSale"`
	// RegularPrice is the price before the sale, shown struck beside the cost; null
	// when not on sale.
	RegularPrice *float64 `json:"regularPrice"`
	// SaleLow is, on sale, the sale's 30-day low (SNAPSHOTS.md, "Lows"); null otherwise.
	SaleLow *SaleLow    `json:"saleLow"`
	Market  data.Market `json:"market"`
	Slug    string      `json:"slug"`
	// LastUpdate is when the menu category listing the deal was read (RFC 3339): the site
	// shows its age and freshness at view time, as a snapshot ages on the CDN.
	LastUpdate string `json:"lastUpdate"`
}

// Statistics limits.
const (
	TopFlowerSize = 10 // strains in topFlower
	DealsPerList  = 5  // deals per region and category
)

// listing is one offer of a menu's latest fetch, as statistics and brands take it. d is
// a description shared by many offers (store.ShopData): what the builders derive from it
// is kept once. updated is the last update of the offer's menu category
// (store.ListedOffer.CategoryUpdate): its freshness. productName gives the display name
// of a description's product (shop.productName).
type listing struct {
	slug        string
	market      data.Market
	updated     time.Time
	d           *data.Offer
	price, sale float64
	inStock     bool
	productName func(*data.Offer) string
	// key and first are the series' key in the daily prices and when it was first
	// listed, lows the offers' lows: a deal on sale says its 30-day low.
	key   int32
	first time.Time
	lows  *lows
}

func (l *listing) cost() float64 {
	if l.sale > 0 && l.sale < l.price {
		return l.sale
	}
	return l.price
}

// statistics gathers api/statistics from the latest offers, given store by store (all
// of one store's offers in a row): it keeps each store's best deal per product name
// until the store's offers end, then only the best DealsPerList of each list.
type statistics struct {
	now    time.Time
	bySlug map[string]*data.Dispensary
	slug   string
	best   map[dealKey]Deal
	top    map[regionCategory][]Deal
	// names are what statistics derive from a description.
	names map[*data.Offer]offerNames
}

// offerNames are an offer's product's display name and that name as deals compare it.
type offerNames struct {
	name, deal string
}

func namesOf(o *data.Offer, productName func(*data.Offer) string) offerNames {
	name := productName(o)
	return offerNames{name: name, deal: strings.ToLower(strings.TrimSpace(name))}
}

type dealKey struct {
	category data.Category
	name     string
}

type regionCategory struct {
	region   string
	category data.Category
}

func newStatistics(ds []data.Dispensary, now time.Time) *statistics {
	b := &statistics{now: now, bySlug: map[string]*data.Dispensary{}, best: map[dealKey]Deal{}, top: map[regionCategory][]Deal{},
		names: map[*data.Offer]offerNames{}}
	for i := range ds {
		b.bySlug[ds[i].Slug] = &ds[i]
	}
	return b
}

// add takes one offer of a menu's latest fetch. topDeals are the cheapest offers per unit:
// per gram for flower, vape and extract, per 100 mg THC for edibles (edibles without a
// known dose are left out rather than compared by package price), one deal per product
// name per store, its best size.
func (b *statistics) add(l listing) {
	d, known := b.bySlug[l.slug]
	if !known || !l.inStock || freshness.Score(l.updated, b.now) != freshness.Current {
		return
	}
	o := l.d
	names, ok := b.names[o]
	if !ok {
		names = namesOf(o, l.productName)
		b.names[o] = names
	}
	if l.slug != b.slug {
		b.flushStore()
		b.slug = l.slug
	}
	cat := o.Category
	if cat != data.Flower && cat != data.Vape && cat != data.Edible && cat != data.Extract || len(o.Warnings) > 0 {
		return
	}
	cost := l.cost()
	if cost <= 0 {
		return
	}
	unit, per := "g", o.Grams
	if cat == data.Edible {
		unit, per = "100mg", o.Milligrams/100
	}
	if per <= 0 {
		return
	}
	// One line per product name per store: menus list each size of a product as its
	// own product, and a list of one product in five sizes is no list of deals. What
	// less compares is enough to tell whether this one is the store's best yet; the
	// rest is filled in only then.
	deal := Deal{StoreName: d.Name, Name: names.name, Cost: cents(cost), UnitPrice: cents(cost / per), Market: l.market}
	key := dealKey{cat, names.deal}
	if c, ok := b.best[key]; ok && !less(deal, c) {
		return
	}
	deal.StoreLocation, deal.Brand, deal.Size, deal.Unit = d.Location(), o.Brand, sizeLabel(o.Size, o.Grams, o.Milligrams), unit
	deal.OnSale, deal.Slug, deal.LastUpdate = l.sale > 0 && l.sale < l.price, l.slug, l.updated.UTC().Format(time.RFC3339)
	if deal.OnSale {
		regular := cents(l.price)
		deal.RegularPrice = &regular
		deal.SaleLow = l.lows.lowFor(l.key, l.price, l.first).snapshot()
	}
	b.best[key] = deal
}

// flushStore moves the store's best deals into the lists, keeping the best of each.
func (b *statistics) flushStore() {
	d := b.bySlug[b.slug]
	if d == nil {
		return // no store yet
	}
	region := d.Region
	for k, deal := range b.best {
		rc := regionCategory{region, k.category}
		list := b.top[rc]
		i := sort.Search(len(list), func(i int) bool { return less(deal, list[i]) })
		if i >= DealsPerList {
			continue
		}
		list = slices.Insert(list, i, deal)
		b.top[rc] = list[:min(len(list), DealsPerList)]
	}
	clear(b.best)
}

// result is api/statistics but for topFlower, which the strain pages' figures give
// (shop.topStrains): empty here.
func (b *statistics) result() Statistics {
	b.flushStore()
	st := Statistics{GeneratedAt: b.now.UTC().Format(time.RFC3339), TopFlower: []StrainCount{}, TopDeals: []RegionDeals{}}
	for _, region := range data.Regions {
		st.TopDeals = append(st.TopDeals, RegionDeals{Region: region,
			Flower:  b.top[regionCategory{region, data.Flower}],
			Vape:    b.top[regionCategory{region, data.Vape}],
			Edible:  b.top[regionCategory{region, data.Edible}],
			Extract: b.top[regionCategory{region, data.Extract}]})
	}
	return st
}

// strainCounter counts, per strain, the distinct dispensaries listing its flower in
// stock. Strain names are case and space folded; the most used spelling is shown.
type strainCounter struct {
	stores  map[string]map[string]bool // strain key -> slugs
	display map[string]map[string]int  // strain key -> display form -> uses
}

// flowerStrain is the strain a flower offer names (its name when it gives none) as
// shown and as counted (case and space folded); "" when none.
func flowerStrain(o *data.Offer) (name, key string) {
	name = strings.TrimSpace(o.Strain)
	if name == "" {
		name = strings.TrimSpace(o.Name)
	}
	return name, strings.ToLower(strings.Join(strings.Fields(name), " "))
}

// addStrain counts a flowerStrain seen in stock at a store times times.
func (sc *strainCounter) addStrain(slug, name, key string, times int) {
	if name == "" {
		return
	}
	if sc.stores == nil {
		sc.stores, sc.display = map[string]map[string]bool{}, map[string]map[string]int{}
	}
	if sc.stores[key] == nil {
		sc.stores[key], sc.display[key] = map[string]bool{}, map[string]int{}
	}
	sc.stores[key][slug] = true
	sc.display[key][name] += times
}

// top returns the n strains listed by most dispensaries, ties by name.
func (sc *strainCounter) top(n int) []StrainCount {
	out := make([]StrainCount, 0, len(sc.stores))
	for key, slugs := range sc.stores {
		out = append(out, StrainCount{Name: mostUsed(sc.display[key]), Count: len(slugs)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	if len(out) > n {
		out = out[:n]
	}
	return out
}

func mostUsed(forms map[string]int) string {
	best, n := "", -1
	for f, c := range forms {
		if c > n || (c == n && f < best) {
			best, n = f, c
		}
	}
	return best
}

// less orders deals by unit price, then cost, then store and name, so output is stable.
func less(a, b Deal) bool {
	switch {
	case a.UnitPrice != b.UnitPrice:
		return a.UnitPrice < b.UnitPrice
	case a.Cost != b.Cost:
		return a.Cost < b.Cost
	case a.StoreName != b.StoreName:
		return a.StoreName < b.StoreName
	case a.Name != b.Name:
		return a.Name < b.Name
	default:
		return a.Market < b.Market
	}
}

func cents(v float64) float64 { return math.Round(v*100) / 100 }
