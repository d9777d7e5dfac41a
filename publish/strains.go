package publish

import (
	"sort"
	"strings"
)

// StrainCatalogue is a source of strain facts beyond the menus: types and parents.
type StrainCatalogue struct {
	// Source credits the catalogue on every strain page whose lineage it gave.
	Source LineageSource
	// Strains by slug (NameSlug of the name).
	Strains map[string]StrainEntry
}

// StrainEntry is what a catalogue says of one strain.
type StrainEntry struct {
	Name string
	// Type is indica, sativa, hybrid or "".
	Type    string
	Parents []string
}

// LineageSource names where a strain's parents come from.
type LineageSource struct {
	Name string  `json:"name"`
	URL  *string `json:"url"`
}

// menuLineage credits lineage that menus gave ("a cross of X and Y").
var menuLineage = LineageSource{Name: "Dispensary menus"}

func (c StrainCatalogue) lookup(name string) (StrainEntry, bool) {
	e, ok := c.Strains[nameSlug(name)]
	return e, ok
}

// StrainsIndex is api/strains.
type StrainsIndex struct {
	GeneratedAt string          `json:"generatedAt"`
	Sample      bool            `json:"sample"`
	Strains     []StrainSummary `json:"strains"`
}

// StrainSummary is one strain of the index.
type StrainSummary struct {
	Slug     string  `json:"slug"`
	Name     string  `json:"name"`
	Type     *string `json:"type"`
	Stores   int     `json:"stores"`
	Products int     `json:"products"`
	Lineage  bool    `json:"lineage"`
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
	THC            *Range          `json:"thc"`
	Terpenes       []TerpeneCount  `json:"terpenes"`
	Offers         []StrainOffer   `json:"offers"`
}

// StrainLink names a parent or child strain; Slug is nil when it has no page.
type StrainLink struct {
	Name string  `json:"name"`
	Slug *string `json:"slug"`
}

// Range is the lowest and highest of some values.
type Range struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
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
	slug, name, typ string
	parents         []string
	source          *LineageSource
	listed          []*offer
}

// buildStrains returns api/strains and a page per strain any menu named in the history
// window (or lists now), by slug.
func (s *shop) buildStrains(h *history) (StrainsIndex, map[string]StrainPage) {
	facts := map[string]*strainFacts{}
	for slug, seen := range h.strains {
		f := &strainFacts{slug: slug, name: mostUsed(seen.spellings), typ: mostUsedType(seen.types)}
		if e, ok := s.Strains.Strains[slug]; ok {
			if e.Type != "" {
				f.typ = e.Type
			}
			if len(e.Parents) > 0 {
				f.parents, f.source = e.Parents, &s.Strains.Source
			}
		}
		facts[slug] = f
	}
	menuParents := map[string]map[string]int{} // strain slug -> "A\x00B" -> uses
	for i := range s.offers {
		o := &s.offers[i]
		slug := nameSlug(o.Strain)
		f := facts[slug]
		if f == nil {
			continue
		}
		if o.listed() {
			f.listed = append(f.listed, o)
		}
		if len(o.Lineage) > 0 {
			if menuParents[slug] == nil {
				menuParents[slug] = map[string]int{}
			}
			menuParents[slug][strings.Join(o.Lineage, "\x00")]++
		}
	}
	for slug, forms := range menuParents {
		if f := facts[slug]; f.source == nil {
			f.parents, f.source = strings.Split(mostUsed(forms), "\x00"), &menuLineage
		}
	}
	children := map[string][]string{} // parent slug -> child slugs
	for slug, f := range facts {
		for _, p := range f.parents {
			children[nameSlug(p)] = append(children[nameSlug(p)], slug)
		}
	}
	link := func(name string) StrainLink {
		l := StrainLink{Name: name}
		if slug := nameSlug(name); facts[slug] != nil {
			l.Slug = &slug
			l.Name = facts[slug].name
		}
		return l
	}

	idx := StrainsIndex{GeneratedAt: s.generatedAt, Sample: s.Sample, Strains: make([]StrainSummary, 0, len(facts))}
	pages := make(map[string]StrainPage, len(facts))
	for slug, f := range facts {
		sortOffers(f.listed)
		stores, products := map[string]bool{}, map[string]bool{}
		page := StrainPage{GeneratedAt: s.generatedAt, Sample: s.Sample, Slug: slug, Name: f.name, Type: nonEmpty(f.typ),
			Parents: []StrainLink{}, Children: []StrainLink{}, LineageSources: []LineageSource{}, Terpenes: []TerpeneCount{},
			Offers: make([]StrainOffer, 0, len(f.listed))}
		for _, p := range f.parents {
			page.Parents = append(page.Parents, link(p))
		}
		kids := children[slug]
		sort.Strings(kids)
		for _, k := range kids {
			page.Children = append(page.Children, link(facts[k].name))
		}
		if f.source != nil {
			page.LineageSources = append(page.LineageSources, *f.source)
		}
		terps := map[string]*TerpeneCount{}
		terpProducts := map[string]bool{}
		for _, o := range f.listed {
			stores[o.Slug] = true
			products[o.Code] = true
			page.Offers = append(page.Offers, StrainOffer{Code: o.Code, Name: o.Name, Brand: o.Brand, Category: string(o.Category),
				Size: o.Size, ProductOffer: s.productOffer(o)})
			if o.THC != nil && o.PotencyUnit == "%" && (o.Category == "Flower" || o.Category == "Preroll") {
				if page.THC == nil {
					page.THC = &Range{Min: *o.THC, Max: *o.THC}
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
		pages[slug] = page
		idx.Strains = append(idx.Strains, StrainSummary{Slug: slug, Name: f.name, Type: page.Type, Stores: len(stores),
			Products: len(products), Lineage: len(page.Parents) > 0})
	}
	sort.Slice(idx.Strains, func(i, j int) bool {
		a, b := strings.ToLower(idx.Strains[i].Name), strings.ToLower(idx.Strains[j].Name)
		if a != b {
			return a < b
		}
		return idx.Strains[i].Slug < idx.Strains[j].Slug
	})
	return idx, pages
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
