package pool

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
)

// Pool is every product the demo dataset may draw from, with where each came from.
type Pool struct {
	Sources []Source `json:"sources"`
	Items   []Item   `json:"items"`
}

// Source is one real file the pool was built from.
type Source struct {
	ID     string `json:"id"`
	File   string `json:"file"` // path under the shared fixtures folder
	Repo   string `json:"repo"`
	Path   string `json:"path"` // path in Repo
	Commit string `json:"commit"`
	Note   string `json:"note,omitempty"`
}

// Item is one product as the source recorded it, normalised only where the source is
// known to be wrong (see the generator).
type Item struct {
	ID          string   `json:"id"`
	Source      string   `json:"source"` // a Source.ID
	Origin      string   `json:"origin"` // US state of the menu it was recorded on
	Category    string   `json:"category"`
	Name        string   `json:"name"`
	Brand       string   `json:"brand,omitempty"`
	StrainType  string   `json:"strainType,omitempty"` // indica, sativa, hybrid or empty
	Subtype     string   `json:"subtype,omitempty"`
	Slug        string   `json:"slug,omitempty"`
	THC         float64  `json:"thc,omitempty"`
	CBD         float64  `json:"cbd,omitempty"`
	PotencyUnit string   `json:"potencyUnit,omitempty"` // "%" or "mg"
	Terpenes    []string `json:"terpenes,omitempty"`
	Sizes       []Size   `json:"sizes"`
}

// Size is one package size of an item with its recorded prices.
type Size struct {
	Label      string  `json:"label"`
	JaneWeight string  `json:"janeWeight,omitempty"` // Jane bucket when the source shows it
	Grams      float64 `json:"grams,omitempty"`
	Mg         float64 `json:"mg,omitempty"`
	Price      float64 `json:"price"`
	SalePrice  float64 `json:"salePrice,omitempty"`
}

// Decode reads a pool as the generator (scraper/replay/gen) writes it: gzip-compressed
// JSON.
func Decode(raw []byte) (Pool, error) {
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		return Pool{}, fmt.Errorf("decode pool: %w", err)
	}
	dec := json.NewDecoder(zr)
	dec.DisallowUnknownFields()
	var p Pool
	if err := dec.Decode(&p); err != nil {
		return Pool{}, fmt.Errorf("decode pool: %w", err)
	}
	return p, nil
}
