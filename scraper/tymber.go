package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Tymber (Blaze's "grass.menu") storefronts are Next.js pages rendered on the server
// (docs/platforms.md §7, from public client code; no capture exists): the shop's /menu page
// lists the categories in __NEXT_DATA__.props.pageProps.filtersCatalog.included
// (type "product_categories"), and each /menu/categories/<slug> page carries its
// products in pageProps.products.data.objects[].attributes. Amounts are in cents.
// Only the first page of a category (20 products) is rendered on the server; the
// rest is paged by the browser and is not read: each truncated category is noted
// among the menu's skipped records.

const (
	// tymberMaxCategories bounds a menu page that lists categories without end.
	tymberMaxCategories = 100
)

var tymberCategorySlug = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_-]*$`)

var tymberPlatform = platform{
	name:  "tymber",
	build: func(b adapterBase, _ data.PlatformConfig) (data.Adapter, error) { return &Tymber{pageAdapter{b}}, nil },
}

// Tymber is the adapter for Tymber storefronts: endpoint (else url) is the shop's
// address, https://shop.example.com, whose /menu page lists the categories.
type Tymber struct {
	pageAdapter
}

var _ data.Adapter = (*Tymber)(nil)

// tymberShop is the shop's address without a trailing /menu.
func tymberShop(src data.MenuSource) (*url.URL, error) {
	u, err := menuPage(src, "tymber")
	if err != nil {
		return nil, err
	}
	shop := *u
	shop.Path = strings.TrimSuffix(strings.TrimSuffix(shop.Path, "/"), "/menu")
	shop.RawQuery, shop.Fragment = "", ""
	return &shop, nil
}

// FetchMenu implements data.Adapter.
func (t *Tymber) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	shop, err := tymberShop(src)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	menuURL := shop.JoinPath("menu")
	where := "tymber " + menuURL.String()
	resp, err := getPage(ctx, t.engine, t.base, menuURL, where, &menu)
	if err != nil {
		return menu, err
	}
	cats, err := boundParse(ctx, t.engine, func(b *parseBudget) ([]tymberCategory, error) {
		return tymberCategories(b, resp.Body)
	})
	if err != nil {
		return menu, pageError(where, resp, err)
	}
	set := recordSet{where: "tymber " + shop.String()}
	seen := seenIDs{}
	for _, c := range cats {
		catURL := shop.JoinPath("menu", "categories", c.Slug)
		cwhere := "tymber " + catURL.String()
		resp, err := getPage(ctx, t.engine, t.base, catURL, cwhere, &menu)
		if err != nil {
			return menu, err
		}
		pg, err := boundParse(ctx, t.engine, func(b *parseBudget) (tymberProducts, error) {
			return tymberCategoryProducts(b, resp.Body)
		})
		if err != nil {
			return menu, pageError(cwhere, resp, err)
		}
		for _, raw := range pg.objects {
			var p tymberProduct
			if err := json.Unmarshal(raw, &p); err != nil {
				set.add(set.records, nil, fmt.Errorf("category %s: %w", c.Slug, err))
				continue
			}
			id := string(p.Attributes.ID)
			if id == "" {
				id = string(p.ID)
			}
			if seen.repeat(id) {
				continue // a product listed under two categories
			}
			offers, err := p.offers(id, c)
			if err == nil && len(offers) == 0 {
				continue // hidden, deleted or inactive
			}
			set.add(set.records, offers, err)
		}
		if pg.total > len(pg.objects) {
			menu.Skipped = append(menu.Skipped, fmt.Sprintf("%s: %d of %d products rendered by the server; the rest are paged in the browser and not read",
				cwhere, len(pg.objects), pg.total))
		}
	}
	return menu, set.into(&menu)
}

// tymberNextData decodes a page's __NEXT_DATA__ script.
func tymberNextData(b *parseBudget, page []byte, into any) error {
	scripts, err := pageScripts(b, page, func(_, id string) bool { return id == "__NEXT_DATA__" })
	if err != nil {
		return err
	}
	if len(scripts) == 0 {
		return errors.New("no __NEXT_DATA__ script in the page; expected a Tymber (Next.js) storefront (layout changed?)")
	}
	if err := json.Unmarshal(scripts[0], into); err != nil {
		return fmt.Errorf("__NEXT_DATA__: %w", err)
	}
	return b.check()
}

// tymberCategory is one product category of the menu page.
type tymberCategory struct {
	Slug string `json:"slug"`
	Name string `json:"name"`
}

// tymberCategories reads the menu page's categories.
func tymberCategories(b *parseBudget, page []byte) ([]tymberCategory, error) {
	var next struct {
		Props struct {
			PageProps struct {
				FiltersCatalog *struct {
					Included []struct {
						Type       string         `json:"type"`
						Attributes tymberCategory `json:"attributes"`
					} `json:"included"`
				} `json:"filtersCatalog"`
			} `json:"pageProps"`
		} `json:"props"`
	}
	if err := tymberNextData(b, page, &next); err != nil {
		return nil, err
	}
	fc := next.Props.PageProps.FiltersCatalog
	if fc == nil {
		return nil, errors.New("__NEXT_DATA__ has no props.pageProps.filtersCatalog; expected the menu page's category catalog (layout changed?)")
	}
	var cats []tymberCategory
	seen := map[string]bool{}
	for _, inc := range fc.Included {
		if inc.Type != "product_categories" || seen[inc.Attributes.Slug] {
			continue
		}
		if !tymberCategorySlug.MatchString(inc.Attributes.Slug) {
			return nil, fmt.Errorf("category %q has slug %q, not a path segment", data.Clip(inc.Attributes.Name), data.Clip(inc.Attributes.Slug))
		}
		seen[inc.Attributes.Slug] = true
		cats = append(cats, inc.Attributes)
	}
	if len(cats) == 0 {
		return nil, errors.New("filtersCatalog.included lists no product_categories; expected the menu's categories (layout changed?)")
	}
	if len(cats) > tymberMaxCategories {
		return nil, fmt.Errorf("filtersCatalog lists %d categories, more than %d", len(cats), tymberMaxCategories)
	}
	return cats, nil
}

// tymberProducts is what a category page renders: its products and the total the
// category holds.
type tymberProducts struct {
	objects []json.RawMessage
	total   int
}

func tymberCategoryProducts(b *parseBudget, page []byte) (tymberProducts, error) {
	var next struct {
		Props struct {
			PageProps struct {
				Products *struct {
					Data *struct {
						Meta struct {
							TotalCount looseNumber `json:"total_count"`
						} `json:"meta"`
						Objects []json.RawMessage `json:"objects"`
					} `json:"data"`
				} `json:"products"`
			} `json:"pageProps"`
		} `json:"props"`
	}
	if err := tymberNextData(b, page, &next); err != nil {
		return tymberProducts{}, err
	}
	p := next.Props.PageProps.Products
	if p == nil || p.Data == nil || p.Data.Objects == nil {
		return tymberProducts{}, errors.New("__NEXT_DATA__ has no props.pageProps.products.data.objects; expected the category's products (layout changed?)")
	}
	return tymberProducts{objects: p.Data.Objects, total: int(p.Data.Meta.TotalCount.V)}, nil
}

// tymberMoney is an amount in cents.
type tymberMoney struct {
	Amount   looseNumber `json:"amount"`
	Currency string      `json:"currency"`
}

// tymberPrice is one size of a product (weight_prices, unit_prices).
type tymberPrice struct {
	Price         *tymberMoney `json:"price"`
	DiscountPrice *tymberMoney `json:"discount_price"`
	DisplayName   string       `json:"display_name"`
	WeightKey     string       `json:"weight_key"`
}

// tymberProduct is the part of a JSON:API product object the adapter reads.
type tymberProduct struct {
	ID         looseID `json:"id"`
	Attributes struct {
		ID           looseID `json:"id"`
		Name         string  `json:"name"`
		Slug         string  `json:"slug"`
		InStock      *bool   `json:"in_stock"`
		IsActive     *bool   `json:"is_active"`
		IsDeleted    bool    `json:"is_deleted"`
		HideFromMenu bool    `json:"hide_from_menu"`
		FlowerType   string  `json:"flower_type"`
		Strain       string  `json:"strain"`
		BrandName    string  `json:"brand_name"`
		Composition  *struct {
			THC looseNumber `json:"thc"`
			CBD looseNumber `json:"cbd"`
		} `json:"composition"`
		WeightPrices []tymberPrice `json:"weight_prices"`
		UnitPrices   []tymberPrice `json:"unit_prices"`
		UnitPrice    *tymberMoney  `json:"unit_price"`
		Size         *struct {
			DisplayText string `json:"display_text"`
		} `json:"size"`
	} `json:"attributes"`
}

// cents turns an amount in cents into a selling price in dollars.
func (m *tymberMoney) dollars() (float64, bool) {
	if m == nil || (m.Currency != "" && !strings.EqualFold(m.Currency, "USD")) {
		return 0, false
	}
	return sellingPrice(m.Amount.V / 100)
}

// offers maps a product to one offer per size; none for a product hidden from the
// menu. The category page it was found on gives its category.
func (p *tymberProduct) offers(id string, c tymberCategory) ([]data.Offer, error) {
	a := &p.Attributes
	if a.IsDeleted || a.HideFromMenu || (a.IsActive != nil && !*a.IsActive) {
		return nil, nil
	}
	if id == "" {
		return nil, errors.New("no id")
	}
	name := strings.TrimSpace(a.Name)
	if name == "" {
		return nil, fmt.Errorf("product %s has no name", id)
	}
	brand := strings.TrimSpace(a.BrandName)
	strain := strings.TrimSpace(a.Strain)
	if strain == "" {
		strain = name
	}
	base := data.Offer{
		ProductID:   id,
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(strain, brand),
		StrainType:  StrainType(a.FlowerType),
		Category:    Category(c.Name, c.Slug),
		RawCategory: c.Name,
		InStock:     a.InStock == nil || *a.InStock,
	}
	if a.Composition != nil {
		// composition has no unit in the documented shape: percent for what is sold
		// by weight (flower, pre-rolls, vapes, extracts), milligrams for edibles and
		// the Other kinds that carry a figure (tinctures, topicals: labelled in mg).
		// An implausible figure is warned about by CheckOffer, not dropped.
		unit := "%"
		if base.Category == data.Edible || base.Category == data.Other {
			unit = "mg"
		}
		setPotency(&base, a.Composition.THC.V, unit, a.Composition.CBD.V, unit)
	}
	sizes := a.WeightPrices
	if len(sizes) == 0 {
		sizes = a.UnitPrices
	}
	if len(sizes) == 0 && a.UnitPrice != nil {
		label := ""
		if a.Size != nil {
			label = a.Size.DisplayText
		}
		sizes = []tymberPrice{{Price: a.UnitPrice, DisplayName: label}}
	}
	var offers []data.Offer
	for _, s := range sizes {
		price, ok := s.Price.dollars()
		if !ok {
			continue
		}
		o := base
		o.Size = strings.TrimSpace(s.DisplayName)
		o.Price = price
		if sale, ok := s.DiscountPrice.dollars(); ok {
			o.SalePrice = salePrice(price, sale)
		}
		if o.Category == data.Edible {
			mg := 0.0
			if o.PotencyUnit == "mg" && o.THC != nil {
				mg = *o.THC
			}
			o.Milligrams = EdibleMilligrams(mg, o.Size)
		} else if o.Grams = ParseSize(o.Size).Grams; o.Grams == 0 {
			// weight_key is the size's name ("eighth_ounce") when the label is not.
			o.Grams = ParseSize(s.WeightKey).Grams
		}
		offers = append(offers, o)
	}
	if len(offers) == 0 {
		return nil, fmt.Errorf("product %s %q has no price", data.Clip(id), data.Clip(name))
	}
	return offers, nil
}

// looseID is an identifier sent as a JSON string or number.
type looseID string

// UnmarshalJSON implements json.Unmarshaler.
func (id *looseID) UnmarshalJSON(b []byte) error {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	switch v := v.(type) {
	case nil:
		*id = ""
	case string:
		*id = looseID(strings.TrimSpace(v))
	case float64:
		*id = looseID(strings.TrimSpace(string(b)))
	default:
		return fmt.Errorf("id %.40s is not a string or number", b)
	}
	return nil
}
