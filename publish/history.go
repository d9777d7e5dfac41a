package publish

import (
	"sort"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
)

// history folds the daily prices of the last HistoryDays, streamed in day order, into
// what products, trends and strains need, holding one day (one week for trends) of
// observations at a time.
type history struct {
	s *shop
	// codes are the products that get a page: only their history is kept.
	codes map[string]bool

	day      string
	dayPaid  map[codeMarket][]float64
	products map[string][]HistoryPoint // code -> points, in day order

	week       string
	weekLatest map[seriesOf]weekObs
	weekMenus  map[string]bool
	weekStores map[string]bool
	trends     *trendSeries

	// strains seen on any menu in the window: data.StrainKey -> spellings, types.
	strains map[string]*strainSeen
}

type codeMarket struct {
	code   string
	market data.Market
}

type seriesOf struct {
	slug   string
	market data.Market
	code   string
	size   string
}

// weekObs is a series' latest observation in a week that has a unit price for trends.
type weekObs struct {
	category data.Category
	region   string
	market   data.Market
	unit     float64
}

type strainSeen struct {
	spellings map[string]int
	types     map[string]int
}

// HistoryPoint is one day of one market of a product's price history.
type HistoryPoint struct {
	Date   string      `json:"date"`
	Market data.Market `json:"market"`
	Min    float64     `json:"min"`
	Median float64     `json:"median"`
}

func (s *shop) newHistory() *history {
	h := &history{s: s, codes: map[string]bool{}, dayPaid: map[codeMarket][]float64{}, products: map[string][]HistoryPoint{},
		weekLatest: map[seriesOf]weekObs{}, weekMenus: map[string]bool{}, weekStores: map[string]bool{}, trends: newTrendSeries(),
		strains: map[string]*strainSeen{}}
	for i := range s.offers {
		h.codes[s.offers[i].Code] = true
		h.seeStrain(s.offers[i].Offer)
	}
	return h
}

// add takes one day's observation of one series; days arrive in order.
func (h *history) add(p data.DailyPrice) error {
	if p.Day != h.day {
		h.flushDay()
		h.day = p.Day
	}
	if w := weekOf(p.Day); w != h.week {
		h.flushWeek()
		h.week = w
	}
	if p.Code == "" {
		p.Code = "product-" + slugOf(p.ProductID)
	}
	h.seeStrain(p.Offer)
	h.weekMenus[p.Slug+"\x00"+string(p.Market)] = true
	h.weekStores[p.Slug] = true
	if !p.InStock || p.Cost() <= 0 {
		return nil
	}
	if h.codes[p.Code] {
		k := codeMarket{p.Code, p.Market}
		h.dayPaid[k] = append(h.dayPaid[k], cents(p.Cost()))
	}
	if unit, _ := UnitPrice(p.Offer); unit != nil && len(p.Warnings) == 0 && trendCategory(p.Category) {
		region := ""
		if d, ok := h.s.stores[p.Slug]; ok {
			region = d.Region
		}
		h.weekLatest[seriesOf{p.Slug, p.Market, p.Code, p.Size}] = weekObs{p.Category, region, p.Market, *unit}
	} else {
		delete(h.weekLatest, seriesOf{p.Slug, p.Market, p.Code, p.Size})
	}
	return nil
}

// flush ends the stream.
func (h *history) flush() {
	h.flushDay()
	h.flushWeek()
}

func (h *history) flushDay() {
	keys := make([]codeMarket, 0, len(h.dayPaid))
	for k := range h.dayPaid {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i].market < keys[j].market })
	for _, k := range keys {
		paid := h.dayPaid[k]
		sort.Float64s(paid)
		h.products[k.code] = append(h.products[k.code], HistoryPoint{Date: h.day, Market: k.market, Min: paid[0], Median: cents(median(paid))})
	}
	clear(h.dayPaid)
}

func (h *history) flushWeek() {
	if h.week == "" {
		return
	}
	h.trends.addWeek(h.week, h.weekLatest, len(h.weekMenus), len(h.weekStores))
	clear(h.weekLatest)
	clear(h.weekMenus)
	clear(h.weekStores)
}

// seeStrain records a strain name a menu gave for a flower, preroll, vape or extract:
// menus fill an edible's (or a tincture's) strain field with its product name
// ("10:1 Tart Cherry Pearls"), which is no strain.
func (h *history) seeStrain(o data.Offer) {
	if o.Category == data.Edible || o.Category == data.Other {
		return
	}
	name := strings.Join(strings.Fields(o.Strain), " ")
	key := data.StrainKey(name)
	if key == "" {
		return
	}
	st := h.strains[key]
	if st == nil {
		st = &strainSeen{spellings: map[string]int{}, types: map[string]int{}}
		h.strains[key] = st
	}
	st.spellings[name]++
	if t := strainType(o.StrainType); t != "" {
		st.types[t]++
	}
}

// strainType folds a menu's strain type to indica, sativa or hybrid ("" otherwise):
// menus write "Indica-dominant", "SATIVA", "Hybrid (50/50)".
func strainType(s string) string {
	s = strings.ToLower(s)
	switch {
	case strings.Contains(s, "hybrid"):
		return "hybrid"
	case strings.Contains(s, "indica"):
		return "indica"
	case strings.Contains(s, "sativa"):
		return "sativa"
	}
	return ""
}

// weekOf is the Monday (YYYY-MM-DD) starting the week of a day.
func weekOf(day string) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	back := (int(t.Weekday()) + 6) % 7 // Monday 0 ... Sunday 6
	return t.AddDate(0, 0, -back).Format(time.DateOnly)
}
