package publish

import (
	"math"
	"slices"
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
	codes  map[string]bool
	pageOf map[string]int32

	day      string
	dayPaid  map[pageMarket][]float64
	products map[string][]point // code -> points, in day order
	days     []string           // the days of the points, by point.day

	week string
	// weekLatest holds, by series key, the series' latest observation in the week
	// that has a unit price for trends; markets numbers the markets it names.
	weekLatest []weekObs
	markets    []data.Market
	weekMenus  map[menuOf]bool
	// lastMenu is the menu of the last observation, region and marketNo its region
	// and market by number (weekObs).
	lastMenu   menuOf
	region     int
	marketNo   uint8
	weekStores map[string]bool
	trends     *trendSeries

	// strains seen on any menu in the window: data.StrainKey -> spellings, types.
	strains map[string]*strainSeen
	// descs are what the history derives from each description it sees, once; pages
	// names the products with a page by number (histDesc.page).
	descs map[*data.Offer]*histDesc
	pages []string
	// pending are the descriptions see took, counted once every code is known.
	pending []*data.Offer
	// fold folds the offers' lows while the prices stream; lows are what it leaves
	// once they have (lows.go).
	fold *lowFold
	lows *lows
}

// histDesc is what the history derives from a description.
type histDesc struct {
	// page numbers its product in history.pages, -1 when the product has no page.
	page int32
	// trend is its category's number in trendCategories, -1 when it has no trend or
	// the offer is flagged.
	trend int8
	// seen counts its sightings until flush folds them into the strains.
	seen int
}

// pageMarket is a product with a page and a market, by number.
type pageMarket struct {
	page   int32
	market uint8
}

// describe is what the history derives from o.
func (h *history) describe(o *data.Offer) *histDesc {
	if d := h.descs[o]; d != nil {
		return d
	}
	code := codeOf(o)
	d := &histDesc{page: -1, trend: -1}
	if h.codes[code] {
		i, ok := h.pageOf[code]
		if !ok {
			i = int32(len(h.pages))
			h.pageOf[code] = i
			h.pages = append(h.pages, code)
		}
		d.page = i
	}
	if len(o.Warnings) == 0 {
		d.trend = int8(slices.Index(trendCategories, o.Category))
	}
	h.descs[o] = d
	return d
}

type menuOf struct {
	slug   string
	market data.Market
}

// weekObs is a series' latest observation in a week that has a unit price for trends:
// its category (in trendCategories), region (in data.Regions, or len(data.Regions) for
// none) and market (in history.markets) by number, so that a year of history keeps 16
// bytes per series.
type weekObs struct {
	unit                     float64
	category, region, market uint8
	set                      bool
}

type strainSeen struct {
	spellings map[string]int
	types     map[string]int
}

// point is a HistoryPoint in 12 bytes (a year of every product's history is millions of
// them): its day and market by number (history.days, history.markets), its prices in
// cents.
type point struct {
	min, median int32
	day         uint16
	market      uint8
}

// HistoryPoint is one day of one market of a product's price history.
type HistoryPoint struct {
	Date   string      `json:"date"`
	Market data.Market `json:"market"`
	Min    float64     `json:"min"`
	Median float64     `json:"median"`
}

// newHistory is a history of prices that number about keys series keys (0 when not
// known).
func (s *shop) newHistory(keys int) *history {
	h := &history{s: s, codes: map[string]bool{}, pageOf: map[string]int32{}, dayPaid: map[pageMarket][]float64{},
		products: map[string][]point{}, weekMenus: map[menuOf]bool{}, weekStores: map[string]bool{}, trends: newTrendSeries(),
		strains: map[string]*strainSeen{}, descs: map[*data.Offer]*histDesc{},
		weekLatest: make([]weekObs, 0, keys), fold: newLowFold(s.Now, keys)}
	return h
}

// see takes the description of one offer a current menu lists, before the daily
// prices come: its product keeps its history, and its strain spelling counts.
func (h *history) see(o *data.Offer) {
	h.codes[codeOf(o)] = true
	h.pending = append(h.pending, o)
}

// keep makes the history keep a product's prices, one no current menu lists (its page
// is kept a while).
func (h *history) keep(code string) { h.codes[code] = true }

// add takes one day's observation of one series (o its description; price, sale and
// stock its state); days arrive in order.
func (h *history) add(day, slug string, market data.Market, o *data.Offer, key int32, price, sale float64, inStock bool) error {
	h.countPending()
	if day != h.day {
		h.flushDay()
		h.day = day
		h.days = append(h.days, day)
		if w := weekOf(day); w != h.week {
			h.flushWeek()
			h.week = w
		}
	}
	d := h.describe(o)
	d.seen++
	h.fold.observe(day, key, price, sale, inStock)
	// A day's observations come menu by menu: what is counted per menu is counted when
	// the menu changes.
	if m := (menuOf{slug, market}); m != h.lastMenu {
		h.lastMenu = m
		h.weekMenus[m] = true
		h.weekStores[slug] = true
		h.region = len(data.Regions)
		if d, ok := h.s.stores[slug]; ok {
			if r := slices.Index(data.Regions, d.Region); r >= 0 {
				h.region = r
			}
		}
		h.marketNo = h.market(market)
	}
	cost := price
	if sale > 0 && sale < price {
		cost = sale
	}
	if !inStock || cost <= 0 {
		return nil
	}
	if d.page >= 0 {
		k := pageMarket{d.page, h.marketNo}
		h.dayPaid[k] = append(h.dayPaid[k], cents(cost))
	}
	for int(key) >= len(h.weekLatest) {
		h.weekLatest = append(h.weekLatest, weekObs{})
	}
	if unit, ok := unitPriceFor(o.Category, o.Grams, o.Milligrams, cost); ok && d.trend >= 0 {
		h.weekLatest[key] = weekObs{unit: unit, category: uint8(d.trend), region: uint8(h.region), market: h.marketNo, set: true}
	} else {
		h.weekLatest[key] = weekObs{}
	}
	return nil
}

// market is the number of a market in h.markets.
func (h *history) market(m data.Market) uint8 {
	i := slices.Index(h.markets, m)
	if i < 0 {
		i = len(h.markets)
		h.markets = append(h.markets, m)
	}
	return uint8(i)
}

// countPending counts the sightings of the descriptions see took: describe needs every
// code first.
func (h *history) countPending() {
	for _, o := range h.pending {
		h.describe(o).seen++
	}
	h.pending = nil
}

// flush ends the stream.
func (h *history) flush() {
	h.countPending()
	h.flushDay()
	h.flushWeek()
	for o, d := range h.descs {
		if d.seen > 0 {
			h.seeStrain(o, d.seen)
		}
	}
	h.lows = h.fold.lows()
	// What only the stream needed goes: the history is kept to the end of the publish,
	// and a week's observations are a slot per series, as the fold's tracks are.
	h.descs, h.weekLatest, h.dayPaid, h.weekMenus, h.weekStores, h.fold = nil, nil, nil, nil, nil, nil
}

func (h *history) flushDay() {
	keys := make([]pageMarket, 0, len(h.dayPaid))
	for k := range h.dayPaid {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return h.markets[keys[i].market] < h.markets[keys[j].market] })
	for _, k := range keys {
		paid := h.dayPaid[k]
		sort.Float64s(paid)
		code := h.pages[k.page]
		// A price in cents, as cents() rounds it: float64(c)/100 is that price exactly.
		h.products[code] = append(h.products[code], point{day: uint16(len(h.days) - 1), market: k.market,
			min: int32(math.Round(paid[0] * 100)), median: int32(math.Round(sortedMedian(paid) * 100))})
	}
	clear(h.dayPaid)
}

func (h *history) flushWeek() {
	if h.week == "" {
		return
	}
	h.trends.addWeek(h.week, h.weekLatest, h.markets, len(h.weekMenus), len(h.weekStores))
	clear(h.weekLatest)
	h.lastMenu = menuOf{}
	clear(h.weekMenus)
	clear(h.weekStores)
}

// seeStrain records a strain name a menu gave for a flower, preroll, vape or extract:
// menus fill an edible's (or a tincture's) strain field with its product name
// ("10:1 Tart Cherry Pearls"), which is no strain.
func (h *history) seeStrain(o *data.Offer, times int) {
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
	st.spellings[name] += times
	if t := strainType(o.StrainType); t != "" {
		st.types[t] += times
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
