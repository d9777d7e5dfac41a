package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

func main() {
	captures := flag.String("captures", "../testdata", "the platform captures (scraper/testdata), as platforms/ of the shared fixtures")
	ohio := flag.String("ohio", "gen/testdata/ohcanna-snapshots", "the OHCanna snapshots copied for the generator")
	out := flag.String("out", "demo", "folder to write the demo assets to")
	flag.Parse()
	if err := run(fixtures{captures: *captures, ohio: *ohio}, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run builds every asset in memory first so that a bad input leaves the old files intact.
func run(src fixtures, out string) error {
	assets, err := build(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return fmt.Errorf("create %s: %w", out, err)
	}
	for _, name := range sortedKeys(assets) {
		path := filepath.Join(out, name)
		if err := os.WriteFile(path, assets[name], 0o644); err != nil {
			return fmt.Errorf("write %s: %w", path, err)
		}
	}
	return nil
}

// build returns every demo asset by file name.
func build(src fixtures) (map[string][]byte, error) {
	ohio, err := readOhio(src)
	if err != nil {
		return nil, err
	}
	captured, err := readCaptures(src)
	if err != nil {
		return nil, err
	}
	p := pool.Pool{
		Sources: append(ohio.sources, captured.sources...),
		Items:   append(ohio.items, captured.items...),
	}
	if err := checkPool(p); err != nil {
		return nil, err
	}
	var zipped bytes.Buffer
	if err := encodePool(&zipped, p); err != nil {
		return nil, err
	}
	return map[string][]byte{
		"pool.json.gz":  zipped.Bytes(),
		"PROVENANCE.md": provenance(p, ohio.notes, captured.notes, zipped.Len()),
	}, nil
}

// encodePool writes p as gzip-compressed JSON, as pool.Decode reads it. The output
// depends only on p: the gzip header carries no name or time.
func encodePool(w io.Writer, p pool.Pool) error {
	raw, err := json.MarshalIndent(p, "", " ")
	if err != nil {
		return fmt.Errorf("encode pool: %w", err)
	}
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return fmt.Errorf("encode pool: %w", err)
	}
	if _, err := zw.Write(append(raw, '\n')); err != nil {
		return fmt.Errorf("encode pool: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("encode pool: %w", err)
	}
	return nil
}

// fixtures locates the generator's inputs in the repository. Sources are named by their
// path in the shared fixtures they were copied from (platforms/…, ohcanna-snapshots/…),
// which is what PROVENANCE.md records; path maps such a name to the repository's copy.
type fixtures struct {
	// captures holds the platform captures, laid out as the shared platforms/ folder.
	captures string
	// ohio holds the OHCanna snapshots, laid out as the shared ohcanna-snapshots/ folder.
	ohio string
}

func (f fixtures) path(rel string) string {
	if r, ok := strings.CutPrefix(rel, "platforms/"); ok {
		return filepath.Join(f.captures, r)
	}
	if r, ok := strings.CutPrefix(rel, "ohcanna-snapshots/"); ok {
		return filepath.Join(f.ohio, r)
	}
	return rel
}

// checkPool refuses a pool the dataset could not be built from: duplicate ids, items
// without a price, or a tracked category with too few items to give every store three.
func checkPool(p pool.Pool) error {
	seen := map[string]bool{}
	perCategory := map[string]int{}
	for _, it := range p.Items {
		if seen[it.ID] {
			return fmt.Errorf("pool: product id %s appears twice", it.ID)
		}
		seen[it.ID] = true
		if len(it.Sizes) == 0 {
			return fmt.Errorf("pool: product %s (%s) has no size", it.ID, it.Name)
		}
		for _, s := range it.Sizes {
			if s.Price <= 0 {
				return fmt.Errorf("pool: product %s (%s) size %q has no price", it.ID, it.Name, s.Label)
			}
		}
		perCategory[it.Category]++
	}
	for _, c := range []string{"Flower", "Preroll", "Vape", "Extract", "Edible"} {
		if perCategory[c] < minPerCategory {
			return fmt.Errorf("pool: category %s has %d products, need at least %d", c, perCategory[c], minPerCategory)
		}
	}
	return nil
}

// minPerCategory keeps per-store selections varied: each store takes at least 3 of each
// category and stores should not all show the same three.
const minPerCategory = 12
