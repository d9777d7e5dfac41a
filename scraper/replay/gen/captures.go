package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

// Ohio records hold no real pre-rolls, extracts or edibles, so those come from platform
// captures of other states' menus. Paths are those of the shared fixtures the files were copied from
// (fixtures.path finds the repository's copy);
// repositories and commits are those of the fixture folders' PROVENANCE.md files.
const (
	janeFile    = "platforms/jane/dmerch_v2_smart_products_store2913_store2266_2025-11.json"
	dutchieFile = "platforms/dutchie/filteredproducts_ethos-harmarville-pa_2025-11.json"
	jointFile   = "platforms/joint-ecommerce/shopcuzzies_products_first190of226.json"
)

// blockPageFile is where the recorded Cloudflare page the replay answers "blocked" with
// came from; its one copy in the repository is demo/cloudflare_block.html, which the
// replay embeds and the scraper's tests read.
const blockPageFile = "platforms/dutchie/blocked_cloudflare_dutchie-graphql_2026-02.html"

var (
	hex24       = regexp.MustCompile(`^[0-9a-f]{24}$`)
	optionGrams = regexp.MustCompile(`^(\d*\.?\d+)\s*gC?$`)
	ounceGrams  = map[string]float64{"1/8oz": 3.5, "1/4oz": 7, "1/2oz": 14, "1oz": 28}
)

// readCaptures takes pre-rolls, extracts and edibles from the platform captures.
func readCaptures(src fixtures) (harvest, error) {
	var h harvest
	note, err := checkJane(src)
	if err != nil {
		return harvest{}, err
	}
	h.notes = append(h.notes, note)
	h.sources = append(h.sources, pool.Source{
		ID: "jane-dmerch-2025-11", File: janeFile, Repo: "jamespherman/pa-mm-web-scraper",
		Path: "raw_data/iheartjane_raw_products.json", Commit: "e09eefbf8302b2fe94b2560a99e163964b83bd14",
		Note: "Jane Algolia records of two Pennsylvania stores; used as the template of the Jane hit shape, no products taken (see notes)",
	})

	dutchie, err := readDutchieConcentrates(src)
	if err != nil {
		return harvest{}, err
	}
	h.items = append(h.items, dutchie...)
	h.sources = append(h.sources, pool.Source{
		ID: "dutchie-ethos-2025-11", File: dutchieFile, Repo: "jamespherman/pa-mm-web-scraper",
		Path: "raw_data_extraction_code/query_results.json", Commit: "e09eefbf8302b2fe94b2560a99e163964b83bd14",
		Note: "Dutchie FilteredProducts reply, Ethos Harmarville (Pennsylvania); template of the Dutchie product shape",
	})
	h.notes = append(h.notes, fmt.Sprintf("Dutchie Ethos 2025: %d Concentrate products taken (the capture's 25 products hold no Pre-Rolls or Edible).", len(dutchie)))

	joint, counts, err := readJoint(src)
	if err != nil {
		return harvest{}, err
	}
	h.items = append(h.items, joint...)
	h.sources = append(h.sources, pool.Source{
		ID: "joint-cuzzies-2025-06", File: jointFile, Repo: "bRaInT00T/cana-scrape",
		Path: "data/json/shopcuzzies_products.json", Commit: "2aeb02bd81fe2bdabcec7966539e224730928e7c",
		Note: "Dutchie-fed Joint Commerce catalogue of Cuzzies (New Jersey, inferred from its NJ brands); ids are Dutchie POS ids",
	})
	h.notes = append(h.notes, fmt.Sprintf("Joint Commerce Cuzzies 2025: %d pre-rolls, %d concentrates, %d edibles taken.",
		counts["Preroll"], counts["Extract"], counts["Edible"]))
	return h, nil
}

// checkJane counts the Jane capture's records by kind. The brief asked for its
// pre-rolls, extracts and edibles; the capture (a merchandising feed) has none, and this
// check makes the generator say so instead of silently taking nothing.
func checkJane(src fixtures) (string, error) {
	raw, err := os.ReadFile(src.path(janeFile))
	if err != nil {
		return "", fmt.Errorf("read jane capture: %w", err)
	}
	var entries []struct {
		Attrs *struct {
			Kind string `json:"kind"`
		} `json:"search_attributes"`
	}
	if err := json.Unmarshal(raw, &entries); err != nil {
		return "", fmt.Errorf("parse %s: %w", janeFile, err)
	}
	kinds := map[string]int{}
	records := 0
	for _, e := range entries {
		if e.Attrs != nil {
			records++
			kinds[e.Attrs.Kind]++
		}
	}
	wanted := kinds["pre-roll"] + kinds["extract"] + kinds["edible"]
	if wanted > 0 {
		return "", fmt.Errorf("%s now holds %d pre-roll/extract/edible records: teach the generator to take them", janeFile, wanted)
	}
	var parts []string
	for _, k := range sortedKeys(kinds) {
		parts = append(parts, fmt.Sprintf("%s %d", k, kinds[k]))
	}
	return fmt.Sprintf("Jane dmerch 2025: %d full records (%s); no pre-roll, extract or edible, so none taken.",
		records, strings.Join(parts, ", ")), nil
}

type dutchieProduct struct {
	ID          string    `json:"_id"`
	Name        string    `json:"Name"`
	BrandName   string    `json:"brandName"`
	Type        string    `json:"type"`
	Subcategory *string   `json:"subcategory"`
	StrainType  string    `json:"strainType"`
	CName       string    `json:"cName"`
	Options     []string  `json:"Options"`
	RecPrices   []float64 `json:"recPrices"`
	RecSpecial  []float64 `json:"recSpecialPrices"`
	THCContent  struct {
		Unit  string    `json:"unit"`
		Range []float64 `json:"range"`
	} `json:"THCContent"`
	CBDContent struct {
		Unit  string    `json:"unit"`
		Range []float64 `json:"range"`
	} `json:"CBDContent"`
}

func readDutchieConcentrates(src fixtures) ([]pool.Item, error) {
	raw, err := os.ReadFile(src.path(dutchieFile))
	if err != nil {
		return nil, fmt.Errorf("read dutchie capture: %w", err)
	}
	var reply struct {
		Data struct {
			FilteredProducts struct {
				Products []dutchieProduct `json:"products"`
			} `json:"filteredProducts"`
		} `json:"data"`
	}
	if err := json.Unmarshal(raw, &reply); err != nil {
		return nil, fmt.Errorf("parse %s: %w", dutchieFile, err)
	}
	var items []pool.Item
	for _, p := range reply.Data.FilteredProducts.Products {
		if p.Type != "Concentrate" {
			continue
		}
		it, err := dutchieItem(p)
		if err != nil {
			return nil, fmt.Errorf("%s: product %s: %w", dutchieFile, p.ID, err)
		}
		items = append(items, it)
	}
	return items, nil
}

func dutchieItem(p dutchieProduct) (pool.Item, error) {
	if !hex24.MatchString(p.ID) {
		return pool.Item{}, fmt.Errorf("id is not 24-hex")
	}
	if p.THCContent.Unit != "PERCENTAGE" || len(p.THCContent.Range) == 0 {
		return pool.Item{}, fmt.Errorf("no THC percentage")
	}
	if len(p.RecPrices) != len(p.Options) {
		return pool.Item{}, fmt.Errorf("%d prices for %d options", len(p.RecPrices), len(p.Options))
	}
	it := pool.Item{
		ID: p.ID, Source: "dutchie-ethos-2025-11", Origin: "PA", Category: "Extract",
		Name: strings.TrimSpace(p.Name), Brand: p.BrandName, StrainType: strainType(p.StrainType),
		Slug: p.CName, THC: p.THCContent.Range[len(p.THCContent.Range)-1], PotencyUnit: "%",
	}
	if p.Subcategory != nil {
		it.Subtype = *p.Subcategory
	}
	if p.CBDContent.Unit == "PERCENTAGE" && len(p.CBDContent.Range) > 0 {
		it.CBD = p.CBDContent.Range[len(p.CBDContent.Range)-1]
	}
	for i, opt := range p.Options {
		g, err := parseOptionGrams(opt)
		if err != nil {
			return pool.Item{}, err
		}
		s := pool.Size{Label: opt, Grams: g, Price: p.RecPrices[i]}
		if i < len(p.RecSpecial) && p.RecSpecial[i] > 0 && p.RecSpecial[i] < s.Price {
			s.SalePrice = p.RecSpecial[i]
		}
		it.Sizes = append(it.Sizes, s)
	}
	return it, nil
}

// jointProduct is the part of a Joint Commerce `_source` record the pool uses.
type jointProduct struct {
	PosID       string  `json:"posId"`
	Name        string  `json:"name"`
	Category    string  `json:"category"`
	SubCategory string  `json:"subCategory"`
	StrainType  string  `json:"strainType"`
	BrandName   string  `json:"brandName"`
	URLFragment string  `json:"urlFragment"`
	THCHigh     *string `json:"potencyThcRangeHigh"`
	THCUnit     *string `json:"potencyThcUnit"`
	CBDHigh     *string `json:"potencyCbdRangeHigh"`
	CBDUnit     *string `json:"potencyCbdUnit"`
	Terpenes    []struct {
		Name string `json:"name"`
	} `json:"terpenes"`
	Variants []struct {
		Option       string          `json:"option"`
		Price        string          `json:"price"`
		SpecialPrice json.RawMessage `json:"specialPrice"` // a number or a string
		MenuType     string          `json:"menuType"`
	} `json:"variants"`
}

var jointCategories = map[string]string{"PRE_ROLLS": "Preroll", "CONCENTRATES": "Extract", "EDIBLES": "Edible"}

func readJoint(src fixtures) ([]pool.Item, map[string]int, error) {
	raw, err := os.ReadFile(src.path(jointFile))
	if err != nil {
		return nil, nil, fmt.Errorf("read joint capture: %w", err)
	}
	var recs []jointProduct
	if err := json.Unmarshal(raw, &recs); err != nil {
		return nil, nil, fmt.Errorf("parse %s: %w", jointFile, err)
	}
	var items []pool.Item
	counts := map[string]int{}
	for i, r := range recs {
		category, ok := jointCategories[r.Category]
		if !ok {
			continue
		}
		it, err := jointItem(r, category)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: record %d (%s): %w", jointFile, i, r.PosID, err)
		}
		items = append(items, it)
		counts[category]++
	}
	return items, counts, nil
}

func jointItem(r jointProduct, category string) (pool.Item, error) {
	if !hex24.MatchString(r.PosID) {
		return pool.Item{}, fmt.Errorf("posId is not 24-hex")
	}
	it := pool.Item{
		ID: r.PosID, Source: "joint-cuzzies-2025-06", Origin: "NJ", Category: category,
		Name: strings.TrimSpace(r.Name), Brand: r.BrandName, StrainType: strainType(r.StrainType),
		Slug: r.URLFragment,
	}
	if sub := strings.ToLower(r.SubCategory); sub != "default" {
		it.Subtype = strings.ReplaceAll(sub, "_", "-")
	}
	for _, t := range r.Terpenes {
		it.Terpenes = append(it.Terpenes, t.Name)
	}
	for _, v := range r.Variants {
		if v.MenuType != "RECREATIONAL" {
			continue
		}
		g, err := parseOptionGrams(v.Option)
		if err != nil {
			return pool.Item{}, err
		}
		price, err := strconv.ParseFloat(v.Price, 64)
		if err != nil || price <= 0 {
			return pool.Item{}, fmt.Errorf("variant %q: bad price %q", v.Option, v.Price)
		}
		sale, err := flexibleNumber(v.SpecialPrice)
		if err != nil {
			return pool.Item{}, fmt.Errorf("variant %q: specialPrice: %w", v.Option, err)
		}
		s := pool.Size{Label: v.Option, Grams: g, Price: price}
		if sale > 0 && sale < price {
			s.SalePrice = sale
		}
		if category == "Edible" {
			// Dutchie POS options for edibles are the THC content written as a weight:
			// ".1g" is a 100 mg package.
			s.Grams, s.Mg = 0, roundTo(g*1000, 1)
			s.JaneWeight = "each"
		}
		it.Sizes = append(it.Sizes, s)
	}
	if len(it.Sizes) == 0 {
		return pool.Item{}, fmt.Errorf("no recreational variant")
	}
	if category == "Edible" {
		it.THC, it.PotencyUnit = it.Sizes[0].Mg, "mg"
		return it, nil
	}
	// Flower-like potency is a percentage; the catalogue writes it as a string.
	if r.THCHigh == nil || r.THCUnit == nil || *r.THCUnit != "%" {
		return pool.Item{}, fmt.Errorf("no THC percentage")
	}
	thc, err := strconv.ParseFloat(*r.THCHigh, 64)
	if err != nil || thc <= 0 || thc > 100 {
		return pool.Item{}, fmt.Errorf("bad THC %q", *r.THCHigh)
	}
	it.THC, it.PotencyUnit = thc, "%"
	if r.CBDHigh != nil && r.CBDUnit != nil && *r.CBDUnit == "%" {
		if cbd, err := strconv.ParseFloat(*r.CBDHigh, 64); err == nil && cbd > 0 {
			it.CBD = cbd
		}
	}
	return it, nil
}

// parseOptionGrams reads a Dutchie option label: "1g", ".5g", "1gC", "1/8oz".
func parseOptionGrams(opt string) (float64, error) {
	if g, ok := ounceGrams[opt]; ok {
		return g, nil
	}
	m := optionGrams.FindStringSubmatch(opt)
	if m == nil {
		return 0, fmt.Errorf("option %q: not a weight", opt)
	}
	return strconv.ParseFloat(m[1], 64)
}

// flexibleNumber reads a JSON number, a numeric string, or null (0).
func flexibleNumber(raw json.RawMessage) (float64, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return 0, nil
	}
	var n float64
	if err := json.Unmarshal(raw, &n); err == nil {
		return n, nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return 0, fmt.Errorf("%s is neither a number nor a string", raw)
	}
	return strconv.ParseFloat(s, 64)
}
