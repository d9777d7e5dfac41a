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
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Sweed (sweedpos.com) storefronts are read from the tenant's web-ui proxy API
// (docs/platforms.md §5): GetProductCategoryList gives the category filters, then
// GetProductList is paged per category. A store reachable only through its storefront
// page is read from the React Query cache the page embeds (window.__sw_qc).
const (
	// sweedPageSize: the Curaleaf scraper pages by 100; the storefront itself asks for 24.
	sweedPageSize = 100
	// sweedSortAZ is the "A-Z" sorting method: a fixed order keeps products from moving
	// between pages while they are read ("Most Popular", the storefront's default, may).
	sweedSortAZ = 3
	// sweedMaxPages bounds one category's paging against a reply whose total never ends.
	sweedMaxPages = 100
)

var (
	sweedTenantPattern = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	// sweedCard finds a product card's anchor (a#product-<id>) in a storefront page.
	sweedCard = regexp.MustCompile(`<a\s[^>]*\bid="product-(\d+)"[^>]*>`)
	sweedHref = regexp.MustCompile(`\bhref="([^"]*)"`)
)

var sweedPlatform = platform{
	name:  "sweed",
	hosts: []string{"web-ui-production.sweedpos.com", "web-ui-curaleaf.sweedpos.com"},
	build: func(b adapterBase, _ data.PlatformConfig) (data.Adapter, error) { return &Sweed{adapterBase: b}, nil },
}

// Sweed is the adapter for Sweed POS storefronts.
//
// A menu is either the API of a tenant (cName "curaleaf" for
// web-ui-curaleaf.sweedpos.com, or an endpoint ending in /_api/proxy) with the store's
// numeric storeId, or a storefront page (any other endpoint), read without the API.
type Sweed struct {
	adapterBase
}

var _ data.Adapter = (*Sweed)(nil)

// Validate implements data.Adapter.
func (s *Sweed) Validate(src data.MenuSource) error {
	if err := s.checkSource(src); err != nil {
		return err
	}
	if src.Endpoint != "" {
		if u, _ := url.Parse(src.Endpoint); !sweedIsAPI(u) {
			return nil // a storefront page carries its store in its URL
		}
	} else if !sweedTenantPattern.MatchString(src.CName) {
		return fmt.Errorf("sweed menu needs cName, the tenant of web-ui-<tenant>.sweedpos.com (e.g. production, curaleaf), or endpoint; got cName %q", src.CName)
	}
	if n, err := strconv.ParseInt(src.StoreID, 10, 64); err != nil || n <= 0 {
		return fmt.Errorf("sweed menu needs storeId, the numeric storeid header of the store's API calls; got %q", src.StoreID)
	}
	return nil
}

// sweedIsAPI tells an API base (…/_api/proxy) from a storefront page URL.
func sweedIsAPI(u *url.URL) bool { return strings.Contains(u.Path, "/_api/") }

func sweedSaleType(m data.Market) (string, error) {
	t, err := marketName(m, "Medical", "Recreational")
	if err != nil {
		return "", fmt.Errorf("sweed menu %w", err)
	}
	return t, nil
}

// FetchMenu implements data.Adapter.
func (s *Sweed) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	saleType, err := sweedSaleType(src.Market)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: err.Error()}
	}
	api := "https://web-ui-" + src.CName + ".sweedpos.com/_api/proxy"
	if src.Endpoint != "" {
		u, err := parseBaseURL(src.Endpoint)
		if err != nil {
			return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: "sweed endpoint", Err: err}
		}
		if !sweedIsAPI(u) {
			return menu, s.fetchPage(ctx, src, saleType, &menu)
		}
		api = strings.TrimSuffix(src.Endpoint, "/")
	}
	api, err = rebase(api, s.base)
	if err != nil {
		return menu, err
	}
	header := http.Header{
		"Accept":       {"application/json"},
		"Content-Type": {"application/json"},
		"Storeid":      {src.StoreID},
		"Saletype":     {saleType},
		"Ssr":          {"false"},
		"Platformos":   {"web"},
	}
	if src.URL != "" {
		header.Set("Referer", src.URL)
	}
	where := "sweed store " + src.StoreID
	var cats []struct {
		ID     looseID `json:"id"`
		Name   string  `json:"name"`
		Filter struct {
			Category []int64 `json:"category"`
		} `json:"filter"`
	}
	body, _ := json.Marshal(map[string]string{"saleType": saleType})
	if _, err := callJSON(ctx, s.engine, polite.Request{Method: http.MethodPost, URL: api + "/Products/GetProductCategoryList", Header: header, Body: body}, where+" categories", &menu, &cats); err != nil {
		return menu, err
	}
	set := recordSet{where: where}
	seen := map[string]bool{}
	storefront := sweedStorefront(src.URL)
	fetched := 0
	for _, c := range cats {
		// The filter ids, not the category's own id: the id (3763) is the storefront's
		// page id and filters nothing (docs/platforms.md §5).
		if len(c.Filter.Category) == 0 {
			continue
		}
		fetched++
		// Products link to their pages on the storefront (the registry's url), under the
		// category they are read in: its own id is the one in the storefront's paths.
		links := &sweedLinks{storefront: storefront, category: &sweedCategory{named{c.Name}, c.ID}}
		if err := s.readCategory(ctx, api, header, saleType, c.Filter.Category, where+" category "+c.Name, links, &set, seen, &menu); err != nil {
			return menu, err
		}
	}
	if fetched == 0 {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Status: menu.HTTPStatus,
			Detail: fmt.Sprintf("%s: GetProductCategoryList lists no category filters; check storeId and the tenant", where)}
	}
	return menu, set.into(&menu)
}

// sweedListReply is the part of a GetProductList reply the adapter reads.
type sweedListReply struct {
	Total int               `json:"total"`
	List  []json.RawMessage `json:"list"`
}

// readCategory pages through one category's GetProductList.
func (s *Sweed) readCategory(ctx context.Context, api string, header http.Header, saleType string, filter []int64, where string,
	links *sweedLinks, set *recordSet, seen map[string]bool, menu *data.Menu) error {
	read := 0
	for page := 1; page <= sweedMaxPages; page++ {
		body, _ := json.Marshal(map[string]any{
			"filters": map[string]any{"category": filter}, "page": page, "pageSize": sweedPageSize,
			"sortingMethodId": sweedSortAZ, "searchTerm": "", "saleType": saleType, "platformOs": "web",
		})
		pageWhere := fmt.Sprintf("%s page %d", where, page)
		var reply sweedListReply
		resp, err := callJSON(ctx, s.engine, polite.Request{Method: http.MethodPost, URL: api + "/Products/GetProductList", Header: header, Body: body}, pageWhere, menu, &reply)
		if err != nil {
			return err
		}
		if reply.List == nil {
			return bodyError(pageWhere, resp, errors.New("reply has no list"))
		}
		if err := sweedAddProducts(ctx, s.engine, set, reply.List, saleType, links, seen); err != nil {
			return err
		}
		read += len(reply.List)
		// total says when to stop; without one, a short page is the last.
		if len(reply.List) == 0 || (reply.Total > 0 && read >= reply.Total) || (reply.Total <= 0 && len(reply.List) < sweedPageSize) {
			return nil
		}
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("%s: more than %d pages", where, sweedMaxPages)}
}

// fetchPage reads a storefront page's embedded query cache.
func (s *Sweed) fetchPage(ctx context.Context, src data.MenuSource, saleType string, menu *data.Menu) error {
	where := "sweed page " + src.Endpoint
	page, err := rebase(src.Endpoint, s.base)
	if err != nil {
		return err
	}
	resp, err := s.do(ctx, polite.Request{Method: http.MethodGet, URL: page, Header: http.Header{"Accept": {"text/html"}}}, where, menu)
	if err != nil {
		return err
	}
	products, err := boundParse(ctx, s.engine, func(*parseBudget) ([]json.RawMessage, error) {
		return sweedPageProducts(resp.Body, saleType)
	})
	if err != nil {
		// Only a page without the cache is judged: a storefront's own scripts may
		// mention captcha or cloudflare.
		if isChallenge(resp) {
			return &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": bot-challenge page instead of the storefront"}
		}
		return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where, Err: err}
	}
	// Links resolve against the storefront's public address, not the one fetched: with
	// a baseURL (a local replay) they must still lead shoppers to the store. A product
	// without a card links to the page the storefront's pattern makes under its own
	// category, whose id in the page's cache is the one in the storefront's paths.
	base, _ := url.Parse(src.Endpoint)
	links := &sweedLinks{cards: sweedCardLinks(resp.Body, base), storefront: sweedStorefront(src.Endpoint)}
	set := recordSet{where: where}
	if err := sweedAddProducts(ctx, s.engine, &set, products, saleType, links, map[string]bool{}); err != nil {
		return err
	}
	return set.into(menu)
}

// sweedRecordOffers maps one product record, each variant once (seen holds the
// variants already read): carousels and categories repeat products, and a carousel may
// carry a product with only some of its variants (the gLeaf page lists product 204934
// twice, one variant each time). A record with nothing new is errRepeat.
func sweedRecordOffers(raw json.RawMessage, saleType string, links *sweedLinks, seen map[string]bool) ([]data.Offer, error) {
	var p sweedProduct
	if err := json.Unmarshal(raw, &p); err != nil {
		return nil, err
	}
	offers, err := p.offers(saleType, links)
	fresh := offers[:0]
	for _, o := range offers {
		key := o.ProductID + "\x00" + o.Size
		if !seen[key] {
			seen[key] = true
			fresh = append(fresh, o)
		}
	}
	if err == nil && len(offers) > 0 && len(fresh) == 0 {
		return nil, errRepeat // counted once, where first seen
	}
	return fresh, err
}

// sweedAddProducts maps products into set within the engine's parse bound.
func sweedAddProducts(ctx context.Context, e *polite.Engine, set *recordSet, products []json.RawMessage, saleType string, links *sweedLinks, seen map[string]bool) error {
	return set.addAll(ctx, e, products, func(raw json.RawMessage) ([]data.Offer, error) {
		return sweedRecordOffers(raw, saleType, links, seen)
	})
}

// sweedQueryCache is window.__sw_qc: a dehydrated React Query cache.
type sweedQueryCache struct {
	Queries []struct {
		QueryKey []json.RawMessage `json:"queryKey"`
		State    struct {
			Data json.RawMessage `json:"data"`
		} `json:"state"`
	} `json:"queries"`
}

var errNoQueryCache = errors.New("no window.__sw_qc query cache in the page")

// sweedPageProducts returns the products of a storefront page's query cache: the
// lists of GetProductList queries and the products of GetProductCarouselList queries
// (20 per category on the shop page), for the sale type asked.
func sweedPageProducts(page []byte, saleType string) ([]json.RawMessage, error) {
	at := bytes.Index(page, []byte("window.__sw_qc"))
	if at < 0 {
		return nil, errNoQueryCache
	}
	rest := bytes.TrimLeft(page[at+len("window.__sw_qc"):], " \t\r\n")
	if !bytes.HasPrefix(rest, []byte("=")) {
		return nil, errNoQueryCache
	}
	var qc sweedQueryCache
	// The decoder stops at the end of the object; the script's other statements follow.
	if err := json.NewDecoder(bytes.NewReader(rest[1:])).Decode(&qc); err != nil {
		return nil, fmt.Errorf("window.__sw_qc: %w", err)
	}
	var products []json.RawMessage
	found := false
	for i, q := range qc.Queries {
		var name string
		if len(q.QueryKey) == 0 || json.Unmarshal(q.QueryKey[0], &name) != nil {
			continue
		}
		if len(q.QueryKey) > 1 {
			var params struct {
				SaleType string `json:"saleType"`
			}
			if json.Unmarshal(q.QueryKey[1], &params) == nil && params.SaleType != "" && !strings.EqualFold(params.SaleType, saleType) {
				continue
			}
		}
		switch name {
		case "/Products/GetProductList":
			var list sweedListReply
			if err := json.Unmarshal(q.State.Data, &list); err != nil {
				return nil, fmt.Errorf("window.__sw_qc query %d (%s): %w", i, name, err)
			}
			found = true
			products = append(products, list.List...)
		case "/Products/GetProductCarouselList":
			var carousels []struct {
				Products []json.RawMessage `json:"products"`
			}
			if err := json.Unmarshal(q.State.Data, &carousels); err != nil {
				return nil, fmt.Errorf("window.__sw_qc query %d (%s): %w", i, name, err)
			}
			found = true
			for _, c := range carousels {
				products = append(products, c.Products...)
			}
		}
	}
	if !found {
		return nil, fmt.Errorf("window.__sw_qc holds no %s product query", saleType)
	}
	return products, nil
}

// sweedCardLinks maps product ids to their product cards' links on a storefront page.
func sweedCardLinks(page []byte, base *url.URL) map[string]string {
	links := map[string]string{}
	for _, m := range sweedCard.FindAllSubmatch(page, -1) {
		id := string(m[1])
		if _, ok := links[id]; ok {
			continue
		}
		if h := sweedHref.FindSubmatch(m[0]); h != nil {
			if link := webLink(htmlUnescape(string(h[1])), base); link != "" {
				links[id] = link
			}
		}
	}
	return links
}

// htmlUnescape decodes the entities an attribute value may carry in a link.
func htmlUnescape(s string) string {
	return strings.NewReplacer("&amp;", "&", "&#38;", "&", "&quot;", `"`, "&#39;", "'", "&lt;", "<", "&gt;", ">").Replace(s)
}

// sweedProduct is the part of a Sweed product the adapter reads; the API list, the
// Curaleaf list and the storefront cache carry the same record.
type sweedProduct struct {
	ID          json.Number `json:"id"`
	Name        string      `json:"name"`
	Subcategory *named      `json:"subcategory"`
	ProductType *named      `json:"productType"`
	Brand       *named      `json:"brand"`
	Strain      *struct {
		Prevalence *named `json:"prevalence"`
	} `json:"strain"`
	Variants []sweedVariant `json:"variants"`
	// Description is free text; some state the strain's cross. The strain's "terpenes"
	// are not read: Sweed sends the same panel of about twenty for every strain of a
	// store, "Indica (I)" included (curaleaf-nj and gleaf captures), so they say nothing
	// about the product.
	Description string `json:"description"`
	// Category names the product's kind; its id is part of the product's page on a
	// storefront (sweedLinks).
	Category *sweedCategory `json:"category"`
}

type sweedVariant struct {
	ID             looseID     `json:"id"`
	Name           string      `json:"name"`
	StockType      looseID     `json:"stockType"`
	SaleType       string      `json:"saleType"`
	AvailableQty   looseNumber `json:"availableQty"`
	UnitsInPackage looseNumber `json:"unitsInPackage"`
	UnitSize       *struct {
		Value    looseNumber `json:"value"`
		UnitAbbr string      `json:"unitAbbr"`
	} `json:"unitSize"`
	Price      looseNumber `json:"price"`
	PromoPrice looseNumber `json:"promoPrice"`
	LabTests   *struct {
		THC *sweedLab `json:"thc"`
		CBD *sweedLab `json:"cbd"`
	} `json:"labTests"`
}

// sweedLab is one lab figure: value is [n] or a range [low, high].
type sweedLab struct {
	Value    []looseNumber `json:"value"`
	UnitAbbr string        `json:"unitAbbr"`
}

// top is the figure to show: the top of a range.
func (l *sweedLab) top() (float64, string) {
	if l == nil {
		return 0, ""
	}
	v := 0.0
	for _, x := range l.Value {
		v = max(v, x.V)
	}
	return v, l.UnitAbbr
}

// figures are the lab figure's values: one, or a range's two ends.
func (l *sweedLab) figures() []float64 {
	if l == nil {
		return nil
	}
	out := make([]float64, 0, len(l.Value))
	for _, x := range l.Value {
		out = append(out, x.V)
	}
	return out
}

// sweedCategory is a product's category, or one the storefront lists: id is the page id
// of the storefront's paths in a storefront page's cache and the category list, and the
// filter id in the API's products (gLeaf's Flower is 3763 and 495364).
type sweedCategory struct {
	named
	ID looseID `json:"id"`
}

// name is the category's label; "" when the product has none.
func (c *sweedCategory) name() string {
	if c == nil {
		return ""
	}
	return c.named.name()
}

// sweedLinks gives a variant its product page: the link of its product's card on a
// storefront page (cards, by product id), else the page the storefront's pattern makes
// (sweedProductPage) under category, or the product's own category when category is nil.
type sweedLinks struct {
	cards      map[string]string
	storefront *url.URL
	category   *sweedCategory
}

func (l *sweedLinks) page(p *sweedProduct, v *sweedVariant) string {
	if l == nil {
		return ""
	}
	if card := l.cards[p.ID.String()]; card != "" {
		return card
	}
	c := l.category
	if c == nil {
		c = p.Category
	}
	if c == nil {
		return ""
	}
	var prevalence string
	if p.Strain != nil {
		prevalence = p.Strain.Prevalence.name()
	}
	words := []string{p.Subcategory.name(), prevalence, p.Name, p.ProductType.name(), v.Name}
	return sweedProductPage(l.storefront, c.name(), string(c.ID), words, string(v.ID), string(v.StockType))
}

// offers maps a product to one offer per variant sold in the sale type.
func (p *sweedProduct) offers(saleType string, links *sweedLinks) ([]data.Offer, error) {
	id := p.ID.String()
	if id == "" {
		return nil, errors.New("no id")
	}
	name := strings.TrimSpace(p.Name)
	if name == "" && !p.variantsNamed() {
		return nil, fmt.Errorf("product %s has no name", id)
	}
	base := data.Offer{
		ProductID:   id,
		Name:        name,
		Brand:       p.Brand.name(),
		Category:    Category(p.Category.name(), p.Subcategory.name(), p.ProductType.name()),
		RawCategory: p.Category.name(),
		Subtype:     SubtypeOf(p.Subcategory.name(), p.ProductType.name()),
	}
	if p.Strain != nil {
		base.StrainType = StrainType(p.Strain.Prevalence.name())
	}
	base.Strain = StrainName(base.Name, base.Brand)
	base.Lineage = menuLineage(base.Category, p.Description)
	var offers []data.Offer
	for i := range p.Variants {
		v := &p.Variants[i]
		if v.SaleType != "" && v.SaleType != "Both" && !strings.EqualFold(v.SaleType, saleType) {
			continue // sold only in the other market
		}
		price, ok := sellingPrice(v.Price.V)
		if !ok {
			continue
		}
		o := base
		o.Size = strings.TrimSpace(v.Name)
		if o.Name == "" {
			// Accessories come nameless, their variants named ("Shroom-1 1/4 (6pk)").
			o.Name = o.Size
			o.Strain = ""
		}
		o.Price = price
		// promoPrice is the price after the promotion; discount is 0 at gLeaf even then.
		o.SalePrice = salePrice(price, v.PromoPrice.V)
		o.InStock = !v.AvailableQty.Set || v.AvailableQty.V > 0
		o.URL = links.page(p, v)
		v.size(&o)
		if v.LabTests != nil {
			thc, tu := v.LabTests.THC.top()
			cbd, cu := v.LabTests.CBD.top()
			setPotency(&o, thc, tu, cbd, cu)
			setPotencyLow(&o, v.LabTests.THC.figures(), v.LabTests.CBD.figures())
		}
		offers = append(offers, o)
	}
	return offers, nil
}

// variantsNamed reports whether every variant has a name to stand for the product's.
func (p *sweedProduct) variantsNamed() bool {
	for _, v := range p.Variants {
		if strings.TrimSpace(v.Name) == "" {
			return false
		}
	}
	return len(p.Variants) > 0
}

// size fills an offer's package weight or edible content: unitSize is one unit
// ("0.5g ea | 5-Pack" is 0.5 G x 5 units), so the package is unitSize x unitsInPackage.
func (v *sweedVariant) size(o *data.Offer) {
	per, unit := 0.0, ""
	if v.UnitSize != nil {
		per, unit = v.UnitSize.Value.V, strings.ToUpper(strings.TrimSpace(v.UnitSize.UnitAbbr))
	}
	n := v.UnitsInPackage.V
	if n < 1 || n > 1000 {
		n = 1
	}
	if o.Category == data.Edible {
		mg := 0.0
		if unit == "MG" {
			mg = roundGrams(per * n)
		}
		o.Milligrams = EdibleMilligrams(mg, o.Size)
		return
	}
	if unit == "G" && per > 0 {
		o.Grams = roundGrams(per * n)
		return
	}
	if unit != "MG" {
		o.Grams = ParseSize(o.Size).Grams
	}
}
