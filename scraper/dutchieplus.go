package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Dutchie Plus is Dutchie's headless e-commerce API (docs/platforms.md §2): one GraphQL
// endpoint, authorised by a retailer's Bearer key, read with
// menu(retailerId, menuType, pagination{limit, offset}). Its Product objects also reach
// us verbatim through the LeafBridge WordPress plugin (leafbridge.go), so the
// product → offers mapping in this file serves both adapters.
const (
	dutchiePlusDefaultEndpoint = "https://plus.dutchie.com/plus/2021-07/graphql"
	// dutchiePlusPageSize is the pagination limit asked for; public clients use 12 to 50,
	// a smaller page only costs more requests.
	dutchiePlusPageSize = 50
	// dutchiePlusMaxPages bounds a menu that never ends (a server ignoring the offset):
	// 200 pages of 50 is far above any real store.
	dutchiePlusMaxPages = 200
)

// dutchiePlusMenuQuery asks for the Product fields plusOffers reads. menuType is a
// top-level argument of menu (seen in public clients next to filter and retailerId).
const dutchiePlusMenuQuery = `query Menu($retailerId: ID!, $menuType: MenuType!, $limit: Int!, $offset: Int!) {
  menu(retailerId: $retailerId, menuType: $menuType, pagination: {limit: $limit, offset: $offset}) {
    products {
      id name slug category subcategory strainType menuTypes
      brand { name }
      potencyThc { formatted range unit }
      potencyCbd { formatted range unit }
      posMetaData { category }
      variants { id option priceMed priceRec specialPriceMed specialPriceRec quantity }
    }
  }
}`

// plusRetailerID is a Dutchie Plus retailer id (also LeafBridge's wizard_data[retailer_id]).
var plusRetailerID = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

var dutchiePlusPlatform = platform{
	name:     "dutchieplus",
	hosts:    []string{"plus.dutchie.com"},
	settings: []string{"apiKey", "endpoint"},
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		endpoint, err := urlSetting(c, "endpoint", dutchiePlusDefaultEndpoint)
		if err != nil {
			return nil, err
		}
		return &DutchiePlus{adapterBase: b, endpoint: endpoint, apiKey: c.Settings["apiKey"], pageSize: dutchiePlusPageSize}, nil
	},
}

// DutchiePlus is the adapter for the Dutchie Plus headless GraphQL API.
type DutchiePlus struct {
	adapterBase
	endpoint string
	apiKey   string
	pageSize int
}

var _ data.Adapter = (*DutchiePlus)(nil)

// Validate implements data.Adapter: a Plus menu is a retailer UUID (storeId) and a
// market, read with the registry's Plus key.
func (d *DutchiePlus) Validate(src data.MenuSource) error {
	if !plusRetailerID.MatchString(src.StoreID) {
		return fmt.Errorf("dutchieplus menu needs storeId, the Dutchie Plus retailer UUID, got %q", src.StoreID)
	}
	if err := d.checkSource(src); err != nil {
		return err
	}
	if d.apiKey == "" {
		return errors.New("dutchieplus: platforms.dutchieplus.settings.apiKey is not set (the retailer's Dutchie Plus Bearer key)")
	}
	return nil
}

// plusMenuType is the MenuType enum value of a market.
func plusMenuType(m data.Market) (string, error) {
	return marketName(m, "MEDICAL", "RECREATIONAL")
}

// FetchMenu implements data.Adapter.
func (d *DutchiePlus) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	menuType, err := plusMenuType(src.Market)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: "dutchieplus: " + err.Error()}
	}
	endpoint := d.endpoint
	if src.Endpoint != "" {
		endpoint = src.Endpoint
	}
	if endpoint, err = rebase(endpoint, d.base); err != nil {
		return menu, err
	}
	header := http.Header{
		"Accept":        {"application/json"},
		"Content-Type":  {"application/json"},
		"Authorization": {"Bearer " + d.apiKey},
	}
	seen := seenIDs{}
	offset := 0
	for page := 0; page < dutchiePlusMaxPages; page++ {
		where := fmt.Sprintf("dutchieplus retailer %s %s offset %d", src.StoreID, strings.ToLower(menuType), offset)
		body, _ := json.Marshal(map[string]any{
			"operationName": "Menu",
			"query":         dutchiePlusMenuQuery,
			"variables":     map[string]any{"retailerId": src.StoreID, "menuType": menuType, "limit": d.pageSize, "offset": offset},
		})
		resp, err := d.do(ctx, polite.Request{Method: http.MethodPost, URL: endpoint, Header: header, Body: body}, where, &menu)
		if err != nil {
			if fe := (*data.FetchError)(nil); errors.As(err, &fe) && (fe.Status == http.StatusUnauthorized || fe.Status == http.StatusForbidden) && fe.Reason == data.ReasonHTTPStatus {
				fe.Detail += ": the Plus key was refused; check platforms.dutchieplus.settings.apiKey"
			}
			return menu, err
		}
		products, err := dutchiePlusProducts(resp.Body)
		if err != nil {
			return menu, replyError(where, resp, err)
		}
		// An empty page ends the menu. A short one does not: a server that caps the
		// page below our limit answers short pages all along, and stopping at the first
		// would publish a truncated menu as complete.
		if len(products) == 0 {
			return menu, nil
		}
		fresh, err := addPage(ctx, d.engine, &menu, where, seen, products, func(raw json.RawMessage) ([]data.Offer, string, error) {
			return plusRecordOffers(raw, src.Market, nil)
		})
		if err != nil {
			return menu, err
		}
		if fresh == 0 {
			return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
				Detail: where + ": the page repeats products already read (the server ignores the offset)"}
		}
		offset += len(products)
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("dutchieplus retailer %s: more than %d pages", src.StoreID, dutchiePlusMaxPages)}
}

// dutchiePlusProducts reads one GraphQL reply: data.menu.products. A GraphQL error is a
// *data.FetchError carrying the server's message: config when it is about the retailer
// (a wrong storeId), parse otherwise (the query no longer fits the schema). A body that
// is not JSON is a plain error for bodyError to classify.
func dutchiePlusProducts(body []byte) ([]json.RawMessage, error) {
	var reply struct {
		Data *struct {
			Menu *struct {
				Products []json.RawMessage `json:"products"`
			} `json:"menu"`
		} `json:"data"`
		Errors graphQLErrors `json:"errors"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, err
	}
	if len(reply.Errors) > 0 {
		e := reply.Errors[0]
		if e.Extensions.Code == "NOT_FOUND" || plusRetailerWord.MatchString(e.Message) {
			return nil, &data.FetchError{Reason: data.ReasonConfig,
				Detail: fmt.Sprintf("GraphQL error %q: check storeId, the Dutchie Plus retailer UUID", data.Clip(e.Message))}
		}
		return nil, &data.FetchError{Reason: data.ReasonParse, Detail: fmt.Sprintf("layout changed: GraphQL error %q", data.Clip(e.Message))}
	}
	if reply.Data == nil || reply.Data.Menu == nil || reply.Data.Menu.Products == nil {
		return nil, &data.FetchError{Reason: data.ReasonParse, Detail: "layout changed: reply has no data.menu.products"}
	}
	return reply.Data.Menu.Products, nil
}

// plusRetailerWord finds an error about the retailer itself ("Retailer not found"); the
// argument name in a schema error ("Unknown argument retailerId") does not match.
var plusRetailerWord = regexp.MustCompile(`(?i)\bretailer\b`)

// plusProduct is the part of a Dutchie Plus Product the adapters read; the headless API
// and LeafBridge's products_list send the same object.
type plusProduct struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Slug        string   `json:"slug"`
	Category    string   `json:"category"`
	Subcategory string   `json:"subcategory"`
	StrainType  string   `json:"strainType"`
	MenuTypes   []string `json:"menuTypes"`
	Brand       *struct {
		Name string `json:"name"`
	} `json:"brand"`
	PotencyThc  *plusPotency `json:"potencyThc"`
	PotencyCbd  *plusPotency `json:"potencyCbd"`
	PosMetaData *struct {
		Category string `json:"category"`
	} `json:"posMetaData"`
	Variants []plusVariant `json:"variants"`
}

// plusPotency is {formatted:"0.38%", range:[0.38], unit:"%"}; the range may be empty
// with only the formatted text set, or both empty.
type plusPotency struct {
	Formatted string        `json:"formatted"`
	Range     []looseNumber `json:"range"`
	Unit      string        `json:"unit"`
}

var potencyFigure = regexp.MustCompile(`\d*\.?\d+`)

// value is the potency to show: the top of the range, else the largest figure of the
// formatted text ("0.3% - 0.5%").
func (p *plusPotency) value() float64 {
	if p == nil {
		return 0
	}
	v := 0.0
	for _, r := range p.Range {
		if r.Set && r.V > v {
			v = r.V
		}
	}
	if v == 0 {
		// Thousands separators go first: "1,000mg" is one figure, not 1 and 000.
		for _, f := range potencyFigure.FindAllString(strings.ReplaceAll(p.Formatted, ",", ""), 4) {
			if x, err := strconv.ParseFloat(f, 64); err == nil && x > v {
				v = x
			}
		}
	}
	return v
}

// figures are the range's figures, else the formatted text's ("0.3% - 0.5%").
func (p *plusPotency) figures() []float64 {
	if p == nil {
		return nil
	}
	var out []float64
	for _, r := range p.Range {
		if r.Set {
			out = append(out, r.V)
		}
	}
	if len(out) == 0 {
		for _, f := range potencyFigure.FindAllString(strings.ReplaceAll(p.Formatted, ",", ""), 4) {
			if x, err := strconv.ParseFloat(f, 64); err == nil {
				out = append(out, x)
			}
		}
	}
	return out
}

// unit is the potency's Offer.PotencyUnit: the API's enum (PERCENTAGE, MILLIGRAMS), the
// formatted symbol LeafBridge sends ("%", "mg"), or what the formatted text ends with.
func (p *plusPotency) unit() string {
	if p == nil {
		return ""
	}
	if u := potencyUnit(p.Unit); u != "" {
		return u
	}
	f := strings.ToLower(strings.TrimSpace(p.Formatted))
	switch {
	case strings.HasSuffix(f, "%"):
		return "%"
	case strings.HasSuffix(f, "mg"):
		return "mg"
	}
	return ""
}

// plusVariant is one option of a product with both markets' prices.
type plusVariant struct {
	Option          string      `json:"option"`
	PriceMed        looseNumber `json:"priceMed"`
	PriceRec        looseNumber `json:"priceRec"`
	SpecialPriceMed looseNumber `json:"specialPriceMed"`
	SpecialPriceRec looseNumber `json:"specialPriceRec"`
	Quantity        looseNumber `json:"quantity"`
}

// plusRecordOffers decodes one Product and maps it; id is the product id when the
// record has one, for de-duplication across pages. links maps product ids to their
// page on the retailer's site (LeafBridge), nil when unknown.
func plusRecordOffers(raw json.RawMessage, market data.Market, links map[string]string) (offers []data.Offer, id string, err error) {
	var p plusProduct
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, "", err
	}
	offers, err = plusOffers(p, market, links[p.ID])
	return offers, p.ID, err
}

// plusOffers maps one Product to one offer per variant priced in the market. A product
// not on the market's menu (menuTypes) has no offers; that is not an error.
func plusOffers(p plusProduct, market data.Market, link string) ([]data.Offer, error) {
	if strings.TrimSpace(p.ID) == "" {
		return nil, errors.New("no id")
	}
	menuType, err := plusMenuType(market)
	if err != nil {
		return nil, err
	}
	if len(p.MenuTypes) > 0 && !slices.Contains(p.MenuTypes, menuType) {
		return nil, nil
	}
	brand := ""
	if p.Brand != nil {
		brand = strings.TrimSpace(p.Brand.Name)
	}
	name := strings.TrimSpace(p.Name)
	if name == "" {
		if name = nameFromSlug(p.Slug, brand); name == "" {
			return nil, fmt.Errorf("product %s has neither name nor slug", p.ID)
		}
	}
	posCategory := ""
	if p.PosMetaData != nil {
		posCategory = p.PosMetaData.Category
	}
	base := data.Offer{
		ProductID:   p.ID,
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(name, brand),
		StrainType:  StrainType(p.StrainType),
		Category:    Category(p.Category, p.Subcategory, posCategory),
		RawCategory: p.Category,
		Subtype:     SubtypeOf(p.Subcategory),
		URL:         webLink(link, nil),
	}
	setPotency(&base, p.PotencyThc.value(), p.PotencyThc.unit(), p.PotencyCbd.value(), p.PotencyCbd.unit())
	setPotencyLow(&base, p.PotencyThc.figures(), p.PotencyCbd.figures())
	potencyMg := 0.0
	if base.PotencyUnit == "mg" && base.THC != nil {
		potencyMg = *base.THC
	}
	var offers []data.Offer
	for _, v := range p.Variants {
		price, special := v.PriceRec, v.SpecialPriceRec
		if market == data.Medical {
			price, special = v.PriceMed, v.SpecialPriceMed
		}
		// sellingPrice refuses what is no price: absent, zero or negative (not sold in
		// this market), or too large to round to cents (it would publish as +Inf).
		amount, ok := sellingPrice(price.V)
		if !price.Set || !ok {
			continue
		}
		o := base
		o.Size = strings.TrimSpace(v.Option)
		o.Price = amount
		o.SalePrice = salePrice(amount, special.V)
		o.InStock = !v.Quantity.Set || v.Quantity.V > 0
		feedSize(&o, potencyMg)
		flagLowFlowerTHC(&o)
		offers = append(offers, o)
	}
	return offers, nil
}

// The helpers below are shared by the Dutchie-fed adapters (Dutchie Plus, LeafBridge,
// Joint Commerce), whose records follow the same conventions.

// feedSize fills grams or milligrams from the option label. Dutchie-fed menus label
// edibles, tinctures and topicals by THC dose ("10pk/100mg", ".1g" = 100 mg, "0.025g" =
// 25 mg); everything else by weight ("1/8oz", "2.83g"). The label wins over the potency
// in mg, which these feeds often give per serving.
func feedSize(o *data.Offer, potencyMg float64) {
	if !doseLabelled(o.Category, o.RawCategory) {
		o.Grams = ParseSize(o.Size).Grams
		return
	}
	if mg := EdibleMilligrams(0, o.Size); mg > 0 {
		o.Milligrams = mg
		return
	}
	if potencyMg >= 1 {
		o.Milligrams = potencyMg
	}
}

// doseLabelled reports whether a product's size option is its THC dose.
func doseLabelled(c data.Category, raw string) bool {
	if c == data.Edible {
		return true
	}
	switch data.LabelKey(raw) {
	case "tincture", "tinctures", "topical", "topicals", "oral", "orals":
		return true
	}
	return false
}

// minFlowerTHC is the THC percentage below which a flower or pre-roll reading is taken
// for a source error (Joint's capture has a flower at "0.4%" among 14 to 35 %), unless
// the product is a CBD strain.
const minFlowerTHC = 5

// WarnFlowerTHCLow is the warning on a flower or pre-roll whose THC is implausibly low.
const WarnFlowerTHCLow = "flower THC below 5%, likely a source error"

// flagLowFlowerTHC warns on a flower or pre-roll offer whose THC is implausibly low; the
// value is kept for maintainers to see, the warning keeps it out of statistics.
func flagLowFlowerTHC(o *data.Offer) {
	if o.Category != data.Flower && o.Category != data.Preroll {
		return
	}
	if o.PotencyUnit != "%" || o.THC == nil || *o.THC >= minFlowerTHC {
		return
	}
	if o.CBD != nil && *o.CBD >= minFlowerTHC {
		return // a CBD strain
	}
	if !slices.Contains(o.Warnings, WarnFlowerTHCLow) {
		o.Warnings = append(o.Warnings, WarnFlowerTHCLow)
	}
}
