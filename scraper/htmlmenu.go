package scraper

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/PuerkitoBio/goquery"
	"github.com/andybalholm/cascadia"
	"golang.org/x/net/html"

	"github.com/ohiomc/omc/data"
)

// The html adapter reads a menu a dispensary publishes as a plain page on its own
// site, with CSS selectors kept in the registry entry (MenuSource.Selectors):
//
//	item       each product card (one offer: one size of one product)     required
//	name       the product name, inside the card                          required
//	price      the regular price ("$35.00", "35")                          required
//	salePrice  the discounted price, when the card shows one
//	brand, category, size, thc
//	link       the product page (the href attribute unless one is named)
//	stock      an element whose text says the card is sold out ("Sold out",
//	           "Out of stock", "Unavailable"); a card without one is in stock
//
// Every selector but item is looked up inside the card; category, when the card has
// none, is looked up in the card's enclosing sections (a menu grouped under
// headings). A selector may end in @attr to read an attribute instead of the text
// ("[data-price]@data-price"); "@href" alone reads the card's own attribute.

// htmlSelectorKeys are the selectors the adapter reads, required ones first.
var (
	htmlRequired     = []string{"item", "name", "price"}
	htmlSelectorKeys = []string{"item", "name", "price", "salePrice", "brand", "category", "size", "thc", "link", "stock"}
	htmlAttrName     = regexp.MustCompile(`^[A-Za-z_:][-A-Za-z0-9_:.]*$`)
	// htmlMoney finds a price: "$1,200.00", "35", "$35.5".
	htmlMoney = regexp.MustCompile(`(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?`)
	// htmlPotency finds a THC figure: "THC 24.5%", "24.5 %", "100mg".
	htmlPotency = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)\s*(%|mg)`)
	// htmlSoldOut are the phrases of a sold-out card.
	htmlSoldOut = []string{"sold out", "out of stock", "unavailable", "not available", "outofstock", "soldout"}
)

var htmlPlatform = platform{
	name: "html",
	// A selector typo is refused with its line when the registry loads, rather than
	// failing the menu at the next scrape.
	check: func(m data.MenuSource) error {
		_, err := compileHTMLSelectors(m.Selectors)
		return err
	},
	build: func(b adapterBase, _ data.PlatformConfig) (data.Adapter, error) {
		return &HTMLMenu{pageAdapter{b}}, nil
	},
}

// HTMLMenu is the configurable adapter for menus published as plain HTML pages.
type HTMLMenu struct {
	pageAdapter
}

var _ data.Adapter = (*HTMLMenu)(nil)

// Validate implements data.Adapter: the page address, the required selectors, no
// unknown selector name, and every selector compiles.
func (h *HTMLMenu) Validate(src data.MenuSource) error {
	if err := h.pageAdapter.Validate(src); err != nil {
		return err
	}
	_, err := compileHTMLSelectors(src.Selectors)
	return err
}

// htmlSelector is one compiled selector: nil sel reads the card itself.
type htmlSelector struct {
	raw  string
	sel  cascadia.Selector
	attr string
}

// compileHTMLSelectors checks and compiles a registry entry's selectors.
func compileHTMLSelectors(raw map[string]string) (map[string]htmlSelector, error) {
	var unknown []string
	for k := range raw {
		if !slices.Contains(htmlSelectorKeys, k) {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		return nil, fmt.Errorf("html menu selectors: unknown %s (known: %s)", strings.Join(unknown, ", "), strings.Join(htmlSelectorKeys, ", "))
	}
	out := map[string]htmlSelector{}
	for _, k := range htmlSelectorKeys {
		v, ok := raw[k]
		v = strings.TrimSpace(v)
		if !ok || v == "" {
			if slices.Contains(htmlRequired, k) {
				return nil, fmt.Errorf("html menu needs selectors.%s (required: %s)", k, strings.Join(htmlRequired, ", "))
			}
			continue
		}
		s, err := compileHTMLSelector(v, k == "item")
		if err != nil {
			return nil, fmt.Errorf("html menu selectors.%s %q: %w", k, v, err)
		}
		out[k] = s
	}
	return out, nil
}

// compileHTMLSelector compiles "css", "css@attr" or "@attr".
func compileHTMLSelector(v string, item bool) (htmlSelector, error) {
	s := htmlSelector{raw: v}
	css := v
	if at := strings.LastIndexByte(v, '@'); at >= 0 && !strings.ContainsAny(v[at:], `]"'`) {
		css, s.attr = strings.TrimSpace(v[:at]), v[at+1:]
		if !htmlAttrName.MatchString(s.attr) {
			return s, fmt.Errorf("%q is not an attribute name", s.attr)
		}
		if item {
			return s, errors.New("the item selector selects cards; it cannot read an attribute")
		}
	}
	if css == "" {
		return s, nil // the card's own attribute
	}
	sel, err := cascadia.Compile(css)
	if err != nil {
		return s, err
	}
	s.sel = sel
	return s, nil
}

// FetchMenu implements data.Adapter.
func (h *HTMLMenu) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	page, err := menuPage(src, "html")
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	sels, err := compileHTMLSelectors(src.Selectors)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	where := "html page " + page.String()
	resp, err := getPage(ctx, h.engine, h.base, page, where, &menu)
	if err != nil {
		return menu, err
	}
	set, err := boundParse(ctx, h.engine, func(b *parseBudget) (*recordSet, error) {
		return htmlParse(b, resp.Body, page, sels, where)
	})
	if err != nil {
		return menu, pageError(where, resp, err)
	}
	return menu, set.into(&menu)
}

// htmlParse reads the cards of a page; links resolve against page, the store's
// public address.
func htmlParse(b *parseBudget, body []byte, page *url.URL, sels map[string]htmlSelector, where string) (*recordSet, error) {
	root, err := htmlTree(b, body)
	if err != nil {
		return nil, err
	}
	doc := goquery.NewDocumentFromNode(root)
	cards := doc.FindMatcher(sels["item"].sel)
	if cards.Length() == 0 {
		return nil, fmt.Errorf("selectors.item %q matches nothing; expected the product cards (layout changed?)", sels["item"].raw)
	}
	r := htmlReader{sels: sels, page: page, sections: map[*html.Node]string{}}
	set := &recordSet{where: where}
	for i, card := range cards.EachIter() {
		if err := b.spend(); err != nil {
			return nil, err
		}
		o, err := r.offer(b, card)
		if err != nil {
			set.add(i, nil, err)
			continue
		}
		set.add(i, []data.Offer{o}, nil)
	}
	return set, b.check()
}

// htmlReader reads cards with one entry's selectors.
type htmlReader struct {
	sels     map[string]htmlSelector
	page     *url.URL
	sections map[*html.Node]string // category found under each ancestor, memoised
}

// value is what selector key reads in card: the first match's text or attribute,
// whitespace collapsed; "" when the key is not configured or matches nothing.
func (r *htmlReader) value(card *goquery.Selection, key string) string {
	s, ok := r.sels[key]
	if !ok {
		return ""
	}
	return htmlValue(card, s)
}

func htmlValue(in *goquery.Selection, s htmlSelector) string {
	target := in
	if s.sel != nil {
		target = in.FindMatcher(s.sel).First()
	}
	if target.Length() == 0 {
		return ""
	}
	if s.attr != "" {
		v, _ := target.Attr(s.attr)
		return strings.Join(strings.Fields(v), " ")
	}
	return strings.Join(strings.Fields(target.Text()), " ")
}

// category is the card's category, else the nearest enclosing section's.
func (r *htmlReader) category(b *parseBudget, card *goquery.Selection) (string, error) {
	s, ok := r.sels["category"]
	if !ok {
		return "", nil
	}
	if v := htmlValue(card, s); v != "" {
		return v, nil
	}
	if s.sel == nil {
		return "", nil
	}
	for n := card.Get(0).Parent; n != nil; n = n.Parent {
		if err := b.spend(); err != nil {
			return "", err
		}
		if v, ok := r.sections[n]; ok {
			if v != "" {
				return v, nil
			}
			continue
		}
		v := htmlValue(goquery.NewDocumentFromNode(n).Selection, s)
		r.sections[n] = v
		if v != "" {
			return v, nil
		}
	}
	return "", nil
}

// offer maps one card.
func (r *htmlReader) offer(b *parseBudget, card *goquery.Selection) (data.Offer, error) {
	name := r.value(card, "name")
	if name == "" {
		return data.Offer{}, fmt.Errorf("no name (selectors.name %q matches nothing in the card)", r.sels["name"].raw)
	}
	priceText := r.value(card, "price")
	price, ok := htmlPrice(priceText)
	if !ok {
		return data.Offer{}, fmt.Errorf("%q: no price (selectors.price %q reads %q)", data.Clip(name), r.sels["price"].raw, data.Clip(priceText))
	}
	brand := r.value(card, "brand")
	cat, err := r.category(b, card)
	if err != nil {
		return data.Offer{}, err
	}
	o := data.Offer{
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(name, brand),
		Category:    Category(categoryPath(cat)...),
		RawCategory: cat,
		Size:        r.value(card, "size"),
		Price:       price,
		InStock:     true,
	}
	if o.RawCategory != "" {
		o.StrainType = StrainType(o.RawCategory)
	}
	if sale, ok := htmlPrice(r.value(card, "salePrice")); ok {
		o.SalePrice = salePrice(price, sale)
	}
	if stock := strings.ToLower(r.value(card, "stock")); stock != "" {
		for _, p := range htmlSoldOut {
			if strings.Contains(stock, p) {
				o.InStock = false
			}
		}
	}
	if link, ok := r.sels["link"]; ok {
		if link.attr == "" {
			link.attr = "href"
		}
		o.URL = webLink(htmlValue(card, link), r.page)
	}
	if m := htmlPotency.FindStringSubmatch(r.value(card, "thc")); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		setPotency(&o, v, strings.ToLower(m[2]), 0, "")
	}
	label := o.Size
	if label == "" {
		label = name
	}
	if o.Category == data.Edible {
		mg := 0.0
		if o.PotencyUnit == "mg" && o.THC != nil {
			mg = *o.THC
		}
		o.Milligrams = EdibleMilligrams(mg, label)
	} else {
		o.Grams = ParseSize(label).Grams
	}
	// A card has no product id: its link is one, else its brand and name (sizes of a
	// product share them).
	o.ProductID = o.URL
	if o.ProductID == "" {
		o.ProductID = "name:" + data.LabelKey(brand+" "+name)
	}
	return o, nil
}

// htmlPrice reads the first amount of a price text: "$1,200.00", "35", "$35.00 / 3.5g".
func htmlPrice(s string) (float64, bool) {
	m := htmlMoney.FindStringSubmatch(s)
	if m == nil {
		return 0, false
	}
	v, err := strconv.ParseFloat(strings.ReplaceAll(m[1], ",", "")+"."+m[2]+"0", 64)
	if err != nil {
		return 0, false
	}
	return sellingPrice(v)
}
