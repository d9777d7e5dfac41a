package publish

import (
	"cmp"
	"net/url"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Menu is api/menus/<slug>: one dispensary and its menus.
type Menu struct {
	MenuInfo
	Markets []MenuMarket `json:"markets"`
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
	Offers []MenuOffer `json:"offers"`
}

// MenuMarketInfo is what a MenuMarket says besides its offers.
type MenuMarketInfo struct {
	Market     data.Market                    `json:"market"`
	MenuURL    *string                        `json:"menuUrl"`
	Categories map[data.Category]MenuCategory `json:"categories"`
}

// MenuCategory is the freshness of one category of a menu.
type MenuCategory struct {
	LastUpdate *string         `json:"lastUpdate"`
	Freshness  freshness.State `json:"freshness"`
	Count      int             `json:"count"`
}

// MenuOffer is one offer on a menu.
type MenuOffer struct {
	Code        string        `json:"code"`
	Name        string        `json:"name"`
	Brand       string        `json:"brand"`
	Category    data.Category `json:"category"`
	Strain      string        `json:"strain"`
	Size        string        `json:"size"`
	Grams       *float64      `json:"grams"`
	Mg          *float64      `json:"mg"`
	Price       float64       `json:"price"`
	SalePrice   *float64      `json:"salePrice"`
	UnitPrice   *float64      `json:"unitPrice"`
	Unit        *string       `json:"unit"`
	THC         *float64      `json:"thc"`
	CBD         *float64      `json:"cbd"`
	PotencyUnit *string       `json:"potencyUnit"`
	InStock     bool          `json:"inStock"`
	IsNew       bool          `json:"isNew"`
	FirstSeen   *string       `json:"firstSeen"`
	// OrderURL is where to order it: the product's page on the store's own menu, else
	// the menu's page; null when neither is known.
	OrderURL *string `json:"orderUrl"`
	// StrainType is "indica", "sativa", "hybrid"… (the menu's, else the catalogue's); null when unknown.
	StrainType *string `json:"strainType"`
	// Terpenes are the slugs of the terpenes the product's menu lists (api/terpenes/<slug>).
	Terpenes []string `json:"terpenes"`
}

// emitMenu emits the Menu of one dispensary with at least one menu, its offers by
// market: every series the latest fetch of each category lists, in stock or not, by
// category (display order), name, brand and weight.
func (s *shop) emitMenu(st data.Status, byMarket map[data.Market][]*offer, emit Emit) error {
	d := st.Dispensary
	s.menuDone[d.Slug] = true
	if len(d.Menus) == 0 {
		return nil
	}
	m := menuFile{info: MenuInfo{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: d.Slug, Name: d.Name, Location: d.Location(),
		City: d.City, Address: d.Address, Region: d.Region, Lat: d.Lat, Lng: d.Lng, Coordinates: coordinates(d),
		Website: d.Website, Monitored: d.IsMonitored(), StoreListing: storeListing(st)}}
	for _, ms := range st.Markets {
		mm := menuMarketFile{info: MenuMarketInfo{Market: ms.Market, MenuURL: menuURL(d, ms.Market), Categories: map[data.Category]MenuCategory{}}}
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

func (m menuFile) MarshalJSON() ([]byte, error) { return m.appendJSON(nil) }

func (m menuFile) appendJSON(b []byte) ([]byte, error) {
	b, err := appendObjectHead(b, m.info)
	if err != nil {
		return b, err
	}
	b = append(b, `,"markets":`...)
	b = appendList(b, m.markets, func(b []byte, mm menuMarketFile, _ int) []byte {
		if b, err = appendObjectHead(b, mm.info); err != nil {
			return b
		}
		b = append(b, `,"offers":`...)
		b = appendList(b, mm.offers, func(b []byte, o *offer, _ int) []byte { return appendMenuOffer(b, o) })
		return append(b, '}')
	})
	return append(b, '}'), err
}

// appendMenuOffer appends o as a MenuOffer.
func appendMenuOffer(b []byte, o *offer) []byte {
	b = append(b, `{"code":`...)
	b = appendString(b, o.Code)
	b = append(b, `,"name":`...)
	b = appendString(b, o.Name)
	b = append(b, `,"brand":`...)
	b = appendString(b, o.Brand)
	b = append(b, `,"category":`...)
	b = appendString(b, string(o.Category))
	b = append(b, `,"strain":`...)
	b = appendString(b, o.Strain)
	b = append(b, `,"size":`...)
	b = appendString(b, o.sizeLabel)
	b = append(b, `,"grams":`...)
	b = appendPositive(b, o.Grams)
	b = append(b, `,"mg":`...)
	b = appendPositive(b, o.Milligrams)
	b = append(b, ',')
	b = appendPrices(b, o)
	b = append(b, `,"thc":`...)
	b = appendFloatOrNull(b, o.THC)
	b = append(b, `,"cbd":`...)
	b = appendFloatOrNull(b, o.CBD)
	b = append(b, `,"potencyUnit":`...)
	b = appendStringOrNull(b, o.PotencyUnit)
	b = append(b, `,"inStock":`...)
	b = appendBool(b, o.InStock)
	b = append(b, `,"isNew":`...)
	b = appendBool(b, o.isNew)
	b = append(b, `,"firstSeen":`...)
	b = appendTimeSeconds(b, o.firstSeen)
	b = append(b, `,"orderUrl":`...)
	b = appendStringOrNull(b, o.orderURL())
	// The store page filters its offers as Menus does: by strain type and terpene too.
	b = append(b, `,"strainType":`...)
	b = appendStringOrNull(b, strainTypeOf(o.desc))
	b = append(b, `,"terpenes":`...)
	b = appendTerpeneSlugs(b, o.desc)
	return append(b, '}')
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
