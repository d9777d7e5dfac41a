package publish

import (
	"sort"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// Trends is api/trends: weekly prices, menus tracked and new products.
type Trends struct {
	GeneratedAt string            `json:"generatedAt"`
	Sample      bool              `json:"sample"`
	Weeks       []string          `json:"weeks"`
	Prices      []TrendPrices     `json:"prices"`
	Menus       []TrendMenus      `json:"menus"`
	NewProducts []TrendNewProduct `json:"newProducts"`
}

// TrendPrices is the weekly median unit price of one category × region × market.
type TrendPrices struct {
	Category data.Category `json:"category"`
	Region   string        `json:"region"` // one of data.Regions, or "Ohio" for all
	Market   data.Market   `json:"market"`
	Unit     string        `json:"unit"`
	Points   []TrendPoint  `json:"points"`
}

// TrendPoint is one week of a price series.
type TrendPoint struct {
	Week   string  `json:"week"`
	Median float64 `json:"median"`
	Offers int     `json:"offers"`
}

// TrendMenus counts the menus (dispensary × market) and stores seen in a week.
type TrendMenus struct {
	Week   string `json:"week"`
	Menus  int    `json:"menus"`
	Stores int    `json:"stores"`
}

// TrendNewProduct counts the products first seen anywhere in a week.
type TrendNewProduct struct {
	Week  string `json:"week"`
	Count int    `json:"count"`
}

// TrendsRegionAll is the region of the statewide series.
const TrendsRegionAll = "Ohio"

// trendCategories are the categories with a price trend, and their units.
var trendCategories = []data.Category{data.Flower, data.Vape, data.Extract, data.Edible}

type trendKey struct {
	category data.Category
	region   string
	market   data.Market
}

// trendSeries gathers the weekly points as history streams them.
type trendSeries struct {
	weeks  []string
	points map[trendKey][]TrendPoint
	menus  []TrendMenus
}

func newTrendSeries() *trendSeries { return &trendSeries{points: map[trendKey][]TrendPoint{}} }

// addWeek takes each series' latest observation in a week.
func (t *trendSeries) addWeek(week string, latest []weekObs, markets []data.Market, menus, stores int) {
	t.weeks = append(t.weeks, week)
	t.menus = append(t.menus, TrendMenus{Week: week, Menus: menus, Stores: stores})
	units := map[trendKey][]float64{}
	for _, o := range latest {
		if !o.set {
			continue
		}
		cat, market := trendCategories[o.category], markets[o.market]
		units[trendKey{cat, TrendsRegionAll, market}] = append(units[trendKey{cat, TrendsRegionAll, market}], o.unit)
		if int(o.region) < len(data.Regions) {
			k := trendKey{cat, data.Regions[o.region], market}
			units[k] = append(units[k], o.unit)
		}
	}
	for k, us := range units {
		t.points[k] = append(t.points[k], TrendPoint{Week: week, Median: cents(median(us)), Offers: len(us)})
	}
}

// buildTrends assembles api/trends: weeks of the history window in order, series in
// category × region (the five, then Ohio) × market order.
func (s *shop) buildTrends(h *history) Trends {
	t := h.trends
	out := Trends{GeneratedAt: s.generatedAt, Sample: s.Sample, Weeks: append([]string{}, t.weeks...), Prices: []TrendPrices{},
		Menus: append([]TrendMenus{}, t.menus...), NewProducts: []TrendNewProduct{}}
	regions := append(append([]string{}, data.Regions...), TrendsRegionAll)
	for _, c := range trendCategories {
		unit := "g"
		if c == data.Edible {
			unit = "100mg"
		}
		for _, r := range regions {
			for _, m := range []data.Market{data.Medical, data.Recreational} {
				if pts := t.points[trendKey{c, r, m}]; len(pts) > 0 {
					out.Prices = append(out.Prices, TrendPrices{Category: c, Region: r, Market: m, Unit: unit, Points: pts})
				}
			}
		}
	}
	if len(t.weeks) > 0 {
		counts := map[string]int{}
		for _, at := range s.ProductFirstSeen {
			if w := weekOf(store.Day(at)); w >= t.weeks[0] {
				counts[w]++
			}
		}
		for w, n := range counts {
			out.NewProducts = append(out.NewProducts, TrendNewProduct{Week: w, Count: n})
		}
		sort.Slice(out.NewProducts, func(i, j int) bool { return out.NewProducts[i].Week < out.NewProducts[j].Week })
	}
	return out
}
