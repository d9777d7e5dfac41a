package replay

import (
	"fmt"
	"slices"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

// What changes between the demo's two scrapes (20 hours apart), per store, so that the
// second one gives history, "new", deals and trends something real to show. Shares are
// of the store's products, drawn per product from its identity: the same dataset always
// changes the same way.
const (
	laterOnSalePercent    = 8  // not on sale → on sale
	laterSaleEndsPercent  = 20 // on sale → regular price again
	laterPriceMovePercent = 6  // regular price moves by up to ±12 %
	laterSellOutPercent   = 4  // in stock → sold out (and so off the menu)
	laterRestockPercent   = 60 // sold out → back in stock
	laterNewProducts      = 2  // products first listed by the second scrape
	laterSalePercent      = 20 // discount of a sale that starts
)

// DemoLater is ds as the demo's second scrape sees it: some prices changed (some onto
// sale, some sales ended), some products sold out and some back in stock, and a few new
// products on every store's menu. ds is not changed.
func DemoLater(ds *Dataset) (*Dataset, error) {
	p, err := pool.Decode(poolFile)
	if err != nil {
		return nil, fmt.Errorf("demo later: %w", err)
	}
	out := &Dataset{Stores: slices.Clone(ds.Stores)}
	for si := range out.Stores {
		st := &out.Stores[si]
		products := make([]Product, len(st.Products))
		inStock := map[data.Category]int{}
		for i, pr := range st.Products {
			pr.Sizes = slices.Clone(pr.Sizes)
			products[i] = pr
			if len(pr.inStockSizes()) > 0 {
				inStock[pr.Category]++
			}
		}
		for i := range products {
			pr := &products[i]
			r := newRNG(hash64("later", st.Platform, st.Key, pr.ID))
			soldOut := len(pr.inStockSizes()) == 0
			switch {
			case soldOut:
				if r.intn(100) < laterRestockPercent {
					for j := range pr.Sizes {
						pr.Sizes[j].InStock = true
					}
				}
				continue
			case r.intn(100) < laterSellOutPercent && inStock[pr.Category] > minPerCategory:
				for j := range pr.Sizes {
					pr.Sizes[j].InStock = false
				}
				inStock[pr.Category]--
				continue
			}
			onSale := pr.Sizes[0].SalePrice > 0
			roll := r.intn(100)
			for j := range pr.Sizes {
				s := &pr.Sizes[j]
				switch {
				case !onSale && roll < laterOnSalePercent:
					s.SalePrice = cents(s.Price * (100 - laterSalePercent) / 100)
				case onSale && roll < laterSaleEndsPercent:
					s.SalePrice = 0
				case roll >= 100-laterPriceMovePercent:
					change := []float64{0.88, 0.94, 1.06, 1.12}[roll%4]
					if s.SalePrice > 0 {
						s.SalePrice = cents(s.SalePrice * change)
					}
					s.Price = cents(s.Price * change)
				}
			}
		}
		products = append(products, newDemoProducts(&p, st, products)...)
		products = fitMenu(st.Platform, products)
		if err := checkDistinctIDs(products, st.Key); err != nil {
			return nil, fmt.Errorf("demo later: %w", err)
		}
		st.Products = products
	}
	return out, nil
}

// newDemoProducts picks laterNewProducts pool items the store does not list yet.
func newDemoProducts(p *pool.Pool, st *Store, have []Product) []Product {
	listed := map[string]bool{}
	for _, pr := range have {
		listed[pr.ID] = true
	}
	r := newRNG(hash64("later-new", st.Platform, st.Key))
	var out []Product
	for _, at := range r.perm(len(p.Items)) {
		if len(out) == laterNewProducts {
			break
		}
		it := p.Items[at]
		if listed[it.ID] || !slices.Contains(data.TrackedCategories, data.Category(it.Category)) {
			continue
		}
		pr := storeProduct(it, st.Key, r)
		for i := range pr.Sizes {
			pr.Sizes[i].InStock = true
		}
		out = append(out, pr)
	}
	return out
}
