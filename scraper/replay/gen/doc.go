// Command gen builds the replay's demo assets from real records kept in the repository:
// the platform captures under scraper/testdata and the OHCanna snapshots copied to
// gen/testdata/ohcanna-snapshots (see their PROVENANCE.md): demo/pool.json.gz (the product pool) and demo/PROVENANCE.md (where every record came from,
// and the recorded bot-protection page demo/cloudflare_block.html, kept there as the one copy).
//
// Run it through `go generate ./scraper/replay`. The output depends only on the input
// files, so running it twice gives identical bytes.
//
// It imports scraper/replay/internal/pool and no other project package.
package main
