package scraper

import (
	"net/url"
	"regexp"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Links to order: each offer keeps the page of its product on the store's own menu
// (Offer.URL), built from the identifiers the records carry with the platform's product
// URL pattern (docs/platforms.md, "Product pages"), and each menu keeps its own page
// (data.Menu.Page) for the products that have none. Every link goes through webLink:
// only an absolute http(s) URL is kept, so nothing else (javascript:, data:, a relative
// path) ever reaches a shopper's link.

var (
	dutchieSite = &url.URL{Scheme: "https", Host: "dutchie.com"}
	leaflySite  = &url.URL{Scheme: "https", Host: "www.leafly.com"}
	// janeStorePath is a Jane store page's path: /stores/<id>/<store slug>[/…].
	janeStorePath = regexp.MustCompile(`^/stores/([0-9]+)/([a-z0-9]+(?:-[a-z0-9]+)*)(?:/|$)`)
	// pathSlug is a product slug that is safe as one path segment as it is.
	pathSlug = regexp.MustCompile(`^[A-Za-z0-9]+(?:[-_.][A-Za-z0-9]+)*$`)
)

// linkOnSite is the product page at the path made of segments on site: "" when a
// segment is empty or not a plain slug (a record's odd slug never makes a wrong link).
func linkOnSite(site *url.URL, segments ...string) string {
	if site == nil {
		return ""
	}
	for _, s := range segments {
		if !pathSlug.MatchString(s) {
			return ""
		}
	}
	u := *site
	u.RawQuery, u.Fragment = "", ""
	u.Path = strings.TrimSuffix(u.Path, "/") + "/" + strings.Join(segments, "/")
	u.RawPath = ""
	return webLink(u.String(), nil)
}

// dutchieMenuPage is a Dutchie store's menu on dutchie.com: /dispensary/<cName>.
func dutchieMenuPage(cName string) string { return linkOnSite(dutchieSite, "dispensary", cName) }

// dutchieProductPage is a product's page on a Dutchie store's menu:
// dutchie.com/dispensary/<store cName>/product/<product cName>.
func dutchieProductPage(storeCName, productCName string) string {
	if storeCName == "" {
		return ""
	}
	return linkOnSite(dutchieSite, "dispensary", storeCName, "product", productCName)
}

// janeStore is the Jane store page of src (its url, www.iheartjane.com/stores/<id>/<slug>/…),
// trimmed to /stores/<id>/<slug>, or nil when the url is not the page of src's store.
func janeStore(src data.MenuSource) *url.URL {
	u, err := url.Parse(src.URL)
	if err != nil || !strings.HasSuffix(u.Hostname(), "iheartjane.com") {
		return nil
	}
	m := janeStorePath.FindStringSubmatch(u.Path)
	if m == nil || m[1] != src.StoreID {
		return nil
	}
	return &url.URL{Scheme: "https", Host: u.Host, Path: "/stores/" + m[1] + "/" + m[2]}
}

// janeProductPage is a product's page on a Jane store's menu:
// www.iheartjane.com/stores/<store id>/<store slug>/products/<product_id>/<url_slug>.
func janeProductPage(store *url.URL, productID, slug string) string {
	return linkOnSite(store, "products", productID, slug)
}

// leaflyMenuPage is a Leafly dispensary's page, www.leafly.com/dispensary-info/<slug>:
// its items carry no slug of their own, so they link here.
func leaflyMenuPage(slug string) string { return linkOnSite(leaflySite, "dispensary-info", slug) }

// jointProductPage is a product's page on a Joint Commerce shop: the shop's site with
// ?product=<jointId> (docs/platforms.md §10).
func jointProductPage(site *url.URL, jointID string) string {
	if site == nil || !pathSlug.MatchString(jointID) {
		return ""
	}
	u := url.URL{Scheme: site.Scheme, Host: site.Host, Path: "/", RawQuery: url.Values{"product": {jointID}}.Encode()}
	return webLink(u.String(), nil)
}

// sweedSlugDrop is what a Sweed storefront drops from the words of a product's slug:
// each run of characters other than letters, digits, dots, apostrophes and parentheses
// becomes one hyphen ("Fresh Duos: Ebony Ivory + Star 91" is fresh-duos-ebony-ivory-star-91).
var sweedSlugDrop = regexp.MustCompile(`[^a-z0-9.'()]+`)

// sweedSlug is text as a Sweed storefront spells it in a product page's path; ok is
// false for text with a letter outside ASCII, whose spelling no capture shows.
func sweedSlug(text string) (slug string, ok bool) {
	for _, r := range text {
		if r > 127 {
			return "", false
		}
	}
	return strings.Trim(sweedSlugDrop.ReplaceAllString(strings.ToLower(text), "-"), "-"), true
}

// sweedStorefront is a Sweed storefront's root page (the registry's url, or the page a
// storefront menu is read from) without query or trailing slash; nil when it is no
// http(s) URL.
func sweedStorefront(raw string) *url.URL {
	link := webLink(raw, nil)
	if link == "" {
		return nil
	}
	u, _ := url.Parse(link)
	u.RawQuery, u.Fragment = "", ""
	u.Path, u.RawPath = strings.TrimSuffix(u.Path, "/"), ""
	return u
}

var (
	sweedID        = regexp.MustCompile(`^[0-9]+$`)
	sweedStockType = regexp.MustCompile(`^[A-Za-z]+$`)
)

// sweedProductPage is a variant's page on a Sweed storefront,
// <storefront>/menu/<category slug>-<category page id>/<words>-<variant id>[?stockType=<type>],
// the words being the product's subcategory, strain prevalence, name, product type and
// variant name, each slugged, the empty ones left out (docs/platforms.md §10: it
// reproduces every product card link of the captured gLeaf storefront page). "" when a
// part is missing or spelled outside ASCII.
func sweedProductPage(storefront *url.URL, category, categoryID string, words []string, variantID, stockType string) string {
	cat, ok := sweedSlug(category)
	if storefront == nil || !ok || cat == "" || !sweedID.MatchString(categoryID) || !sweedID.MatchString(variantID) {
		return ""
	}
	var parts []string
	for _, w := range words {
		s, ok := sweedSlug(w)
		if !ok {
			return ""
		}
		if s != "" {
			parts = append(parts, s)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	u := *storefront
	// The path keeps the storefront's own spelling (RawPath): a slug's apostrophes and
	// parentheses stay as they are, not percent-encoded.
	u.Path += "/menu/" + cat + "-" + categoryID + "/" + strings.Join(parts, "-") + "-" + variantID
	u.RawPath = u.Path
	if sweedStockType.MatchString(stockType) {
		u.RawQuery = url.Values{"stockType": {stockType}}.Encode()
	}
	return webLink(u.String(), nil)
}

// menuPageOf is the page of src's menu for shoppers: the registry's url when it is an
// http(s) URL, else the page the adapter made from the menu's identifiers (adapter).
func menuPageOf(src data.MenuSource, adapter string) string {
	if page := webLink(src.URL, nil); page != "" {
		return page
	}
	return webLink(adapter, nil)
}
