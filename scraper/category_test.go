package scraper

import (
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/ohiomc/omc/data"
)

// categoryCases are category labels as the platforms send them, most telling first, and
// the category the one rule (Category) gives them: real labels from the captures and
// docs/platforms.md §9.
var categoryCases = []struct {
	labels []string
	want   data.Category
}{
	{[]string{"Flower"}, data.Flower},
	{[]string{"flower", "Premium"}, data.Flower},     // Jane kind, kind_subtype
	{[]string{"Pre-Rolls"}, data.Preroll},            // Dutchie type
	{[]string{"PRE_ROLLS"}, data.Preroll},            // Dutchie Plus enum
	{[]string{"pre-roll"}, data.Preroll},             // Jane kind
	{[]string{"Vaporizers"}, data.Vape},              // Dutchie type
	{[]string{"Vape Pens", "Cartridges"}, data.Vape}, // Weedmaps parent, edge category
	{[]string{"Concentrate", "sugar"}, data.Extract}, // Dutchie type, subcategory
	{[]string{"CONCENTRATES"}, data.Extract},         // Plus enum
	{[]string{"🍬Edibles🍫"}, data.Edible},             // Dispense category name
	{[]string{"Edible", "gummies"}, data.Edible},     // Dutchie
	{[]string{"Pre Roll", "Flower"}, data.Preroll},   // Weedmaps edge category before its parent
	{[]string{"Shake", "Flower"}, data.Flower},       // an unknown label, a known one
	{[]string{"", "Buds"}, data.Flower},              // an empty main label: the subtype decides
	{[]string{"Vape", "Cartridge", "Live Resin Cartridge"}, data.Vape},
	{[]string{"🍬Edibles🍫", "Edibles", "EDIBLES"}, data.Edible},
	// Any label outside the tracked five makes the product Other, in whatever place:
	// the rule that ("Vape Pens", "Batteries") and ("Batteries", "Vape Pens") agree.
	{[]string{"Vape Pens", "Batteries"}, data.Other},
	{[]string{"Batteries", "Vape Pens"}, data.Other},
	{[]string{"Tincture", "Edibles"}, data.Other}, // Weedmaps files tinctures under Edibles
	{[]string{"Edibles", "Tincture"}, data.Other},
	{[]string{"Accessories", "Battery", "Vaporizer"}, data.Other}, // Sweed accessories
	{[]string{"Oral", "sublingual"}, data.Other},
	{[]string{"Accessories", "pods"}, data.Other}, // Dutchie accessories with a "pods" subcategory
	{[]string{"topical", "gummies"}, data.Other},  // Jane
	{[]string{"flower", "gear"}, data.Other},
	{[]string{"Apparel", "Apparel", "Hat"}, data.Other},
	{[]string{"Tinctures"}, data.Other},
	{[]string{"Mystery box"}, data.Other}, // unknown
}

func TestCategory(t *testing.T) {
	for _, tt := range categoryCases {
		if got := Category(tt.labels...); got != tt.want {
			t.Errorf("Category(%q) = %s, want %s", tt.labels, got, tt.want)
		}
	}
}

type categoryPlatform struct {
	name   string
	fields int
	offers func(t *testing.T, labels []string) []data.Offer
}

// categoryPlatforms map a product carrying the given labels, in each platform's own
// record shape (a captured record with its label fields replaced), through the
// adapter's own record mapping. fields are the record's label fields in the order the
// adapter reads them (dotted for nested objects); an adapter reading fewer labels than
// a case has cannot express it and skips it.
var categoryPlatforms = []categoryPlatform{
	{"jane", 4, func(t *testing.T, labels []string) []data.Offer {
		raw := relabel(t, janeCaptureHits(t)[0], []string{"kind", "custom_product_type", "root_subtype", "kind_subtype"}, labels)
		return must(janeReplyOffers(t, raw))(t)
	}},
	{"dutchie", 2, func(t *testing.T, labels []string) []data.Offer {
		products := dutchieCaptureProducts(t, "dutchie/filteredproducts_dutchie-com_flower_2023-11.json")
		raw := relabel(t, products[0], []string{"type", "subcategory"}, labels)
		return must(dutchieOffers(raw, "rec", "", data.Recreational, ""))(t)
	}},
	{"dutchieplus", 3, func(t *testing.T, labels []string) []data.Offer {
		var reply struct {
			Data struct {
				Products []json.RawMessage `json:"products_list"`
			} `json:"data"`
		}
		unmarshalTestdata(t, "dutchie-plus-leafbridge/leafbridge_wizard_show_products_mpxnj_edibles_page1.json", &reply)
		raw := relabel(t, reply.Data.Products[0], []string{"category", "subcategory", "posMetaData.category"}, labels)
		offers, _, err := plusRecordOffers(raw, data.Recreational, nil)
		return must(offers, err)(t)
	}},
	{"joint", 2, func(t *testing.T, labels []string) []data.Offer {
		var records []json.RawMessage
		unmarshalTestdata(t, "joint-ecommerce/shopcuzzies_products_first190of226.json", &records)
		raw := relabel(t, records[0], []string{"category", "subCategory"}, labels)
		offers, _, err := jointRecordOffers(raw, data.Recreational, nil)
		return must(offers, err)(t)
	}},
	{"dispense", 3, func(t *testing.T, labels []string) []data.Offer {
		var records []json.RawMessage
		unmarshalTestdata(t, "dispense/indigodispensary_edibles_first140of198.json", &records)
		// A product group's variants are its sizes, each a product record with labels.
		fields := []string{"productCategoryName", "subType", "cannabisComplianceType"}
		var group map[string]json.RawMessage
		if err := json.Unmarshal(relabel(t, records[0], fields, labels), &group); err != nil {
			t.Fatal(err)
		}
		var variants []json.RawMessage
		if err := json.Unmarshal(group["variants"], &variants); err != nil {
			t.Fatal(err)
		}
		for i, v := range variants {
			variants[i] = relabel(t, v, fields, labels)
		}
		group["variants"], _ = json.Marshal(variants)
		raw, _ := json.Marshal(group)
		offers, _, err := dispenseOffers(raw)
		return must(offers, err)(t)
	}},
	{"sweed", 3, func(t *testing.T, labels []string) []data.Offer {
		var reply struct {
			Data struct {
				List []json.RawMessage `json:"list"`
			} `json:"data"`
		}
		unmarshalTestdata(t, "sweed/gleaf-rockville_RES_GetProductList.json", &reply)
		raw := relabel(t, reply.Data.List[0], []string{"category.name", "subcategory.name", "productType.name"}, labels)
		return must(sweedRecordOffers(raw, "Recreational", nil, map[string]bool{}))(t)
	}},
	{"weedmaps", 2, func(t *testing.T, labels []string) []data.Offer {
		var reply struct {
			Data []json.RawMessage `json:"data"`
		}
		unmarshalTestdata(t, "weedmaps/wm_v1_menu_items_organ-mountain-cannabis_2024-05_page1.json", &reply)
		// wm/v1 reads the sub category first, then the parent (category_name when absent).
		raw := relabel(t, reply.Data[0], []string{"attributes.sub_category.name", "attributes.parent_category.name", "attributes.category_name"}, labels)
		offers, _, err := weedmapsOffers(raw, true, data.Recreational, "organ-mountain-cannabis", "")
		return must(offers, err)(t)
	}},
	{"leafly", 1, func(t *testing.T, labels []string) []data.Offer {
		var reply struct {
			Data []json.RawMessage `json:"data"`
		}
		unmarshalTestdata(t, "leafly/menu_items.json", &reply)
		offers, _, err := leaflyOffers(relabel(t, reply.Data[0], []string{"productCategory"}, labels), data.Recreational)
		return must(offers, err)(t)
	}},
	{"tymber", 2, func(t *testing.T, labels []string) []data.Offer {
		// A Tymber product's category is the category page it is listed on.
		pg, err := tymberCategoryProducts(testBudget(), readTestdata(t, "tymber/category-flower.html"))
		if err != nil {
			t.Fatal(err)
		}
		var p tymberProduct
		if err := json.Unmarshal(pg.objects[0], &p); err != nil {
			t.Fatal(err)
		}
		labels = append(labels, "", "")
		return must(p.offers(string(p.ID), tymberCategory{Name: labels[0], Slug: labels[1]}))(t)
	}},
	{"html", 4, func(t *testing.T, labels []string) []data.Offer {
		// A card's category text is a path, most general first ("Vape Pens > Batteries").
		sels, err := compileHTMLSelectors(map[string]string{"item": "article", "name": ".name", "price": ".price", "category": ".category"})
		if err != nil {
			t.Fatal(err)
		}
		body := fmt.Sprintf(`<article><h3 class="name">Test product</h3><span class="category">%s</span><span class="price">$30</span></article>`, reversedPath(labels))
		page, _ := url.Parse("https://x.example/menu")
		set, err := htmlParse(testBudget(), []byte(body), page, sels, "test")
		if err != nil {
			t.Fatal(err)
		}
		return set.offers
	}},
	{"jsonld", 4, func(t *testing.T, labels []string) []data.Offer {
		category, _ := json.Marshal(reversedPath(labels))
		body := `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Test product",` +
			`"category":` + string(category) + `,"offers":{"@type":"Offer","price":"30","priceCurrency":"USD"}}</script>`
		page, _ := url.Parse("https://x.example/menu")
		res, err := jsonldParse(testBudget(), []byte(body), page, "test")
		if err != nil {
			t.Fatal(err)
		}
		return res.set.offers
	}},
}

// TestCategoryRuleInEveryAdapter runs categoryCases through every adapter's record
// mapping: each adapter must give a product the category the one rule gives its
// labels, so no platform can map categories its own way.
func TestCategoryRuleInEveryAdapter(t *testing.T) {
	for _, p := range platforms {
		if p.name == "leafbridge" {
			continue // LeafBridge serves Dutchie Plus products, mapped by plusRecordOffers
		}
		if !slices.ContainsFunc(categoryPlatforms, func(c categoryPlatform) bool { return c.name == p.name }) {
			t.Errorf("platform %s has no entry in categoryPlatforms", p.name)
		}
	}
	for _, p := range categoryPlatforms {
		for _, tt := range categoryCases {
			if len(tt.labels) > p.fields {
				continue
			}
			t.Run(p.name+"/"+strings.Join(tt.labels, "|"), func(t *testing.T) {
				offers := p.offers(t, tt.labels)
				if len(offers) == 0 {
					t.Fatal("no offers")
				}
				for _, o := range offers {
					if o.Category != tt.want {
						t.Errorf("%s offer %q: category %s, want %s", p.name, o.Name, o.Category, tt.want)
					}
				}
			})
		}
	}
}

// relabel returns record with its label fields set to labels in order; fields past the
// last label are set to null, so the record's own labels do not leak into the case.
func relabel(t *testing.T, record json.RawMessage, fields, labels []string) json.RawMessage {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(record, &m); err != nil {
		t.Fatal(err)
	}
	for i, f := range fields {
		var v any
		if i < len(labels) && labels[i] != "" {
			v = labels[i]
		}
		obj := m
		path := strings.Split(f, ".")
		for _, k := range path[:len(path)-1] {
			next, ok := obj[k].(map[string]any)
			if !ok {
				next = map[string]any{}
				obj[k] = next
			}
			obj = next
		}
		obj[path[len(path)-1]] = v
	}
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// reversedPath writes labels (most telling first) as a category path, most general
// first, which categoryPath reads back in the labels' order.
func reversedPath(labels []string) string {
	var parts []string
	for _, l := range slices.Backward(labels) {
		if l != "" {
			parts = append(parts, l)
		}
	}
	return strings.Join(parts, " > ")
}

func unmarshalTestdata(t *testing.T, path string, into any) {
	t.Helper()
	if err := json.Unmarshal(readTestdata(t, path), into); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

// must fails the test on a mapping error and returns the offers.
func must(offers []data.Offer, err error) func(t *testing.T) []data.Offer {
	return func(t *testing.T) []data.Offer {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		return offers
	}
}
