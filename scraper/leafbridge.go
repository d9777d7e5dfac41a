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

	"golang.org/x/net/html"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// LeafBridge is a WordPress plugin that renders a Dutchie Plus menu on the retailer's
// own site. Its admin-ajax action wizard_show_products answers with the Plus Product
// objects verbatim (docs/platforms.md §2, captured at mpxnj.com): one form POST per page of
// 20, guarded by a WordPress nonce printed in the shop page. The age gate lives in the
// browser's localStorage; the server only wants wizard_data[age_confirm]=true.
const (
	leafbridgeAjaxPath = "/wp-admin/admin-ajax.php"
	// leafbridgeMaxPages bounds a menu whose page count never ends: 250 pages of 20.
	leafbridgeMaxPages = 250
)

// leafbridgeNonce finds the nonce in the shop page: the plugin's localised script
// object ("nonce_ajax":"…" or "nonce":"…") or a hidden form field.
var leafbridgeNonce = []*regexp.Regexp{
	regexp.MustCompile(`"nonce_ajax"\s*:\s*"([A-Za-z0-9]+)"`),
	regexp.MustCompile(`name=["']nonce_ajax["'][^>]*\bvalue=["']([A-Za-z0-9]+)["']`),
	regexp.MustCompile(`"nonce"\s*:\s*"([A-Za-z0-9]+)"`),
}

var leafbridgePlatform = platform{
	name:     "leafbridge",
	settings: []string{"collectionMethod"},
	build: func(b adapterBase, c data.PlatformConfig) (data.Adapter, error) {
		l := &LeafBridge{adapterBase: b, collection: "PICKUP"}
		if v := c.Settings["collectionMethod"]; v != "" {
			if v != "PICKUP" && v != "DELIVERY" {
				return nil, fmt.Errorf("settings.collectionMethod: %q is not PICKUP or DELIVERY", v)
			}
			l.collection = v
		}
		return l, nil
	},
}

// LeafBridge is the adapter for retailer sites running the LeafBridge plugin.
type LeafBridge struct {
	adapterBase
	collection string
}

var _ data.Adapter = (*LeafBridge)(nil)

// Validate implements data.Adapter: the Dutchie Plus retailer UUID (storeId) and the
// shop page (url), where the nonce is; endpoint may name admin-ajax.php elsewhere.
func (l *LeafBridge) Validate(src data.MenuSource) error {
	if !plusRetailerID.MatchString(src.StoreID) {
		return fmt.Errorf("leafbridge menu needs storeId, the Dutchie Plus retailer UUID of wizard_data[retailer_id], got %q", src.StoreID)
	}
	if src.URL == "" {
		return errors.New("leafbridge menu needs url, the shop page that carries the plugin's nonce")
	}
	return l.checkSource(src)
}

// FetchMenu implements data.Adapter.
func (l *LeafBridge) FetchMenu(ctx context.Context, src data.MenuSource) (data.Menu, error) {
	var menu data.Menu
	menuType, err := plusMenuType(src.Market)
	if err != nil {
		return menu, &data.FetchError{Reason: data.ReasonConfig, Detail: "leafbridge: " + err.Error()}
	}
	shop, err := rebase(src.URL, l.base)
	if err != nil {
		return menu, err
	}
	nonce, err := l.nonce(ctx, shop, &menu)
	if err != nil {
		return menu, err
	}
	ajax := src.Endpoint
	if ajax == "" {
		u, _ := url.Parse(src.URL)
		ajax = u.Scheme + "://" + u.Host + leafbridgeAjaxPath
	}
	if ajax, err = rebase(ajax, l.base); err != nil {
		return menu, err
	}
	origin, _ := url.Parse(src.URL)
	header := http.Header{
		"Accept":           {"application/json, text/javascript, */*; q=0.01"},
		"Content-Type":     {"application/x-www-form-urlencoded; charset=UTF-8"},
		"X-Requested-With": {"XMLHttpRequest"},
		"Origin":           {origin.Scheme + "://" + origin.Host},
		"Referer":          {src.URL},
	}
	seen := seenIDs{}
	for page := 1; page <= leafbridgeMaxPages; page++ {
		where := fmt.Sprintf("leafbridge %s retailer %s page %d", origin.Host, src.StoreID, page)
		form := l.form(page, nonce, src.StoreID, menuType)
		resp, err := l.do(ctx, polite.Request{Method: http.MethodPost, URL: ajax, Header: header, Body: []byte(form.Encode())}, where, &menu)
		if err != nil {
			// WordPress answers its own refusals with a bare "-1" (nonce) or "0" (no such
			// action) behind a 403 or 400; say which.
			if fe := (*data.FetchError)(nil); resp != nil && errors.As(err, &fe) {
				if hint := leafbridgeAjaxAnswer(resp.Body); hint != "" {
					fe.Detail += ": " + hint
				}
			}
			return menu, err
		}
		reply, err := leafbridgeParse(resp.Body)
		if err != nil {
			return menu, replyError(where, resp, err)
		}
		if page == 1 && len(reply.ProductsList) == 0 && (!reply.ProductsCount.Set || reply.ProductsCount.V == 0) {
			// The plugin answers a retailer id it does not serve with an empty menu; an
			// open dispensary's menu is never empty, so the id is the likelier fault.
			return menu, &data.FetchError{Reason: data.ReasonConfig, Status: resp.Status,
				Detail: where + ": no products for this retailer; check storeId (wizard_data[retailer_id])"}
		}
		links := leafbridgeLinks(reply.ProductsHTML, origin)
		fresh, err := addPage(ctx, l.engine, &menu, where, seen, reply.ProductsList, func(raw json.RawMessage) ([]data.Offer, string, error) {
			return plusRecordOffers(raw, src.Market, links)
		})
		if err != nil {
			return menu, err
		}
		// A later page of nothing but products already read means the page number is
		// ignored, even when it is the last page.
		if page > 1 && len(reply.ProductsList) > 0 && fresh == 0 {
			return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
				Detail: where + ": the page repeats products already read (the site ignores prods_pageNumber)"}
		}
		if page >= reply.pages() || len(reply.ProductsList) == 0 {
			return menu, nil
		}
	}
	return menu, &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
		Detail: fmt.Sprintf("leafbridge retailer %s: more than %d pages", src.StoreID, leafbridgeMaxPages)}
}

// form is the plugin's product request for one page, as the shop's script sends it.
func (l *LeafBridge) form(page int, nonce, storeID, menuType string) url.Values {
	return url.Values{
		"action":                         {"wizard_show_products"},
		"nonce_ajax":                     {nonce},
		"prods_pageNumber":               {strconv.Itoa(page)},
		"wizard_data[retailer_id]":       {storeID},
		"wizard_data[menu_type]":         {menuType},
		"wizard_data[collection_method]": {l.collection},
		"wizard_data[sort]":              {"NAME_ASC"},
		"wizard_data[age_confirm]":       {"true"},
		"wizard_data[default_set]":       {"true"},
		// The empty search and filter fields the shop's script always sends: the
		// plugin reads them, and a form that differs from the browser's is the first
		// thing a site's firewall notices.
		"search_key_word":                    {""},
		"prod_categories[search_key_word]":   {""},
		"prod_categories[sort_order]":        {"NAME_ASC"},
		"filter_attributes[search_key_word]": {""},
		"filter_attributes[sort_order]":      {"NAME_ASC"},
	}
}

// nonce fetches the shop page and reads the plugin's nonce from it.
func (l *LeafBridge) nonce(ctx context.Context, shop string, menu *data.Menu) (string, error) {
	where := "leafbridge shop page " + shop
	resp, err := l.do(ctx, polite.Request{Method: http.MethodGet, URL: shop, Header: http.Header{"Accept": {"text/html"}}}, where, menu)
	if err != nil {
		return "", err
	}
	for _, re := range leafbridgeNonce {
		if m := re.FindSubmatch(resp.Body); m != nil {
			return string(m[1]), nil
		}
	}
	if isChallenge(resp) {
		return "", &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": bot-challenge page instead of the shop"}
	}
	// A page without the nonce is most often not the shop page at all (the registry's
	// url points elsewhere), which the registry fixes: config, not parse.
	return "", &data.FetchError{Reason: data.ReasonConfig, Status: resp.Status,
		Detail: where + ": no LeafBridge nonce (nonce_ajax) in the page; check url, the shop page of a LeafBridge site"}
}

// phpList is a JSON list written by PHP's json_encode: an array, or an object keyed
// "0", "2", … when the PHP array lost entries to a filter (array_filter keeps keys).
// Either way it is the values in the order sent; null is nil.
type phpList []json.RawMessage

// UnmarshalJSON implements json.Unmarshaler.
func (l *phpList) UnmarshalJSON(b []byte) error {
	*l = nil
	b = bytes.TrimSpace(b)
	switch {
	case bytes.Equal(b, []byte("null")):
		return nil
	case len(b) > 0 && b[0] == '[':
		var list []json.RawMessage
		if err := json.Unmarshal(b, &list); err != nil {
			return err
		}
		*l = list
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return errors.New("products_list is neither a list nor an object")
	}
	list := []json.RawMessage{}
	for dec.More() {
		if _, err := dec.Token(); err != nil { // the key
			return err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return err
		}
		list = append(list, v)
	}
	*l = list
	return nil
}

// leafbridgeAjaxAnswer explains WordPress's bare admin-ajax answers, "" for any other body.
func leafbridgeAjaxAnswer(body []byte) string {
	switch string(bytes.TrimSpace(body)) {
	case "0":
		return "admin-ajax answered 0: no wizard_show_products action (is LeafBridge installed?)"
	case "-1":
		return "admin-ajax answered -1: the nonce was refused"
	}
	return ""
}

// leafbridgeReply is the data of a wizard_show_products answer.
type leafbridgeReply struct {
	ProductsList  phpList     `json:"products_list"`
	ProductsCount looseNumber `json:"products_count"`
	PerPage       looseNumber `json:"prods_per_page"`
	ProductsHTML  string      `json:"products_html"`
}

// pages is the page count the reply announces, at least 1.
func (r leafbridgeReply) pages() int {
	if !r.ProductsCount.Set || !r.PerPage.Set || r.PerPage.V < 1 || r.ProductsCount.V <= 0 {
		return 1
	}
	return int((r.ProductsCount.V + r.PerPage.V - 1) / r.PerPage.V)
}

// leafbridgeParse reads one admin-ajax answer. WordPress's own failures ("0" for an
// unknown action, "-1" for a refused nonce, {"success":false}) are *data.FetchError
// (parse) saying so; a body that is not JSON is a plain error for bodyError.
func leafbridgeParse(body []byte) (leafbridgeReply, error) {
	if hint := leafbridgeAjaxAnswer(body); hint != "" {
		return leafbridgeReply{}, &data.FetchError{Reason: data.ReasonParse, Detail: hint}
	}
	var env struct {
		Success bool            `json:"success"`
		Data    json.RawMessage `json:"data"`
	}
	if err := json.Unmarshal(body, &env); err != nil {
		return leafbridgeReply{}, err
	}
	if !env.Success {
		return leafbridgeReply{}, &data.FetchError{Reason: data.ReasonParse, Detail: fmt.Sprintf("LeafBridge answered success:false (%.120s)", env.Data)}
	}
	var r leafbridgeReply
	if err := json.Unmarshal(env.Data, &r); err != nil {
		return leafbridgeReply{}, fmt.Errorf("data: %w", err)
	}
	if r.ProductsList == nil {
		return leafbridgeReply{}, &data.FetchError{Reason: data.ReasonParse, Detail: "layout changed: reply has no data.products_list"}
	}
	return r, nil
}

// leafbridgeLinks maps product ids to the product pages the rendered cards link to.
// Each card is an element with data_product_id, and its first href is the product
// page (the slug there can differ from the product's own slug).
func leafbridgeLinks(cards string, site *url.URL) map[string]string {
	links := map[string]string{}
	if cards == "" {
		return links
	}
	z := html.NewTokenizer(strings.NewReader(cards))
	current := ""
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return links
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		var id, href string
		for {
			k, v, more := z.TagAttr()
			switch string(k) {
			case "data_product_id":
				id = strings.TrimSpace(string(v))
			case "href":
				href = string(v)
			}
			if !more {
				break
			}
		}
		if id != "" && id != current {
			current = id
		}
		if current != "" && href != "" {
			if _, ok := links[current]; !ok {
				if link := webLink(href, site); link != "" {
					links[current] = link
				}
			}
		}
	}
}
