package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

// The OHCanna snapshots (AICincy/OH-DCC-MJ) that hold real Ohio menu records. Only the
// flower and vape files are used: the other category files of the same scrape hold the
// same ten vapes relabelled (a defect documented in ohcanna-snapshots/PROVENANCE.md).
var ohioSnapshots = []struct {
	day    string
	commit string
}{
	// Newest first: when a product appears on both days the newer record wins.
	{"2026-07-01", "e78d00f160fdf73c824e2696b4d864a335efc06e"},
	{"2026-06-30", "db2292baa7a0eef71c55962830a0a23720deadc9"},
}

var (
	ohioLocations  = []string{"akron", "athens", "columbus", "columbus_west", "massillon", "painesville", "seven_mile"}
	ohioCategories = []struct{ file, category string }{{"flower", "Flower"}, {"vape", "Vape"}}
	// The true package weight is in the URL slug ("...-2-83g-indica" is 2.83 g); the
	// record's package_size_grams is derived from Jane's price bucket and is wrong for
	// Ohio sizes.
	slugGrams = regexp.MustCompile(`-(\d+)(?:-(\d+))?g(?:-|$)`)
	// The bucket in "/product/<id>+<bucket>/<slug>" is Jane's weight bucket.
	urlBucket = regexp.MustCompile(`/product/\d+\+([a-z_]+)/`)
)

// ohioRecord is the part of an OHCanna output record the pool uses.
type ohioRecord struct {
	Category   string   `json:"category"`
	ProductID  string   `json:"product_id"`
	ProductURL string   `json:"product_url"`
	Name       string   `json:"name"`
	Brand      string   `json:"brand"`
	Format     string   `json:"product_format"`
	StrainType *string  `json:"strain_type"`
	THC        *float64 `json:"thc_percent"`
	SalePrice  *float64 `json:"sale_price"`
	MSRP       *float64 `json:"msrp"`
	Terpenes   []string `json:"terpenes"`
}

type harvest struct {
	sources []pool.Source
	items   []pool.Item
	notes   []string
}

// readOhio reads every flower and vape file of both snapshot days and keeps one item
// per product id.
func readOhio(in fixtures) (harvest, error) {
	var h harvest
	seen := map[string]bool{}
	dropped := 0
	for _, snap := range ohioSnapshots {
		src := pool.Source{
			ID:     "ohcanna-" + snap.day,
			File:   "ohcanna-snapshots/snapshots/" + snap.day + "/bloom_<location>_{flower,vape}.json",
			Repo:   "AICincy/OH-DCC-MJ",
			Path:   "data/snapshots/" + snap.day + "/",
			Commit: snap.commit,
			Note:   "Bloom Ohio menus, 7 locations; data CC-BY-4.0",
		}
		h.sources = append(h.sources, src)
		for _, loc := range ohioLocations {
			for _, cat := range ohioCategories {
				rel := filepath.Join("ohcanna-snapshots", "snapshots", snap.day, "bloom_"+loc+"_"+cat.file+".json")
				recs, err := readOhioFile(in.path(rel))
				if err != nil {
					return harvest{}, err
				}
				for i, r := range recs {
					if r.Category != cat.file {
						return harvest{}, fmt.Errorf("%s: record %d: category %q in the %s file", rel, i, r.Category, cat.file)
					}
					if seen[r.ProductID] {
						continue
					}
					seen[r.ProductID] = true
					it, ok, err := ohioItem(r, cat.category, src.ID)
					if err != nil {
						return harvest{}, fmt.Errorf("%s: record %d (product %s): %w", rel, i, r.ProductID, err)
					}
					if !ok {
						dropped++
						continue
					}
					h.items = append(h.items, it)
				}
			}
		}
	}
	h.notes = append(h.notes, fmt.Sprintf(
		"OHCanna: %d distinct products read; %d dropped because their THC is impossible (over 100 %%, a parse error of the source scraper).",
		len(seen), dropped))
	return h, nil
}

func readOhioFile(path string) ([]ohioRecord, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read ohio snapshot: %w", err)
	}
	var recs []ohioRecord
	if err := json.Unmarshal(raw, &recs); err != nil {
		return nil, fmt.Errorf("parse %s: %w", path, err)
	}
	return recs, nil
}

// ohioItem converts one record; ok is false when the record is too wrong to use.
func ohioItem(r ohioRecord, category, source string) (pool.Item, bool, error) {
	if r.THC == nil || *r.THC <= 0 || *r.THC > 100 {
		return pool.Item{}, false, nil
	}
	if r.MSRP == nil || *r.MSRP <= 0 {
		return pool.Item{}, false, fmt.Errorf("no msrp")
	}
	slug := r.ProductURL[strings.LastIndex(r.ProductURL, "/")+1:]
	grams, err := gramsFromSlug(slug)
	if err != nil {
		return pool.Item{}, false, err
	}
	bucket := urlBucket.FindStringSubmatch(r.ProductURL)
	if bucket == nil {
		return pool.Item{}, false, fmt.Errorf("no weight bucket in url %q", r.ProductURL)
	}
	size := pool.Size{
		Label:      strconv.FormatFloat(grams, 'f', -1, 64) + "g",
		JaneWeight: strings.ReplaceAll(bucket[1], "_", " "),
		Grams:      grams,
		Price:      *r.MSRP,
	}
	if r.SalePrice != nil && *r.SalePrice > 0 && *r.SalePrice < *r.MSRP {
		size.SalePrice = *r.SalePrice
	}
	name, brand, format := unfoldRecord(r.Name, r.Brand, r.Format, slug)
	it := pool.Item{
		ID:          r.ProductID,
		Source:      source,
		Origin:      "OH",
		Category:    category,
		Name:        name,
		Brand:       brand,
		Subtype:     format,
		Slug:        slug,
		THC:         *r.THC,
		PotencyUnit: "%",
		Terpenes:    r.Terpenes,
		Sizes:       []pool.Size{size},
	}
	if r.StrainType != nil {
		it.StrainType = strainType(*r.StrainType)
	}
	return it, true, nil
}

// gramsFromSlug reads the one weight written in a Bloom URL slug ("2-83g" is 2.83 g).
func gramsFromSlug(slug string) (float64, error) {
	found := slugGrams.FindAllStringSubmatch(slug, -1)
	if len(found) != 1 {
		return 0, fmt.Errorf("slug %q: want exactly one weight, found %d", slug, len(found))
	}
	text := found[0][1]
	if found[0][2] != "" {
		text += "." + found[0][2]
	}
	g, err := strconv.ParseFloat(text, 64)
	if err != nil || g <= 0 {
		return 0, fmt.Errorf("slug %q: bad weight %q", slug, text)
	}
	return g, nil
}

// strainType folds every source's lineage spelling to indica, sativa, hybrid or "".
func strainType(s string) string {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "INDICA":
		return "indica"
	case "SATIVA":
		return "sativa"
	case "HYBRID", "INDICA_HYBRID", "SATIVA_HYBRID":
		return "hybrid"
	default:
		return ""
	}
}
