package replay

import (
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/seeded"
	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

//go:embed demo/pool.json.gz
var poolFile []byte

// Demo dataset shape. Shares are rough proportions of a real menu; every store gets at
// least minPerCategory of each tracked category so every status tile has data.
const (
	minProducts        = 40
	maxProducts        = 120
	minPerCategory     = 3
	maxPriceChange     = 0.15 // each store prices every product within ±15 % of the record
	saleChancePercent  = 22   // share of a store's products on sale
	outOfStockOneIn    = 30   // about one product in 30 is sold out (and so not listed)
	medicalPriceFactor = 0.9
)

var categoryShare = map[data.Category]int{
	data.Flower: 38, data.Vape: 28, data.Preroll: 13, data.Edible: 13, data.Extract: 8,
}

// Store discounts when the record itself shows none.
var salePercents = []int{10, 15, 20, 25, 30}

var dutchieIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)

// DemoDataset builds one Store for every menu of every monitored dispensary in reg on
// a platform the replay serves, each with a deterministic subset of the embedded pool
// of real products (40–120, at least 3 per tracked category) and deterministic store
// prices. A store is keyed as StoreKey says (a Jane storeId as a plain number; a
// Dutchie store by cName, else the dispensary slug, with the registry's dispensaryId
// or one derived from the cName). A store listed once per market is one Store. The
// same registry always gives an identical dataset.
func DemoDataset(reg data.Registry) (*Dataset, error) {
	p, err := pool.Decode(poolFile)
	if err != nil {
		return nil, fmt.Errorf("demo dataset: %w", err)
	}
	byCategory := map[data.Category][]pool.Item{}
	for _, it := range p.Items {
		c := data.Category(it.Category)
		byCategory[c] = append(byCategory[c], it)
	}
	for _, c := range data.TrackedCategories {
		if len(byCategory[c]) < minPerCategory {
			return nil, fmt.Errorf("demo dataset: pool has %d %s products, need %d", len(byCategory[c]), c, minPerCategory)
		}
	}

	ds := &Dataset{}
	index := map[string]int{} // platform|key → position in ds.Stores
	for _, d := range reg.Dispensaries {
		if !d.IsMonitored() {
			continue
		}
		for i, m := range d.Menus {
			where := fmt.Sprintf("registry %s: dispensary %s menu %d", reg.Source, d.Slug, i+1)
			st, ok, err := storeFor(d, m)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			if !ok {
				continue
			}
			id := st.Platform + "|" + st.Key
			if at, seen := index[id]; seen {
				if err := mergeMenu(&ds.Stores[at], st, d.Slug); err != nil {
					return nil, fmt.Errorf("%s: %w", where, err)
				}
				continue
			}
			if st.DispensaryID != "" {
				if other, taken := ds.Store(st.Platform, st.DispensaryID); taken {
					return nil, fmt.Errorf("%s: %s dispensaryId %s is also %s's", where, st.Platform, st.DispensaryID, other.Slug)
				}
			}
			st.Products, err = pickProducts(byCategory, st.Platform, st.Key)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", where, err)
			}
			st.Products = fitMenu(st.Platform, st.Products)
			index[id] = len(ds.Stores)
			ds.Stores = append(ds.Stores, st)
		}
	}
	return ds, nil
}

// storeFor is the store a registry menu describes, without products; ok is false for
// platforms the replay does not serve.
func storeFor(d data.Dispensary, m data.MenuSource) (Store, bool, error) {
	if m.Market != data.Medical && m.Market != data.Recreational {
		return Store{}, false, fmt.Errorf("market %q is neither medical nor recreational", m.Market)
	}
	st := Store{
		Platform: m.Platform, Name: d.Name, Slug: d.Slug, City: d.City, Lat: d.Lat, Lng: d.Lng,
		Markets: []data.Market{m.Market}, MedicalPriceFactor: medicalPriceFactor,
	}
	// The registry gives city centres; a platform's store record gives the store's own
	// position. The demo's are made up (demoPlace).
	st.Lat, st.Lng = demoPlace(d)
	p, ok := platformNamed(m.Platform)
	if !ok {
		return Store{}, false, nil
	}
	if err := p.demoStoreKey(&st, d, m); err != nil {
		return Store{}, false, err
	}
	return st, true, nil
}

// mergeMenu adds another market of a store already built; a store key claimed by two
// dispensaries is a registry mistake.
func mergeMenu(have *Store, more Store, slug string) error {
	if have.Slug != slug {
		return fmt.Errorf("%s store %s is also listed by dispensary %s", more.Platform, more.Key, have.Slug)
	}
	if have.DispensaryID != more.DispensaryID {
		return fmt.Errorf("dutchie cName %s has two dispensaryIds, %s and %s", more.Key, have.DispensaryID, more.DispensaryID)
	}
	for _, m := range more.Markets {
		if !slices.Contains(have.Markets, m) {
			have.Markets = append(have.Markets, m)
		}
	}
	return nil
}

// pickProducts chooses a store's menu from the pool, seeded by the store's identity.
func pickProducts(byCategory map[data.Category][]pool.Item, platform, key string) ([]Product, error) {
	r := seeded.New(hash64("menu", platform, key))
	total := minProducts + r.Intn(maxProducts-minProducts+1)
	quota := map[data.Category]int{}
	sum := 0
	for _, c := range data.TrackedCategories {
		q := max(minPerCategory, total*categoryShare[c]/100)
		q = min(q, len(byCategory[c]))
		quota[c] = q
		sum += q
	}
	// Flower is the largest category of both the pool and real menus: it absorbs the
	// rounding so the menu has exactly total products.
	quota[data.Flower] = min(len(byCategory[data.Flower]), max(minPerCategory, quota[data.Flower]+total-sum))

	var menu []Product
	for _, c := range data.TrackedCategories {
		items := byCategory[c]
		soldOut := 0
		for _, at := range r.Perm(len(items))[:quota[c]] {
			p := storeProduct(items[at], key, r)
			// A sold-out product drops off the menu; keep at least three listed.
			if r.Intn(outOfStockOneIn) == 0 && quota[c]-soldOut > minPerCategory {
				for i := range p.Sizes {
					p.Sizes[i].InStock = false
				}
				soldOut++
			}
			menu = append(menu, p)
		}
	}
	// A real menu interleaves categories; pages then mix them too.
	order := r.Perm(len(menu))
	shuffled := make([]Product, len(menu))
	for i, at := range order {
		shuffled[i] = menu[at]
	}
	if err := checkDistinctIDs(shuffled, key); err != nil {
		return nil, err
	}
	return shuffled, nil
}

// storeProduct is a pool item with this store's prices.
func storeProduct(it pool.Item, storeKey string, r *seeded.Rand) Product {
	change := 1 - maxPriceChange + 2*maxPriceChange*r.Unit()
	onSale := r.Intn(100) < saleChancePercent
	percent := salePercents[r.Intn(len(salePercents))]
	if s := it.Sizes[0]; s.SalePrice > 0 {
		// Keep the discount the record showed.
		percent = int(math.Round(100 * (1 - s.SalePrice/s.Price)))
	}
	p := Product{
		ID: it.ID, Name: it.Name, Brand: it.Brand, StrainType: it.StrainType,
		Category: data.Category(it.Category), Subtype: it.Subtype, Slug: it.Slug,
		THC: it.THC, CBD: it.CBD, PotencyUnit: it.PotencyUnit,
		Terpenes: slices.Clone(it.Terpenes), Origin: it.Origin,
	}
	for _, s := range it.Sizes {
		size := Size{
			Label: s.Label, JaneWeight: s.JaneWeight, Grams: s.Grams, Mg: s.Mg,
			Price: cents(s.Price * change), InStock: true,
		}
		if onSale {
			size.SalePrice = cents(size.Price * (1 - float64(percent)/100))
		}
		p.Sizes = append(p.Sizes, size)
	}
	return p
}

// checkDistinctIDs makes sure derived platform ids cannot merge two products of a menu,
// which would make Expected disagree with what a scraper counts.
func checkDistinctIDs(menu []Product, key string) error {
	jane := map[int64]string{}
	for _, p := range menu {
		id := janeProductID(p.ID)
		if other, dup := jane[id]; dup {
			return fmt.Errorf("store %s: products %s and %s share jane product_id %d", key, other, p.ID, id)
		}
		jane[id] = p.ID
	}
	return nil
}
