package replay

import (
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// DemoRegistry is reg with demo menus on the other platforms for some of the
// dispensaries it lists without a menu (no platform or identifier is known for them):
// dealt in slug order, every other one when there are enough, so that some stay
// unmonitored as in the real registry. The identifiers are derived from the slugs. It is for the demo only: the
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
		out.Dispensaries[i].Menus = demoStorefronts(d)
		if len(d.Menus) == 0 && d.Monitored == nil {
			free = append(free, i)
		}
	}
	slices.SortFunc(free, func(a, b int) int {
		return strings.Compare(out.Dispensaries[a].Slug, out.Dispensaries[b].Slug)
	})
	// Every other free store, so that some stay unmonitored all through the list; with
	// too few free stores to skip every other one (the researched list shrinks as leads
	// are matched to stores), as evenly spread as they allow.
	total := 0
	for _, p := range platforms {
		total += p.demoStores
	}
	pick := func(n int) int { return 2 * n }
	if len(free) < 2*total-1 {
		pick = func(n int) int { return n * len(free) / total }
	}
	next := 0
	// Ohio's menus are mostly Dutchie and Jane (the registry's own mix); the others get
	// a few stores each (platform.demoStores), as on the lead lists (docs/platforms.md §9).
	for _, p := range platforms {
		for range p.demoStores {
			if next >= len(free) {
				return reg, fmt.Errorf("demo registry: too few dispensaries without a menu for %s", p.name)
			}
			d := &out.Dispensaries[free[pick(next)]]
			next++
			d.Menus = demoMenus(p.name, *d)
		}
	}
	return out, nil
}

// demoStorefronts reads the registry's Sweed storefront pages (Curaleaf's and Zen Leaf's
// own shops, docs/platforms.md §5) through the Sweed API the replay serves, under a store id
// derived from the slug: the replay serves Sweed's API, not its rendered pages. The other
// menus are kept as they are.
func demoStorefronts(d data.Dispensary) []data.MenuSource {
	var menus []data.MenuSource
	for i, m := range d.Menus {
		if m.Platform == "sweed" && m.Endpoint != "" && !strings.Contains(m.Endpoint, "/_api/") {
			if menus == nil {
				menus = slices.Clone(d.Menus)
			}
			demo := m
			demo.Endpoint, demo.CName = "", "production"
			demo.StoreID = strconv.FormatUint(1000+hash64("demo-sweed-storefront", d.Slug)%9000, 10)
			menus[i] = demo
		}
	}
	if menus == nil {
		return d.Menus
	}
	return menus
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
		if p, ok := platformNamed(platform); ok && p.demoMenu != nil {
			p.demoMenu(&src, d)
		}
		menus = append(menus, src)
	}
	return menus
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
