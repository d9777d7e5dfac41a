package scraper_test

import (
	"fmt"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
)

// Every adapter maps a product's category labels, most telling first, with Category.
func ExampleCategory() {
	fmt.Println(scraper.Category("Vape Pens", "Cartridges"))
	fmt.Println(scraper.Category("Vape Pens", "Batteries")) // a battery filed under vapes
	fmt.Println(scraper.Category("Pre Roll", "Flower"))
	fmt.Println(scraper.Category("Mystery box"))
	// Output:
	// Vape
	// Other
	// Preroll
	// Other
}

// The registry loader learns each platform's identifier rules from the scraper: a
// Jane menu needs a numeric storeId, refused with its line before any request.
func ExampleRegistryRules() {
	registry := `dispensaries:
  - slug: bloom-akron
    name: Bloom Akron
    city: Akron
    region: Northeast
    menus:
      - {market: recreational, platform: jane, storeId: "bloom"}
`
	_, err := data.ParseRegistry("registry.yaml", []byte(registry), scraper.RegistryRules())
	fmt.Println(err)
	// Output:
	// bad registry:
	//   registry.yaml:7: dispensary "bloom-akron": menu 1: jane storeId "bloom" is not a number
}
