package data

import (
	"context"
)

// Category is one of the menu categories the site tracks, or Other.
type Category string

// The tracked categories, in the order the site shows them, plus Other for
// everything else (tinctures, topicals, accessories...), which is stored but not tiled.
const (
	Flower  Category = "Flower"
	Preroll Category = "Preroll"
	Vape    Category = "Vape"
	Extract Category = "Extract"
	Edible  Category = "Edible"
	Other   Category = "Other"
)

// TrackedCategories are the five categories shown as status tiles, in display order.
var TrackedCategories = []Category{Flower, Preroll, Vape, Extract, Edible}

// AllCategories is TrackedCategories plus Other: every category a fetch is recorded for.
var AllCategories = []Category{Flower, Preroll, Vape, Extract, Edible, Other}

// Market is the kind of sale a menu serves.
type Market string

// The two Ohio markets.
const (
	Medical      Market = "medical"
	Recreational Market = "recreational"
)

// Regions are the five Ohio regions of data/sources/ohio-regions.md, in the fixed
// order the statistics use.
var Regions = []string{"Northeast", "Northwest", "Central", "Southwest", "Southeast"}

// Dispensary is one store in the registry.
type Dispensary struct {
	Slug    string  `yaml:"slug" json:"slug"`
	Name    string  `yaml:"name" json:"name"`
	Brand   string  `yaml:"brand,omitempty" json:"brand,omitempty"`
	City    string  `yaml:"city" json:"city"`
	Address string  `yaml:"address,omitempty" json:"address,omitempty"`
	County  string  `yaml:"county,omitempty" json:"county,omitempty"`
	Region  string  `yaml:"region" json:"region"`
	Lat     float64 `yaml:"lat,omitempty" json:"lat,omitempty"`
	Lng     float64 `yaml:"lng,omitempty" json:"lng,omitempty"`
	// Coordinates says what Lat/Lng locate: CoordinatesStore (the store itself, from a
	// platform's store record or the research) or CoordinatesCity (the city's centre).
	Coordinates string `yaml:"coordinates,omitempty" json:"coordinates,omitempty"`
	// Verified is false for a store known only from an unverified lead list; unset means
	// the store is backed by the researched list.
	Verified  *bool        `yaml:"verified,omitempty" json:"-"`
	Medical   bool         `yaml:"medical" json:"medical"`
	AdultUse  bool         `yaml:"adultUse" json:"adultUse"`
	Monitored *bool        `yaml:"monitored,omitempty" json:"-"`
	Website   string       `yaml:"website,omitempty" json:"website,omitempty"`
	Menus     []MenuSource `yaml:"menus,omitempty" json:"menus,omitempty"`
	// Sample marks a dispensary whose menus are sample data rather than its own (the
	// demo's replay serves made-up menus built from real Ohio and out-of-state
	// catalogues): the store keeps the flag and publish labels its offers "sample".
	Sample bool `yaml:"sample,omitempty" json:"sample,omitempty"`
	// Licence is the store's licence number on the state's roster ("CCD000072-00"): the
	// surest way to find it there (MatchRoster). `omc registry check --write` fills it
	// in when the roster lists the store under its name.
	Licence string `yaml:"licence,omitempty" json:"licence,omitempty"`
}

// IsMonitored reports whether the pipeline scrapes this dispensary: the explicit
// monitored flag when set, otherwise true when it has at least one menu.
func (d Dispensary) IsMonitored() bool {
	if d.Monitored != nil {
		return *d.Monitored && len(d.Menus) > 0
	}
	return len(d.Menus) > 0
}

// The values of Dispensary.Coordinates.
const (
	CoordinatesStore = "store"
	CoordinatesCity  = "city"
)

// IsVerified reports whether the store is backed by the researched list rather than
// known only from an unverified lead.
func (d Dispensary) IsVerified() bool { return d.Verified == nil || *d.Verified }

// Location is what the published status calls a dispensary's location: street and city
// when the street is known, else the city.
func (d Dispensary) Location() string {
	if d.Address != "" {
		return d.Address + ", " + d.City
	}
	return d.City
}

// MenuSource is one menu of a dispensary on one platform, with the platform's own
// identifiers. Only the fields its platform uses are set.
type MenuSource struct {
	Market   Market `yaml:"market" json:"market"`
	Platform string `yaml:"platform" json:"platform"`
	// Jane: the store id of the Algolia menu index.
	StoreID string `yaml:"storeId,omitempty" json:"storeId,omitempty"`
	// Dutchie: the 24-hex dispensary id, or the cName slug resolved to it at fetch time.
	DispensaryID string `yaml:"dispensaryId,omitempty" json:"dispensaryId,omitempty"`
	CName        string `yaml:"cName,omitempty" json:"cName,omitempty"`
	// Endpoint is a full API URL replacing the platform default (Dutchie operator proxies).
	Endpoint string `yaml:"endpoint,omitempty" json:"endpoint,omitempty"`
	// URL is the public menu page, for people.
	URL string `yaml:"url,omitempty" json:"url,omitempty"`
	// Selectors are the CSS selectors of the configurable HTML adapter (item, name,
	// price...), for a dispensary that publishes its menu as a plain page.
	Selectors map[string]string `yaml:"selectors,omitempty" json:"selectors,omitempty"`
	// Verified is false for a menu taken from an unverified lead list: until it has
	// once been read, its failures say "unverified lead", not "broken store".
	Verified *bool `yaml:"verified,omitempty" json:"verified,omitempty"`
	// APIKey (Jane) is this menu's public search key; KeyPage (Jane) the page to read it
	// from. Chains' keys differ: without either, the key is read from the menu's own url
	// (docs/registry.md).
	APIKey  string `yaml:"apiKey,omitempty" json:"-"` // not kept in the store: it is configuration
	KeyPage string `yaml:"keyPage,omitempty" json:"keyPage,omitempty"`
	// Alternatives are other sources of the same store and market (its Weedmaps or
	// Leafly listing, its own Dutchie Plus endpoint, JSON-LD on its site), tried in
	// order in the same run when this one is blocked, its key is refused or its host
	// asks for a long wait (Fallback). Each has a platform and that platform's
	// identifiers; its market is this menu's. An alternative has none of its own.
	Alternatives []MenuSource `yaml:"alternatives,omitempty" json:"alternatives,omitempty"`
}

// Sources are the menu's own source, then its alternatives, each with the menu's market.
func (m MenuSource) Sources() []MenuSource {
	out := make([]MenuSource, 0, 1+len(m.Alternatives))
	own := m
	own.Alternatives = nil
	out = append(out, own)
	for _, alt := range m.Alternatives {
		alt.Market = m.Market
		alt.Alternatives = nil
		out = append(out, alt)
	}
	return out
}

// Fallback reports whether a fetch that failed for reason may be served by the menu's
// next source in the same run: the source refused us (a bot challenge, a search key
// refused or unreadable, a long rate limit), which another source of the same store
// does not share. A parse error or an empty menu is the source's answer and stays.
func Fallback(reason Reason) bool {
	return reason == ReasonBlocked || reason == ReasonKey || reason == ReasonRateLimited
}

// IsVerified reports whether the menu comes from researched data rather than a lead.
func (m MenuSource) IsVerified() bool { return m.Verified == nil || *m.Verified }

// Politeness is the registry's crawling limits; a field left out keeps the scraper's
// default (polite.DefaultOptions), and command-line flags override both.
type Politeness struct {
	// Delay between two requests to one host.
	Delay *Duration `yaml:"delay,omitempty"`
	// Timeout of one request.
	Timeout *Duration `yaml:"timeout,omitempty"`
	// MaxBodyBytes caps one response body.
	MaxBodyBytes int64 `yaml:"maxBodyBytes,omitempty"`
	// Retries after the first attempt on 429, 5xx, time-outs and network errors.
	Retries *int `yaml:"retries,omitempty"`
	// MaxHosts caps the hosts talked to at once.
	MaxHosts int `yaml:"maxHosts,omitempty"`
	// MaxRedirects caps the redirects one request follows.
	MaxRedirects int `yaml:"maxRedirects,omitempty"`
	// Robots obeys robots.txt; only a registry pointing at a local replay turns it off.
	Robots *bool `yaml:"robots,omitempty"`
	// ParseTimeout bounds the parsing of one page.
	ParseTimeout *Duration `yaml:"parseTimeout,omitempty"`
}

// PlatformConfig holds registry-wide settings for one platform.
type PlatformConfig struct {
	// BaseURL replaces the scheme and host of every request to the platform; path and
	// query are kept. Used to point the scraper at the local replay.
	BaseURL string `yaml:"baseURL,omitempty"`
	// Delay between two requests to one host; nil means the engine default.
	Delay *Duration `yaml:"delay,omitempty"`
	// Settings are platform specific (Jane apiKey, Dutchie listHash...).
	Settings map[string]string `yaml:"settings,omitempty"`
}

// RosterConfig is the registry's roster section: the state's dispensary roster, an
// ArcGIS feature layer read on every scrape (scraper.ReadRoster).
type RosterConfig struct {
	// URL is the layer ("…/FeatureServer/0") or its query URL; empty reads no roster.
	URL string `yaml:"url,omitempty"`
}

// Registry is the parsed dispensary registry.
type Registry struct {
	Platforms    map[string]PlatformConfig `yaml:"platforms,omitempty"`
	Politeness   Politeness                `yaml:"politeness,omitempty"`
	Dispensaries []Dispensary              `yaml:"dispensaries"`
	// Roster is where the state's list of licensed dispensaries is read (RosterConfig).
	Roster RosterConfig `yaml:"roster,omitempty"`
	// Source names where the registry came from, for error messages.
	Source string `yaml:"-"`
}

// Offer is one size of one product observed on a menu at fetch time.
type Offer struct {
	ProductID  string   `json:"productId"`
	Name       string   `json:"name"`
	Brand      string   `json:"brand,omitempty"`
	Strain     string   `json:"strain,omitempty"` // strain name for statistics, normalised
	StrainType string   `json:"strainType,omitempty"`
	Category   Category `json:"category"`
	// RawCategory is the platform's own category label, kept for auditing the mapping.
	RawCategory string `json:"rawCategory,omitempty"`
	// Subtype is the platform's own product-form labels (Jane's kind_subtype, Dutchie's
	// subcategory: "smalls", "live rosin cart"), joined by "; ". The scrape run reads the
	// form in it (scraper.Identify) where the name does not say it: two items one store
	// sells under one name differ by it. Not stored: the name and code carry the form.
	Subtype string `json:"subtype,omitempty"`
	// Size is the platform's size label ("1/8oz", "eighth ounce", "10pk/100mg").
	Size string `json:"size,omitempty"`
	// Grams is the package weight in grams when known (0 otherwise).
	Grams float64 `json:"grams,omitempty"`
	// Milligrams is the THC content in mg for edibles when known (0 otherwise).
	Milligrams float64 `json:"mg,omitempty"`
	Price      float64 `json:"price"`
	// SalePrice is the discounted price a shopper pays; 0 when not on sale.
	SalePrice float64 `json:"salePrice,omitempty"`
	InStock   bool    `json:"inStock"`
	// THC and CBD are the menu's figures; of a range ([18, 24.5]) the top.
	THC *float64 `json:"thc,omitempty"`
	CBD *float64 `json:"cbd,omitempty"`
	// THCLow and CBDLow are the lower end of a range, set only when the menu gives a
	// range whose lower end is above 0 and below the top (THC, CBD); nil otherwise.
	THCLow *float64 `json:"thcLow,omitempty"`
	CBDLow *float64 `json:"cbdLow,omitempty"`
	// PotencyUnit is "%" or "mg".
	PotencyUnit string   `json:"potencyUnit,omitempty"`
	Warnings    []string `json:"warnings,omitempty"`
	URL         string   `json:"url,omitempty"`
	// Code is the product's identity across stores and platforms (docs/design.md §4):
	// lower case, [a-z0-9-]+, readable, stable. The scrape run sets it
	// (scraper.ProductCode) before the offer is stored; adapters leave it empty.
	Code string `json:"code,omitempty"`
	// Terpenes are the terpenes the platform lists for the product, from its own fields.
	Terpenes []Terpene `json:"terpenes,omitempty"`
	// Lineage names the parent strains the menu gives ("a cross of X and Y"), if any.
	Lineage []string `json:"lineage,omitempty"`
}

// Terpene is one terpene a menu lists for a product.
type Terpene struct {
	// Name is the terpene's name as normalised by the scraper ("Myrcene", "Beta-Caryophyllene").
	Name string `json:"name"`
	// Amount is the quantity the menu gives, nil when it lists the terpene without one.
	Amount *float64 `json:"amount,omitempty"`
	// Unit is "%" or "mg" when Amount is set.
	Unit string `json:"unit,omitempty"`
}

// Cost is what a shopper pays: the sale price when there is one.
func (o Offer) Cost() float64 {
	if o.SalePrice > 0 && o.SalePrice < o.Price {
		return o.SalePrice
	}
	return o.Price
}

// Menu is what an adapter returns for one menu source.
type Menu struct {
	Offers []Offer
	// Requests is how many HTTP requests the fetch made.
	Requests int
	// HTTPStatus is the status of the last response.
	HTTPStatus int
	// Skipped are the records the adapter could not read (no id, no price...), each
	// described; the rest of the menu is kept.
	Skipped []string
	// Place is where the platform's own store record puts the store (Jane's _geoloc),
	// nil when its records give no position.
	Place *Place
	// Page is the menu's page for shoppers as the platform's pattern makes it from the
	// menu's identifiers (dutchie.com/dispensary/<cName>), "" when the adapter knows none:
	// the scrape records the registry's url in its place when there is one.
	Page string
}

// Place is a position, in degrees.
type Place struct {
	Lat float64 `json:"lat"`
	Lng float64 `json:"lng"`
}

// Adapter fetches one menu from one platform. It returns data types and never
// touches the store. Errors are *FetchError with a Reason.
type Adapter interface {
	// Platform is the registry name of the platform ("jane", "dutchie").
	Platform() string
	// Validate checks that a menu source carries the identifiers the platform needs.
	Validate(src MenuSource) error
	// FetchMenu fetches every product of the menu.
	FetchMenu(ctx context.Context, src MenuSource) (Menu, error)
}

// DistinctProducts counts the distinct products among offers (one product has one
// offer per size).
func DistinctProducts(offers []Offer) int {
	seen := map[string]bool{}
	for _, o := range offers {
		seen[o.ProductID] = true
	}
	return len(seen)
}
