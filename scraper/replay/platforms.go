package replay

import (
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"

	"github.com/ohiomc/omc/data"
)

// platform is everything the replay knows of one menu platform, kept in that platform's
// file (jane.go, sweed.go): the requests it answers, how a registry menu names its
// store, and the demo's menus on it. platforms is the one table that ServeHTTP,
// DemoDataset, DemoRegistry, DemoPlatformSettings, StoreKey and Expected read.
type platform struct {
	name string
	// routes are the request paths the platform answers; ServeHTTP tries every
	// platform's routes in table order and counts a match as a request to it.
	routes []route
	// key is the store a registry menu names (StoreKey), "" when it names none the
	// replay serves; nil: the menu's storeId.
	key func(m data.MenuSource) string
	// keyHelp says what names a store, for the error of a demo menu whose key is "".
	keyHelp string
	// canon is the one spelling of a store key, "" when the key is not valid (Jane's
	// ids compare as numbers); nil: keys compare as given.
	canon func(key string) string
	// store completes a demo store built from a registry menu (Dutchie's
	// dispensaryId); nil: nothing beyond the key.
	store func(st *Store, d data.Dispensary, m data.MenuSource) error

	// demoStores is how many of the registry's dispensaries without a menu the demo
	// gives a menu on this platform (dealt in table order), and demoMenu fills such a
	// menu's identifiers, derived from the dispensary.
	demoStores int
	demoMenu   func(src *data.MenuSource, d data.Dispensary)
	// demoSettings are the platform settings the demo registry needs besides the
	// replay's base URL (the keys the real platform wants, which the replay checks are
	// sent, not what they are).
	demoSettings map[string]string

	// listings is how many listings a product makes on the menu (Leafly lists every
	// size in stock apart); nil: one.
	listings func(p Product) int
	// fitMenu trims a demo store's menu to what the platform can show a scraper
	// (Tymber renders one page per category); nil: the whole menu.
	fitMenu func(menu []Product) []Product
}

// route is one request path a platform answers.
type route struct {
	match func(path string) bool
	serve func(s *Server, w http.ResponseWriter, r *http.Request)
}

// platforms is every platform the replay serves, in the order ServeHTTP tries their
// routes and DemoRegistry deals dispensaries to them. It is one explicit list, set in
// init rather than in its declaration only because the platforms' handlers look
// stores up through it (Dataset.Store), which Go would take for an initialization
// cycle.
var platforms []platform

func init() {
	platforms = []platform{janePlatform, dutchiePlatform, sweedPlatform, weedmapsPlatform, dispensePlatform,
		dutchiePlusPlatform, leafbridgePlatform, jointPlatform, jsonldPlatform, htmlPlatform, tymberPlatform, leaflyPlatform}
}

// platformNamed finds a platform's description; ok is false for a platform the replay
// does not serve.
func platformNamed(name string) (platform, bool) {
	for _, p := range platforms {
		if p.name == name {
			return p, true
		}
	}
	return platform{}, false
}

// exactPath matches one exact path.
func exactPath(p string) func(string) bool {
	return func(s string) bool { return s == p }
}

// pageKey reads the store of a menu published as a page (JSON-LD, HTML, Tymber): the
// dispensary slug in its endpoint's (else url's) path, matched by re. The path names
// the store because a registry baseURL replaces the dispensary's own host with the
// replay's.
func pageKey(re *regexp.Regexp) func(data.MenuSource) string {
	return func(m data.MenuSource) string {
		raw := m.Endpoint
		if raw == "" {
			raw = m.URL
		}
		u, err := url.Parse(raw)
		if err != nil {
			return ""
		}
		if match := re.FindStringSubmatch(u.Path); match != nil {
			return match[1]
		}
		return ""
	}
}

// StoreKey is the key the replay knows a registry menu's store by (the key SetFailure
// and Expected take): the storeId, or what the menu's platform names its stores by
// (Dutchie's and Weedmaps' cName, a page menu's dispensary slug); "" when the menu
// names no store the replay serves.
func StoreKey(m data.MenuSource) string {
	p, ok := platformNamed(m.Platform)
	if !ok || p.key == nil {
		return m.StoreID
	}
	return p.key(m)
}

// DemoPlatformSettings are the platform settings the demo registry needs besides the
// replay's base URL, by platform.
func DemoPlatformSettings() map[string]map[string]string {
	out := map[string]map[string]string{}
	for _, p := range platforms {
		if p.demoSettings != nil {
			out[p.name] = maps.Clone(p.demoSettings)
		}
	}
	return out
}

// demoStoreKey sets a demo store's key from its registry menu, or says what the menu
// lacks.
func (p platform) demoStoreKey(st *Store, d data.Dispensary, m data.MenuSource) error {
	st.Key = StoreKey(m)
	if p.store != nil {
		return p.store(st, d, m)
	}
	if st.Key == "" {
		return fmt.Errorf("%s menu names no store the replay serves (%s)", p.name, p.keyHelp)
	}
	return nil
}

// fitMenu is a demo store's menu as its platform can show it to a scraper.
func fitMenu(platform string, menu []Product) []Product {
	if p, _ := platformNamed(platform); p.fitMenu != nil {
		return p.fitMenu(menu)
	}
	return menu
}
