package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Weedmaps menus are read from the discovery API weedmaps.com itself calls
// (docs/platforms.md §4 A), page by page. Replies in the JSON:API "wm/v1" shape (§4 B, the
// captured one) are read too: the shape is told apart by the reply, so an endpoint
// override may point at either.
const (
	weedmapsDefaultEndpoint = "https://api-g.weedmaps.com/discovery/v1/listings/dispensaries/%s/menu_items"
	// weedmapsPageSize: the API answers 422 to a limit of 150 or more.
	weedmapsPageSize = 100
	// weedmapsMaxPages bounds a menu whose total never comes: 10,000 items.
	weedmapsMaxPages = 100
)

var (
	weedmapsSlugPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	// weedmapsFraction reads the "1/2 g" labels ParseSize would take for 2 g.
	weedmapsFraction = regexp.MustCompile(`^\s*(\d+)\s*/\s*(\d+)\s*(g|gram|grams|oz|ounce)\s*$`)
	weedmapsSite     = &url.URL{Scheme: "https", Host: "weedmaps.com"}
)

var weedmapsPlatform = platform{
	name:  "weedmaps",
	hosts: []string{"api-g.weedmaps.com"},
	build: func(b adapterBase, _ data.PlatformConfig) (data.Adapter, error) {
		return &Weedmaps{adapterBase: b}, nil
	},
}

// Weedmaps is the adapter for Weedmaps dispensary menus. A menu is the listing slug
// of weedmaps.com/dispensaries/<slug> (cName), or an endpoint: the full URL of a
// menu_items listing.
type Weedmaps struct {
	adapterBase
}

var _ data.Adapter = (*Weedmaps)(nil)

// Validate implements data.Adapter.
func (w *Weedmaps) Validate(src data.MenuSource) error {
	if err := w.checkSource(src); err != nil {
		return err
	}
	if src.Endpoint == "" && !weedmapsSlugPattern.MatchString(src.CName) {
		return fmt.Errorf("weedmaps menu needs cName, the listing slug of weedmaps.com/dispensaries/<slug>, or endpoint; got cName %q", src.CName)
	}
	return nil
}

// weedmapsReply is a menu_items page in either shape: data is an object holding
// menu_items (discovery) or the item array itself (wm/v1).
type weedmapsReply struct {
	Meta struct {
		Total          *int  `json:"total"`
		TotalMenuItems *int  `json:"total_menu_items"`
		HasLiveMenu    *bool `json:"has_live_menu"`
	} `json:"meta"`
	Data json.RawMessage `json:"data"`
}

// weedmapsItems returns a reply's items, whether they are JSON:API resources.
func (r *weedmapsReply) items() (items []json.RawMessage, jsonAPI bool, err error) {
	d := bytes.TrimSpace(r.Data)
	switch {
	case bytes.HasPrefix(d, []byte("[")):
		err = json.Unmarshal(d, &items)
		return items, true, err
	case bytes.HasPrefix(d, []byte("{")):
		var inner struct {
			MenuItems []json.RawMessage `json:"menu_items"`
		}
		if err := json.Unmarshal(d, &inner); err != nil {
			return nil, false, err
		}
		if inner.MenuItems == nil {
			return nil, false, errors.New("data has no menu_items")
		}
		return inner.MenuItems, false, nil
	}
	return nil, false, errors.New("reply has no data")
}

func (r *weedmapsReply) total() int {
	switch {
	case r.Meta.TotalMenuItems != nil:
		return *r.Meta.TotalMenuItems
	case r.Meta.Total != nil:
		return *r.Meta.Total
	}
	return -1
}

// FetchMenu implements data.Adapter.
func (w *Weedmaps) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	endpoint, listing := src.Endpoint, ""
	if endpoint == "" {
		endpoint = fmt.Sprintf(weedmapsDefaultEndpoint, url.PathEscape(src.CName))
		// Item pages live under the listing (the wm/v1 capture's links.order).
		listing = "https://weedmaps.com/dispensaries/" + src.CName + "/menu/"
	}
	endpoint, err := rebase(endpoint, w.base)
	if err != nil {
		return menu, err
	}
	u, err := url.Parse(endpoint)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("bad endpoint %q", endpoint), Err: err}
	}
	name := src.CName
	if name == "" {
		name = src.Endpoint
	}
	set := recordSet{where: "weedmaps " + name}
	// The listing a wm/v1 endpoint names (…/listings/<id>/menu_items): its items must be on it.
	var listingID string
	if m := weedmapsListingPath.FindStringSubmatch(u.Path); m != nil {
		listingID = m[1]
	}
	seen := seenIDs{}
	read := 0
	for page := 1; page <= weedmapsMaxPages; page++ {
		where := fmt.Sprintf("weedmaps %s page %d", name, page)
		q := u.Query()
		q.Set("limit", strconv.Itoa(weedmapsPageSize))
		q.Set("page", strconv.Itoa(page))
		u.RawQuery = q.Encode()
		resp, err := w.do(ctx, polite.Request{Method: http.MethodGet, URL: u.String(), Header: http.Header{"Accept": {"application/json"}}}, where, &menu)
		if err != nil {
			return menu, weedmapsChallenge(where, resp, err)
		}
		var reply weedmapsReply
		if err := json.Unmarshal(resp.Body, &reply); err != nil {
			return menu, weedmapsChallenge(where, resp, bodyError(where, resp, err))
		}
		items, jsonAPI, err := reply.items()
		if err != nil {
			return menu, bodyError(where, resp, err)
		}
		if page == 1 && len(items) == 0 && reply.Meta.HasLiveMenu != nil && !*reply.Meta.HasLiveMenu {
			return menu, &data.FetchError{Reason: data.ReasonEmpty, Status: resp.Status, Detail: where + ": the listing has no live menu"}
		}
		if err := set.addAll(ctx, w.engine, items, func(raw json.RawMessage) ([]data.Offer, error) {
			offers, id, err := weedmapsOffers(raw, jsonAPI, src.Market, listing, listingID)
			if seen.repeat(id) {
				return nil, errRepeat // a menu changing while it is paged repeats items
			}
			return offers, err
		}); err != nil {
			return menu, err
		}
		read += len(items)
		total := reply.total()
		if len(items) == 0 || (total >= 0 && read >= total) || (total < 0 && len(items) < weedmapsPageSize) || firstPageOnly(ctx) {
			return menu, set.into(&menu)
		}
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("weedmaps %s: more than %d pages", name, weedmapsMaxPages)}
}

// weedmapsChallenge turns the Fastly "Client Challenge" page (served to browser-like
// clients, docs/platforms.md §4) into a blocked failure; other failures pass unchanged.
func weedmapsChallenge(where string, resp *polite.Response, err error) error {
	if resp == nil || data.ReasonOf(err) == data.ReasonBlocked || !looksLikeHTML(resp.Body) {
		return err
	}
	head := bytes.ToLower(resp.Body[:min(len(resp.Body), 64<<10)])
	if !bytes.Contains(head, []byte("client challenge")) {
		return err
	}
	return &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": Fastly client-challenge page instead of JSON"}
}

// weedmapsOffers maps one item of either shape; id is its id when it has one.
func weedmapsOffers(raw json.RawMessage, jsonAPI bool, market data.Market, listing, listingID string) ([]data.Offer, string, error) {
	if jsonAPI {
		var it weedmapsResource
		if err := json.Unmarshal(raw, &it); err != nil {
			return nil, "", err
		}
		if on := it.Relationships.Listing.Data.ID.String(); on != "" && listingID != "" && on != listingID {
			return nil, it.ID.String(), &otherStoreError{what: "listing " + on, want: listingID}
		}
		offers, err := it.offers(market)
		return offers, it.ID.String(), err
	}
	var it weedmapsDiscoveryItem
	if err := json.Unmarshal(raw, &it); err != nil {
		return nil, "", err
	}
	offers, err := it.offers(listing)
	return offers, it.ID.String(), err
}

// weedmapsBase fills the fields both shapes share. Lineage (indica/sativa/hybrid) and
// product type come from different fields and are never mixed.
func weedmapsBase(id, name, slug, brand, lineage string, category data.Category, raw string) (data.Offer, error) {
	if id == "" {
		return data.Offer{}, errors.New("no id")
	}
	name = strings.TrimSpace(name)
	brand = strings.TrimSpace(brand)
	if name == "" {
		if name = nameFromSlug(slug, brand); name == "" {
			return data.Offer{}, fmt.Errorf("item %s has neither name nor slug", id)
		}
	}
	o := data.Offer{ProductID: id, Name: name, Brand: brand, StrainType: StrainType(lineage), Category: category, RawCategory: raw}
	o.Strain = StrainName(o.Name, o.Brand)
	return o, nil
}

// weedmapsListingPath finds the listing id in a wm/v1 menu_items path.
var weedmapsListingPath = regexp.MustCompile(`/listings/(\d+)/menu_items`)

// weedmapsResource is a JSON:API ("wm/v1") menu_item.
type weedmapsResource struct {
	ID         json.Number        `json:"id"`
	Attributes weedmapsAttributes `json:"attributes"`
	// Relationships.Listing is the listing (the store) the item is on.
	Relationships struct {
		Listing struct {
			Data struct {
				ID json.Number `json:"id"`
			} `json:"data"`
		} `json:"listing"`
	} `json:"relationships"`
	Links struct {
		Self  string `json:"self"`
		Order string `json:"order"`
	} `json:"links"`
}

// weedmapsAttributes are a wm/v1 menu_item's attributes.
type weedmapsAttributes struct {
	Name           string                 `json:"name"`
	Slug           string                 `json:"slug"`
	CategoryName   string                 `json:"category_name"`
	ParentCategory *named                 `json:"parent_category"`
	SubCategory    *named                 `json:"sub_category"`
	BrandName      string                 `json:"brand_name"`
	Genetics       string                 `json:"genetics"`
	LicenseType    string                 `json:"license_type"`
	IsPublished    *bool                  `json:"is_published"`
	Cannabinoids   map[string]looseNumber `json:"cannabinoids"`
	Measurements   []struct {
		Name  string      `json:"name"`
		Unit  string      `json:"unit"`
		Value looseNumber `json:"value"`
	} `json:"measurements"`
	Prices   map[string]json.RawMessage `json:"prices"`
	Variants []struct {
		Label string `json:"label"`
		Name  string `json:"name"`
		Price struct {
			Amount looseNumber `json:"amount"`
		} `json:"price"`
		Weight *struct {
			Value looseNumber `json:"value"`
			Unit  string      `json:"unit"`
		} `json:"weight"`
		InventoryQuantity looseNumber `json:"inventory_quantity"`
	} `json:"variants"`
	Sale *struct {
		Amount looseNumber `json:"amount"`
		Type   string      `json:"type"`
	} `json:"sale"`
	InventoryQuantity looseNumber `json:"inventory_quantity"`
}

// weedmapsFlatPrices are the flat prices of a wm/v1 item, in menu order, with the
// label and nominal weight of each; 0 means the size is not sold.
var weedmapsFlatPrices = []struct {
	key, label string
	grams      float64
}{
	{"price_unit", "each", 0}, {"price_half_gram", "1/2 g", 0.5}, {"price_gram", "1 g", 1},
	{"price_two_grams", "2 g", 2}, {"price_eighth", "1/8 oz", 3.5}, {"price_quarter", "1/4 oz", 7},
	{"price_half_ounce", "1/2 oz", 14}, {"price_ounce", "1 oz", 28},
}

// weedmapsSize is one sellable size of an item before sale and stock.
type weedmapsSize struct {
	label string
	grams float64
	price float64
	stock looseNumber
}

// offers maps a wm/v1 item: one offer per variant, or per non-zero flat price when
// the item has no variants. The sale is a percentage to apply, not a price.
func (it *weedmapsResource) offers(market data.Market) ([]data.Offer, error) {
	a := &it.Attributes
	// license_type is the licence an item is sold under: "medical" keeps it off the
	// adult-use menu and "recreational" off the medical one ("hybrid" or none: both).
	lt := strings.ToLower(strings.TrimSpace(a.LicenseType))
	if err := forMarket(market, lt == "medical", lt == "recreational", fmt.Sprintf("license_type %q", a.LicenseType)); err != nil {
		return nil, err
	}
	sub, parent := a.SubCategory.name(), a.ParentCategory.name()
	if parent == "" {
		parent = strings.TrimSpace(a.CategoryName)
	}
	raw := parent
	if sub != "" && !strings.EqualFold(sub, parent) {
		raw = parent + "/" + sub
	}
	base, err := weedmapsBase(it.ID.String(), a.Name, a.Slug, a.BrandName, a.Genetics, Category(sub, parent), raw)
	if err != nil {
		return nil, err
	}
	base.Subtype = SubtypeOf(sub)
	base.URL = webLink(it.Links.Order, nil)
	if base.URL == "" {
		base.URL = webLink(it.Links.Self, weedmapsSite)
	}
	thcMg := a.setPotency(&base)
	sizes, err := a.sizes(base.Name)
	if err != nil {
		return nil, err
	}
	var offers []data.Offer
	for _, s := range sizes {
		price, ok := sellingPrice(s.price)
		if !ok {
			continue // 0 is Weedmaps' "not sold in this size"
		}
		o := base
		o.Warnings = nil
		o.Size, o.Price = s.label, price
		if a.Sale != nil && a.Sale.Amount.V > 0 {
			if strings.EqualFold(a.Sale.Type, "percentage") && a.Sale.Amount.V < 100 {
				o.SalePrice = salePrice(price, price*(1-a.Sale.Amount.V/100))
			} else {
				o.Warnings = append(o.Warnings, fmt.Sprintf("sale %v %q not applied", a.Sale.Amount.V, data.Clip(a.Sale.Type)))
			}
		}
		o.InStock = (a.IsPublished == nil || *a.IsPublished) && (!s.stock.Set || s.stock.V > 0)
		if o.Category == data.Edible {
			if o.Milligrams = EdibleMilligrams(thcMg, s.label); o.Milligrams == 0 {
				o.Milligrams = EdibleMilligrams(0, o.Name)
			}
		} else {
			o.Grams = s.grams
			// A variant weight of 0.01 g on a "1g - Pre roll" is a placeholder: the
			// name's weight is the package.
			if named := ParseSize(o.Name).Grams; o.Grams > 0 && o.Grams < 0.1 && named >= 0.1 {
				o.Warnings = append(o.Warnings, fmt.Sprintf("variant weight %v g replaced by the name's %v g", o.Grams, named))
				o.Grams = named
			}
		}
		offers = append(offers, o)
	}
	return offers, nil
}

// setPotency sets base's THC and CBD from the measurements (the cannabinoids standing
// in for missing ones) and returns its THC in mg (0 unless given in mg).
func (a *weedmapsAttributes) setPotency(base *data.Offer) float64 {
	thc, thcUnit, cbd, cbdUnit := 0.0, "", 0.0, ""
	for _, m := range a.Measurements {
		switch strings.ToUpper(strings.TrimSpace(m.Name)) {
		case "THC":
			thc, thcUnit = m.Value.V, m.Unit
		case "CBD":
			cbd, cbdUnit = m.Value.V, m.Unit
		}
	}
	// cannabinoids is the same figure as a string without a unit; it only stands in
	// for missing measurements, and is a percentage wherever both are present.
	if thcUnit == "" && a.Cannabinoids["thc"].V > 0 {
		thc, thcUnit = a.Cannabinoids["thc"].V, "%"
	}
	if cbdUnit == "" && a.Cannabinoids["cbd"].V > 0 {
		cbd, cbdUnit = a.Cannabinoids["cbd"].V, "%"
	}
	setPotency(base, thc, thcUnit, cbd, cbdUnit)
	if base.PotencyUnit == "mg" && base.THC != nil {
		return *base.THC
	}
	return 0
}

// sizes are the item's variants, or its flat prices when it has none (name is the
// item's, whose weight a unit price is for).
func (a *weedmapsAttributes) sizes(name string) ([]weedmapsSize, error) {
	var sizes []weedmapsSize
	for _, v := range a.Variants {
		label := strings.TrimSpace(v.Label)
		if label == "" {
			label = strings.TrimSpace(v.Name)
		}
		g := 0.0
		if v.Weight != nil {
			g = weedmapsGrams(v.Weight.Value.V, v.Weight.Unit)
		}
		if g == 0 {
			g = weedmapsLabelGrams(label)
		}
		sizes = append(sizes, weedmapsSize{label: label, grams: g, price: v.Price.Amount.V, stock: v.InventoryQuantity})
	}
	if len(a.Variants) == 0 {
		for _, f := range weedmapsFlatPrices {
			var p looseNumber
			if raw, ok := a.Prices[f.key]; ok {
				if err := json.Unmarshal(raw, &p); err != nil {
					return nil, fmt.Errorf("prices.%s: %w", f.key, err)
				}
			}
			g := f.grams
			if f.key == "price_unit" {
				g = ParseSize(name).Grams // "Elevated|MendoBreath|1g Wax"
			}
			sizes = append(sizes, weedmapsSize{label: f.label, grams: g, price: p.V, stock: a.InventoryQuantity})
		}
	}
	return sizes, nil
}

// weedmapsGrams converts a variant weight; an ounce is 28 g as menus sell it.
func weedmapsGrams(v float64, unit string) float64 {
	switch strings.ToLower(strings.TrimSpace(unit)) {
	case "g", "gram", "grams":
		return roundGrams(v)
	case "mg", "milligram", "milligrams":
		return roundGrams(v / 1000)
	case "oz", "ounce", "ounces":
		return roundGrams(v * 28)
	}
	return 0
}

// weedmapsLabelGrams reads a size label, fractions of a gram included.
func weedmapsLabelGrams(label string) float64 {
	if m := weedmapsFraction.FindStringSubmatch(strings.ToLower(label)); m != nil {
		num, _ := strconv.ParseFloat(m[1], 64)
		den, _ := strconv.ParseFloat(m[2], 64)
		if den > 0 {
			return weedmapsGrams(num/den, m[3])
		}
	}
	return ParseSize(label).Grams
}

// weedmapsDiscoveryItem is a discovery/v1 menu item [CODE, no capture]: category is
// the lineage, edge_category the product type.
type weedmapsDiscoveryItem struct {
	ID       json.Number `json:"id"`
	Name     string      `json:"name"`
	Slug     string      `json:"slug"`
	Category *struct {
		Name string `json:"name"`
	} `json:"category"`
	EdgeCategory *struct {
		Name      string `json:"name"`
		Ancestors []struct {
			Name string `json:"name"`
		} `json:"ancestors"`
	} `json:"edge_category"`
	BrandEndorsement *struct {
		BrandName string `json:"brand_name"`
	} `json:"brand_endorsement"`
	Price   *weedmapsTier              `json:"price"`
	Prices  map[string]json.RawMessage `json:"prices"`
	Metrics *struct {
		Aggregates *struct {
			THC     looseNumber `json:"thc"`
			THCUnit string      `json:"thc_unit"`
			CBD     looseNumber `json:"cbd"`
			CBDUnit string      `json:"cbd_unit"`
		} `json:"aggregates"`
	} `json:"metrics"`
}

// weedmapsTier is one price of a discovery item: price is what is charged, and
// original_price the price before the sale when on_sale.
type weedmapsTier struct {
	Price         looseNumber `json:"price"`
	OriginalPrice looseNumber `json:"original_price"`
	OnSale        bool        `json:"on_sale"`
	Label         string      `json:"label"`
	Units         string      `json:"units"`
	Quantity      looseNumber `json:"quantity"`
	Unit          string      `json:"unit"`
}

// label is the tier's size label; key is the prices map key ("ounce", "gram", "unit").
func (t *weedmapsTier) label(key string) string {
	if l := strings.TrimSpace(t.Label); l != "" {
		return l
	}
	units := strings.TrimSpace(t.Units)
	if units == "" && t.Quantity.Set {
		units = strconv.FormatFloat(t.Quantity.V, 'f', -1, 64)
	}
	switch key {
	case "ounce":
		return strings.TrimSpace(units + " oz")
	case "gram":
		return strings.TrimSpace(units + " g")
	}
	return strings.TrimSpace(units + " " + t.Unit)
}

// offers maps a discovery item: one offer per price tier, or its single price.
func (it *weedmapsDiscoveryItem) offers(listing string) ([]data.Offer, error) {
	lineage, sub, parent := "", "", ""
	if it.Category != nil {
		lineage = it.Category.Name
	}
	if it.EdgeCategory != nil {
		sub = strings.TrimSpace(it.EdgeCategory.Name)
		if len(it.EdgeCategory.Ancestors) > 0 {
			parent = strings.TrimSpace(it.EdgeCategory.Ancestors[0].Name)
		}
	}
	brand := ""
	if it.BrandEndorsement != nil {
		brand = it.BrandEndorsement.BrandName
	}
	raw := parent
	if raw == "" {
		raw = sub
	} else if sub != "" && !strings.EqualFold(sub, parent) {
		raw = parent + "/" + sub
	}
	base, err := weedmapsBase(it.ID.String(), it.Name, it.Slug, brand, lineage, Category(sub, parent), raw)
	if err != nil {
		return nil, err
	}
	base.Subtype = SubtypeOf(sub)
	if listing != "" && weedmapsSlugPattern.MatchString(it.Slug) {
		base.URL = webLink(listing+it.Slug, nil)
	}
	if it.Metrics != nil && it.Metrics.Aggregates != nil {
		m := it.Metrics.Aggregates
		setPotency(&base, m.THC.V, m.THCUnit, m.CBD.V, m.CBDUnit)
	}
	thcMg := 0.0
	if base.PotencyUnit == "mg" && base.THC != nil {
		thcMg = *base.THC
	}

	type tier struct {
		key string
		t   weedmapsTier
	}
	var tiers []tier
	keys := make([]string, 0, len(it.Prices))
	for k := range it.Prices {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		// A prices entry is a list of tiers; some clients read it as one tier.
		var list []weedmapsTier
		if err := json.Unmarshal(it.Prices[k], &list); err != nil {
			var one weedmapsTier
			if err := json.Unmarshal(it.Prices[k], &one); err != nil {
				return nil, fmt.Errorf("prices.%s: %w", k, err)
			}
			list = []weedmapsTier{one}
		}
		for _, t := range list {
			tiers = append(tiers, tier{k, t})
		}
	}
	if len(tiers) == 0 && it.Price != nil {
		tiers = append(tiers, tier{"", *it.Price})
	}

	var offers []data.Offer
	labels := map[string]bool{}
	for _, t := range tiers {
		label := t.t.label(t.key)
		if labels[label] {
			continue
		}
		regular, charged := t.t.Price.V, t.t.Price.V
		if t.t.OnSale && t.t.OriginalPrice.V > charged {
			regular = t.t.OriginalPrice.V
		}
		price, ok := sellingPrice(regular)
		if !ok {
			continue
		}
		labels[label] = true
		o := base
		o.Size, o.Price = label, price
		o.SalePrice = salePrice(price, charged)
		o.InStock = true // discovery lists what the menu offers; it carries no stock count
		if o.Category == data.Edible {
			if o.Milligrams = EdibleMilligrams(thcMg, label); o.Milligrams == 0 {
				o.Milligrams = EdibleMilligrams(0, o.Name)
			}
		} else {
			o.Grams = weedmapsLabelGrams(label)
		}
		offers = append(offers, o)
	}
	return offers, nil
}
