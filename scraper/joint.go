package scraper

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Joint Commerce is a WordPress plugin whose shop reads a Dutchie-fed Elasticsearch
// index through the site's own REST route (docs/platforms.md §2, captured at
// shopcuzzies.com): POST <site>/wp-json/joint-ecommerce/v1/products/<businessId>/_search
// with an Elasticsearch body, paged with from/size. Numbers arrive as strings.
const (
	jointSearchPath = "/wp-json/joint-ecommerce/v1/products/%s/_search"
	jointPageSize   = 100
	// jointMaxPages bounds an index that never ends: 100 pages of 100.
	jointMaxPages = 100
)

var jointBusinessID = regexp.MustCompile(`^[0-9]+$`)

// jointSourceFields are the _source fields the adapter reads; asking for them only keeps
// the replies small (descriptions and cannabinoid texts are most of a record).
var jointSourceFields = []string{
	"jointId", "posId", "globalProductId", "name", "category", "subCategory", "strainType", "brandName",
	"potencyThcRangeHigh", "potencyThcRangeLow", "potencyThcUnit", "potencyCbdRangeHigh", "potencyCbdRangeLow",
	"potencyCbdUnit", "menuType", "variants", "terpenes", "description",
}

var jointPlatform = platform{
	name: "joint",
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		j := &Joint{adapterBase: b, pageSize: jointPageSize}
		return j, nil
	},
}

// Joint is the adapter for Joint Commerce shops.
type Joint struct {
	adapterBase
	pageSize int
}

var _ data.Adapter = (*Joint)(nil)

// Validate implements data.Adapter: the numeric businessId (storeId) and the shop's site
// (url), or the full _search URL (endpoint).
func (j *Joint) Validate(src data.MenuSource) error {
	if !jointBusinessID.MatchString(src.StoreID) {
		return fmt.Errorf("joint menu needs storeId, the numeric Joint businessId of the _search route, got %q", src.StoreID)
	}
	if src.URL == "" && src.Endpoint == "" {
		return errors.New("joint menu needs url (the shop's site) or endpoint (its _search URL)")
	}
	return j.checkSource(src)
}

// searchURL is the menu's _search route: endpoint as given, else on the site of url.
func (j *Joint) searchURL(src data.MenuSource) (string, error) {
	raw := src.Endpoint
	if raw == "" {
		u, err := url.Parse(src.URL)
		if err != nil || u.Host == "" {
			return "", &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("joint: url %q is not an absolute URL", src.URL)}
		}
		raw = u.Scheme + "://" + u.Host + fmt.Sprintf(jointSearchPath, url.PathEscape(src.StoreID))
	}
	return rebase(raw, j.base)
}

// FetchMenu implements data.Adapter.
func (j *Joint) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	menuType, err := plusMenuType(src.Market)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: "joint: " + err.Error()}
	}
	endpoint, err := j.searchURL(src)
	if err != nil {
		return menu, err
	}
	header := http.Header{"Accept": {"application/json"}, "Content-Type": {"application/json"}}
	if u, err := url.Parse(src.URL); err == nil && u.Host != "" {
		// The shop's own script sends both; the route is the site's, not a public API.
		header.Set("Origin", u.Scheme+"://"+u.Host)
		header.Set("Referer", src.URL)
	}
	site := jointSite(src)
	seen := seenIDs{}
	from := 0
	for page := 0; page < jointMaxPages; page++ {
		where := fmt.Sprintf("joint business %s %s from %d", src.StoreID, strings.ToLower(menuType), from)
		body, _ := json.Marshal(map[string]any{
			"query": map[string]any{"bool": map[string]any{"filter": []any{
				map[string]any{"bool": map[string]any{"should": []any{map[string]any{"term": map[string]any{"businessId": src.StoreID}}}}},
				map[string]any{"bool": map[string]any{"should": []any{map[string]any{"term": map[string]any{"menuType": menuType}}}}},
			}}},
			"size":    j.pageSize,
			"from":    from,
			"sort":    []any{map[string]any{"potencyThcRangeHigh": "asc"}}, // the shop's own order
			"_source": map[string]any{"includes": jointSourceFields},
		})
		resp, err := j.do(ctx, polite.Request{Method: http.MethodPost, URL: endpoint, Header: header, Body: body}, where, &menu)
		if err != nil {
			return menu, err
		}
		hits, total, err := jointParse(resp.Body)
		if err != nil {
			return menu, replyError(where, resp, err)
		}
		if page == 0 && len(hits) == 0 && total <= 0 {
			// The route filters the shared index by businessId: a wrong id is an empty
			// answer, not an error.
			return menu, &data.FetchError{Reason: data.ReasonConfig, Status: resp.Status,
				Detail: where + ": no products for this business; check storeId (the businessId of the _search route)"}
		}
		fresh, err := addPage(ctx, j.engine, &menu, where, seen, hits, func(raw json.RawMessage) ([]data.Offer, string, error) {
			return jointRecordOffers(raw, src.Market, site)
		})
		if err != nil {
			return menu, err
		}
		// A later page of nothing but products already read means from is ignored, even
		// when it is the last page.
		if page > 0 && len(hits) > 0 && fresh == 0 {
			return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
				Detail: where + ": the page repeats products already read (the server ignores from)"}
		}
		// The total ends the menu when the answer has one; without it, a short page
		// does. Either way from advances by what came back, so a route that caps size
		// below ours still reads every record.
		if len(hits) == 0 || (total >= 0 && from+len(hits) >= total) || (total < 0 && len(hits) < j.pageSize) {
			return menu, nil
		}
		from += len(hits)
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("joint business %s: more than %d pages", src.StoreID, jointMaxPages)}
}

// jointSite is the shop's public site, where its products have their pages: the
// registry's url, else the site of its _search endpoint; nil when neither is an http(s)
// URL. Not the address fetched: with a baseURL (a local replay) the links must still
// lead shoppers to the shop.
func jointSite(src data.MenuSource) *url.URL {
	for _, raw := range []string{src.URL, src.Endpoint} {
		if link := webLink(raw, nil); link != "" {
			u, _ := url.Parse(link)
			return &url.URL{Scheme: u.Scheme, Host: u.Host}
		}
	}
	return nil
}

// jointParse reads one Elasticsearch answer: the hits' _source records and the total
// (-1 when the answer has none). total is {value, relation} since Elasticsearch 7 and
// a number before. An Elasticsearch error object is a *data.FetchError (parse).
func jointParse(body []byte) (sources []json.RawMessage, total int, err error) {
	var reply struct {
		Hits *struct {
			Total json.RawMessage `json:"total"`
			Hits  []struct {
				Source json.RawMessage `json:"_source"`
			} `json:"hits"`
		} `json:"hits"`
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &reply); err != nil {
		return nil, 0, err
	}
	if len(reply.Error) > 0 && string(reply.Error) != "null" {
		return nil, 0, &data.FetchError{Reason: data.ReasonParse, Detail: fmt.Sprintf("Elasticsearch error %.200s", reply.Error)}
	}
	if reply.Hits == nil || reply.Hits.Hits == nil {
		return nil, 0, &data.FetchError{Reason: data.ReasonParse, Detail: "layout changed: reply has no hits.hits"}
	}
	total = -1
	var n looseNumber
	var obj struct {
		Value looseNumber `json:"value"`
	}
	switch {
	case json.Unmarshal(reply.Hits.Total, &n) == nil && n.Set:
		total = int(n.V)
	case json.Unmarshal(reply.Hits.Total, &obj) == nil && obj.Value.Set:
		total = int(obj.Value.V)
	}
	sources = make([]json.RawMessage, len(reply.Hits.Hits))
	for i, h := range reply.Hits.Hits {
		sources[i] = h.Source
	}
	return sources, total, nil
}

// jointProduct is the part of a product _source the adapter reads.
type jointProduct struct {
	JointID         string         `json:"jointId"`
	PosID           string         `json:"posId"`
	GlobalProductID string         `json:"globalProductId"`
	Name            string         `json:"name"`
	Category        string         `json:"category"`
	SubCategory     string         `json:"subCategory"`
	StrainType      string         `json:"strainType"`
	BrandName       string         `json:"brandName"`
	THCHigh         looseNumber    `json:"potencyThcRangeHigh"`
	THCLow          looseNumber    `json:"potencyThcRangeLow"`
	THCUnit         string         `json:"potencyThcUnit"`
	CBDHigh         looseNumber    `json:"potencyCbdRangeHigh"`
	CBDLow          looseNumber    `json:"potencyCbdRangeLow"`
	CBDUnit         string         `json:"potencyCbdUnit"`
	Variants        []jointVariant `json:"variants"`
	Terpenes        []struct {
		Name  string      `json:"name"`
		Value looseNumber `json:"value"`
		Unit  string      `json:"unit"`
	} `json:"terpenes"`
	Description string `json:"description"`
}

// jointVariant is one option: price a string ("45.00"), specialPrice a number or a
// string, quantity a string.
type jointVariant struct {
	Option       string      `json:"option"`
	Price        looseNumber `json:"price"`
	SpecialPrice looseNumber `json:"specialPrice"`
	Quantity     looseNumber `json:"quantity"`
	MenuType     string      `json:"menuType"`
}

// jointTop is the high end of a potency range, the low end when only that is given.
func jointTop(high, low looseNumber) float64 {
	if high.Set {
		return high.V
	}
	return low.V
}

// jointFigures are the ends of a range that the record sets.
func jointFigures(high, low looseNumber) []float64 {
	var out []float64
	for _, n := range []looseNumber{high, low} {
		if n.Set {
			out = append(out, n.V)
		}
	}
	return out
}

// jointRecordOffers decodes one _source record and maps it to one offer per variant of
// the market, each linking to the product's page on site; id is the record's id for
// de-duplication across pages.
func jointRecordOffers(raw json.RawMessage, market data.Market, site *url.URL) ([]data.Offer, string, error) {
	var p jointProduct
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, "", err
	}
	id := p.JointID
	for _, alt := range []string{p.PosID, p.GlobalProductID} {
		if id == "" {
			id = alt
		}
	}
	if id == "" {
		return nil, "", errors.New("no jointId, posId or globalProductId")
	}
	name := strings.Join(strings.Fields(p.Name), " ")
	if name == "" {
		return nil, id, fmt.Errorf("product %s has no name", id)
	}
	menuType, err := plusMenuType(market)
	if err != nil {
		return nil, id, err
	}
	brand := strings.TrimSpace(p.BrandName)
	base := data.Offer{
		ProductID:   id,
		Name:        name,
		Brand:       brand,
		Strain:      StrainName(name, brand),
		StrainType:  StrainType(p.StrainType),
		Category:    Category(p.Category, p.SubCategory),
		RawCategory: p.Category,
		Subtype:     SubtypeOf(p.SubCategory),
		URL:         jointProductPage(site, p.JointID),
	}
	setPotency(&base, jointTop(p.THCHigh, p.THCLow), p.THCUnit, jointTop(p.CBDHigh, p.CBDLow), p.CBDUnit)
	setPotencyLow(&base, jointFigures(p.THCHigh, p.THCLow), jointFigures(p.CBDHigh, p.CBDLow))
	var terps terpeneSet
	for _, t := range p.Terpenes {
		var amount *float64
		if t.Value.Set {
			amount = &t.Value.V
		}
		terps.add(t.Name, amount, t.Unit)
	}
	base.Terpenes = terps.terpenes()
	base.Lineage = menuLineage(base.Category, p.Description)
	potencyMg := 0.0
	if base.PotencyUnit == "mg" && base.THC != nil {
		potencyMg = *base.THC
	}
	var offers []data.Offer
	for _, v := range p.Variants {
		if v.MenuType != "" && !strings.EqualFold(v.MenuType, menuType) {
			continue
		}
		price, ok := sellingPrice(v.Price.V)
		if !v.Price.Set || !ok {
			continue // no price: not sold, or a figure that is no price at all
		}
		o := base
		o.Size = strings.TrimSpace(v.Option)
		o.Price = price
		o.SalePrice = salePrice(price, v.SpecialPrice.V)
		o.InStock = !v.Quantity.Set || v.Quantity.V > 0
		feedSize(&o, potencyMg)
		flagLowFlowerTHC(&o)
		offers = append(offers, o)
	}
	return offers, id, nil
}
