package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Leafly menus are read from the consumer API behind Leafly's embedded menu
// (docs/platforms.md §7, from public client code; no capture exists): GET
// /api/dispensaries/v1/<slug>/menu_items?take=50&skip=N, one item per size.
const (
	leaflyDefaultEndpoint = "https://consumer-api.leafly.com"
	leaflyMenuPath        = "/api/dispensaries/v1/%s/menu_items"
	leaflyOrigin          = "https://web-embedded-menu.leafly.com"
	// leaflyTake is the server's page cap (take ≥ 51 is answered 400).
	leaflyTake = 50
	// leaflyMaxPages bounds a menu that never ends: 200 pages of 50.
	leaflyMaxPages = 200
)

var leaflySlug = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

var leaflyPlatform = platform{
	name:     "leafly",
	hosts:    []string{"consumer-api.leafly.com"},
	settings: []string{"endpoint"},
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		endpoint, err := urlSetting(c, "endpoint", leaflyDefaultEndpoint)
		if err != nil {
			return nil, err
		}
		return &Leafly{adapterBase: b, endpoint: strings.TrimRight(endpoint, "/"), take: leaflyTake}, nil
	},
}

// Leafly is the adapter for Leafly dispensary menus.
type Leafly struct {
	adapterBase
	endpoint string
	take     int
}

var _ data.Adapter = (*Leafly)(nil)

// Validate implements data.Adapter: a Leafly menu is the dispensary's slug (storeId),
// as in leafly.com/dispensary-info/<slug>.
func (l *Leafly) Validate(src data.MenuSource) error {
	if !leaflySlug.MatchString(src.StoreID) {
		return fmt.Errorf("leafly menu needs storeId, the dispensary slug of leafly.com/dispensary-info/<slug> (lower-case words and hyphens), got %q", src.StoreID)
	}
	return l.checkSource(src)
}

// FetchMenu implements data.Adapter.
func (l *Leafly) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	if !leaflySlug.MatchString(src.StoreID) {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("leafly: storeId %q is not a dispensary slug", src.StoreID)}
	}
	endpoint, err := rebase(l.endpoint+fmt.Sprintf(leaflyMenuPath, src.StoreID), l.base)
	if err != nil {
		return menu, err
	}
	header := http.Header{"Accept": {"application/json"}, "Origin": {leaflyOrigin}}
	seen := seenIDs{}
	all := recordSet{where: "leafly " + src.StoreID}
	menu.Page = leaflyMenuPage(src.StoreID)
	for page := 0; page < leaflyMaxPages; page++ {
		skip := page * l.take
		where := fmt.Sprintf("leafly %s skip %d", src.StoreID, skip)
		resp, err := l.do(ctx, polite.Request{Method: http.MethodGet, URL: fmt.Sprintf("%s?take=%d&skip=%d", endpoint, l.take, skip), Header: header}, where, &menu)
		if err != nil {
			return menu, err
		}
		pg, err := boundParse(ctx, l.engine, func(b *parseBudget) (leaflyPage, error) {
			return leaflyRead(b, resp.Body, where, src.Market, seen)
		})
		if err != nil {
			return menu, replyError(where, resp, err)
		}
		// The menu is judged whole: a last page of a few bad items is not a broken menu.
		all.records += pg.set.records
		all.offers = append(all.offers, pg.set.offers...)
		all.skipped = append(all.skipped, pg.set.skipped...)
		all.otherMarket += pg.set.otherMarket
		items, total, fresh := pg.items, pg.total, pg.fresh
		if items < l.take || (total >= 0 && skip+items >= total) {
			return menu, all.into(&menu)
		}
		if fresh == 0 {
			all.into(&menu)
			return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
				Detail: where + ": the page repeats items already read (the server ignores skip)"}
		}
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("leafly %s: more than %d pages", src.StoreID, leaflyMaxPages)}
}

// leaflyParse reads one menu_items answer: {data:[…], metadata:{totalCount}}; total is
// -1 when the answer does not say.
func leaflyParse(body []byte) ([]json.RawMessage, int, error) {
	var reply struct {
		Data     []json.RawMessage `json:"data"`
		Metadata *struct {
			TotalCount looseNumber `json:"totalCount"`
		} `json:"metadata"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, 0, err
	}
	if reply.Data == nil {
		return nil, 0, &data.FetchError{Reason: data.ReasonParse, Detail: "reply has no data array"}
	}
	total := -1
	if reply.Metadata != nil && reply.Metadata.TotalCount.Set {
		total = int(reply.Metadata.TotalCount.V)
	}
	return reply.Data, total, nil
}

// leaflyPage is what one menu_items page gave: its records, how many items it held,
// the total the server announced (-1: none) and how many items were new.
type leaflyPage struct {
	set          recordSet
	items, total int
	fresh        int
}

// leaflyRead maps one menu_items page; seen holds the ids of earlier pages (a server
// that ignores skip repeats them).
func leaflyRead(b *parseBudget, body []byte, where string, market data.Market, seen seenIDs) (leaflyPage, error) {
	items, total, err := leaflyParse(body)
	if err != nil {
		return leaflyPage{}, err
	}
	pg := leaflyPage{set: recordSet{where: where}, items: len(items), total: total}
	before := len(seen)
	for i, it := range items {
		if err := b.spend(); err != nil {
			return leaflyPage{}, err
		}
		offers, id, err := leaflyOffers(it, market)
		if seen.repeat(id) {
			continue
		}
		pg.set.add(i, offers, err)
	}
	pg.fresh = len(seen) - before
	return pg, nil
}

// leaflyItem is the part of a menu item the adapter reads (field names from public
// client code, docs/platforms.md §7).
type leaflyItem struct {
	ID        json.Number `json:"id"`
	Name      string      `json:"name"`
	BrandName string      `json:"brandName"`
	Brand     *struct {
		Name string `json:"name"`
	} `json:"brand"`
	ProductCategory string      `json:"productCategory"`
	StrainName      string      `json:"strainName"`
	StrainType      string      `json:"strainType"`
	THCContent      looseNumber `json:"thcContent"`
	THCUnit         string      `json:"thcUnit"`
	CBDContent      looseNumber `json:"cbdContent"`
	CBDUnit         string      `json:"cbdUnit"`
	Price           looseNumber `json:"price"`
	SortPrice       looseNumber `json:"sortPrice"`
	Quantity        looseNumber `json:"quantity"`
	Unit            string      `json:"unit"`
	DisplayQuantity string      `json:"displayQuantity"`
	NormalizedLabel string      `json:"normalizedQuantityLabel"`
	StockQuantity   looseNumber `json:"stockQuantity"`
	PickupEnabled   *bool       `json:"pickupEnabled"`
	Medical         bool        `json:"medical"`
}

// leaflyOffers maps one menu item (one size of a product) to its offer.
func leaflyOffers(raw json.RawMessage, market data.Market) ([]data.Offer, string, error) {
	var it leaflyItem
	if err := json.Unmarshal(raw, &it); err != nil {
		return nil, "", err
	}
	id := it.ID.String()
	if id == "" {
		return nil, "", errors.New("no id")
	}
	// medical marks an item sold to patients only: left off the adult-use menu.
	if err := forMarket(market, it.Medical, false, "medical: true"); err != nil {
		return nil, id, err
	}
	name := strings.TrimSpace(it.Name)
	if name == "" {
		return nil, id, fmt.Errorf("item %s has no name", id)
	}
	// price is the item's price; sortPrice (what Leafly sorts by) stands in when it is
	// missing. Neither is known to be a sale price, so no sale is recorded.
	price, ok := sellingPrice(it.Price.V)
	if !ok {
		price, ok = sellingPrice(it.SortPrice.V)
	}
	if !ok {
		return nil, id, fmt.Errorf("item %s has no price", id)
	}
	brand := strings.TrimSpace(it.BrandName)
	if brand == "" && it.Brand != nil {
		brand = strings.TrimSpace(it.Brand.Name)
	}
	strain := strings.TrimSpace(it.StrainName)
	if strain == "" {
		strain = name
	}
	o := data.Offer{
		ProductID:   id,
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(strain, brand),
		StrainType:  StrainType(it.StrainType),
		Category:    Category(it.ProductCategory),
		RawCategory: it.ProductCategory,
		Size:        leaflySize(it),
		Price:       price,
		// Without a stock figure a listed item is for sale; pickupEnabled false alone
		// does not mean sold out (delivery-only menus).
		InStock: !it.StockQuantity.Set || it.StockQuantity.V > 0,
	}
	setPotency(&o, it.THCContent.V, it.THCUnit, it.CBDContent.V, it.CBDUnit)
	if o.Category == data.Edible {
		mg := 0.0
		if o.PotencyUnit == "mg" && o.THC != nil {
			mg = *o.THC
		}
		o.Milligrams = EdibleMilligrams(mg, o.Size)
	} else {
		// quantity+unit is the item's amount as a number; the display label is for
		// people ("2 x 0.5g", whose first figure is one joint, not the pack).
		switch data.LabelKey(it.Unit) {
		case "g", "gram", "grams":
			o.Grams = roundGrams(it.Quantity.V)
		}
		if o.Grams == 0 {
			o.Grams = ParseSize(o.Size).Grams
		}
	}
	return []data.Offer{o}, id, nil
}

// leaflySize is the item's size label: Leafly's display text, else quantity and unit.
func leaflySize(it leaflyItem) string {
	for _, s := range []string{it.DisplayQuantity, it.NormalizedLabel} {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	if it.Quantity.Set && it.Quantity.V > 0 && it.Unit != "" {
		return strconv.FormatFloat(it.Quantity.V, 'f', -1, 64) + " " + strings.TrimSpace(it.Unit)
	}
	return ""
}
