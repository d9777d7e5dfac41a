package publish

import (
	"cmp"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
	"github.com/ohiomc/omc/store"
)

// Menu is api/menus/<slug>: one dispensary, its menus and their offers. Offers and
// products are columns, each product written once for both markets: a large store's
// 700 offers as objects, each with its whole order link, were 33 kB gzip, over the
// 25 kB budget (BenchmarkPublishLargeStore measures it).
type Menu struct {
	MenuInfo
	Markets []MenuMarket `json:"markets"`
	// Products are what the markets' offers sell, each pointing to one.
	Products MenuProducts `json:"products"`
}

// MenuInfo is what a Menu says of its dispensary.
type MenuInfo struct {
	GeneratedAt string  `json:"generatedAt"`
	Sample      bool    `json:"sample"`
	Slug        string  `json:"slug"`
	Name        string  `json:"name"`
	Location    string  `json:"location"`
	City        string  `json:"city"`
	Address     string  `json:"address"`
	Region      string  `json:"region"`
	Lat         float64 `json:"lat"`
	Lng         float64 `json:"lng"`
	Coordinates string  `json:"coordinates"`
	Website     string  `json:"website"`
	Monitored   bool    `json:"monitored"`
	// StoreListing: licence, phone, hours, openingHours, onStateList, medical, adultUse.
	StoreListing
}

// MenuMarket is one market's menu: its categories' freshness and its offers.
type MenuMarket struct {
	MenuMarketInfo
	Offers MenuOffers `json:"offers"`
}

// MenuMarketInfo is what a MenuMarket says besides its offers.
type MenuMarketInfo struct {
	Market  data.Market `json:"market"`
	MenuURL *string     `json:"menuUrl"`
	// Source is the platform of the source that served the market's latest menu (its
	// own, or a registry alternative when that one was blocked); null when none has.
	Source     *string                        `json:"source"`
	Categories map[data.Category]MenuCategory `json:"categories"`
	// OrderURLBase is what every order link of the market's offers starts with, up to
	// a "/" ("" when none has a link): an offer's order link is OrderURLBase followed by
	// its product's OrderPath, so the store's part of it is written once.
	OrderURLBase string `json:"orderUrlBase"`
}

// MenuCategory is the freshness of one category of a menu.
type MenuCategory struct {
	LastUpdate *string         `json:"lastUpdate"`
	Freshness  freshness.State `json:"freshness"`
	Count      int             `json:"count"`
}

// MenuProducts are a menu's products as columns: what its offers say of what they
// sell, each distinct row once (a store's two markets mostly list the same products).
// The store's own words: an offer's name, not the product's display name.
type MenuProducts struct {
	Code []string `json:"code"`
	// OrderPath is where to order the product after its market's orderUrlBase: its page
	// on the store's own menu, else the menu's page; null when neither is known. Beside
	// the code, which it often resembles: gzip then finds the likeness.
	OrderPath []*string       `json:"orderPath"`
	Name      []string        `json:"name"`
	Strain    []string        `json:"strain"`
	Brand     []string        `json:"brand"`
	Category  []data.Category `json:"category"`
	// StrainType is "indica", "sativa", "hybrid"… (the menu's, else the catalogue's); null when unknown.
	StrainType []*string  `json:"strainType"`
	Size       []string   `json:"size"`
	Grams      []*float64 `json:"grams"`
	MG         []*float64 `json:"mg"`
	// Terpenes are the slugs of the terpenes the product's menu lists (api/terpenes/<slug>).
	Terpenes [][]string `json:"terpenes"`
}

// MenuOffers are a market's offers as columns, each pointing to its product (an index
// of Products). The unit price is not written: it follows from the price paid and the
// product's grams (or 100 mg of THC for edibles) as unitPriceFor has it, as in the
// search files.
type MenuOffers struct {
	Product   []int      `json:"product"`
	Price     []float64  `json:"price"`
	SalePrice []*float64 `json:"salePrice"`
	THC       []*float64 `json:"thc"`
	CBD       []*float64 `json:"cbd"`
	// THCLow and CBDLow are the lower ends of the offers' ranges (THC and CBD hold the
	// tops), null where the figure is no range; each column is written only when some
	// offer has a range (appendLowColumns).
	THCLow []*float64 `json:"thcLow,omitempty"`
	CBDLow []*float64 `json:"cbdLow,omitempty"`
	// PotencyUnit is each THC and CBD figure's unit: "%" or, for most edibles, "mg".
	PotencyUnit []*string `json:"potencyUnit"`
	InStock     []bool    `json:"inStock"`
	IsNew       []bool    `json:"isNew"`
	FirstSeen   []*string `json:"firstSeen"`
	// SaleLows are the lows of the offers on sale (SaleLow, with the offer's index),
	// absent when none is.
	SaleLows []IndexedSaleLow `json:"saleLows,omitempty"`
}

// emitMenu emits the Menu of one dispensary with at least one menu, its offers by
// market: every series the latest fetch of each category lists, in stock or not, by
// category (display order), name, brand and weight.
func (s *shop) emitMenu(st store.Status, byMarket map[data.Market][]*offer, emit Emit) error {
	d := st.Dispensary
	s.menuDone[d.Slug] = true
	if len(d.Menus) == 0 {
		return nil
	}
	m := menuFile{info: MenuInfo{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: d.Slug, Name: d.Name, Location: d.Location(),
		City: d.City, Address: d.Address, Region: d.Region, Lat: d.Lat, Lng: d.Lng, Coordinates: coordinates(d),
		Website: d.Website, Monitored: d.IsMonitored(), StoreListing: storeListing(st)}}
	for _, ms := range st.Markets {
		mm := menuMarketFile{info: MenuMarketInfo{Market: ms.Market, MenuURL: menuURL(d, ms.Market), Source: sourceOf(ms), Categories: map[data.Category]MenuCategory{}}}
		for _, cs := range ms.Categories {
			mm.info.Categories[cs.Category] = MenuCategory{LastUpdate: timeOf(cs.LastUpdate), Freshness: freshness.Score(cs.LastUpdate, s.Now), Count: cs.Count}
		}
		mm.offers = byMarket[ms.Market]
		slices.SortStableFunc(mm.offers, func(a, b *offer) int {
			if c := cmp.Compare(a.desc.category, b.desc.category); c != 0 {
				return c
			}
			if c := strings.Compare(a.nameKey, b.nameKey); c != 0 {
				return c
			}
			if c := strings.Compare(a.Brand, b.Brand); c != 0 {
				return c
			}
			if c := cmp.Compare(a.Grams+a.Milligrams, b.Grams+b.Milligrams); c != 0 {
				return c
			}
			return compareJoined(a.Code, a.Size, b.Code, b.Size)
		})
		m.markets = append(m.markets, mm)
	}
	return emit(PathMenus+d.Slug, m)
}

// menuFile is a Menu that writes its offers itself (jsonappend.go).
type menuFile struct {
	info    MenuInfo
	markets []menuMarketFile
}

type menuMarketFile struct {
	info   MenuMarketInfo
	offers []*offer
}

// menuProduct is a row of MenuProducts: an offer that has it, and its order path.
type menuProduct struct {
	o    *offer
	path string
	link bool
}

// menuProductKey is what a product row writes: offers with the same key share one.
type menuProductKey struct {
	code, name, strain, brand, strainType, size, terpenes, path string
	link                                                        bool
	category                                                    uint8
	grams, mg                                                   float64
}

func (m menuFile) MarshalJSON() ([]byte, error) { return m.appendJSON(nil) }

func (m menuFile) appendJSON(b []byte) ([]byte, error) {
	b, err := appendObjectHead(b, m.info)
	if err != nil {
		return b, err
	}
	// Number the products in order of first offer, market by market. The index is made
	// for as many products as offers (at most that many) rather than grown: growing it
	// was the largest allocation of the menu files (90 MB at 2,000 menus).
	offers := 0
	for _, mm := range m.markets {
		offers += len(mm.offers)
	}
	products := make([]menuProduct, 0, offers)
	index := make(map[menuProductKey]int, offers)
	productOf := make([][]int, len(m.markets))
	for i := range m.markets {
		mm := &m.markets[i]
		mm.info.OrderURLBase = orderURLBase(mm.offers)
		productOf[i] = make([]int, len(mm.offers))
		for j, o := range mm.offers {
			link := o.orderURL()
			p := menuProduct{o: o, path: strings.TrimPrefix(link, mm.info.OrderURLBase), link: link != ""}
			k := menuProductKey{code: o.Code, name: o.Name, strain: o.Strain, brand: o.Brand, strainType: strainTypeOf(o.desc),
				size: o.sizeLabel, terpenes: terpeneKey(o.desc), path: p.path, link: p.link, category: o.desc.category, grams: o.Grams, mg: o.Milligrams}
			n, ok := index[k]
			if !ok {
				n = len(products)
				index[k] = n
				products = append(products, p)
			}
			productOf[i][j] = n
		}
	}
	b = append(b, `,"markets":`...)
	b = appendList(b, m.markets, func(b []byte, mm menuMarketFile, i int) []byte {
		if b, err = appendObjectHead(b, mm.info); err != nil {
			return b
		}
		b = append(b, `,"offers":{`...)
		b = appendMenuOffers(b, mm.offers, productOf[i])
		return append(b, "}}"...)
	})
	b = append(b, `,"products":{`...)
	b = appendMenuProducts(b, products)
	return append(b, "}}"...), err
}

// appendMenuOffers appends a market's offers as MenuOffers' columns; productOf[i] is
// the product of offers[i].
func appendMenuOffers(b []byte, offers []*offer, productOf []int) []byte {
	b = appendColumn(b, "product", true, productOf, func(b []byte, p int, _ int) []byte { return strconv.AppendInt(b, int64(p), 10) })
	b = appendColumn(b, "price", false, offers, func(b []byte, o *offer, _ int) []byte { return appendMoney(b, o.Price) })
	b = appendColumn(b, "salePrice", false, offers, func(b []byte, o *offer, _ int) []byte { return appendSalePrice(b, o) })
	b = appendColumn(b, "thc", false, offers, func(b []byte, o *offer, _ int) []byte { return appendFloatOrNull(b, o.THC) })
	b = appendColumn(b, "cbd", false, offers, func(b []byte, o *offer, _ int) []byte { return appendFloatOrNull(b, o.CBD) })
	b = appendLowColumns(b, offers)
	b = appendColumn(b, "potencyUnit", false, offers, func(b []byte, o *offer, _ int) []byte { return appendStringOrNull(b, o.PotencyUnit) })
	b = appendColumn(b, "inStock", false, offers, func(b []byte, o *offer, _ int) []byte { return appendBool(b, o.InStock) })
	b = appendColumn(b, "isNew", false, offers, func(b []byte, o *offer, _ int) []byte { return appendBool(b, o.isNew) })
	b = appendColumn(b, "firstSeen", false, offers, func(b []byte, o *offer, _ int) []byte { return appendTimeSeconds(b, o.firstSeen) })
	return appendSaleLows(b, offers)
}

// appendLowColumns appends the thcLow and cbdLow columns of offers (the lower ends of
// their ranges, null for a figure that is none), each only when some offer has one: a
// menu without ranges is written as it was before ranges were kept.
func appendLowColumns(b []byte, offers []*offer) []byte {
	for _, c := range []struct {
		name string
		of   func(o *offer) *float64
	}{{"thcLow", func(o *offer) *float64 { return o.THCLow }}, {"cbdLow", func(o *offer) *float64 { return o.CBDLow }}} {
		if slices.ContainsFunc(offers, func(o *offer) bool { return c.of(o) != nil }) {
			b = appendColumn(b, c.name, false, offers, func(b []byte, o *offer, _ int) []byte { return appendFloatOrNull(b, c.of(o)) })
		}
	}
	return b
}

// appendMenuProducts appends a menu's products as MenuProducts' columns.
func appendMenuProducts(b []byte, products []menuProduct) []byte {
	b = appendColumn(b, "code", true, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, p.o.Code) })
	b = appendColumn(b, "orderPath", false, products, func(b []byte, p menuProduct, _ int) []byte {
		if !p.link {
			return append(b, "null"...)
		}
		return appendString(b, p.path)
	})
	b = appendColumn(b, "name", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, p.o.Name) })
	b = appendColumn(b, "strain", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, p.o.Strain) })
	b = appendColumn(b, "brand", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, p.o.Brand) })
	b = appendColumn(b, "category", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, string(p.o.Category)) })
	// The store page filters its offers as Menus does: by strain type and terpene too.
	b = appendColumn(b, "strainType", false, products, func(b []byte, p menuProduct, _ int) []byte {
		return appendStringOrNull(b, strainTypeOf(p.o.desc))
	})
	b = appendColumn(b, "size", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendString(b, p.o.sizeLabel) })
	b = appendColumn(b, "grams", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendPositive(b, p.o.Grams) })
	b = appendColumn(b, "mg", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendPositive(b, p.o.Milligrams) })
	return appendColumn(b, "terpenes", false, products, func(b []byte, p menuProduct, _ int) []byte { return appendTerpeneSlugs(b, p.o.desc) })
}

// orderURLBase is what the order links of offers have in common, up to and with its
// last "/" ("" when no offer has a link), e.g. "https://dutchie.com/dispensary/<store>/product/".
func orderURLBase(offers []*offer) string {
	base, seen := "", false
	for _, o := range offers {
		u := o.orderURL()
		if u == "" {
			continue
		}
		if !seen {
			base, seen = u, true
			continue
		}
		n := 0
		for n < len(base) && n < len(u) && base[n] == u[n] {
			n++
		}
		base = base[:n]
	}
	return base[:strings.LastIndexByte(base, '/')+1]
}

// terpeneKey is the terpenes a product row writes, as one string ("" for none).
func terpeneKey(d *desc) string {
	if len(d.Terpenes) == 0 {
		return ""
	}
	return string(appendTerpeneSlugs(nil, d))
}

// compareJoined compares a1+a2 with b1+b2, byte by byte as Go compares strings,
// without joining them.
func compareJoined(a1, a2, b1, b2 string) int {
	at := func(s1, s2 string, i int) byte {
		if i < len(s1) {
			return s1[i]
		}
		return s2[i-len(s1)]
	}
	la, lb := len(a1)+len(a2), len(b1)+len(b2)
	for i := range min(la, lb) {
		if ca, cb := at(a1, a2, i), at(b1, b2, i); ca != cb {
			return cmp.Compare(ca, cb)
		}
	}
	return cmp.Compare(la, lb)
}

// menuURL is the public menu page of a dispensary's market, nil when the registry has none.
func menuURL(d data.Dispensary, m data.Market) *string {
	for _, src := range d.Menus {
		if src.Market == m && src.URL != "" {
			u := src.URL
			return &u
		}
	}
	return nil
}

// menuPage is the page of a dispensary's market for shoppers: the one its last fetch
// recorded, else the registry's url; "" when neither is an http(s) URL.
func menuPage(recorded string, d data.Dispensary, m data.Market) string {
	if u := orderLink(recorded); u != "" {
		return u
	}
	if u := menuURL(d, m); u != nil {
		return orderLink(*u)
	}
	return ""
}

// orderLink is raw when it is an absolute http(s) URL with a host, else "": a link
// published for shoppers to follow is never a javascript: or data: URL, nor relative.
func orderLink(raw string) string {
	// Most offers have no page of their own, and every file that lists an offer asks:
	// url.Parse would allocate a URL for each (over 200 MB at 2,000 menus) to say no.
	if raw == "" {
		return ""
	}
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || raw != strings.TrimSpace(raw) {
		return ""
	}
	return raw
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
