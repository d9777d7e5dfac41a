package publish_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ohiomc/omc/publish"
)

// orderLinks joins each offer of m's market i to its order link, as the site does:
// the market's orderUrlBase, then the offer's product's orderPath ("" for none).
func orderLinks(m publish.Menu, i int) []string {
	mk := m.Markets[i]
	var links []string
	for _, p := range mk.Offers.Product {
		link := ""
		if path := m.Products.OrderPath[p]; path != nil {
			link = mk.OrderURLBase + *path
		}
		links = append(links, link)
	}
	return links
}

// TestMenuColumns: a store's menu file writes each product once for both its markets
// and each order link as its market's base and the product's path, which join back to
// the link publish would give the offer (the product's page, else the menu's page, else
// none); every column of a market has one entry per offer.
func TestMenuColumns(t *testing.T) {
	t.Run("links join back, each menu's own", func(t *testing.T) {
		files := shopFiles(t)
		var m publish.Menu
		if err := json.Unmarshal(files["api/menus/bloom-akron"], &m); err != nil {
			t.Fatal(err)
		}
		got := map[string]string{}
		for j, link := range orderLinks(m, 0) {
			got[m.Products.Name[m.Markets[0].Offers.Product[j]]] = link
		}
		// Bloom's Muul Fuel has its product page; the others (Gelato's link is no web
		// page) link to the menu's page.
		want := map[string]string{"Muul Fuel": "https://www.iheartjane.com/stores/1/bloom-akron/products/fuel/muul-fuel",
			"Gelato 41": "https://bloom.example/menu", "Lemon Haze Cart": "https://bloom.example/menu",
			"Camino Gummies": "https://bloom.example/menu", "Sold Out Kush": "https://bloom.example/menu"}
		if len(got) != len(want) {
			t.Errorf("links = %v, want %v", got, want)
		}
		for name, link := range want {
			if got[name] != link {
				t.Errorf("%s links to %q, want %q", name, got[name], link)
			}
		}
		// The Botanist's medical menu has no page: its Muul Fuel has no link, so it is a
		// row of its own beside the recreational one (which links to the menu's page).
		var c publish.Menu
		if err := json.Unmarshal(files["api/menus/botanist-canton"], &c); err != nil {
			t.Fatal(err)
		}
		for i, mk := range c.Markets {
			links := orderLinks(c, i)
			for j, p := range mk.Offers.Product {
				if c.Products.Name[p] != "Muul Fuel" {
					continue
				}
				if want := map[string]string{"recreational": "https://www.iheartjane.com/stores/2/the-botanist-canton/menu"}[string(mk.Market)]; links[j] != want {
					t.Errorf("%s Muul Fuel links to %q, want %q", mk.Market, links[j], want)
				}
			}
		}
	})
	t.Run("a large store: one product row for both markets, its product pages", func(t *testing.T) {
		var m publish.Menu
		if err := json.Unmarshal(publishLargeStore(t, "dutchie"), &m); err != nil {
			t.Fatal(err)
		}
		if len(m.Markets) != 2 || len(m.Products.Code) != largeStoreOffers {
			t.Fatalf("%d markets, %d products; want 2 markets sharing %d products", len(m.Markets), len(m.Products.Code), largeStoreOffers)
		}
		p := m.Products
		for _, n := range []int{len(p.OrderPath), len(p.Name), len(p.Strain), len(p.Brand), len(p.Category), len(p.StrainType),
			len(p.Size), len(p.Grams), len(p.MG), len(p.Terpenes)} {
			if n != largeStoreOffers {
				t.Errorf("a product column has %d entries, want %d", n, largeStoreOffers)
			}
		}
		for i, mk := range m.Markets {
			o := mk.Offers
			n := len(o.Product)
			if n != largeStoreOffers || len(o.Price) != n || len(o.SalePrice) != n || len(o.THC) != n || len(o.CBD) != n ||
				len(o.PotencyUnit) != n || len(o.InStock) != n || len(o.IsNew) != n || len(o.FirstSeen) != n {
				t.Errorf("%s: columns of %d offers: %+v", mk.Market, n, o)
			}
			if mk.OrderURLBase != "https://dutchie.com/dispensary/large-store-columbus/product/" {
				t.Errorf("%s: orderUrlBase %q", mk.Market, mk.OrderURLBase)
			}
			for j, link := range orderLinks(m, i) {
				if rest, ok := strings.CutPrefix(link, mk.OrderURLBase); !ok || rest == "" || strings.Contains(rest, "/") {
					t.Errorf("%s offer %d links to %q, not a product page", mk.Market, j, link)
				}
			}
		}
	})
}
