package publish

import (
	"sort"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// Brands is api/brands: the brands on current menus, for the company brands page.
type Brands struct {
	GeneratedAt string  `json:"generatedAt"`
	Brands      []Brand `json:"brands"`
}

// Brand is one brand with how much of it is on current menus.
type Brand struct {
	Name string `json:"name"`
	// Products counts distinct product names in stock (display names: one per code).
	Products int `json:"products"`
	// Dispensaries counts the dispensaries listing at least one of them.
	Dispensaries int `json:"dispensaries"`
	// Categories counts the products per category.
	Categories map[data.Category]int `json:"categories"`
}

// Brand names are case and space folded (menus write "Klutch" and "KLUTCH"); the most
// used spelling is shown.

// brands gathers api/brands offer by offer.
type brands struct {
	now   time.Time
	byKey map[string]*brandAgg
	// names are the brand and product name of a description, folded once.
	names map[*data.Offer]brandNames
}

type brandAgg struct {
	spellings map[string]int
	products  map[string]data.Category
	stores    map[string]bool
}

// brandNames are an offer's brand as shown (space folded) and as counted (lower case
// too), and its product name as counted.
type brandNames struct {
	brand, key, product string
}

func brandNamesOf(o *data.Offer, productName func(*data.Offer) string) brandNames {
	brand := strings.Join(strings.Fields(o.Brand), " ")
	return brandNames{brand: brand, key: strings.ToLower(brand), product: strings.ToLower(strings.Join(strings.Fields(productName(o)), " "))}
}

func newBrands(now time.Time) *brands {
	return &brands{now: now, byKey: map[string]*brandAgg{}, names: map[*data.Offer]brandNames{}}
}

// add takes one offer of a menu's latest fetch.
func (b *brands) add(l listing) {
	if l.d.Brand == "" || !l.inStock || freshness.Score(l.updated, b.now) != freshness.Current {
		return
	}
	n, ok := b.names[l.d]
	if !ok {
		n = brandNamesOf(l.d, l.productName)
		b.names[l.d] = n
	}
	if n.brand == "" {
		return
	}
	a := b.byKey[n.key]
	if a == nil {
		a = &brandAgg{spellings: map[string]int{}, products: map[string]data.Category{}, stores: map[string]bool{}}
		b.byKey[n.key] = a
	}
	a.spellings[n.brand]++
	a.products[n.product] = l.d.Category
	a.stores[l.slug] = true
}

func (b *brands) result() Brands {
	out := Brands{GeneratedAt: b.now.UTC().Format(time.RFC3339), Brands: make([]Brand, 0, len(b.byKey))}
	for _, a := range b.byKey {
		br := Brand{Name: mostUsed(a.spellings), Products: len(a.products), Dispensaries: len(a.stores), Categories: map[data.Category]int{}}
		for _, c := range a.products {
			br.Categories[c]++
		}
		out.Brands = append(out.Brands, br)
	}
	sort.Slice(out.Brands, func(i, j int) bool {
		x, y := out.Brands[i], out.Brands[j]
		if x.Products != y.Products {
			return x.Products > y.Products
		}
		return strings.ToLower(x.Name) < strings.ToLower(y.Name)
	})
	return out
}
