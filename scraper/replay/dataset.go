package replay

import (
	"github.com/ohiomc/omc/data"
)

// Size is one package size of a product on one store's menu.
type Size struct {
	// Label is the size as the source menu wrote it ("2.83g", "1/8oz", ".1g", "1gC");
	// Dutchie serves it as the option label.
	Label string
	// JaneWeight is Jane's weight bucket ("two gram", "each"); when empty the replay
	// derives it from Grams.
	JaneWeight string
	// Grams is the true package weight (0 for edibles).
	Grams float64
	// Mg is the THC content of an edible package in mg (0 otherwise).
	Mg float64
	// Price is the regular (recreational) price in dollars.
	Price float64
	// SalePrice is the discounted price, 0 when not on sale.
	SalePrice float64
	// InStock sizes are the only ones served; a product with none is not on the menu.
	InStock bool
}

// Product is one product on one store's menu.
type Product struct {
	// ID is the source's product id: digits for Ohio (Jane catalogue ids), 24-hex for
	// Dutchie records. The replay derives each platform's own ids from it.
	ID         string
	Name       string
	Brand      string
	StrainType string // indica, sativa, hybrid or ""
	Category   data.Category
	// Subtype is the source's product format ("whole buds", "live resin cart", "gummies").
	Subtype string
	// Slug is the source's URL slug; for Ohio products it carries the true weight.
	Slug        string
	THC, CBD    float64
	PotencyUnit string // "%" or "mg"
	Sizes       []Size
	Terpenes    []string
	// Origin is the US state of the menu the record comes from (OH, PA, NJ).
	Origin string
}

// Store is one platform menu the replay serves.
type Store struct {
	Platform string // "jane" or "dutchie"
	// Key is the Jane storeId or the Dutchie cName.
	Key string
	// DispensaryID is Dutchie's 24-hex id (empty for Jane).
	DispensaryID string
	Name         string
	Slug         string // the registry slug of the dispensary
	City         string
	Lat, Lng     float64
	// Markets are the registry markets this menu is listed for.
	Markets  []data.Market
	Products []Product
	// MedicalPriceFactor turns a recreational price into Dutchie's medical price.
	MedicalPriceFactor float64
}

// Dataset is everything the replay serves.
type Dataset struct {
	Stores []Store
}

// Store finds a store by platform and key: a Jane storeId (compared as a number), or a
// Dutchie cName or dispensaryId.
func (d *Dataset) Store(platform, key string) (*Store, bool) {
	if d == nil {
		return nil, false
	}
	for i := range d.Stores {
		st := &d.Stores[i]
		if st.Platform != platform {
			continue
		}
		if p, _ := platformNamed(platform); p.canon != nil {
			if c := p.canon(key); c != "" && c == p.canon(st.Key) {
				return st, true
			}
			continue
		}
		if st.Key == key || (st.DispensaryID != "" && st.DispensaryID == key) {
			return st, true
		}
	}
	return nil, false
}

// Expected is how many distinct products per category the replay serves for a store and
// market: what a correct scrape of that menu counts. Every tracked category is present
// (0 when empty). The market does not change the counts: Jane store ids are per market
// already, and Dutchie lists the same products under both pricing types (only prices
// differ), as the real captures do. Leafly lists every size as a product of its own,
// so there each size in stock counts. It returns nil for an unknown store or market.
func (d *Dataset) Expected(platform, key string, market data.Market) map[data.Category]int {
	st, ok := d.Store(platform, key)
	if !ok || (market != data.Medical && market != data.Recreational) {
		return nil
	}
	counts := make(map[data.Category]int, len(data.AllCategories))
	for _, c := range data.TrackedCategories {
		counts[c] = 0
	}
	listings := func(Product) int { return 1 }
	if p, _ := platformNamed(platform); p.listings != nil {
		listings = p.listings
	}
	for _, p := range st.OnMenu() {
		counts[p.Category] += listings(p)
	}
	return counts
}

// OnMenu is the store's products that have at least one size in stock, in menu order:
// exactly the products the replay serves.
func (st *Store) OnMenu() []Product {
	out := make([]Product, 0, len(st.Products))
	for _, p := range st.Products {
		if len(p.inStockSizes()) > 0 {
			out = append(out, p)
		}
	}
	return out
}

func (p Product) inStockSizes() []Size {
	var out []Size
	for _, s := range p.Sizes {
		if s.InStock {
			out = append(out, s)
		}
	}
	return out
}
