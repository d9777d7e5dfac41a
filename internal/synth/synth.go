package synth

import (
	"fmt"
	"math"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/seeded"
	"github.com/ohiomc/omc/scraper/replay"
)

// Options size a world and its churn.
type Options struct {
	// Menus is the number of menus; dispensaries have two each (medical and
	// recreational), so there are Menus/2 of them (rounded up).
	Menus int
	// OffersPerMenu is how many offers each menu lists (one size per product).
	OffersPerMenu int
	// PriceChange and StockChange are the shares of a menu's offers whose price (or
	// sale) and whose stock change at each Step.
	PriceChange, StockChange float64
	// Seed varies the world; the same Options always make the same world.
	Seed uint64
}

// Ohio is the scale of the issue: ≈ 300 menus of ≈ 350 offers, 3 % of offers changing
// price and 5 % stock per run.
var Ohio = Options{Menus: 300, OffersPerMenu: 350, PriceChange: 0.03, StockChange: 0.05, Seed: 1}

// World is a registry and the current state of its menus.
type World struct {
	opts     Options
	catalog  []product
	menus    []menu
	rng      *seeded.Rand
	Registry data.Registry
}

type product struct {
	id          string
	name, brand string
	strainType  string
	category    data.Category
	label       string
	grams, mg   float64
	thc         float64
	basePrice   float64
}

type menu struct {
	slug    string
	market  data.Market
	storeID string
	offers  []offer
}

type offer struct {
	product     int
	price, sale float64
	inStock     bool
}

// Catalogue shape: categories in rough Ohio proportions, each with its sizes.
var categories = []struct {
	cat    data.Category
	share  int
	label  string
	grams  float64
	mg     float64
	price  float64
	thc    float64
	prefix string
}{
	{data.Flower, 38, "2.83g", 2.83, 0, 35, 22, "Flower"},
	{data.Vape, 28, "0.5g", 0.5, 0, 40, 80, "Cart"},
	{data.Preroll, 13, "1g", 1, 0, 12, 24, "Preroll"},
	{data.Edible, 13, "100mg", 0, 100, 25, 100, "Gummies"},
	{data.Extract, 8, "1g", 1, 0, 50, 75, "Badder"},
}

var strainTypes = []string{"indica", "sativa", "hybrid"}

// New makes the world of opts: its registry (Jane menus with no baseURL: point
// Registry.Platforms at a replay before scraping it) and every menu's first state.
func New(opts Options) *World {
	w := &World{opts: opts, rng: seeded.New(opts.Seed*0x9e3779b97f4a7c15 + 1)}
	// The catalogue is three times a menu, so that menus overlap as stores do.
	n := max(opts.OffersPerMenu*3, 30)
	for i := range n {
		c := categories[w.pickCategory()]
		p := product{
			id: fmt.Sprint(700000 + i), brand: fmt.Sprintf("Brand %d", i%40), name: fmt.Sprintf("Synthetic %s %d", c.prefix, i),
			strainType: strainTypes[i%3], category: c.cat, label: c.label, grams: c.grams, mg: c.mg,
			thc: c.thc + float64(w.rng.Intn(60))/10, basePrice: c.price + float64(w.rng.Intn(20)),
		}
		w.catalog = append(w.catalog, p)
	}
	reg := data.Registry{Source: fmt.Sprintf("synthetic registry (%d menus)", opts.Menus), Platforms: map[string]data.PlatformConfig{}}
	for i := 0; len(w.menus) < opts.Menus; i++ {
		slug := fmt.Sprintf("synth-%04d", i)
		region := data.Regions[i%len(data.Regions)]
		d := data.Dispensary{Slug: slug, Name: fmt.Sprintf("Synthetic Dispensary %d", i), City: "Columbus", Region: region,
			Lat: 39.96 + float64(i%50)/100, Lng: -83 + float64(i%70)/100, Medical: true, AdultUse: true, Sample: true}
		for _, m := range []data.Market{data.Medical, data.Recreational} {
			if len(w.menus) == opts.Menus {
				break
			}
			storeID := fmt.Sprint(10000 + len(w.menus))
			d.Menus = append(d.Menus, data.MenuSource{Market: m, Platform: "jane", StoreID: storeID})
			w.menus = append(w.menus, w.newMenu(slug, m, storeID))
		}
		reg.Dispensaries = append(reg.Dispensaries, d)
	}
	w.Registry = reg
	return w
}

func (w *World) pickCategory() int {
	r := w.rng.Intn(100)
	for i, c := range categories {
		if r < c.share {
			return i
		}
		r -= c.share
	}
	return 0
}

func (w *World) newMenu(slug string, m data.Market, storeID string) menu {
	mn := menu{slug: slug, market: m, storeID: storeID}
	for _, at := range w.rng.Perm(len(w.catalog))[:w.opts.OffersPerMenu] {
		p := w.catalog[at]
		o := offer{product: at, price: cents(p.basePrice * (0.85 + 0.3*w.rng.Unit())), inStock: w.rng.Intn(20) != 0}
		if w.rng.Intn(5) == 0 {
			o.sale = cents(o.price * 0.8)
		}
		mn.offers = append(mn.offers, o)
	}
	return mn
}

// Step is one run's churn: in every menu, PriceChange of the offers change price (a
// sale starts or ends, or the regular price moves) and StockChange of them sell out or
// come back. It returns how many offers changed.
func (w *World) Step() int {
	changed := 0
	for mi := range w.menus {
		offers := w.menus[mi].offers
		for range w.share(len(offers), w.opts.PriceChange) {
			// (Price changes are drawn among all offers; a sold-out one changes unseen.)
			o := &offers[w.rng.Intn(len(offers))]
			switch {
			case o.sale > 0:
				o.sale = 0
			case w.rng.Intn(2) == 0:
				o.sale = cents(o.price * 0.8)
			default:
				o.price = cents(o.price * (0.9 + 0.2*w.rng.Unit()))
			}
			changed++
		}
		// Half the stock changes sell an offer out, half bring one back, so the share in
		// stock stays where it started (≈ 95 %) instead of drifting to a coin toss.
		first := w.rng.Intn(2) // which kind gets the odd change, so neither drifts
		for k := range w.share(len(offers), w.opts.StockChange) {
			if o := w.pick(offers, (k+first)%2 == 1); o != nil {
				o.inStock = !o.inStock
				changed++
			}
		}
	}
	return changed
}

// pick draws an offer that is out of stock (soldOut) or in stock; nil when there is none.
func (w *World) pick(offers []offer, soldOut bool) *offer {
	var of []int
	for i := range offers {
		if offers[i].inStock != soldOut {
			of = append(of, i)
		}
	}
	if len(of) == 0 {
		return nil
	}
	return &offers[of[w.rng.Intn(len(of))]]
}

// share is n × p rounded, with the fraction drawn so that the mean is exact.
func (w *World) share(n int, p float64) int {
	f := float64(n) * p
	k := int(f)
	if w.rng.Unit() < f-float64(k) {
		k++
	}
	return k
}

// MenuCount is the number of menus.
func (w *World) MenuCount() int { return len(w.menus) }

// Menu names menu i: its dispensary, market and platform.
func (w *World) Menu(i int) (slug string, market data.Market, platform string) {
	return w.menus[i].slug, w.menus[i].market, "jane"
}

// Offers is what a scrape of menu i would store now: its in-stock offers (Ohio menus
// drop what is sold out), with codes.
func (w *World) Offers(i int) []data.Offer {
	var out []data.Offer
	for _, o := range w.menus[i].offers {
		if !o.inStock {
			continue
		}
		p := w.catalog[o.product]
		thc := p.thc
		unit := "%"
		if p.category == data.Edible {
			unit = "mg"
		}
		out = append(out, data.Offer{
			ProductID: p.id, Name: p.name, Brand: p.brand, Strain: p.name, StrainType: p.strainType, Category: p.category,
			RawCategory: string(p.category), Size: p.label, Grams: p.grams, Milligrams: p.mg, Price: o.price, SalePrice: o.sale,
			InStock: true, THC: &thc, PotencyUnit: unit, Code: fmt.Sprintf("brand-%s-%s", p.id, p.label),
		})
	}
	return out
}

// RosterURL is the layer a world's roster is recorded as read from.
const RosterURL = "http://127.0.0.1/synthetic/FeatureServer/0"

// Roster is the state's roster of the world as a read at run would list it: a licence
// for every dispensary and half as many more for licensed stores without a menu (Ohio:
// 150 and 75, as the state's 228 rows), all listed from run 0 but the last tenth,
// listed one a week. Each day a few licences are suspended for the day and about one
// is off the roster for the day, and from run 1,000 every fiftieth licence has a new
// name: a year of reads records every kind of change. It depends on run alone, not on
// the world's generator, so that reading it changes nothing else of the world.
func (w *World) Roster(run int) []data.RosterEntry {
	ds := w.Registry.Dispensaries
	n := len(ds) * 3 / 2
	late := n - n/10
	day := run / 6
	var out []data.RosterEntry
	for k := range n {
		if k >= late && run < (k-late+1)*42 || (day+3*k)%211 == 0 {
			continue
		}
		e := data.RosterEntry{Licence: fmt.Sprintf("CCD%06d-00", 900000+k), Name: fmt.Sprintf("Synthetic Licensee %d", k),
			Status: "Active", Type: "Dual Use Dispensary", Street: fmt.Sprintf("%d Synthetic Ave.", 100+k), City: "Columbus",
			ZIP: "43215", County: "Franklin", Phone: fmt.Sprintf("(614) 555-%04d", k), Hours: "Mon-Sun 9am-9pm", Sample: true}
		if k < len(ds) {
			e.Name, e.Lat, e.Lng = ds[k].Name, ds[k].Lat, ds[k].Lng
		}
		e.BusinessName = e.Name + " LLC"
		if (day+k)%97 == 0 {
			e.Status = "Suspended"
		}
		if k%50 == 1 && run >= 1000 {
			e.Name += " II"
		}
		out = append(out, e)
	}
	return out
}

// Dataset is the world's menus as the replay serves them now. Rebuild it after Step.
func (w *World) Dataset() *replay.Dataset {
	ds := &replay.Dataset{}
	for _, mn := range w.menus {
		st := replay.Store{Platform: "jane", Key: mn.storeID, Name: mn.slug, Slug: mn.slug, City: "Columbus",
			Markets: []data.Market{mn.market}, MedicalPriceFactor: 1}
		for _, o := range mn.offers {
			p := w.catalog[o.product]
			unit := "%"
			if p.category == data.Edible {
				unit = "mg"
			}
			st.Products = append(st.Products, replay.Product{
				ID: p.id, Name: p.name, Brand: p.brand, StrainType: p.strainType, Category: p.category,
				Slug: fmt.Sprintf("synthetic-%s", p.id), THC: p.thc, PotencyUnit: unit, Origin: "OH",
				Sizes: []replay.Size{{Label: p.label, Grams: p.grams, Mg: p.mg, Price: o.price, SalePrice: o.sale, InStock: o.inStock}},
			})
		}
		ds.Stores = append(ds.Stores, st)
	}
	return ds
}

func cents(v float64) float64 { return math.Round(v*100) / 100 }
