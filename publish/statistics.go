package publish

import (
	"math"
	"sort"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Statistics is api/statistics (SPEC.md §3, DESIGN.md §6).
type Statistics struct {
	GeneratedAt string        `json:"generatedAt"`
	TopFlower   []StrainCount `json:"topFlower"`
	TopDeals    []RegionDeals `json:"topDeals"`
}

// StrainCount is a strain and how many dispensaries with a current flower menu list it in stock.
type StrainCount struct {
	Name  string `json:"name"`
	Count int    `json:"count"`
}

// RegionDeals are the cheapest current offers per unit in one region, by category.
type RegionDeals struct {
	Region  string `json:"region"`
	Flower  []Deal `json:"flower,omitempty"`
	Vape    []Deal `json:"vape,omitempty"`
	Edible  []Deal `json:"edible,omitempty"`
	Extract []Deal `json:"extract,omitempty"`
}

// Deal is one offer: what a shopper pays (sale price when there is one) and where.
type Deal struct {
	StoreName     string      `json:"storeName"`
	StoreLocation string      `json:"storeLocation"`
	Name          string      `json:"name"`
	Cost          float64     `json:"cost"`
	Brand         string      `json:"brand,omitempty"`
	Size          string      `json:"size,omitempty"`
	UnitPrice     float64     `json:"unitPrice"`
	Unit          string      `json:"unit"` // "g" or "100mg"
	OnSale        bool        `json:"onSale"`
	Market        data.Market `json:"market"`
	Slug          string      `json:"slug"`
}

// Statistics limits.
const (
	TopFlowerSize = 10 // strains in topFlower
	DealsPerList  = 5  // deals per region and category
)

// BuildStatistics computes topFlower and topDeals from the latest offers of each
// category, keeping only categories whose menu is current at now: a stale price is not a deal.
func BuildStatistics(offers []data.StoredOffer, ds []data.Dispensary, now time.Time) Statistics {
	bySlug := map[string]data.Dispensary{}
	for _, d := range ds {
		bySlug[d.Slug] = d
	}
	var current []data.StoredOffer
	for _, o := range offers {
		if _, known := bySlug[o.Slug]; known && o.InStock && freshness.Score(o.FetchedAt, now) == freshness.Current {
			current = append(current, o)
		}
	}
	st := Statistics{GeneratedAt: now.UTC().Format(time.RFC3339), TopFlower: topFlower(current), TopDeals: []RegionDeals{}}
	for _, region := range data.Regions {
		rd := RegionDeals{Region: region}
		rd.Flower = cheapest(current, bySlug, region, data.Flower)
		rd.Vape = cheapest(current, bySlug, region, data.Vape)
		rd.Edible = cheapest(current, bySlug, region, data.Edible)
		rd.Extract = cheapest(current, bySlug, region, data.Extract)
		st.TopDeals = append(st.TopDeals, rd)
	}
	return st
}

// topFlower ranks strains by the number of distinct dispensaries listing them in stock.
func topFlower(current []data.StoredOffer) []StrainCount {
	var sc strainCounter
	for _, o := range current {
		sc.add(o)
	}
	return sc.top(TopFlowerSize)
}

// strainCounter counts, per strain, the distinct dispensaries listing its flower in
// stock. Strain names are case and space folded; the most used spelling is shown.
type strainCounter struct {
	stores  map[string]map[string]bool // strain key -> slugs
	display map[string]map[string]int  // strain key -> display form -> uses
}

func (sc *strainCounter) add(o data.StoredOffer) {
	if o.Category != data.Flower || !o.InStock {
		return
	}
	name := strings.TrimSpace(o.Strain)
	if name == "" {
		name = strings.TrimSpace(o.Name)
	}
	if name == "" {
		return
	}
	if sc.stores == nil {
		sc.stores, sc.display = map[string]map[string]bool{}, map[string]map[string]int{}
	}
	key := strings.ToLower(strings.Join(strings.Fields(name), " "))
	if sc.stores[key] == nil {
		sc.stores[key], sc.display[key] = map[string]bool{}, map[string]int{}
	}
	sc.stores[key][o.Slug] = true
	sc.display[key][name]++
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

// cheapest returns the best offers per unit of one category in one region: per gram for
// flower, vape and extract, per 100 mg THC for edibles (edibles without a known dose are
// left out rather than compared by package price). One deal per product name per store,
// its best size.
func cheapest(current []data.StoredOffer, bySlug map[string]data.Dispensary, region string, cat data.Category) []Deal {
	type cand struct {
		deal Deal
		key  string
	}
	best := map[string]cand{}
	for _, o := range current {
		d := bySlug[o.Slug]
		if o.Category != cat || d.Region != region || len(o.Warnings) > 0 {
			continue
		}
		cost := o.Cost()
		if cost <= 0 {
			continue
		}
		unit, per := "g", o.Grams
		if cat == data.Edible {
			unit, per = "100mg", o.Milligrams/100
		}
		if per <= 0 {
			continue
		}
		deal := Deal{
			StoreName: d.Name, StoreLocation: d.Location(), Name: o.Name, Cost: cents(cost), Brand: o.Brand,
			Size: o.Size, UnitPrice: cents(cost / per), Unit: unit, OnSale: o.SalePrice > 0 && o.SalePrice < o.Price,
			Market: o.Market, Slug: o.Slug,
		}
		// One line per product name per store: menus list each size of a product as
		// its own product, and a list of one product in five sizes is no list of deals.
		key := o.Slug + "\x00" + strings.ToLower(strings.TrimSpace(o.Name))
		if c, ok := best[key]; !ok || less(deal, c.deal) {
			best[key] = cand{deal, key}
		}
	}
	out := make([]Deal, 0, len(best))
	for _, c := range best {
		out = append(out, c.deal)
	}
	sort.Slice(out, func(i, j int) bool { return less(out[i], out[j]) })
	if len(out) > DealsPerList {
		out = out[:DealsPerList]
	}
	return out
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
