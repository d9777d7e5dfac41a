package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Dutchie menus are read from the consumer GraphQL API's FilteredProducts persisted
// query (docs/platforms.md §1), page by page.
const (
	dutchieDefaultEndpoint = "https://dutchie.com/graphql"
	// dutchieDefaultListHash is the FilteredProducts hash of Nov 2025; hashes rotate, so
	// it is a setting (platforms.dutchie.settings.listHash).
	dutchieDefaultListHash = "ee29c060826dc41c527e470e9ae502c9b2c169720faa0a9f5d25e1b9a530a4a0"
	// dutchiePerPage is the server's page cap (a request for 200 gets 100).
	dutchiePerPage = 100
	// dutchieMaxPages bounds a menu whose page count never ends (a proxy answering the
	// same page forever): 100 pages of 100 is far above any real store.
	dutchieMaxPages = 100
	// dutchieDispensariesQuery resolves a cName when no persisted hash is configured for
	// ConsumerDispensaries.
	dutchieDispensariesQuery = `query ConsumerDispensaries($dispensaryFilter: dispensaryFilter!) { filteredDispensaries(filter: $dispensaryFilter) { id cName name } }`
)

var (
	dispensaryIDPattern = regexp.MustCompile(`^[0-9a-f]{24}$`)
	// cNamePattern is the slug of dutchie.com/dispensary/<cName>.
	cNamePattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
)

var dutchiePlatform = platform{
	name:     "dutchie",
	hosts:    []string{"dutchie.com", "api.dutchie.com"},
	settings: []string{"listHash", "dispensariesHash", "clientName"},
	check:    dutchieCheck,
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		return &Dutchie{adapterBase: b, listHash: setting(c, "listHash", dutchieDefaultListHash),
			clientName: setting(c, "clientName", "Marketplace (production)"), dispensariesHash: c.Settings["dispensariesHash"]}, nil
	},
}

// dutchieCheck is the registry's rule for a Dutchie menu: a dispensaryId of 24 hex
// digits or a cName.
func dutchieCheck(src data.MenuSource) error {
	if src.DispensaryID == "" && src.CName == "" {
		return errors.New("dutchie menu needs dispensaryId or cName")
	}
	if src.DispensaryID != "" && !dispensaryIDPattern.MatchString(src.DispensaryID) {
		return fmt.Errorf("dutchie dispensaryId %q is not 24 hex digits", src.DispensaryID)
	}
	return nil
}

// Dutchie is the adapter for Dutchie consumer menus (dutchie.com, embedded menus and
// operator proxy domains given as the menu's endpoint).
type Dutchie struct {
	adapterBase
	listHash         string
	dispensariesHash string
	clientName       string

	// ids caches cName → dispensary id: one store's medical and recreational menus
	// share it, and it does not change between the two fetches.
	ids sync.Map
}

var _ data.Adapter = (*Dutchie)(nil)

// Validate implements data.Adapter.
func (d *Dutchie) Validate(src data.MenuSource) error {
	if err := dutchieCheck(src); err != nil {
		return err
	}
	if src.DispensaryID == "" && !cNamePattern.MatchString(src.CName) {
		return fmt.Errorf("dutchie cName %q is not the lower-case slug of dutchie.com/dispensary/<cName>", src.CName)
	}
	return d.checkSource(src)
}

// graphQLReply is a GraphQL answer: data, or errors, or both.
type graphQLReply struct {
	Data   json.RawMessage `json:"data"`
	Errors graphQLErrors   `json:"errors"`
}

// graphQLErrors are a GraphQL answer's errors (Dutchie's and Dutchie Plus's).
type graphQLErrors []struct {
	Message    string `json:"message"`
	Extensions struct {
		Code string `json:"code"`
	} `json:"extensions"`
}

// FetchMenu implements data.Adapter.
func (d *Dutchie) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	endpoint := src.Endpoint
	if endpoint == "" {
		endpoint = dutchieDefaultEndpoint
	}
	endpoint, err := rebase(endpoint, d.base)
	if err != nil {
		return menu, err
	}
	id, err := d.dispensaryID(ctx, endpoint, src, &menu)
	if err != nil {
		return menu, err
	}
	menu.Page = dutchieMenuPage(src.CName)
	pricing := "rec"
	if src.Market == data.Medical {
		pricing = "med"
	}
	for page := 0; page < dutchieMaxPages; page++ {
		where := fmt.Sprintf("dutchie %s %s page %d", nameOf(src), pricing, page)
		vars := map[string]any{
			"includeEnterpriseSpecials": false,
			"productsFilter": map[string]any{
				"dispensaryId": id, "pricingType": pricing, "strainTypes": []string{}, "subcategories": []string{},
				"Status": "Active", "types": []string{}, "useCache": false, "isDefaultSort": true, "sortBy": "weight",
				"sortDirection": 1, "bypassOnlineThresholds": false, "isKioskMenu": false, "removeProductsBelowOptionThresholds": true,
			},
			"page": page, "perPage": dutchiePerPage,
		}
		raw, err := d.call(ctx, endpoint, "FilteredProducts", d.listHash, "", vars, src, where, &menu)
		if err != nil {
			return menu, err
		}
		var list struct {
			FilteredProducts *struct {
				Products  []json.RawMessage `json:"products"`
				QueryInfo struct {
					TotalCount int `json:"totalCount"`
					TotalPages int `json:"totalPages"`
				} `json:"queryInfo"`
			} `json:"filteredProducts"`
		}
		if err := json.Unmarshal(raw, &list); err != nil || list.FilteredProducts == nil {
			if err == nil {
				err = errors.New("data.filteredProducts is missing")
			}
			return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus, Detail: where, Err: err}
		}
		set := recordSet{where: where}
		if err := set.addAll(ctx, d.engine, list.FilteredProducts.Products, func(raw json.RawMessage) ([]data.Offer, error) {
			return dutchieOffers(raw, pricing, src.CName, src.Market, id)
		}); err != nil {
			return menu, err
		}
		if err := set.into(&menu); err != nil {
			return menu, err
		}
		if page+1 >= list.FilteredProducts.QueryInfo.TotalPages || len(list.FilteredProducts.Products) == 0 || firstPageOnly(ctx) {
			return menu, nil
		}
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("dutchie %s: more than %d pages", nameOf(src), dutchieMaxPages)}
}

// dispensaryID is the menu's 24-hex id: given, cached, or resolved from its cName
// with ConsumerDispensaries.
func (d *Dutchie) dispensaryID(ctx context.Context, endpoint string, src data.MenuSource, menu *data.Menu) (string, error) {
	if src.DispensaryID != "" {
		return src.DispensaryID, nil
	}
	cacheKey := endpoint + "|" + src.CName
	if id, ok := d.ids.Load(cacheKey); ok {
		return id.(string), nil
	}
	where := fmt.Sprintf("dutchie %s: resolve cName", src.CName)
	query := ""
	if d.dispensariesHash == "" {
		query = dutchieDispensariesQuery
	}
	raw, err := d.call(ctx, endpoint, "ConsumerDispensaries", d.dispensariesHash, query,
		map[string]any{"dispensaryFilter": map[string]any{"cNameOrID": src.CName}}, src, where, menu)
	if err != nil {
		return "", err
	}
	var found struct {
		FilteredDispensaries []struct {
			ID    string `json:"id"`
			CName string `json:"cName"`
		} `json:"filteredDispensaries"`
	}
	if err := json.Unmarshal(raw, &found); err != nil {
		return "", &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus, Detail: where, Err: err}
	}
	for _, f := range found.FilteredDispensaries {
		if dispensaryIDPattern.MatchString(f.ID) && (f.CName == "" || strings.EqualFold(f.CName, src.CName)) {
			d.ids.Store(cacheKey, f.ID)
			return f.ID, nil
		}
	}
	return "", &data.FetchError{Reason: data.ReasonConfig, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("%s: no dispensary named %q", where, src.CName)}
}

// call sends one GraphQL GET (persisted-query style, as Dutchie's own client does) and
// returns its data. GraphQL errors, HTML pages and malformed bodies are failures.
func (d *Dutchie) call(ctx context.Context, endpoint, operation, hash, query string, vars map[string]any, src data.MenuSource, where string, menu *data.Menu) (json.RawMessage, error) {
	u, err := url.Parse(endpoint)
	if err != nil {
		return nil, &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("bad endpoint %q", endpoint), Err: err}
	}
	varsJSON, _ := json.Marshal(vars)
	q := u.Query()
	q.Set("operationName", operation)
	q.Set("variables", string(varsJSON))
	if hash != "" {
		ext, _ := json.Marshal(map[string]any{"persistedQuery": map[string]any{"version": 1, "sha256Hash": hash}})
		q.Set("extensions", string(ext))
	}
	if query != "" {
		q.Set("query", query)
	}
	u.RawQuery = q.Encode()
	header := http.Header{
		"Accept":                    {"application/json"},
		"Content-Type":              {"application/json"},
		"Apollographql-Client-Name": {d.clientName},
	}
	if src.URL != "" {
		header.Set("Referer", src.URL)
	}
	resp, err := d.do(ctx, polite.Request{Method: http.MethodGet, URL: u.String(), Header: header}, where, menu)
	var reply graphQLReply
	if err != nil {
		// Some GraphQL servers answer an unknown hash with a 400 rather than Apollo's 200
		// (apollographql/apollo-client#9410): it is the same stale-hash failure.
		if resp != nil && json.Unmarshal(resp.Body, &reply) == nil && reply.persistedQueryNotFound() {
			return nil, d.staleHash(where, operation, hash, resp.Status)
		}
		return nil, err
	}
	if err := json.Unmarshal(resp.Body, &reply); err != nil {
		return nil, bodyError(where, resp, err)
	}
	if reply.persistedQueryNotFound() {
		return nil, d.staleHash(where, operation, hash, resp.Status)
	}
	if len(reply.Errors) > 0 {
		return nil, &data.FetchError{Reason: data.ReasonParse, Status: resp.Status,
			Detail: fmt.Sprintf("%s: GraphQL error %q", where, data.Clip(reply.Errors[0].Message))}
	}
	if len(reply.Data) == 0 || string(reply.Data) == "null" {
		return nil, bodyError(where, resp, errors.New("reply has no data"))
	}
	return reply.Data, nil
}

// persistedQueryNotFound reports Apollo's answer to a persisted-query hash the server
// does not know.
func (r graphQLReply) persistedQueryNotFound() bool {
	for _, e := range r.Errors {
		if e.Message == "PersistedQueryNotFound" || e.Extensions.Code == "PERSISTED_QUERY_NOT_FOUND" {
			return true
		}
	}
	return false
}

// staleHash is the failure of a rotated persisted-query hash: it names the setting
// that fixes it.
func (d *Dutchie) staleHash(where, operation, hash string, status int) error {
	setting := "dispensariesHash"
	if operation == "FilteredProducts" {
		setting = "listHash"
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: status,
		Detail: fmt.Sprintf("%s: the server does not know the %s hash %s; set platforms.dutchie.settings.%s to the current one",
			where, operation, hash, setting)}
}

func nameOf(src data.MenuSource) string {
	if src.CName != "" {
		return src.CName
	}
	return src.DispensaryID
}

// dutchieProduct is the part of a FilteredProducts product the adapter reads; both
// captures (2023 POSMetaData stock, 2025 manualInventory stock) fit it.
type dutchieProduct struct {
	ID        string  `json:"_id"`
	AltID     string  `json:"id"`
	Name      string  `json:"Name"`
	BrandName *string `json:"brandName"`
	Brand     *struct {
		Name string `json:"name"`
	} `json:"brand"`
	Type        *string         `json:"type"`
	Subcategory *string         `json:"subcategory"`
	StrainType  *string         `json:"strainType"`
	THCContent  *dutchiePotency `json:"THCContent"`
	CBDContent  *dutchiePotency `json:"CBDContent"`
	Options     []string        `json:"Options"`
	Prices      []*float64      `json:"Prices"`
	RecPrices   []*float64      `json:"recPrices"`
	MedPrices   []*float64      `json:"medicalPrices"`
	RecSpecial  []*float64      `json:"recSpecialPrices"`
	MedSpecial  []*float64      `json:"medicalSpecialPrices"`
	CName       string          `json:"cName"`
	// MedicalOnly and RecOnly mark a product sold to one market only.
	MedicalOnly bool `json:"medicalOnly"`
	RecOnly     bool `json:"recOnly"`
	// DispensaryID is the store the product is listed at.
	DispensaryID string `json:"DispensaryID"`
	Measure      *struct {
		NetWeight *struct {
			Unit   string     `json:"unit"`
			Values []*float64 `json:"values"`
		} `json:"netWeight"`
	} `json:"measurements"`
	POSMetaData *struct {
		Children []struct {
			Option            string   `json:"option"`
			QuantityAvailable *float64 `json:"quantityAvailable"`
			Quantity          *float64 `json:"quantity"`
		} `json:"children"`
	} `json:"POSMetaData"`
	ManualInventory []struct {
		Option    string   `json:"option"`
		Inventory *float64 `json:"inventory"`
	} `json:"manualInventory"`
	OptionsBelowThreshold []string `json:"optionsBelowThreshold"`
}

type dutchiePotency struct {
	Unit  string     `json:"unit"`
	Range []*float64 `json:"range"`
}

// reading is the potency to show and its unit, "%" or "mg": the top of a range, the
// single value otherwise. MILLIGRAMS_PER_GRAM (Canadian stores in the 2023 capture:
// range [300, 360]) is a percentage times ten.
func (p *dutchiePotency) reading() (float64, string) {
	if p == nil {
		return 0, ""
	}
	v := 0.0
	for _, r := range p.Range {
		if r != nil && *r > v {
			v = *r
		}
	}
	switch strings.ToUpper(p.Unit) {
	case "MILLIGRAMS":
		return v, "mg"
	case "MILLIGRAMS_PER_GRAM":
		return v / 10, "%"
	}
	return v, "%"
}

// figures are the range's figures in the unit reading gives: [18, 24.5] of a range,
// [24.5] of a single value.
func (p *dutchiePotency) figures() []float64 {
	if p == nil {
		return nil
	}
	out := make([]float64, 0, len(p.Range))
	for _, r := range p.Range {
		if r == nil {
			continue
		}
		v := *r
		if strings.EqualFold(p.Unit, "MILLIGRAMS_PER_GRAM") {
			v /= 10
		}
		out = append(out, v)
	}
	return out
}

// dutchieOffers maps one product to one offer per option, using the prices of the
// pricing type asked for; storeCName (the store's cName, "" when the registry gives
// only its id) makes the product's page on dutchie.com.
func dutchieOffers(raw json.RawMessage, pricing, storeCName string, market data.Market, storeID string) ([]data.Offer, error) {
	var p dutchieProduct
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	if p.DispensaryID != "" && storeID != "" && !strings.EqualFold(p.DispensaryID, storeID) {
		return nil, &otherStoreError{what: "DispensaryID " + p.DispensaryID, want: storeID}
	}
	if err := forMarket(market, p.MedicalOnly, p.RecOnly, dutchieMarketFlag(p.MedicalOnly)); err != nil {
		return nil, err
	}
	id := p.ID
	if id == "" {
		id = p.AltID
	}
	if id == "" {
		return nil, errors.New("no _id")
	}
	if strings.TrimSpace(p.Name) == "" {
		if p.Name = nameFromSlug(p.CName, deref(p.BrandName)); p.Name == "" {
			return nil, fmt.Errorf("product %s has neither Name nor cName", id)
		}
	}
	brand := deref(p.BrandName)
	if brand == "" && p.Brand != nil {
		brand = p.Brand.Name
	}
	prices, specials := p.RecPrices, p.RecSpecial
	if pricing == "med" {
		prices, specials = p.MedPrices, p.MedSpecial
	}
	if len(prices) == 0 {
		prices = p.Prices // Prices holds the requested pricing type's prices
	}
	base := data.Offer{
		ProductID:   id,
		Name:        strings.TrimSpace(p.Name),
		Brand:       strings.TrimSpace(brand),
		StrainType:  StrainType(deref(p.StrainType)),
		Category:    Category(deref(p.Type), deref(p.Subcategory)),
		RawCategory: deref(p.Type),
		Subtype:     SubtypeOf(deref(p.Subcategory)),
		URL:         dutchieProductPage(storeCName, p.CName),
	}
	base.Strain = StrainName(base.Name, base.Brand)
	thc, thcUnit := p.THCContent.reading()
	if base.THC = positive(thc); base.THC != nil {
		base.PotencyUnit = thcUnit
	}
	// One unit per offer: a CBD figure in another unit than the THC one is left out.
	if cbd, unit := p.CBDContent.reading(); cbd > 0 && (base.PotencyUnit == "" || unit == base.PotencyUnit) {
		base.CBD, base.PotencyUnit = positive(cbd), unit
	}
	setPotencyLow(&base, p.THCContent.figures(), p.CBDContent.figures())

	var offers []data.Offer
	for i, label := range p.Options {
		price := at(prices, i)
		if price <= 0 {
			continue // no price for this option in this market: not sold here
		}
		o := base
		o.Size = strings.TrimSpace(label)
		o.Price = dollars(price)
		if s := at(specials, i); s > 0 && s < price {
			o.SalePrice = dollars(s)
		}
		o.InStock = p.inStock(label)
		if o.Category == data.Edible {
			mg := 0.0
			if v, unit := p.THCContent.reading(); unit == "mg" {
				mg = v
			}
			o.Milligrams = EdibleMilligrams(mg, label)
		} else {
			o.Grams = p.grams(i, label)
		}
		offers = append(offers, o)
	}
	return offers, nil
}

// grams is an option's weight: the label's, refined by measurements.netWeight (mg in
// the captures) when that lines up with the options and agrees with the label. The net
// weight can be stale: the 2023 capture's "Wedding Cake" sells only "28g" at $121.69
// with a netWeight of 3500 mg left from a 3.5 g option it no longer lists.
func (p *dutchieProduct) grams(i int, label string) float64 {
	labelled := ParseSize(label).Grams
	if p.Measure != nil && p.Measure.NetWeight != nil && len(p.Measure.NetWeight.Values) == len(p.Options) {
		v := at(p.Measure.NetWeight.Values, i)
		switch strings.ToUpper(p.Measure.NetWeight.Unit) {
		case "MILLIGRAMS":
			v /= 1000
		case "GRAMS":
		default:
			v = 0
		}
		if v > 0 && (labelled == 0 || nearBucket(v, labelled)) {
			return v
		}
	}
	return labelled
}

// inStock joins stock records by option label, never by index: POSMetaData.children can
// list options absent from Options (docs/platforms.md §1). Without a record the option is
// listed, so it is for sale.
func (p *dutchieProduct) inStock(label string) bool {
	if slices.Contains(p.OptionsBelowThreshold, label) {
		return false
	}
	for _, m := range p.ManualInventory {
		if m.Option == label && m.Inventory != nil {
			return *m.Inventory > 0
		}
	}
	if p.POSMetaData != nil {
		for _, c := range p.POSMetaData.Children {
			if c.Option != label {
				continue
			}
			if c.QuantityAvailable != nil {
				return *c.QuantityAvailable > 0
			}
			if c.Quantity != nil {
				return *c.Quantity > 0
			}
		}
	}
	return true
}

func at(xs []*float64, i int) float64 {
	if i < 0 || i >= len(xs) || xs[i] == nil {
		return 0
	}
	return *xs[i]
}

// dutchieMarketFlag names the flag that keeps a product to one market.
func dutchieMarketFlag(medicalOnly bool) string {
	if medicalOnly {
		return "medicalOnly"
	}
	return "recOnly"
}
