package publish

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// SearchStores is api/search/stores: every dispensary with a menu, and the shards.
type SearchStores struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Stores      []SearchStore `json:"stores"`
	Shards      []SearchShard `json:"shards"`
}

// SearchStore is one dispensary as the Menus search shows it.
type SearchStore struct {
	Slug        string         `json:"slug"`
	Name        string         `json:"name"`
	City        string         `json:"city"`
	Address     string         `json:"address"`
	Region      string         `json:"region"`
	Lat         float64        `json:"lat"`
	Lng         float64        `json:"lng"`
	Coordinates string         `json:"coordinates"`
	Website     string         `json:"website"`
	Sample      bool           `json:"sample"`
	Markets     []SearchMarket `json:"markets"`
	// StoreListing: licence, phone, hours, openingHours, onStateList, medical, adultUse.
	StoreListing
}

// SearchMarket is one market's menu of a store: its page and each category's last update.
type SearchMarket struct {
	Market     data.Market               `json:"market"`
	MenuURL    *string                   `json:"menuUrl"`
	LastUpdate map[data.Category]*string `json:"lastUpdate"`
}

// SearchShard names one shard file and how many offers it holds.
type SearchShard struct {
	Category data.Category `json:"category"`
	Region   string        `json:"region"`
	Path     string        `json:"path"`
	Offers   int           `json:"offers"`
}

// SearchFile is api/search/<category>/<region> (and /all-<n>, the whole state's parts).
// Products and offers are columns (one array per field, index i of each is one
// product or offer) rather than rows: a column of like values (prices, 0s and 1s)
// compresses far better than rows mixing them, which is what keeps the whole
// state's search under its budget (200 KB gzip at Ohio size, so a phone loads it).
type SearchFile struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Category    data.Category `json:"category"`
	Region      string        `json:"region"`
	// Menus are the [storeSlug, market] pairs the offers point to, so that an offer
	// carries a small number rather than a slug and a market name.
	Menus    [][2]string    `json:"menus"`
	Products SearchProducts `json:"products"`
	Offers   SearchOffers   `json:"offers"`
}

// SearchProducts are a file's products as columns. A product is a code with one
// size: its size, weight and dose are the product's, not repeated per offer (a code
// names one size, but menus label it differently: "3.5g", "eighth ounce").
type SearchProducts struct {
	Code       []string   `json:"code"`
	Name       []string   `json:"name"`
	Brand      []string   `json:"brand"`
	Strain     []string   `json:"strain"`
	StrainType []*string  `json:"strainType"`
	Size       []string   `json:"size"`
	Grams      []*float64 `json:"grams"`
	MG         []*float64 `json:"mg"`
	// Terpenes are the slugs of the terpenes the product's menu lists (api/terpenes/<slug>), for the terpene filter.
	Terpenes [][]string `json:"terpenes"`
}

// SearchOffers are a file's offers as columns. The unit price is not written: the
// site divides the price paid by the product's grams (or 100 mg of THC for edibles)
// as unitPriceFor does.
type SearchOffers struct {
	Product   []int      `json:"product"`
	Menu      []int      `json:"menu"`
	Price     []float64  `json:"price"`
	SalePrice []*float64 `json:"salePrice"`
	THC       []*float64 `json:"thc"`
	// PotencyUnit is each THC figure's unit: "%" or, for most edibles, "mg".
	PotencyUnit []*string `json:"potencyUnit"`
	// CBD is each offer's CBD figure, in its PotencyUnit, for the CBD filter.
	CBD []*float64 `json:"cbd"`
	// THCLow and CBDLow are the lower ends of ranges, as in MenuOffers: written only
	// when some offer of the file has one.
	THCLow []*float64 `json:"thcLow,omitempty"`
	CBDLow []*float64 `json:"cbdLow,omitempty"`
	IsNew  []bool     `json:"isNew"`
	// SaleLows are the lows of the offers on sale, as in MenuOffers.
	SaleLows []IndexedSaleLow `json:"saleLows,omitempty"`
}

// SearchFirst is api/search/<category>/first: the first page of the default search
// (the whole state, both markets, by price paid), so that the Menus screen shows
// results before it has every shard, with the totals of the whole search; and
// api/search/<category>/first-<region>, the same for one region's search.
type SearchFirst struct {
	SearchFile
	// Total and Stores count the whole search's offers and their stores.
	Total  int `json:"total"`
	Stores int `json:"stores"`
	// Facets count the whole search's offers by each option of the filters with counts, as
	// the site counts them with no filter chosen: its filters show every option, with its
	// count, before the site has loaded and counted the whole search itself.
	Facets SearchFacets `json:"facets"`
}

// SearchFacets count a search's offers by brand, strain type, size (a product's grams and
// mg, which the site reads as its sizes), terpene, on sale and new. Each list is sorted
// by its value (sizes by grams, then mg, none first), so that the file is the same for the
// same offers.
type SearchFacets struct {
	Brand      []ValueCount `json:"brand"`
	StrainType []ValueCount `json:"strainType"`
	Size       []SizeCount  `json:"size"`
	Terpene    []ValueCount `json:"terpene"`
	Sale       int          `json:"sale"`
	New        int          `json:"new"`
}

// ValueCount is an option and its offers: ["Klutch", 12].
type ValueCount [2]any

// SizeCount is a size as the products column writes it and its offers: [3.5, null, 40]
// (grams, mg; either null when none).
type SizeCount [3]any

// SearchFirstPage is the Menus screen's page size (PAGE_SIZE in site/src/features/menus/lib/menu-search.ts).
const SearchFirstPage = 50

// buildSearch emits the shards and api/search/stores.
func (s *shop) buildSearch(emit Emit) error {
	idx := SearchStores{GeneratedAt: s.generatedAt, Sample: s.Sample, Stores: []SearchStore{}, Shards: []SearchShard{}}
	for _, st := range s.Statuses {
		d := st.Dispensary
		if len(st.Markets) == 0 {
			continue
		}
		ss := SearchStore{Slug: d.Slug, Name: d.Name, City: d.City, Address: d.Address, Region: d.Region, Lat: d.Lat, Lng: d.Lng,
			Coordinates: coordinates(d), Website: d.Website, Sample: s.Sample || d.Sample, StoreListing: storeListing(st)}
		for _, ms := range st.Markets {
			sm := SearchMarket{Market: ms.Market, MenuURL: menuURL(d, ms.Market), LastUpdate: map[data.Category]*string{}}
			// One menu fetch covers every category, Other included: its last update is
			// the latest of the tracked ones.
			var latest *string
			for _, cs := range ms.Categories {
				sm.LastUpdate[cs.Category] = timeOf(cs.LastUpdate)
				if t := timeOf(cs.LastUpdate); t != nil && (latest == nil || *t > *latest) {
					latest = t
				}
			}
			sm.LastUpdate[data.Other] = latest
			ss.Markets = append(ss.Markets, sm)
		}
		idx.Stores = append(idx.Stores, ss)
	}

	type shardKey struct {
		category data.Category
		region   string
	}
	byShard := map[shardKey][]*offer{}
	for _, o := range s.listed {
		k := shardKey{o.Category, o.store.Region}
		byShard[k] = append(byShard[k], o)
	}
	for _, cat := range data.AllCategories {
		var all []*offer
		for _, region := range data.Regions {
			all = append(all, byShard[shardKey{cat, region}]...)
		}
		if len(all) == 0 {
			continue
		}
		if err := emit(PathSearch+slugOf(string(cat))+"/first", s.searchFirst(cat, "", all)); err != nil {
			return err
		}
		// Sorted once: each region's shard takes its offers in this order.
		sortSearch(all)
		inRegion := map[string][]*offer{}
		for _, o := range all {
			inRegion[o.store.Region] = append(inRegion[o.store.Region], o)
		}
		for _, region := range data.Regions {
			offers := inRegion[region]
			if len(offers) == 0 {
				continue
			}
			path := PathSearch + slugOf(string(cat)) + "/" + slugOf(region)
			if err := emit(path, s.searchRows(cat, region, offers)); err != nil {
				return err
			}
			// The region's own first page, which its page on the site (/dispensary-menus/<region>/<type>)
			// is rendered with and paints before the shard: taken in the shard's order, so that
			// offers equal in the page's order come as the site orders the shard's.
			if err := emit(PathSearch+slugOf(string(cat))+"/first-"+slugOf(region), s.searchFirst(cat, region, offers)); err != nil {
				return err
			}
			idx.Shards = append(idx.Shards, SearchShard{Category: cat, Region: region, Path: path, Offers: len(offers)})
		}
		// The whole state's search reads these files rather than every region's: each
		// product is listed once, not once per region. In parts of at most
		// searchPartOffers offers, cut between products, so that each stays a shard's
		// size (Ohio's flower: 162 kB gzip in all, site/scripts/bench-menus.mjs).
		for i, part := range searchParts(all, searchPartOffers) {
			path := PathSearch + slugOf(string(cat)) + "/all-" + strconv.Itoa(i+1)
			if err := emit(path, s.searchRows(cat, "", part)); err != nil {
				return err
			}
			idx.Shards = append(idx.Shards, SearchShard{Category: cat, Region: "", Path: path, Offers: len(part)})
		}
	}
	return emit(PathSearchStores, idx)
}

// searchFirst is the first page of a category's search of region ("" for the whole
// state) in the site's default order (compareOffers by price): price paid, then product
// name and brand (lower-cased, as the site compares them), then store slug.
func (s *shop) searchFirst(cat data.Category, region string, offers []*offer) searchFile {
	before := func(a, b *offer) bool {
		if a.costCents != b.costCents {
			return a.costCents < b.costCents
		}
		if a.displayKey != b.displayKey {
			return a.displayKey < b.displayKey
		}
		if a.brandKey != b.brandKey {
			return a.brandKey < b.brandKey
		}
		return a.Slug < b.Slug
	}
	// The first page is all that is written: keep the first SearchFirstPage offers in
	// order (equal ones in the order they came, as a stable sort would) rather than
	// sorting every offer of the category.
	page := make([]*offer, 0, SearchFirstPage+1)
	stores := map[string]bool{}
	for _, o := range offers {
		stores[o.Slug] = true
		if len(page) == SearchFirstPage && !before(o, page[len(page)-1]) {
			continue
		}
		at, _ := slices.BinarySearchFunc(page, o, func(p, o *offer) int {
			if before(o, p) {
				return 1 // p comes after o
			}
			return -1 // p comes before o, or is equal and came first
		})
		page = slices.Insert(page, at, o)
		if len(page) > SearchFirstPage {
			page = page[:SearchFirstPage]
		}
	}
	f := s.searchRows(cat, region, page)
	f.first, f.total, f.stores = true, len(offers), len(stores)
	f.facets = countSearchFacets(offers)
	return f
}

// searchFacetCounts are SearchFacets as countSearchFacets counts them.
type searchFacetCounts struct {
	brand, strainType, terpene map[string]int
	size                       map[[2]float64]int
	sale, isNew                int
}

// countSearchFacets counts offers by each option of the filters with counts, each offer by
// its figures as the search files write them (the site reads those): its brand, its strain
// type and terpenes, its product's grams and mg (0 for none, written null), on sale when
// its sale price as written is above zero and below its price as written, new.
func countSearchFacets(offers []*offer) *searchFacetCounts {
	c := &searchFacetCounts{brand: map[string]int{}, strainType: map[string]int{}, terpene: map[string]int{}, size: map[[2]float64]int{}}
	for _, o := range offers {
		c.brand[o.Brand]++
		if t := strainTypeOf(o.desc); t != "" {
			c.strainType[t]++
		}
		for _, slug := range terpeneSlugs(o.desc) {
			c.terpene[slug]++
		}
		c.size[[2]float64{writtenPositive(o.Grams), writtenPositive(o.Milligrams)}]++
		if sale := o.salePrice(); sale != nil && *sale > 0 && *sale < cents(o.Price) {
			c.sale++
		}
		if o.isNew {
			c.isNew++
		}
	}
	return c
}

// writtenPositive is f as appendPositive writes it, with 0 for what it writes as null (none,
// a negative, NaN, an infinity), so that one size is one key however the menu gave none.
func writtenPositive(f float64) float64 {
	if f > 0 && !math.IsInf(f, 1) {
		return f
	}
	return 0
}

// appendJSON writes the counts as SearchFacets.
func (c *searchFacetCounts) appendJSON(b []byte) []byte {
	values := func(b []byte, counts map[string]int) []byte {
		keys := slices.Sorted(maps.Keys(counts))
		return appendList(b, keys, func(b []byte, k string, _ int) []byte {
			b = append(b, '[')
			b = appendString(b, k)
			b = append(b, ',')
			b = strconv.AppendInt(b, int64(counts[k]), 10)
			return append(b, ']')
		})
	}
	b = append(b, `{"brand":`...)
	b = values(b, c.brand)
	b = append(b, `,"strainType":`...)
	b = values(b, c.strainType)
	b = append(b, `,"size":`...)
	sizes := slices.SortedFunc(maps.Keys(c.size), func(x, y [2]float64) int {
		return cmp.Or(cmp.Compare(x[0], y[0]), cmp.Compare(x[1], y[1]))
	})
	b = appendList(b, sizes, func(b []byte, k [2]float64, _ int) []byte {
		b = append(b, '[')
		b = appendPositive(b, k[0])
		b = append(b, ',')
		b = appendPositive(b, k[1])
		b = append(b, ',')
		b = strconv.AppendInt(b, int64(c.size[k]), 10)
		return append(b, ']')
	})
	b = append(b, `,"terpene":`...)
	b = values(b, c.terpene)
	b = append(b, `,"sale":`...)
	b = strconv.AppendInt(b, int64(c.sale), 10)
	b = append(b, `,"new":`...)
	b = strconv.AppendInt(b, int64(c.isNew), 10)
	return append(b, '}')
}

// searchPartOffers is the most offers a part of a category's whole-state search
// holds, give or take one product's (a variable so that a test can cut small parts).
var searchPartOffers = 25000

// searchParts cuts offers (in sortSearch's order) into as few parts as limit allows,
// of about equal size (a small last part would cost more than it saves), each
// product's offers in one part.
func searchParts(offers []*offer, limit int) [][]*offer {
	n := (len(offers) + limit - 1) / limit
	size := (len(offers) + n - 1) / max(n, 1)
	var parts [][]*offer
	start := 0
	for i := 1; i <= len(offers); i++ {
		if i == len(offers) || (i-start >= size && offers[i].Code != offers[i-1].Code) {
			parts = append(parts, offers[start:i])
			start = i
		}
	}
	return parts
}

// sortSearch orders offers by product (name, brand, code), cheapest first within one.
func sortSearch(offers []*offer) {
	slices.SortFunc(offers, func(a, b *offer) int {
		if c := strings.Compare(a.displayKey, b.displayKey); c != 0 {
			return c
		}
		if c := strings.Compare(a.Brand, b.Brand); c != 0 {
			return c
		}
		if c := strings.Compare(a.Code, b.Code); c != 0 {
			return c
		}
		return byCost(a, b)
	})
}

// searchRows lists offers as columns in their order, each product (code and size)
// and menu once: a SearchFile that writes itself (jsonappend.go).
func (s *shop) searchRows(cat data.Category, region string, offers []*offer) searchFile {
	return searchFile{head: searchHead{GeneratedAt: s.generatedAt, Sample: s.Sample, Category: cat, Region: region}, offers: offers}
}

// searchHead is the head of a SearchFile, its fields in SearchFile's order.
type searchHead struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Category    data.Category `json:"category"`
	Region      string        `json:"region"`
}

// searchFile is a SearchFile of offers, written as SearchFile's JSON.
type searchFile struct {
	head   searchHead
	offers []*offer
	// first makes it a SearchFirst, with total, stores and facets.
	first         bool
	total, stores int
	facets        *searchFacetCounts
}

func (f searchFile) MarshalJSON() ([]byte, error) { return f.appendJSON(nil) }

func (f searchFile) appendJSON(b []byte) ([]byte, error) {
	b, err := appendObjectHead(b, f.head)
	if err != nil {
		return b, err
	}
	// Number the products (a code with one size) and menus in order of first offer.
	type productKey struct {
		code, size string
		grams, mg  float64
	}
	productOf := make([]int32, len(f.offers))
	menuOf := make([]int32, len(f.offers))
	var products []*offer // each product's first offer
	var menus []*offer    // each menu's first offer
	productIndex := map[productKey]int32{}
	// A place is one dispensary market (addMenu makes one per market).
	menuIndex := map[*place]int32{}
	var last productKey
	p := int32(-1)
	for i, o := range f.offers {
		// A file's offers come product by product (sortSearch): a product's index is
		// most often the one before's.
		if k := (productKey{o.Code, o.sizeLabel, o.Grams, o.Milligrams}); p < 0 || k != last {
			var ok bool
			if p, ok = productIndex[k]; !ok {
				p = int32(len(products))
				productIndex[k] = p
				products = append(products, o)
			}
			last = k
		}
		m, ok := menuIndex[o.place]
		if !ok {
			m = int32(len(menus))
			menuIndex[o.place] = m
			menus = append(menus, o)
		}
		productOf[i], menuOf[i] = p, m
	}
	b = append(b, `,"menus":`...)
	b = appendList(b, menus, func(b []byte, o *offer, _ int) []byte {
		b = append(b, '[')
		b = appendString(b, o.Slug)
		b = append(b, ',')
		b = appendString(b, string(o.Market))
		return append(b, ']')
	})
	column := func(name string, first bool, of []*offer, write func(b []byte, o *offer, i int) []byte) {
		b = appendColumn(b, name, first, of, write)
	}
	b = append(b, `,"products":{`...)
	column("code", true, products, func(b []byte, o *offer, _ int) []byte { return appendString(b, o.Code) })
	column("name", false, products, func(b []byte, o *offer, _ int) []byte { return appendString(b, o.name) })
	column("brand", false, products, func(b []byte, o *offer, _ int) []byte { return appendString(b, o.Brand) })
	column("strain", false, products, func(b []byte, o *offer, _ int) []byte { return appendString(b, o.Strain) })
	column("strainType", false, products, func(b []byte, o *offer, _ int) []byte { return appendStringOrNull(b, strainTypeOf(o.desc)) })
	column("size", false, products, func(b []byte, o *offer, _ int) []byte { return appendString(b, o.sizeLabel) })
	column("grams", false, products, func(b []byte, o *offer, _ int) []byte { return appendPositive(b, o.Grams) })
	column("mg", false, products, func(b []byte, o *offer, _ int) []byte { return appendPositive(b, o.Milligrams) })
	column("terpenes", false, products, func(b []byte, o *offer, _ int) []byte { return appendTerpeneSlugs(b, o.desc) })
	b = append(b, `},"offers":{`...)
	column("product", true, f.offers, func(b []byte, _ *offer, i int) []byte { return strconv.AppendInt(b, int64(productOf[i]), 10) })
	column("menu", false, f.offers, func(b []byte, _ *offer, i int) []byte { return strconv.AppendInt(b, int64(menuOf[i]), 10) })
	column("price", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendMoney(b, o.Price) })
	column("salePrice", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendSalePrice(b, o) })
	column("thc", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendFloatOrNull(b, o.THC) })
	column("potencyUnit", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendStringOrNull(b, o.PotencyUnit) })
	column("cbd", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendFloatOrNull(b, o.CBD) })
	b = appendLowColumns(b, f.offers)
	column("isNew", false, f.offers, func(b []byte, o *offer, _ int) []byte { return appendBool(b, o.isNew) })
	b = appendSaleLows(b, f.offers)
	b = append(b, "}"...)
	if f.first {
		b = append(b, `,"total":`...)
		b = strconv.AppendInt(b, int64(f.total), 10)
		b = append(b, `,"stores":`...)
		b = strconv.AppendInt(b, int64(f.stores), 10)
		b = append(b, `,"facets":`...)
		b = f.facets.appendJSON(b)
	}
	return append(b, '}'), nil
}

// strainTypeOf is the strain type of an offer: the menu's, else the catalogue's for its
// strain (most of the catalogue's "hybrid" is its default, so the menu comes first).
func strainTypeOf(o *desc) string {
	if t := strainType(o.StrainType); t != "" {
		return t
	}
	return o.catalogueType
}

// appendTerpeneSlugs writes the slugs of the terpenes a description lists, each once in
// the menu's order, as the terpene pages name them (nameSlug).
func appendTerpeneSlugs(b []byte, d *desc) []byte {
	return appendList(b, terpeneSlugs(d), func(b []byte, slug string, _ int) []byte { return appendString(b, slug) })
}

// terpeneSlugs are the slugs of the terpenes a description lists, each once in the menu's order.
func terpeneSlugs(d *desc) []string {
	var slugs []string
	for _, t := range d.Terpenes {
		if slug := nameSlug(t.Name); slug != "" && !slices.Contains(slugs, slug) {
			slugs = append(slugs, slug)
		}
	}
	return slugs
}
