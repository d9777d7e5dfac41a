package publish

import (
	"sort"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/freshness"
)

// LineageSource names where a strain's parents come from.
type LineageSource struct {
	Name string  `json:"name"`
	URL  *string `json:"url"`
}

// menuLineage credits lineage that menus gave ("a cross of X and Y"): the strain
// catalogue's parent links are wrong (data/strains/PROVENANCE.md), so menus are the
// only source of parents.
var menuLineage = LineageSource{Name: "Dispensary menus"}

// strainID is how the snapshots name one strain: menus' spellings folded by
// data.StrainKey, named and slugged as the catalogue does when it knows the strain.
type strainID struct {
	key, slug, name string
	// catalogueType is the catalogue's type; catalogue says the name came from it.
	catalogueType string
	catalogue     bool
}

// resolveStrains names every strain the history saw: the catalogue's name and slug when
// it knows the strain, else the spelling menus use most and its data.StrainSlug. Two
// strains never share a slug, nor take "index".
func (s *shop) resolveStrains(h *history) {
	s.strains = map[string]*strainID{}
	keys := make([]string, 0, len(h.strains))
	for k := range h.strains {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	taken := map[string]bool{"index": true}
	for _, k := range keys {
		id := &strainID{key: k, name: mostUsed(h.strains[k].spellings)}
		if cs, ok := s.lookupStrain(id.name); ok {
			id.name, id.slug, id.catalogueType, id.catalogue = cs.Name, cs.Slug, cs.Type, true
		} else {
			id.slug = data.StrainSlug(id.name)
		}
		if id.slug == "" {
			continue
		}
		for base, n := id.slug, 2; taken[id.slug]; n++ {
			id.slug = base + "-" + strconv.Itoa(n)
		}
		taken[id.slug] = true
		s.strains[k] = id
	}
	for _, d := range s.descs {
		d.strain = s.strainOf(d.Strain)
	}
}

// catalogueTypeOf is the catalogue's type for the strain a menu names, "" when the
// catalogue does not know it. The catalogue is keyed by data.StrainKey, as the strains
// resolveStrains names are: every spelling of one strain gets the type its name gets.
func (s *shop) catalogueTypeOf(strain string) string {
	if cs, ok := s.lookupStrain(strain); ok {
		return cs.Type
	}
	return ""
}

func (s *shop) lookupStrain(name string) (data.Strain, bool) {
	if s.Strains == nil {
		return data.Strain{}, false
	}
	return s.Strains.Lookup(name)
}

// strainOf is the strain a menu's strain name names, nil when none.
func (s *shop) strainOf(name string) *strainID {
	return s.strains[data.StrainKey(name)]
}

// StrainsIndex is api/strains.
type StrainsIndex struct {
	GeneratedAt string          `json:"generatedAt"`
	Sample      bool            `json:"sample"`
	Strains     []StrainSummary `json:"strains"`
}

// StrainSummary is one strain of the index.
type StrainSummary struct {
	Slug string  `json:"slug"`
	Name string  `json:"name"`
	Type *string `json:"type"`
	// Stores counts the dispensaries that have it: a product of the strain in stock on a
	// current menu (strainStores), the figure api/statistics' topFlower gives too.
	Stores int `json:"stores"`
	// StoresListed counts the dispensaries listing it in stock on a current or stale
	// menu: the offers the strain page and the Menus search show.
	StoresListed int  `json:"storesListed"`
	Products     int  `json:"products"`
	Lineage      bool `json:"lineage"`
}

// strainStores counts "the stores that have it" of a strain, the one figure the homepage
// and the strain index give: the dispensaries with a product of it (flower, preroll,
// vape or extract) in stock on a current menu category; listed are its offers shoppers
// can buy (in stock, current or stale).
func strainStores(listed []*offer) int {
	stores := map[string]bool{}
	for _, o := range listed {
		if o.fresh() == freshness.Current {
			stores[o.Slug] = true
		}
	}
	return len(stores)
}

// topStrains are the n strains most dispensaries have (strainStores; ties by name), as
// api/statistics' topFlower lists them.
func topStrains(strains []StrainSummary, n int) []StrainCount {
	out := []StrainCount{}
	for _, s := range strains {
		if s.Stores > 0 {
			out = append(out, StrainCount{Name: s.Name, Count: s.Stores, Slug: s.Slug})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].Count != out[j].Count {
			return out[i].Count > out[j].Count
		}
		return out[i].Name < out[j].Name
	})
	return out[:min(n, len(out))]
}

// StrainPage is api/strains/<slug>.
type StrainPage struct {
	GeneratedAt    string          `json:"generatedAt"`
	Sample         bool            `json:"sample"`
	Slug           string          `json:"slug"`
	Name           string          `json:"name"`
	Type           *string         `json:"type"`
	Parents        []StrainLink    `json:"parents"`
	Children       []StrainLink    `json:"children"`
	LineageSources []LineageSource `json:"lineageSources"`
	// CatalogueSource credits the strain catalogue when the name or type came from it.
	CatalogueSource *string        `json:"catalogueSource"`
	THC             *Range         `json:"thc"`
	Terpenes        []TerpeneCount `json:"terpenes"`
	Offers          []StrainOffer  `json:"offers"`
}

// StrainLink names a parent or child strain; Slug is nil when it has no page.
type StrainLink struct {
	Name string  `json:"name"`
	Slug *string `json:"slug"`
}

// Range is the lowest and highest of some values, in Unit.
type Range struct {
	Min  float64 `json:"min"`
	Max  float64 `json:"max"`
	Unit string  `json:"unit"`
}

// TerpeneCount is a terpene and how many products list it.
type TerpeneCount struct {
	Slug     string `json:"slug"`
	Name     string `json:"name"`
	Products int    `json:"products"`
}

// StrainOffer is a product offer (api/products' shape) with the product it is.
type StrainOffer struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Brand    string `json:"brand"`
	Category string `json:"category"`
	Size     string `json:"size"`
	ProductOffer
}

// strainFacts is what the builder gathers for one strain.
type strainFacts struct {
	id              *strainID
	slug, name, typ string
	parents         []string
	source          *LineageSource
	listed          []*offer
}

// buildStrains emits a page per strain any menu named in the history window (or lists
// now) and api/strains/index.
func (s *shop) buildStrains(h *history, emit Emit) error {
	facts, children := s.strainFacts(h)
	idx := StrainsIndex{GeneratedAt: s.generatedAt, Sample: s.Sample, Strains: make([]StrainSummary, 0, len(facts))}
	for slug, f := range facts {
		page, stores, products := s.strainPage(slug, f, facts, children[slug])
		if err := emit(PathStrains+slug, page); err != nil {
			return err
		}
		idx.Strains = append(idx.Strains, StrainSummary{Slug: slug, Name: f.name, Type: page.Type, Stores: strainStores(f.listed),
			StoresListed: stores, Products: products, Lineage: len(page.Parents) > 0})
	}
	sort.Slice(idx.Strains, func(i, j int) bool {
		a, b := strings.ToLower(idx.Strains[i].Name), strings.ToLower(idx.Strains[j].Name)
		if a != b {
			return a < b
		}
		return idx.Strains[i].Slug < idx.Strains[j].Slug
	})
	s.topStrains = topStrains(idx.Strains, TopFlowerSize)
	return emit(PathStrains+"index", idx)
}

// strainFacts gathers, per strain slug, what the history window and today's offers say
// of each strain (its type, the offers listing it, the parents menus give it most), and
// each strain's children among them.
func (s *shop) strainFacts(h *history) (facts map[string]*strainFacts, children map[string][]string) {
	facts = map[string]*strainFacts{} // by slug
	for key, seen := range h.strains {
		id := s.strains[key]
		if id == nil {
			continue
		}
		// The menus' own type first: most of the catalogue's "hybrid" is its default.
		f := &strainFacts{id: id, slug: id.slug, name: id.name, typ: mostUsedType(seen.types)}
		if f.typ == "" {
			f.typ = id.catalogueType
		}
		facts[id.slug] = f
	}
	menuParents := map[string]map[string]int{} // strain slug -> "A\x00B" -> uses
	for i := range s.offers {
		o := &s.offers[i]
		id := o.strain
		if id == nil {
			continue
		}
		f := facts[id.slug]
		if o.listed() {
			f.listed = append(f.listed, o)
		}
		if len(o.Lineage) > 0 {
			if menuParents[id.slug] == nil {
				menuParents[id.slug] = map[string]int{}
			}
			menuParents[id.slug][strings.Join(o.Lineage, "\x00")]++
		}
	}
	for slug, forms := range menuParents {
		f := facts[slug]
		f.parents, f.source = strings.Split(mostUsed(forms), "\x00"), &menuLineage
	}
	children = map[string][]string{} // parent slug -> child slugs
	for slug, f := range facts {
		for _, p := range f.parents {
			if id := s.strainOf(p); id != nil {
				children[id.slug] = append(children[id.slug], slug)
			}
		}
	}
	return facts, children
}

// strainLink links a strain's name to its page when the catalogue knows it.
func (s *shop) strainLink(name string) StrainLink {
	l := StrainLink{Name: name}
	if id := s.strainOf(name); id != nil {
		l.Name, l.Slug = id.name, &id.slug
	}
	return l
}

// strainPage is one strain's page, with the number of stores and products listing it.
func (s *shop) strainPage(slug string, f *strainFacts, facts map[string]*strainFacts, kids []string) (StrainPage, int, int) {
	sortOffers(f.listed)
	stores, products := map[string]bool{}, map[string]bool{}
	page := StrainPage{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: slug, Name: f.name, Type: nonEmpty(f.typ),
		Parents: []StrainLink{}, Children: []StrainLink{}, LineageSources: []LineageSource{}, Terpenes: []TerpeneCount{},
		Offers: []StrainOffer{}}
	for _, p := range f.parents {
		page.Parents = append(page.Parents, s.strainLink(p))
	}
	sort.Strings(kids)
	for _, k := range kids {
		page.Children = append(page.Children, s.strainLink(facts[k].name))
	}
	if f.source != nil {
		page.LineageSources = append(page.LineageSources, *f.source)
	}
	if f.id.catalogue {
		page.CatalogueSource = nonEmpty(data.StrainSource)
	}
	terps := map[string]*TerpeneCount{}
	terpProducts := map[string]bool{}
	var rows []*offer
	for _, o := range f.listed {
		stores[o.Slug] = true
		if !products[o.Code] {
			// One row per product, its cheapest offer: a popular strain is sold by
			// hundreds of stores, and the product page lists them all.
			rows = append(rows, o)
		}
		products[o.Code] = true
		if o.THC != nil && o.PotencyUnit == "%" && (o.Category == "Flower" || o.Category == "Preroll") {
			if page.THC == nil {
				page.THC = &Range{Min: *o.THC, Max: *o.THC, Unit: "%"}
			}
			page.THC.Min, page.THC.Max = min(page.THC.Min, *o.THC), max(page.THC.Max, *o.THC)
		}
		for _, t := range o.Terpenes {
			ts := nameSlug(t.Name)
			if ts == "" || terpProducts[ts+"\x00"+o.Code] {
				continue
			}
			terpProducts[ts+"\x00"+o.Code] = true
			if terps[ts] == nil {
				terps[ts] = &TerpeneCount{Slug: ts, Name: t.Name}
			}
			terps[ts].Products++
		}
	}
	page.Offers = make([]StrainOffer, 0, len(rows))
	for _, o := range rows {
		page.Offers = append(page.Offers, StrainOffer{Code: o.Code, Name: o.name, Brand: o.Brand, Category: string(o.Category),
			Size: o.sizeLabel, ProductOffer: s.productOffer(o)})
	}
	for _, t := range terps {
		page.Terpenes = append(page.Terpenes, *t)
	}
	sort.Slice(page.Terpenes, func(i, j int) bool {
		a, b := page.Terpenes[i], page.Terpenes[j]
		if a.Products != b.Products {
			return a.Products > b.Products
		}
		return a.Slug < b.Slug
	})
	return page, len(stores), len(products)
}

// mostUsedType is the type menus give a strain most often, hybrid on a tie being the
// honest answer to a disagreement.
func mostUsedType(types map[string]int) string {
	best, n := "", 0
	for _, t := range []string{"hybrid", "indica", "sativa"} {
		if types[t] > n {
			best, n = t, types[t]
		}
	}
	return best
}
