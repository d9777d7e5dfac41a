package publish

import (
	"sort"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Product is api/products/<code>: one product across Ohio.
type Product struct {
	GeneratedAt string         `json:"generatedAt"`
	Sample      bool           `json:"sample"`
	Code        string         `json:"code"`
	Name        string         `json:"name"`
	Brand       string         `json:"brand"`
	Category    data.Category  `json:"category"`
	Strain      string         `json:"strain"`
	StrainSlug  *string        `json:"strainSlug"`
	Size        string         `json:"size"`
	Grams       *float64       `json:"grams"`
	Mg          *float64       `json:"mg"`
	FirstSeen   *string        `json:"firstSeen"`
	Terpenes    []string       `json:"terpenes"`
	Offers      []ProductOffer `json:"offers"`
	History     []HistoryPoint `json:"history"`
}

// ProductOffer is one store's offer of a product.
type ProductOffer struct {
	Slug       string          `json:"slug"`
	StoreName  string          `json:"storeName"`
	City       string          `json:"city"`
	Region     string          `json:"region"`
	Lat        float64         `json:"lat"`
	Lng        float64         `json:"lng"`
	Market     data.Market     `json:"market"`
	Price      float64         `json:"price"`
	SalePrice  *float64        `json:"salePrice"`
	UnitPrice  *float64        `json:"unitPrice"`
	Unit       *string         `json:"unit"`
	THC        *float64        `json:"thc"`
	LastUpdate *string         `json:"lastUpdate"`
	Freshness  freshness.State `json:"freshness"`
	FirstSeen  *string         `json:"firstSeen"`
	Sample     bool            `json:"sample"`
}

func (s *shop) productOffer(o *offer) ProductOffer {
	d := o.store
	unitPrice, unit := o.unitPriceOf()
	return ProductOffer{Slug: d.Slug, StoreName: d.Name, City: d.City, Region: d.Region, Lat: d.Lat, Lng: d.Lng,
		Market: o.Market, Price: cents(o.Price), SalePrice: o.salePrice(), UnitPrice: unitPrice, Unit: unit,
		THC: o.THC, LastUpdate: timeOf(timeAt(o.categoryUpdate)), Freshness: o.fresh(), FirstSeen: timeOf(timeAt(o.firstSeen)), Sample: s.Sample || d.Sample}
}

// buildProducts emits one Product per code any current menu lists (in stock or not,
// fresh or not, so that a saved product keeps its page), by code.
func (s *shop) buildProducts(h *history, emit Emit) error {
	byCode := map[string][]*offer{}
	for i := range s.offers {
		o := &s.offers[i]
		byCode[o.Code] = append(byCode[o.Code], o)
	}
	codes := make([]string, 0, len(byCode))
	for code := range byCode {
		codes = append(codes, code)
	}
	sort.Strings(codes)
	for _, code := range codes {
		all := byCode[code]
		// The product's description comes from its first listing by store and market,
		// preferring one that is in stock on a fresh menu.
		sort.SliceStable(all, func(i, j int) bool {
			a, b := all[i], all[j]
			if la, lb := a.listed(), b.listed(); la != lb {
				return la
			}
			if a.Slug != b.Slug {
				return a.Slug < b.Slug
			}
			return a.Market < b.Market
		})
		first := all[0]
		p := Product{GeneratedAt: s.generatedAt, Sample: s.Sample, Code: code, Name: first.Name, Brand: first.Brand,
			Category: first.Category, Strain: first.Strain, Size: sizeLabel(first.Size, first.Grams, first.Milligrams), Grams: positive(first.Grams),
			Mg: positive(first.Milligrams), Terpenes: []string{}, Offers: []ProductOffer{}, History: h.pointsOf(code)}
		if id := s.strainOf(first.Strain); id != nil {
			p.StrainSlug = &id.slug
		}
		seen := s.ProductFirstSeen[code]
		terps := map[string]bool{}
		var listed []*offer
		for _, o := range all {
			if first := timeAt(o.seriesFirst); seen.IsZero() || first.Before(seen) {
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
		p.FirstSeen = timeOf(seen)
		for t := range terps {
			p.Terpenes = append(p.Terpenes, t)
		}
		sort.Strings(p.Terpenes)
		sortOffers(listed)
		for _, o := range listed {
			p.Offers = append(p.Offers, s.productOffer(o))
		}
		if err := emit(PathProducts+code, p); err != nil {
			return err
		}
		delete(h.products, code) // written: its history is no longer needed
	}
	return nil
}

// listed reports whether shoppers can buy the offer now: in stock on a current or stale menu.
func (o *offer) listed() bool { return o.InStock && o.fresh() != freshness.Missing }
