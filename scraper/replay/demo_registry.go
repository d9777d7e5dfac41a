package replay

import (
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// demoPlatforms are the platforms the demo adds to the registry besides the Jane and
// Dutchie menus it already lists, in the order dispensaries are dealt to them, and how
// many dispensaries each gets. Ohio's menus are mostly Dutchie and Jane (the registry's
// own mix); the others are a few stores each, as on the lead lists (PLATFORMS.md §9).
var demoPlatforms = []struct {
	name   string
	stores int
}{
	{"sweed", 3}, {"weedmaps", 3}, {"dispense", 2}, {"dutchieplus", 1}, {"leafbridge", 1}, {"joint", 1},
	{"jsonld", 2}, {"html", 2}, {"tymber", 2}, {"leafly", 2},
}

// DemoPlatformSettings are the platform settings the demo registry needs besides the
// replay's base URL: the keys the real platforms want, which the replay checks are
// sent, not what they are.
var DemoPlatformSettings = map[string]map[string]string{
	"jane":        {"apiKey": "demo-search-key"},
	"dispense":    {"apiKey": "demo-storefront-key"},
	"dutchieplus": {"apiKey": "demo-plus-key"},
}

// DemoRegistry is reg with demo menus on the other platforms for some of the
// dispensaries it lists without a menu (no platform or identifier is known for them):
// dealt in slug order, every other one, so that some stay unmonitored as in the real
// registry. The identifiers are derived from the slugs. It is for the demo only: the
// menus describe no real store's platform. Every dispensary is marked Sample: whatever
// the replay serves for it is made up from the sample pool (real Ohio, Pennsylvania and
// New Jersey catalogue records at invented stores and prices), and the store keeps that
// mark so that the published data can say so.
func DemoRegistry(reg data.Registry) (data.Registry, error) {
	out := reg
	out.Dispensaries = slices.Clone(reg.Dispensaries)
	for i := range out.Dispensaries {
		out.Dispensaries[i].Sample = true
	}
	var free []int
	for i, d := range out.Dispensaries {
		if len(d.Menus) == 0 && d.Monitored == nil {
			free = append(free, i)
		}
	}
	slices.SortFunc(free, func(a, b int) int {
		return strings.Compare(out.Dispensaries[a].Slug, out.Dispensaries[b].Slug)
	})
	next := 0
	for _, p := range demoPlatforms {
		for range p.stores {
			if 2*next >= len(free) {
				return reg, fmt.Errorf("demo registry: too few dispensaries without a menu for %s", p.name)
			}
			d := &out.Dispensaries[free[2*next]]
			next++
			d.Menus = demoMenus(p.name, *d)
		}
	}
	return out, nil
}

// demoMenus is one menu per market the dispensary serves, on platform.
func demoMenus(platform string, d data.Dispensary) []data.MenuSource {
	var markets []data.Market
	if d.Medical {
		markets = append(markets, data.Medical)
	}
	if d.AdultUse || len(markets) == 0 {
		markets = append(markets, data.Recreational)
	}
	var menus []data.MenuSource
	for _, m := range markets {
		src := data.MenuSource{Market: m, Platform: platform}
		switch platform {
		case "sweed":
			src.CName = "production"
			src.StoreID = strconv.FormatUint(100+hash64("demo-sweed", d.Slug)%900, 10)
		case "weedmaps":
			src.CName = d.Slug
		case "dispense":
			src.StoreID = hex24("demo-dispense", d.Slug)[:16]
		case "dutchieplus":
			src.StoreID = uuid("demo-plus-retailer", d.Slug)
		case "leafbridge":
			src.StoreID = uuid("demo-leafbridge-retailer", d.Slug)
			src.URL = demoSite(d) + "shop/"
		case "joint":
			src.StoreID = strconv.FormatUint(1000+hash64("demo-joint", d.Slug)%9000, 10)
			src.URL = demoSite(d)
		case "jsonld":
			src.URL = "https://" + d.Slug + ".example/stores/" + d.Slug + "/menu"
		case "html":
			src.URL = "https://" + d.Slug + ".example/locations/" + d.Slug + "/menu"
			src.Selectors = maps.Clone(demoHTMLSelectors)
		case "tymber":
			src.URL = "https://shop." + d.Slug + ".example/shop/" + d.Slug + "/menu"
		case "leafly":
			src.StoreID = d.Slug
		}
		menus = append(menus, src)
	}
	return menus
}

// StoreKey is the key the replay knows a registry menu's store by (the key SetFailure
// and Expected take): Jane's, Sweed's, Dispense's and Leafly's storeId, Dutchie's and
// Weedmaps' cName (Dutchie's dispensaryId when it has no cName), and for a menu on a
// page (JSON-LD, HTML, Tymber) the dispensary slug of its address's path.
func StoreKey(m data.MenuSource) string {
	switch m.Platform {
	case "dutchie":
		if m.CName != "" {
			return m.CName
		}
		return m.DispensaryID
	case "weedmaps":
		return m.CName
	case "jsonld", "html", "tymber":
		return pageStoreKey(m)
	}
	return m.StoreID
}

// demoSite is the site a demo menu on a WordPress plugin lives on: the dispensary's
// own website's root when the registry has one, else a name under .example (reserved
// for examples, RFC 2606) so that no demo link points at someone's real site.
func demoSite(d data.Dispensary) string {
	if u, err := url.Parse(d.Website); err == nil && u.Scheme == "https" && u.Host != "" {
		return "https://" + u.Host + "/"
	}
	return "https://" + d.Slug + ".example/"
}
