package publish

import (
	"math"
	"sort"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// DealsIndex is api/deals: the regions' files and the statewide best discounts.
type DealsIndex struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Regions     []DealsRegion `json:"regions"`
	Top         []DealOffer   `json:"top"`
}

// DealsRegion names one region's deals file.
type DealsRegion struct {
	Region string `json:"region"`
	Path   string `json:"path"`
	Count  int    `json:"count"`
}

// DealsFile is api/deals/<region>.
type DealsFile struct {
	GeneratedAt string      `json:"generatedAt"`
	Sample      bool        `json:"sample"`
	Region      string      `json:"region"`
	Deals       []DealOffer `json:"deals"`
}

// DealOffer is one offer on sale now.
type DealOffer struct {
	Code      string        `json:"code"`
	Name      string        `json:"name"`
	Brand     string        `json:"brand"`
	Category  data.Category `json:"category"`
	Size      string        `json:"size"`
	Grams     *float64      `json:"grams"`
	Mg        *float64      `json:"mg"`
	Price     float64       `json:"price"`
	SalePrice float64       `json:"salePrice"`
	Discount  float64       `json:"discount"`
	// SaleLow is the lowest price of the 30 days before the sale began (SNAPSHOTS.md,
	// "Lows"); LowDiscount the share of it the sale price takes off, 0 without one: what
	// deals are ranked by.
	SaleLow     *SaleLow `json:"saleLow"`
	LowDiscount float64  `json:"lowDiscount"`
	UnitPrice   *float64 `json:"unitPrice"`
	Unit        *string  `json:"unit"`
	THC         *float64 `json:"thc"`
	// THCLow is the lower end of a THC range (THC is its top), absent otherwise.
	THCLow *float64 `json:"thcLow,omitempty"`
	// PotencyUnit is THC's unit: "%" or, for most edibles, "mg" (null when unknown).
	PotencyUnit *string         `json:"potencyUnit"`
	Slug        string          `json:"slug"`
	StoreName   string          `json:"storeName"`
	City        string          `json:"city"`
	Lat         float64         `json:"lat"`
	Lng         float64         `json:"lng"`
	Market      data.Market     `json:"market"`
	LastUpdate  *string         `json:"lastUpdate"`
	Freshness   freshness.State `json:"freshness"`
	IsNew       bool            `json:"isNew"`
	Sample      bool            `json:"sample"`
	// OrderURL is where to order it: the product's page on the store's own menu, else
	// the menu's page; null when neither is known.
	OrderURL *string `json:"orderUrl"`
}

// TopDeals is how many deals api/deals lists statewide.
const TopDeals = 20

// buildDeals lists every listed offer on sale (sale price below price), except those the
// scraper flagged (a $0.01 price is a data error, not a deal), largest discount against
// the 30-day low first (never against a regular price omc has not seen charged).
func (s *shop) buildDeals(emit Emit) error {
	var all []DealOffer
	for _, o := range s.listed {
		sale := o.salePrice()
		if sale == nil || len(o.Warnings) > 0 {
			continue
		}
		price := cents(o.Price)
		unitPrice, unit := o.unitPriceOf()
		all = append(all, DealOffer{Code: o.Code, Name: o.name, Brand: o.Brand, Category: o.Category, Size: o.sizeLabel,
			Grams: positive(o.Grams), Mg: positive(o.Milligrams), Price: price, SalePrice: *sale,
			Discount: math.Round(1000*(1-*sale/price)) / 1000, SaleLow: o.saleLowOf(), LowDiscount: o.lowDiscount(), UnitPrice: unitPrice, Unit: unit,
			THC: o.THC, THCLow: o.THCLow, PotencyUnit: nonEmpty(o.PotencyUnit),
			Slug: o.Slug, StoreName: o.store.Name, City: o.store.City, Lat: o.store.Lat, Lng: o.store.Lng, Market: o.Market,
			LastUpdate: timeOf(timeAt(o.categoryUpdate())), Freshness: o.fresh(), IsNew: o.isNew, Sample: s.Sample || o.store.Sample,
			OrderURL: nonEmpty(o.orderURL())})
	}
	sort.SliceStable(all, func(i, j int) bool {
		a, b := all[i], all[j]
		switch {
		case a.LowDiscount != b.LowDiscount:
			return a.LowDiscount > b.LowDiscount
		case a.Discount != b.Discount:
			return a.Discount > b.Discount
		case a.SalePrice != b.SalePrice:
			return a.SalePrice < b.SalePrice
		case a.StoreName != b.StoreName:
			return a.StoreName < b.StoreName
		case a.Code != b.Code:
			return a.Code < b.Code
		case a.Market != b.Market:
			return a.Market < b.Market
		default:
			return a.Size < b.Size
		}
	})
	region := map[string]string{}
	for slug, d := range s.stores {
		region[slug] = d.Region
	}
	idx := DealsIndex{GeneratedAt: s.generatedAt, Sample: s.Sample, Regions: []DealsRegion{}, Top: all[:min(TopDeals, len(all))]}
	if idx.Top == nil {
		idx.Top = []DealOffer{}
	}
	for _, r := range data.Regions {
		f := DealsFile{GeneratedAt: s.generatedAt, Sample: s.Sample, Region: r, Deals: []DealOffer{}}
		for _, d := range all {
			if region[d.Slug] == r {
				f.Deals = append(f.Deals, d)
			}
		}
		path := PathDeals + slugOf(r)
		if err := emit(path, f); err != nil {
			return err
		}
		idx.Regions = append(idx.Regions, DealsRegion{Region: r, Path: path, Count: len(f.Deals)})
		if err := emit(dealsFeedPath(r), s.dealsFeed(r, f.Deals)); err != nil {
			return err
		}
	}
	if err := emit(dealsFeedPath(""), s.dealsFeed("", all)); err != nil {
		return err
	}
	return emit(PathDeals+"index", idx)
}
