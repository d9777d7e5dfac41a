package publish

import (
	"slices"
	"sort"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
	"github.com/ohiomc/omc/store"
)

// Product is api/products/<code>: one product across Ohio.
type Product struct {
	ProductInfo
	Offers []ProductOffer `json:"offers"`
	// LastOffers are, for a product no current menu lists, each store's offer as a menu
	// last listed it (its lastUpdate then), latest first; empty while a menu lists it.
	LastOffers []ProductOffer `json:"lastOffers"`
	History    []HistoryPoint `json:"history"`
}

// ProductInfo is what a Product says of the product.
type ProductInfo struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Code        string        `json:"code"`
	Name        string        `json:"name"`
	Brand       string        `json:"brand"`
	Category    data.Category `json:"category"`
	Strain      string        `json:"strain"`
	StrainSlug  *string       `json:"strainSlug"`
	Size        string        `json:"size"`
	Grams       *float64      `json:"grams"`
	Mg          *float64      `json:"mg"`
	FirstSeen   *string       `json:"firstSeen"`
	Terpenes    []string      `json:"terpenes"`
	// ListedNow is whether a current menu lists the product (in stock or not); LastListed
	// when a menu last listed it: a product keeps its page KeepProductPage after.
	ListedNow  bool    `json:"listedNow"`
	LastListed *string `json:"lastListed"`
}

// ProductOffer is one store's offer of a product.
type ProductOffer struct {
	Slug      string      `json:"slug"`
	StoreName string      `json:"storeName"`
	City      string      `json:"city"`
	Region    string      `json:"region"`
	Lat       float64     `json:"lat"`
	Lng       float64     `json:"lng"`
	Market    data.Market `json:"market"`
	Price     float64     `json:"price"`
	SalePrice *float64    `json:"salePrice"`
	UnitPrice *float64    `json:"unitPrice"`
	Unit      *string     `json:"unit"`
	// SaleLow is, on sale, the lowest price of the 30 days before the sale began
	// (SNAPSHOTS.md, "Lows"), absent otherwise; Low90 the lowest price paid there in the
	// last 90 days, null when unknown.
	SaleLow *SaleLow `json:"saleLow,omitempty"`
	Low90   *float64 `json:"low90"`
	THC     *float64 `json:"thc"`
	// THCLow is the lower end of a THC range (THC is its top), absent otherwise.
	THCLow *float64 `json:"thcLow,omitempty"`
	// PotencyUnit is THC's unit: "%" or, for most edibles, "mg" (null when unknown).
	PotencyUnit *string         `json:"potencyUnit"`
	LastUpdate  *string         `json:"lastUpdate"`
	Freshness   freshness.State `json:"freshness"`
	FirstSeen   *string         `json:"firstSeen"`
	Sample      bool            `json:"sample"`
	// OrderURL is where to order it: the product's page on the store's own menu, else
	// the menu's page; null when neither is known.
	OrderURL *string `json:"orderUrl"`
}

func (s *shop) productOffer(o *offer) ProductOffer {
	d := o.store
	unitPrice, unit := o.unitPriceOf()
	return ProductOffer{Slug: d.Slug, StoreName: d.Name, City: d.City, Region: d.Region, Lat: d.Lat, Lng: d.Lng,
		Market: o.Market, Price: cents(o.Price), SalePrice: o.salePrice(), UnitPrice: unitPrice, Unit: unit,
		SaleLow: o.saleLowOf(), Low90: o.low90Of(), THC: o.THC, THCLow: o.THCLow, PotencyUnit: nonEmpty(o.PotencyUnit), LastUpdate: timeOf(timeAt(o.categoryUpdate())), Freshness: o.fresh(), FirstSeen: timeOf(timeAtSeconds(o.firstSeen)), Sample: s.Sample || d.Sample,
		OrderURL: nonEmpty(o.orderURL())}
}

// buildProducts emits one Product per code any current menu lists (in stock or not,
// fresh or not, so that a saved product keeps its page), and per code no current menu
// lists that a menu listed within KeepProductPage, by code.
func (s *shop) buildProducts(h *history, emit Emit) error {
	byCode := map[string][]*offer{}
	for i := range s.offers {
		o := &s.offers[i]
		byCode[o.Code] = append(byCode[o.Code], o)
	}
	codes := make([]string, 0, len(byCode)+len(s.gone))
	for code := range byCode {
		codes = append(codes, code)
	}
	for code := range s.gone {
		if byCode[code] == nil {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	for _, code := range codes {
		all := byCode[code]
		if all == nil {
			if err := emit(PathProducts+code, s.goneProduct(h, code)); err != nil {
				return err
			}
			delete(h.products, code)
			continue
		}
		// The product's description comes from its first listing by store and market,
		// preferring one that is in stock on a fresh menu.
		slices.SortStableFunc(all, func(a, b *offer) int {
			if la, lb := a.listed(), b.listed(); la != lb {
				if la {
					return -1
				}
				return 1
			}
			if c := strings.Compare(a.Slug, b.Slug); c != 0 {
				return c
			}
			return strings.Compare(string(a.Market), string(b.Market))
		})
		first := all[0]
		p := productFile{s: s, h: h, history: h.products[code], info: ProductInfo{GeneratedAt: s.generatedAt, Sample: s.Sample, Code: code,
			Name: first.name, Brand: first.Brand, Category: first.Category, Strain: first.Strain, Size: first.sizeLabel,
			Grams: positive(first.Grams), Mg: positive(first.Milligrams), Terpenes: []string{}}}
		if id := first.strain; id != nil {
			p.info.StrainSlug = &id.slug
		}
		seen := s.ProductFirstSeen[code]
		terps := map[string]bool{}
		var listed []*offer
		for _, o := range all {
			if first := timeAtSeconds(o.seriesFirst); seen.IsZero() || first.Before(seen) {
				seen = first
			}
			for _, t := range o.Terpenes {
				if slug := nameSlug(t.Name); slug != "" {
					terps[slug] = true
				}
			}
			if o.listed() {
				listed = append(listed, o)
			}
		}
		p.info.FirstSeen = timeOf(seen)
		p.info.Terpenes = sortedKeys(terps)
		var last int64
		for _, o := range all {
			last = max(last, o.categoryUpdate())
		}
		p.info.ListedNow, p.info.LastListed = true, timeOf(timeAt(last))
		sortOffers(listed)
		p.offers = listed
		if err := emit(PathProducts+code, p); err != nil {
			return err
		}
		delete(h.products, code) // written: its history is no longer needed
	}
	return nil
}

// goneProduct is the page of a product no current menu lists: described as the menu
// that listed it last did, with each store's last listing and its history.
func (s *shop) goneProduct(h *history, code string) productFile {
	gone := s.gone[code]
	slices.SortFunc(gone, func(a, b store.GoneOffer) int {
		if c := b.LastListed.Compare(a.LastListed); c != 0 {
			return c
		}
		if c := strings.Compare(a.Slug, b.Slug); c != 0 {
			return c
		}
		return strings.Compare(string(a.Market), string(b.Market))
	})
	d := gone[0].Desc
	p := productFile{s: s, h: h, history: h.products[code], info: ProductInfo{GeneratedAt: s.generatedAt, Sample: s.Sample, Code: code,
		Name: s.productName(d), Brand: d.Brand, Category: d.Category, Strain: d.Strain, Size: sizeLabel(d.Size, d.Grams, d.Milligrams),
		Grams: positive(d.Grams), Mg: positive(d.Milligrams), FirstSeen: timeOf(s.ProductFirstSeen[code]), Terpenes: []string{},
		LastListed: timeOf(gone[0].LastListed)}, lastOffers: []ProductOffer{}}
	if id := s.strainOf(d.Strain); id != nil {
		p.info.StrainSlug = &id.slug
	}
	terps := map[string]bool{}
	for _, g := range gone {
		for _, t := range g.Desc.Terpenes {
			if slug := nameSlug(t.Name); slug != "" {
				terps[slug] = true
			}
		}
		st := s.stores[g.Slug]
		if st == nil {
			continue // a dispensary no longer in the registry
		}
		o := offer{desc: &desc{Offer: g.Desc}, Price: g.Price, SalePrice: g.SalePrice}
		unitPrice, unit := o.unitPriceOf()
		p.lastOffers = append(p.lastOffers, ProductOffer{Slug: st.Slug, StoreName: st.Name, City: st.City, Region: st.Region, Lat: st.Lat,
			Lng: st.Lng, Market: g.Market, Price: cents(g.Price), SalePrice: o.salePrice(), UnitPrice: unitPrice, Unit: unit,
			THC: g.Desc.THC, THCLow: g.Desc.THCLow, PotencyUnit: nonEmpty(g.Desc.PotencyUnit), LastUpdate: timeOf(g.LastListed),
			Freshness: freshness.Score(g.LastListed, s.Now), FirstSeen: timeOf(g.FirstSeen), Sample: s.Sample || st.Sample})
	}
	p.info.Terpenes = sortedKeys(terps)
	return p
}

// sortedKeys are a set's members in order.
func sortedKeys(set map[string]bool) []string {
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// listed reports whether shoppers can buy the offer now: in stock on a current or stale menu.
func (o *offer) listed() bool { return o.InStock && o.fresh() != freshness.Missing }

// productFile is a Product that writes its offers and history itself (jsonappend.go).
type productFile struct {
	s       *shop
	h       *history
	info    ProductInfo
	offers  []*offer
	history []point
	// lastOffers are a product's no current menu lists (a few: encoded as they are).
	lastOffers []ProductOffer
}

func (p productFile) MarshalJSON() ([]byte, error) { return p.appendJSON(nil) }

func (p productFile) appendJSON(b []byte) ([]byte, error) {
	b, err := appendObjectHead(b, p.info)
	if err != nil {
		return b, err
	}
	b = append(b, `,"offers":`...)
	b = appendList(b, p.offers, func(b []byte, o *offer, _ int) []byte { return p.s.appendProductOffer(b, o) })
	b = append(b, `,"lastOffers":`...)
	if p.lastOffers == nil {
		b = append(b, "[]"...)
	} else {
		last, err := marshal(p.lastOffers)
		if err != nil {
			return b, err
		}
		b = append(b, last...)
	}
	b = append(b, `,"history":`...)
	b = appendList(b, p.history, func(b []byte, pt point, _ int) []byte {
		b = append(b, `{"date":`...)
		b = appendString(b, p.h.days[pt.day])
		b = append(b, `,"market":`...)
		b = appendString(b, string(p.h.markets[pt.market]))
		b = append(b, `,"min":`...)
		b = appendCents(b, int64(pt.min))
		b = append(b, `,"median":`...)
		b = appendCents(b, int64(pt.median))
		return append(b, '}')
	})
	return append(b, '}'), nil
}

// appendProductOffer appends o as productOffer makes it.
func (s *shop) appendProductOffer(b []byte, o *offer) []byte {
	d := o.store
	b = append(b, `{"slug":`...)
	b = appendString(b, d.Slug)
	b = append(b, `,"storeName":`...)
	b = appendString(b, d.Name)
	b = append(b, `,"city":`...)
	b = appendString(b, d.City)
	b = append(b, `,"region":`...)
	b = appendString(b, d.Region)
	b = append(b, `,"lat":`...)
	b = appendFloat(b, d.Lat)
	b = append(b, `,"lng":`...)
	b = appendFloat(b, d.Lng)
	b = append(b, `,"market":`...)
	b = appendString(b, string(o.Market))
	b = append(b, ',')
	b = appendPrices(b, o)
	b = appendOfferLows(b, o)
	b = append(b, `,"thc":`...)
	b = appendFloatOrNull(b, o.THC)
	if o.THCLow != nil {
		b = append(b, `,"thcLow":`...)
		b = appendFloatOrNull(b, o.THCLow)
	}
	b = append(b, `,"potencyUnit":`...)
	b = appendStringOrNull(b, o.PotencyUnit)
	b = append(b, `,"lastUpdate":`...)
	b = appendTime(b, o.categoryUpdate())
	b = append(b, `,"freshness":`...)
	b = appendString(b, string(o.fresh()))
	b = append(b, `,"firstSeen":`...)
	b = appendTimeSeconds(b, o.firstSeen)
	b = append(b, `,"sample":`...)
	b = appendBool(b, s.Sample || d.Sample)
	b = append(b, `,"orderUrl":`...)
	b = appendStringOrNull(b, o.orderURL())
	return append(b, '}')
}
