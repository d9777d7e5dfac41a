package publish

import (
	"sort"

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

// SearchFile is api/search/<category>/<region>.
type SearchFile struct {
	GeneratedAt string        `json:"generatedAt"`
	Sample      bool          `json:"sample"`
	Category    data.Category `json:"category"`
	Region      string        `json:"region"`
	// Menus are the [storeSlug, market] pairs the rows point to, so that a row
	// carries a small number rather than a slug and a market name.
	Menus    [][2]string     `json:"menus"`
	Products []SearchProduct `json:"products"`
	// Offers are rows: [productIndex, menuIndex, size, grams, mg, price,
	// salePrice, unitPrice, unit, thc, isNew].
	Offers [][]any `json:"offers"`
}

// SearchFirst is api/search/<category>/first: the first page of the default search
// (the whole state, both markets, by name A to Z), so that the Menus screen shows
// results before it has every shard, with the totals of the whole search.
type SearchFirst struct {
	SearchFile
	// Total and Stores count the whole search's offers and their stores.
	Total  int `json:"total"`
	Stores int `json:"stores"`
}

// SearchFirstPage is the Menus screen's page size (PAGE_SIZE in site/src/routes/menus.tsx).
const SearchFirstPage = 50

// SearchProduct is a product of a shard, indexed by its offer rows.
type SearchProduct struct {
	Code       string  `json:"code"`
	Name       string  `json:"name"`
	Brand      string  `json:"brand"`
	Strain     string  `json:"strain"`
	StrainType *string `json:"strainType"`
}

// buildSearch emits the shards and api/search/stores.
func (s *shop) buildSearch(emit Emit) error {
	idx := SearchStores{GeneratedAt: s.generatedAt, Sample: s.Sample, Stores: []SearchStore{}, Shards: []SearchShard{}}
	for _, st := range s.Statuses {
		d := st.Dispensary
		if len(st.Markets) == 0 {
			continue
		}
		ss := SearchStore{Slug: d.Slug, Name: d.Name, City: d.City, Address: d.Address, Region: d.Region, Lat: d.Lat, Lng: d.Lng,
			Coordinates: coordinates(d), Website: d.Website, Sample: s.Sample || d.Sample}
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
		for _, region := range data.Regions {
			offers := byShard[shardKey{cat, region}]
			if len(offers) == 0 {
				continue
			}
			path := PathSearch + slugOf(string(cat)) + "/" + slugOf(region)
			if err := emit(path, s.searchFile(cat, region, offers)); err != nil {
				return err
			}
			idx.Shards = append(idx.Shards, SearchShard{Category: cat, Region: region, Path: path, Offers: len(offers)})
		}
		var all []*offer
		for _, region := range data.Regions {
			all = append(all, byShard[shardKey{cat, region}]...)
		}
		if len(all) == 0 {
			continue
		}
		if err := emit(PathSearch+slugOf(string(cat))+"/first", s.searchFirst(cat, all)); err != nil {
			return err
		}
	}
	return emit(PathSearchStores, idx)
}

// searchFirst is the first page of a category's whole-state search in the site's
// default order: product name then brand (lower-cased, as the site compares them),
// then price paid, then store slug.
func (s *shop) searchFirst(cat data.Category, offers []*offer) SearchFirst {
	sorted := append([]*offer(nil), offers...)
	sort.SliceStable(sorted, func(i, j int) bool {
		a, b := sorted[i], sorted[j]
		if a.nameKey != b.nameKey {
			return a.nameKey < b.nameKey
		}
		if a.brandKey != b.brandKey {
			return a.brandKey < b.brandKey
		}
		if ca, cb := cents(a.Cost()), cents(b.Cost()); ca != cb {
			return ca < cb
		}
		return a.Slug < b.Slug
	})
	stores := map[string]bool{}
	for _, o := range offers {
		stores[o.Slug] = true
	}
	page := sorted[:min(len(sorted), SearchFirstPage)]
	return SearchFirst{SearchFile: s.searchRows(cat, "", page), Total: len(offers), Stores: len(stores)}
}

// searchFile lists each product once (by name, brand, code) and its offers as rows,
// cheapest first within a product.
func (s *shop) searchFile(cat data.Category, region string, offers []*offer) SearchFile {
	sort.Slice(offers, func(i, j int) bool {
		a, b := offers[i], offers[j]
		if a.nameKey != b.nameKey {
			return a.nameKey < b.nameKey
		}
		if a.Brand != b.Brand {
			return a.Brand < b.Brand
		}
		if a.Code != b.Code {
			return a.Code < b.Code
		}
		return cheaper(a, b)
	})
	return s.searchRows(cat, region, offers)
}

// searchRows lists offers as rows in their order, each product and menu once.
func (s *shop) searchRows(cat data.Category, region string, offers []*offer) SearchFile {
	f := SearchFile{GeneratedAt: s.generatedAt, Sample: s.Sample, Category: cat, Region: region,
		Menus: [][2]string{}, Products: []SearchProduct{}, Offers: make([][]any, 0, len(offers))}
	products := map[string]int{}
	menus := map[[2]string]int{}
	for _, o := range offers {
		i, ok := products[o.Code]
		if !ok {
			i = len(f.Products)
			products[o.Code] = i
			f.Products = append(f.Products, SearchProduct{Code: o.Code, Name: o.Name, Brand: o.Brand, Strain: o.Strain, StrainType: nonEmpty(s.strainTypeOf(o.Offer))})
		}
		menu := [2]string{o.Slug, string(o.Market)}
		m, ok := menus[menu]
		if !ok {
			m = len(f.Menus)
			menus[menu] = m
			f.Menus = append(f.Menus, menu)
		}
		unitPrice, unit := o.unitPriceOf()
		f.Offers = append(f.Offers, []any{i, m, o.Size, positive(o.Grams), positive(o.Milligrams),
			cents(o.Price), o.salePrice(), unitPrice, unit, o.THC, o.isNew})
	}
	return f
}

// strainTypeOf is the strain type of an offer: the menu's, else the catalogue's for its
// strain (most of the catalogue's "hybrid" is its default, so the menu comes first).
func (s *shop) strainTypeOf(o *data.Offer) string {
	if t := strainType(o.StrainType); t != "" {
		return t
	}
	if id := s.strainOf(o.Strain); id != nil {
		return id.catalogueType
	}
	return ""
}
