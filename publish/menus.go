package publish

import (
	"sort"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Menu is api/menus/<slug>: one dispensary and its menus.
type Menu struct {
	GeneratedAt string       `json:"generatedAt"`
	Sample      bool         `json:"sample"`
	Slug        string       `json:"slug"`
	Name        string       `json:"name"`
	Location    string       `json:"location"`
	City        string       `json:"city"`
	Address     string       `json:"address"`
	Region      string       `json:"region"`
	Lat         float64      `json:"lat"`
	Lng         float64      `json:"lng"`
	Coordinates string       `json:"coordinates"`
	Website     string       `json:"website"`
	Monitored   bool         `json:"monitored"`
	Markets     []MenuMarket `json:"markets"`
}

// MenuMarket is one market's menu: its categories' freshness and its offers.
type MenuMarket struct {
	Market     data.Market                    `json:"market"`
	MenuURL    *string                        `json:"menuUrl"`
	Categories map[data.Category]MenuCategory `json:"categories"`
	Offers     []MenuOffer                    `json:"offers"`
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
	m := Menu{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: d.Slug, Name: d.Name, Location: d.Location(),
		City: d.City, Address: d.Address, Region: d.Region, Lat: d.Lat, Lng: d.Lng, Coordinates: coordinates(d),
		Website: d.Website, Monitored: d.IsMonitored(), Markets: []MenuMarket{}}
	for _, ms := range st.Markets {
		mm := MenuMarket{Market: ms.Market, MenuURL: menuURL(d, ms.Market), Categories: map[data.Category]MenuCategory{}, Offers: []MenuOffer{}}
		for _, cs := range ms.Categories {
			mm.Categories[cs.Category] = MenuCategory{LastUpdate: timeOf(cs.LastUpdate), Freshness: freshness.Score(cs.LastUpdate, s.Now), Count: cs.Count}
		}
		offers := byMarket[ms.Market]
		sort.SliceStable(offers, func(i, j int) bool {
			a, b := offers[i], offers[j]
			if a.Category != b.Category {
				return catOrder[a.Category] < catOrder[b.Category]
			}
			if a.nameKey != b.nameKey {
				return a.nameKey < b.nameKey
			}
			if a.Brand != b.Brand {
				return a.Brand < b.Brand
			}
			if a.Grams+a.Milligrams != b.Grams+b.Milligrams {
				return a.Grams+a.Milligrams < b.Grams+b.Milligrams
			}
			return a.Code+a.Size < b.Code+b.Size
		})
		for _, o := range offers {
			unitPrice, unit := o.unitPriceOf()
			mm.Offers = append(mm.Offers, MenuOffer{Code: o.Code, Name: o.Name, Brand: o.Brand, Category: o.Category,
				Strain: o.Strain, Size: sizeLabel(o.Size, o.Grams, o.Milligrams), Grams: positive(o.Grams), Mg: positive(o.Milligrams),
				Price: cents(o.Price), SalePrice: o.salePrice(), UnitPrice: unitPrice, Unit: unit,
				THC: o.THC, CBD: o.CBD, PotencyUnit: nonEmpty(o.PotencyUnit), InStock: o.InStock, IsNew: o.isNew,
				FirstSeen: timeOf(timeAt(o.firstSeen))})
		}
		m.Markets = append(m.Markets, mm)
	}
	return emit(PathMenus+d.Slug, m)
}

// catOrder is each category's place in display order.
var catOrder = func() map[data.Category]int {
	out := map[data.Category]int{}
	for i, c := range data.AllCategories {
		out[c] = i
	}
	return out
}()

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

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
