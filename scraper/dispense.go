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
	"sort"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Dispense (dispenseapp.com) menus are read from its storefront API (docs/platforms.md §6):
// the venue's product categories, then each category's products, paged by skip. An
// endpoint override names one products listing (a venue's or a category's) to page
// instead.
const (
	dispenseDefaultBase = "https://api.dispenseapp.com"
	// dispensePageSize is the captured storefront request's limit.
	dispensePageSize = 50
	// dispenseMaxPages bounds one listing's paging: 5,000 products.
	dispenseMaxPages = 100
)

// dispenseIDPattern: venue and category ids are 16 hex digits ("041444e70b831110").
var dispenseIDPattern = regexp.MustCompile(`^[0-9a-f]{16}$`)

var dispensePlatform = platform{
	name:     "dispense",
	hosts:    []string{"api.dispenseapp.com"},
	settings: []string{"apiKey"},
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		d := &Dispense{adapterBase: b, apiKey: c.Settings["apiKey"]}
		return d, nil
	},
}

// Dispense is the adapter for Dispense storefront menus. A menu is a venue id
// (storeId); the storefront api-key is a platform setting.
type Dispense struct {
	adapterBase
	apiKey string
}

var _ data.Adapter = (*Dispense)(nil)

// Validate implements data.Adapter.
func (d *Dispense) Validate(src data.MenuSource) error {
	if err := d.checkSource(src); err != nil {
		return err
	}
	if !dispenseIDPattern.MatchString(src.StoreID) {
		return fmt.Errorf("dispense menu needs storeId, the 16-hex venue id of api.dispenseapp.com/v1/venues/<id>; got %q", src.StoreID)
	}
	if d.apiKey == "" {
		return errors.New("dispense: platforms.dispense.settings.apiKey is not set (the storefront api-key header a Dispense menu page sends)")
	}
	return nil
}

// dispenseReply is every Dispense list reply: {data:[…]}.
type dispenseReply struct {
	Data []json.RawMessage `json:"data"`
}

// FetchMenu implements data.Adapter.
func (d *Dispense) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	header := http.Header{"Accept": {"application/json"}, "Api-Key": {d.apiKey}}
	if src.URL != "" {
		header.Set("Referer", src.URL)
	}
	where := "dispense venue " + src.StoreID
	set := recordSet{where: where}
	seen := map[string]bool{}
	if src.Endpoint != "" {
		endpoint, err := rebase(src.Endpoint, d.base)
		if err != nil {
			return menu, err
		}
		if err := d.readProducts(ctx, endpoint, header, where, &set, seen, &menu); err != nil {
			return menu, err
		}
		return menu, set.into(&menu)
	}
	venue, err := rebase(dispenseDefaultBase+"/v1/venues/"+src.StoreID, d.base)
	if err != nil {
		return menu, err
	}
	var cats dispenseReply
	resp, err := callJSON(ctx, d.engine, polite.Request{URL: venue + "/product-categories?orderPickUpType=IN_STORE", Header: header}, where+" categories", &menu, &cats)
	if err != nil {
		return menu, err
	}
	if cats.Data == nil {
		return menu, bodyError(where+" categories", resp, errors.New("reply has no data array"))
	}
	fetched := 0
	for _, raw := range cats.Data {
		var c struct {
			ID    string `json:"id"`
			AltID string `json:"_id"`
			Name  string `json:"name"`
		}
		if json.Unmarshal(raw, &c) != nil {
			continue
		}
		if c.ID == "" {
			c.ID = c.AltID
		}
		if !dispenseIDPattern.MatchString(c.ID) {
			continue
		}
		fetched++
		listing := venue + "/product-categories/" + c.ID + "/products"
		if err := d.readProducts(ctx, listing, header, where+" category "+c.Name, &set, seen, &menu); err != nil {
			return menu, err
		}
	}
	if fetched == 0 {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Status: menu.HTTPStatus,
			Detail: where + ": the venue lists no product categories; check storeId"}
	}
	return menu, set.into(&menu)
}

// readProducts pages through one products listing with the storefront's own query:
// grouped, active, enabled, in stock, for in-store pickup.
func (d *Dispense) readProducts(ctx context.Context, listing string, header http.Header, where string,
	set *recordSet, seen map[string]bool, menu *data.Menu) error {
	u, err := url.Parse(listing)
	if err != nil {
		return &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("bad endpoint %q", listing), Err: err}
	}
	q := u.Query()
	for k, v := range map[string]string{"group": "true", "active": "true", "enable": "true", "quantityMin": "1", "orderPickUpType": "IN_STORE"} {
		if !q.Has(k) {
			q.Set(k, v)
		}
	}
	for page := 0; page < dispenseMaxPages; page++ {
		q.Set("limit", strconv.Itoa(dispensePageSize))
		q.Set("skip", strconv.Itoa(page*dispensePageSize))
		u.RawQuery = q.Encode()
		pageWhere := fmt.Sprintf("%s skip %d", where, page*dispensePageSize)
		var reply dispenseReply
		resp, err := callJSON(ctx, d.engine, polite.Request{URL: u.String(), Header: header}, pageWhere, menu, &reply)
		if err != nil {
			return err
		}
		if reply.Data == nil {
			return bodyError(pageWhere, resp, errors.New("reply has no data array"))
		}
		if err := set.addAll(ctx, d.engine, reply.Data, func(raw json.RawMessage) ([]data.Offer, error) {
			offers, ids, err := dispenseOffers(raw)
			if len(ids) > 0 && seen[ids[0]] {
				return nil, errRepeat // a product listed in two categories
			}
			for _, id := range ids {
				seen[id] = true
			}
			return offers, err
		}); err != nil {
			return err
		}
		// No total comes back: a short page is the last.
		if len(reply.Data) < dispensePageSize {
			return nil
		}
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("%s: more than %d pages", where, dispenseMaxPages)}
}

// dispenseProduct is the part of a Dispense product the adapter reads. With group=true
// each record is a product group whose variants are full product records.
type dispenseProduct struct {
	ID                     string            `json:"id"`
	AltID                  string            `json:"_id"`
	Name                   string            `json:"name"`
	Brand                  json.RawMessage   `json:"brand"`
	ProductCategoryName    string            `json:"productCategoryName"`
	SubType                string            `json:"subType"`
	CannabisComplianceType string            `json:"cannabisComplianceType"`
	CannabisType           string            `json:"cannabisType"`
	CannabisStrain         string            `json:"cannabisStrain"`
	Price                  looseNumber       `json:"price"`
	PriceWithDiscounts     looseNumber       `json:"priceWithDiscounts"`
	Quantity               looseNumber       `json:"quantity"`
	Weight                 looseNumber       `json:"weight"`
	WeightUnit             string            `json:"weightUnit"`
	WeightFormatted        string            `json:"weightFormatted"`
	WeightInGrams          looseNumber       `json:"weightInGrams"`
	Deleted                bool              `json:"deleted"`
	ProductURL             string            `json:"productUrl"`
	Variants               []json.RawMessage `json:"variants"`
	Labs                   *dispenseLabs     `json:"labs"`
}

// dispenseOffers maps one product group: one offer per variant record, or the group
// itself when it has no variants. ids are the product ids it holds.
func dispenseOffers(raw json.RawMessage) ([]data.Offer, []string, error) {
	var g dispenseProduct
	if err := json.Unmarshal(raw, &g); err != nil {
		return nil, nil, err
	}
	records := []dispenseProduct{g}
	if len(g.Variants) > 0 {
		records = records[:0]
		for i, v := range g.Variants {
			var p dispenseProduct
			if err := json.Unmarshal(v, &p); err != nil {
				return nil, nil, fmt.Errorf("variant %d: %w", i, err)
			}
			records = append(records, p)
		}
	}
	// The group is the product a shopper sees; its variants are its sizes, each a
	// product record of its own (the capture's single variant repeats the group's id).
	group := g.ID
	if group == "" {
		group = g.AltID
	}
	var offers []data.Offer
	var ids []string
	for _, p := range records {
		o, ok, err := p.offer()
		if err != nil {
			return nil, ids, err
		}
		ids = append(ids, o.ProductID)
		if len(g.Variants) > 0 && group != "" {
			o.ProductID = group
		}
		if ok {
			offers = append(offers, o)
		}
	}
	return offers, ids, nil
}

// offer maps one product record; ok is false for a record that is not for sale
// (deleted, or no price).
func (p *dispenseProduct) offer() (data.Offer, bool, error) {
	id := p.ID
	if id == "" {
		id = p.AltID
	}
	if id == "" {
		return data.Offer{}, false, errors.New("no id")
	}
	name := strings.TrimSpace(p.Name)
	if name == "" {
		return data.Offer{}, false, fmt.Errorf("product %s has no name", id)
	}
	o := data.Offer{
		ProductID: id,
		Name:      name,
		Brand:     dispenseBrand(p.Brand),
		// cannabisType is Dispense's own lineage (its menu filters on it); it disagrees
		// with the POS copy in a few records. cannabisStrain holds a lineage or a flavour.
		StrainType:  StrainType(dispenseLineage(p.CannabisType)),
		Category:    Category(p.ProductCategoryName, p.SubType, p.CannabisComplianceType),
		RawCategory: strings.TrimSpace(p.ProductCategoryName),
		Subtype:     SubtypeOf(p.SubType),
		Size:        strings.TrimSpace(p.WeightFormatted),
		URL:         webLink(p.ProductURL, nil),
	}
	if o.StrainType == "" {
		o.StrainType = StrainType(p.CannabisStrain)
	}
	o.Strain = StrainName(o.Name, o.Brand)
	price, ok := sellingPrice(p.Price.V)
	if p.Deleted || !ok {
		return o, false, nil
	}
	o.Price = price
	o.SalePrice = salePrice(price, p.PriceWithDiscounts.V)
	o.InStock = !p.Quantity.Set || p.Quantity.V > 0
	mgUnit := strings.EqualFold(p.WeightUnit, "MILLIGRAMS")
	switch {
	case o.Category == data.Edible && mgUnit:
		o.Milligrams = EdibleMilligrams(roundGrams(p.Weight.V), o.Size)
	case o.Category == data.Edible:
		o.Milligrams = EdibleMilligrams(0, o.Name)
	case mgUnit:
		// A non-edible measured in mg (a tincture's content) has no package weight.
	case p.WeightInGrams.V > 0:
		o.Grams = roundGrams(p.WeightInGrams.V)
	default:
		o.Grams = ParseSize(o.Size).Grams
	}
	if p.Labs != nil {
		// thc is 0 where only the top of a range (thcMax) is known.
		setPotency(&o, max(p.Labs.THC.V, p.Labs.THCMax.V), p.Labs.THCUnit, max(p.Labs.CBD.V, p.Labs.CBDMax.V), p.Labs.CBDUnit)
		o.Terpenes = p.Labs.terpenes()
	}
	return o, true, nil
}

// dispenseLabs is a record's lab figures: potency, and the terpenes both as a list of
// names ("alphapinene", "betamyrcene") and as one field per terpene with its unit
// ("betaCaryophyllene": 0.01, "betaCaryophylleneContentUnit": "%"), 0 when not measured.
type dispenseLabs struct {
	THC      looseNumber `json:"thc"`
	THCMax   looseNumber `json:"thcMax"`
	THCUnit  string      `json:"thcContentUnit"`
	CBD      looseNumber `json:"cbd"`
	CBDMax   looseNumber `json:"cbdMax"`
	CBDUnit  string      `json:"cbdContentUnit"`
	Terpenes []string    `json:"terpenes"`
	// fields keeps every field, for the per-terpene figures.
	fields map[string]json.RawMessage
}

// UnmarshalJSON implements json.Unmarshaler.
func (l *dispenseLabs) UnmarshalJSON(b []byte) error {
	type plain dispenseLabs
	var p plain
	if err := json.Unmarshal(b, &p); err != nil {
		return err
	}
	if err := json.Unmarshal(b, &p.fields); err != nil {
		return err
	}
	*l = dispenseLabs(p)
	return nil
}

// terpenes are the measured terpenes (a figure above 0 with its unit), then the
// listed ones.
func (l *dispenseLabs) terpenes() []data.Terpene {
	var set terpeneSet
	keys := make([]string, 0, len(l.fields))
	for k := range l.fields {
		keys = append(keys, k)
	}
	sort.Strings(keys) // the set orders by amount; equal amounts keep this order
	for _, k := range keys {
		unitRaw, ok := l.fields[k+"ContentUnit"]
		if !ok {
			continue
		}
		var v looseNumber
		var unit string
		if json.Unmarshal(l.fields[k], &v) != nil || !v.Set || v.V <= 0 || json.Unmarshal(unitRaw, &unit) != nil {
			continue
		}
		set.add(k, &v.V, unit)
	}
	for _, n := range l.Terpenes {
		set.add(n, nil, "")
	}
	return set.terpenes()
}

// dispenseLineage writes Dispense's lineage enum as StrainType reads it:
// HYBRID_INDICA is an indica-leaning hybrid.
func dispenseLineage(s string) string {
	switch strings.ToUpper(strings.TrimSpace(s)) {
	case "HYBRID_INDICA", "INDICA_HYBRID":
		return "indica hybrid"
	case "HYBRID_SATIVA", "SATIVA_HYBRID":
		return "sativa hybrid"
	}
	return s
}

// dispenseBrand reads brand as an object {name} or, as some clients expect, a string.
func dispenseBrand(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var b struct {
		Name string `json:"name"`
	}
	if json.Unmarshal(raw, &b) == nil {
		return strings.TrimSpace(b.Name)
	}
	return ""
}
