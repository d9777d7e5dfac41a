// Command gen builds the replay's demo assets from the real records under the shared
// fixtures folder: demo/pool.json.gz (the product pool), demo/cloudflare_block.html
// (a recorded bot-protection page) and demo/PROVENANCE.md (where every record came from).
//
// Run it through `go generate ./scraper/replay`. The output depends only on the input
// files, so running it twice gives identical bytes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ohiomc/omc/scraper/replay/internal/pool"
)

func main() {
	shared := flag.String("shared", "../../../shared", "the shared folder holding fixtures/")
	out := flag.String("out", "demo", "folder to write the demo assets to")
	flag.Parse()
	if err := run(*shared, *out); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

// run builds every asset in memory first so that a bad input leaves the old files intact.
func run(shared, out string) error {
	assets, err := build(filepath.Join(shared, "fixtures"))
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
func build(fixtures string) (map[string][]byte, error) {
	ohio, err := readOhio(fixtures)
	if err != nil {
		return nil, err
	}
	captured, err := readCaptures(fixtures)
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
	if err := pool.Encode(&zipped, p); err != nil {
		return nil, err
	}
	block, err := os.ReadFile(filepath.Join(fixtures, blockPageFile))
	if err != nil {
		return nil, fmt.Errorf("read block page: %w", err)
	}
	return map[string][]byte{
		"pool.json.gz":          zipped.Bytes(),
		"cloudflare_block.html": block,
		"PROVENANCE.md":         provenance(p, ohio.notes, captured.notes, zipped.Len()),
	}, nil
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
