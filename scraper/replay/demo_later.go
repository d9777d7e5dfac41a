package replay

import (
	"fmt"
	"slices"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/seeded"
	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

// What changes from one of the demo's scrapes to the next (a week apart in its history,
// 20 hours apart between the last two), per store, so that history, "new", deals and
// trends have something real to show. Shares are of the store's products, drawn per
// product from its identity and the step: the same dataset always changes the same way,
// and each step differently.
const (
	laterOnSalePercent    = 8  // not on sale → on sale
	laterSaleEndsPercent  = 20 // on sale → regular price again
	laterPriceMovePercent = 6  // regular price moves by up to ±12 %
	laterSellOutPercent   = 4  // in stock → sold out (and so off the menu)
	laterRestockPercent   = 60 // sold out → back in stock
	laterNewProducts      = 2  // products first listed by the second scrape
	laterSalePercent      = 20 // discount of a sale that starts
	// retiredPercent of the pool's products leave every menu in the demo's history, each
	// in one of its first retiredWeeks weeks (retired), and none comes back: products
	// whose pages say since when no menu lists them.
	retiredPercent = 3
	retiredWeeks   = 8
)

// retired reports whether the pool's product id has left every menu by step n of the
// demo's history (1 for the first week after its first dataset).
func retired(id string, n int) bool {
	h := hash64("retired", id)
	return h%100 < retiredPercent && int(h/100%retiredWeeks)+1 <= n
}

// DemoLater is ds as the demo's last scrape sees it, 20 hours after its scrape of ds:
// some prices changed (some onto sale, some sales ended), some products sold out and
// some back in stock, and a few new products on every store's menu. ds is not changed.
func DemoLater(ds *Dataset) (*Dataset, error) { return demoStep(ds, "later", retiredWeeks+1) }

// DemoWeeks is the demo's history: n+1 datasets a week apart, oldest first, the first
// being ds and each the one before as a week later sees it (DemoLater's kinds of change,
// drawn anew each week): prices drift, sales start and end, products arrive and sell
// out, and a few leave every menu for good. ds is not changed.
func DemoWeeks(ds *Dataset, n int) ([]*Dataset, error) {
	weeks := []*Dataset{ds}
	for i := 1; i <= n; i++ {
		next, err := demoStep(weeks[i-1], fmt.Sprintf("week-%d", i), i)
		if err != nil {
			return nil, err
		}
		weeks = append(weeks, next)
	}
	return weeks, nil
}

// demoStep is ds as the demo's next scrape sees it, its changes drawn for step, the
// n-th of its history (retired).
func demoStep(ds *Dataset, step string, n int) (*Dataset, error) {
	p, err := pool.Decode(poolFile)
	if err != nil {
		return nil, fmt.Errorf("demo %s: %w", step, err)
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
			r := seeded.New(hash64(step, st.Platform, st.Key, pr.ID))
			soldOut := len(pr.inStockSizes()) == 0
			switch {
			case soldOut:
				if r.Intn(100) < laterRestockPercent {
					for j := range pr.Sizes {
						pr.Sizes[j].InStock = true
					}
				}
				continue
			case r.Intn(100) < laterSellOutPercent && inStock[pr.Category] > minPerCategory:
				for j := range pr.Sizes {
					pr.Sizes[j].InStock = false
				}
				inStock[pr.Category]--
				continue
			}
			onSale := pr.Sizes[0].SalePrice > 0
			roll := r.Intn(100)
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
		// Retired products leave the menu, unless the store would keep too few of their
		// category to show (as sell-outs do).
		products = slices.DeleteFunc(products, func(pr Product) bool {
			if !retired(pr.ID, n) {
				return false
			}
			if len(pr.inStockSizes()) == 0 {
				return true
			}
			if inStock[pr.Category] <= minPerCategory {
				return false
			}
			inStock[pr.Category]--
			return true
		})
		products = append(products, newDemoProducts(&p, st, products, step, n)...)
		products = fitMenu(st.Platform, products)
		if err := checkDistinctIDs(products, st.Key); err != nil {
			return nil, fmt.Errorf("demo %s: %w", step, err)
		}
		st.Products = products
	}
	return out, nil
}

// newDemoProducts picks laterNewProducts pool items the store does not list yet and
// that are not retired by step n, drawn for step.
func newDemoProducts(p *pool.Pool, st *Store, have []Product, step string, n int) []Product {
	listed := map[string]bool{}
	for _, pr := range have {
		listed[pr.ID] = true
	}
	r := seeded.New(hash64(step+"-new", st.Platform, st.Key))
	var out []Product
	for _, at := range r.Perm(len(p.Items)) {
		if len(out) == laterNewProducts {
			break
		}
		it := p.Items[at]
		if listed[it.ID] || retired(it.ID, n) || !slices.Contains(data.TrackedCategories, data.Category(it.Category)) {
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
