package scraper

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// platform is the one description of a menu platform, kept in the platform's own file
// (jane.go, sweed.go): its registry name, the hosts it talks to by default (for
// per-platform delays), the settings it reads, the check a registry's menus on it must
// pass when the registry loads, and how to build its adapter. platforms lists them
// all; the registry loader (through RegistryRules), NewAdapters and omc probe read
// that one table. Adding a platform is described in doc.go.
type platform struct {
	name     string
	hosts    []string
	settings []string // the settings keys it reads; any other key is a mistake
	// check is the registry-time check of a menu's identifiers on this platform (nil:
	// only the URL rules every menu shares). It must not depend on platform settings,
	// which the adapter's own Validate checks at fetch time.
	check data.MenuCheck
	// build makes the adapter around its base (engine, name, the registry's baseURL)
	// from the platform's registry settings.
	build func(b adapterBase, c data.PlatformConfig) (data.Adapter, error)
}

// platforms is every platform the scraper reads: the one table a new platform is
// added to.
var platforms = []platform{janePlatform, dutchiePlatform, sweedPlatform, weedmapsPlatform, dispensePlatform,
	dutchiePlusPlatform, leafbridgePlatform, jointPlatform, jsonldPlatform, htmlPlatform, tymberPlatform, leaflyPlatform}

// adapter builds p's adapter; base is the registry's baseURL, parsed (nil when the
// platform is reached at its own hosts).
func (p platform) adapter(e *polite.Engine, c data.PlatformConfig, base *url.URL) (data.Adapter, error) {
	return p.build(adapterBase{name: p.name, engine: e, base: base}, c)
}

// PlatformNames lists the platforms the scraper has adapters for, sorted: the names a
// registry may use.
func PlatformNames() []string {
	return RegistryRules().Names()
}

// RegistryRules are the platforms' registry-time checks, for data.ParseRegistry and
// its callers: the registry loader learns every platform's identifier rules from here.
func RegistryRules() data.PlatformRules {
	rules := make(data.PlatformRules, len(platforms))
	for _, p := range platforms {
		rules[p.name] = p.check
	}
	return rules
}

// NewAdapters builds every adapter with its registry settings. A bad base URL, an
// unknown setting or an unknown platform is refused here, before any request.
func NewAdapters(e *polite.Engine, configs map[string]data.PlatformConfig) (map[string]data.Adapter, error) {
	for name := range configs {
		if !slices.Contains(PlatformNames(), name) {
			return nil, fmt.Errorf("platforms: unknown platform %q (known: %s)", name, strings.Join(PlatformNames(), ", "))
		}
	}
	out := make(map[string]data.Adapter, len(platforms))
	for _, p := range platforms {
		c := configs[p.name]
		for k := range c.Settings {
			if !slices.Contains(p.settings, k) {
				return nil, fmt.Errorf("platforms.%s.settings: unknown setting %q (known: %s)", p.name, k, strings.Join(p.settings, ", "))
			}
		}
		hosts := p.hosts
		var base *url.URL
		if c.BaseURL != "" {
			u, err := parseBaseURL(c.BaseURL)
			if err != nil {
				return nil, fmt.Errorf("platforms.%s.baseURL: %w", p.name, err)
			}
			base, hosts = u, []string{u.Host}
		}
		if c.Delay != nil {
			for _, h := range hosts {
				e.SetHostDelay(h, c.Delay.Duration)
			}
		}
		a, err := p.adapter(e, c, base)
		if err != nil {
			return nil, fmt.Errorf("platforms.%s: %w", p.name, err)
		}
		out[p.name] = a
	}
	return out, nil
}
