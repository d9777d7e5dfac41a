package publish

import (
	"sort"
	"strings"

	"github.com/ohiomc/omc/data"
)

// TerpenesIndex is api/terpenes.
type TerpenesIndex struct {
	GeneratedAt string         `json:"generatedAt"`
	Sample      bool           `json:"sample"`
	Terpenes    []TerpeneCount `json:"terpenes"`
}

// TerpenePage is api/terpenes/<slug>: the products in stock whose menus list it.
type TerpenePage struct {
	GeneratedAt string           `json:"generatedAt"`
	Sample      bool             `json:"sample"`
	Slug        string           `json:"slug"`
	Name        string           `json:"name"`
	Products    []TerpeneProduct `json:"products"`
}

// TerpeneProduct is one product listing a terpene.
type TerpeneProduct struct {
	Code     string        `json:"code"`
	Name     string        `json:"name"`
	Brand    string        `json:"brand"`
	Category data.Category `json:"category"`
	Strain   string        `json:"strain"`
	// Amount is the largest a menu gave; nil when menus list the terpene without one.
	Amount     *float64 `json:"amount"`
	AmountUnit *string  `json:"amountUnit"`
	Stores     int      `json:"stores"`
	MinPrice   float64  `json:"minPrice"`
}

// buildTerpenes emits a page per terpene the listed offers name and api/terpenes/index.
func (s *shop) buildTerpenes(emit Emit) error {
	type productAgg struct {
		p      TerpeneProduct
		stores map[string]bool
	}
	byTerp := map[string]map[string]*productAgg{} // terpene slug -> code -> product
	names := map[string]map[string]int{}
	for _, o := range s.listed {
		for _, t := range o.Terpenes {
			slug := nameSlug(t.Name)
			if slug == "" {
				continue
			}
			if byTerp[slug] == nil {
				byTerp[slug], names[slug] = map[string]*productAgg{}, map[string]int{}
			}
			names[slug][t.Name]++
			a := byTerp[slug][o.Code]
			if a == nil {
				a = &productAgg{p: TerpeneProduct{Code: o.Code, Name: o.name, Brand: o.Brand, Category: o.Category, Strain: o.Strain,
					MinPrice: cents(o.Cost())}, stores: map[string]bool{}}
				byTerp[slug][o.Code] = a
			}
			a.stores[o.Slug] = true
			a.p.MinPrice = min(a.p.MinPrice, cents(o.Cost()))
			if t.Amount != nil && (a.p.Amount == nil || *t.Amount > *a.p.Amount) {
				v, u := *t.Amount, t.Unit
				a.p.Amount, a.p.AmountUnit = &v, nonEmpty(u)
			}
		}
	}
	idx := TerpenesIndex{GeneratedAt: s.generatedAt, Sample: s.Sample, Terpenes: []TerpeneCount{}}
	for slug, products := range byTerp {
		name := mostUsed(names[slug])
		page := TerpenePage{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: slug, Name: name, Products: make([]TerpeneProduct, 0, len(products))}
		for _, a := range products {
			a.p.Stores = len(a.stores)
			page.Products = append(page.Products, a.p)
		}
		sort.Slice(page.Products, func(i, j int) bool {
			a, b := page.Products[i], page.Products[j]
			switch {
			case (a.Amount == nil) != (b.Amount == nil):
				return a.Amount != nil
			case a.Amount != nil && *a.Amount != *b.Amount:
				return *a.Amount > *b.Amount
			case !strings.EqualFold(a.Name, b.Name):
				return strings.ToLower(a.Name) < strings.ToLower(b.Name)
			default:
				return a.Code < b.Code
			}
		})
		if err := emit(PathTerpenes+slug, page); err != nil {
			return err
		}
		idx.Terpenes = append(idx.Terpenes, TerpeneCount{Slug: slug, Name: name, Products: len(products)})
	}
	// The guide's terpenes no menu lists: a page without products (not in the index,
	// which counts what menus list).
	for slug, name := range s.TerpeneGuide {
		if byTerp[slug] == nil {
			page := TerpenePage{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: slug, Name: name, Products: []TerpeneProduct{}}
			if err := emit(PathTerpenes+slug, page); err != nil {
				return err
			}
		}
	}
	sort.Slice(idx.Terpenes, func(i, j int) bool { return idx.Terpenes[i].Slug < idx.Terpenes[j].Slug })
	return emit(PathTerpenes+"index", idx)
}
