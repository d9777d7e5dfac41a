package data

import (
	_ "embed"
	"errors"
	"fmt"
	"net/url"
	"os"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"
)

//go:embed dispensaries.yaml
var defaultRegistryYAML []byte

// DefaultRegistrySource is the name the embedded registry goes by in error messages.
const DefaultRegistrySource = "embedded data/dispensaries.yaml"

// MenuCheck checks the identifiers a registry menu needs on one platform (a Jane
// storeId is a number, an html menu's selectors compile); it returns what is wrong, or
// nil.
type MenuCheck func(MenuSource) error

// PlatformRules are the platforms a registry may name, each with the MenuCheck its
// menus must pass when the registry loads (nil: the rules every menu shares only). The
// scraper, which owns the platforms, supplies them (scraper.RegistryRules): this
// package knows no platform's identifiers and imports no scraping library (docs/design.md §2).
type PlatformRules map[string]MenuCheck

// Names lists the platforms, sorted.
func (r PlatformRules) Names() []string {
	names := make([]string, 0, len(r))
	for name := range r {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// DefaultRegistry returns the embedded registry of real Ohio dispensaries, checked
// against rules.
func DefaultRegistry(rules PlatformRules) (Registry, error) {
	return ParseRegistry(DefaultRegistrySource, defaultRegistryYAML, rules)
}

// LoadRegistry reads a registry file and checks it against rules.
func LoadRegistry(path string, rules PlatformRules) (Registry, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return Registry{}, &Error{Code: EINVALID, Message: fmt.Sprintf("registry %s: %v", path, err)}
	}
	return ParseRegistry(path, raw, rules)
}

// RegistryError is one problem in a registry, with where it is.
type RegistryError struct {
	Source string
	Line   int
	Reason string
}

func (e RegistryError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Source, e.Line, e.Reason)
	}
	return fmt.Sprintf("%s: %s", e.Source, e.Reason)
}

// RegistryErrors is every problem found in a registry; a registry with any is refused whole.
type RegistryErrors []RegistryError

// MaxRegistryErrorsShown is how many problems Error lists; the rest are counted.
const MaxRegistryErrorsShown = 50

// Error lists the first MaxRegistryErrorsShown problems, one a line, and how many more
// there are: a registry broken throughout (5,000 duplicated slugs) gives a readable
// message, not 5,000 lines.
func (es RegistryErrors) Error() string {
	shown := es[:min(len(es), MaxRegistryErrorsShown)]
	lines := make([]string, len(shown), len(shown)+1)
	for i, e := range shown {
		lines[i] = e.Error()
	}
	if more := len(es) - len(shown); more > 0 {
		lines = append(lines, fmt.Sprintf("… and %d more", more))
	}
	return "bad registry:\n  " + strings.Join(lines, "\n  ")
}

var (
	slugPattern    = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)
	yamlLineRegexp = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)
)

// ParseRegistry parses and validates registry YAML: a menu's platform must be one of
// rules and pass its check. source names the registry in errors. Every problem is
// reported with its line; nothing is returned unless all is well.
func ParseRegistry(source string, raw []byte, rules PlatformRules) (Registry, error) {
	var root yaml.Node
	if err := yaml.Unmarshal(raw, &root); err != nil {
		return Registry{}, RegistryErrors{yamlError(source, err)}
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 || root.Content[0].Kind != yaml.MappingNode {
		return Registry{}, RegistryErrors{{Source: source, Line: 1, Reason: "expected a mapping with a dispensaries list"}}
	}
	top := root.Content[0]
	p := &registryParser{source: source, rules: rules, known: rules.Names(),
		reg: Registry{Source: source, Platforms: map[string]PlatformConfig{}}}

	var dispNode *yaml.Node
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, val := top.Content[i], top.Content[i+1]
		switch key.Value {
		case "platforms":
			p.platforms(val)
		case "politeness":
			if err := val.Decode(&p.reg.Politeness); err != nil {
				p.errs = append(p.errs, yamlError(source, err))
				continue
			}
			p.errs = append(p.errs, p.reg.Politeness.check(source, val)...)
		case "dispensaries":
			dispNode = val
		case "roster":
			p.roster(val)
		default:
			p.add(key.Line, "unknown key %q (known: platforms, politeness, roster, dispensaries)", key.Value)
		}
	}
	if dispNode == nil {
		p.add(top.Line, "no dispensaries list")
		return Registry{}, p.errs
	}
	if dispNode.Kind != yaml.SequenceNode {
		p.add(dispNode.Line, "dispensaries: expected a list")
		return Registry{}, p.errs
	}
	firstLine := map[string]int{}
	for _, item := range dispNode.Content {
		p.dispensary(item, firstLine)
	}
	if len(p.errs) > 0 {
		return Registry{}, p.errs
	}
	return p.reg, nil
}

// registryParser collects what ParseRegistry reads and every problem it finds, each
// with its line.
type registryParser struct {
	source string
	rules  PlatformRules
	known  []string // the platforms' names, sorted
	reg    Registry
	errs   RegistryErrors
}

func (p *registryParser) add(line int, format string, args ...any) {
	p.errs = append(p.errs, RegistryError{Source: p.source, Line: line, Reason: fmt.Sprintf(format, args...)})
}

// platforms reads the platforms section: per platform, its baseURL and settings.
func (p *registryParser) platforms(val *yaml.Node) {
	if val.Kind != yaml.MappingNode {
		p.add(val.Line, "platforms: expected a mapping of platform name to settings")
		return
	}
	for j := 0; j+1 < len(val.Content); j += 2 {
		name, cfgNode := val.Content[j], val.Content[j+1]
		if !slices.Contains(p.known, name.Value) {
			p.add(name.Line, "platforms: unknown platform %q (known: %s)", name.Value, strings.Join(p.known, ", "))
			continue
		}
		var cfg PlatformConfig
		if err := cfgNode.Decode(&cfg); err != nil {
			p.errs = append(p.errs, yamlError(p.source, err))
			continue
		}
		if cfg.BaseURL != "" && !isHTTPURL(cfg.BaseURL) {
			p.add(fieldLine(cfgNode, "baseURL"), "platforms.%s.baseURL: %q is not an http(s) URL with a host", name.Value, cfg.BaseURL)
		}
		settingKeys := make([]string, 0, len(cfg.Settings))
		for k := range cfg.Settings {
			settingKeys = append(settingKeys, k)
		}
		slices.Sort(settingKeys)
		for _, k := range settingKeys {
			if v := cfg.Settings[k]; isURLField(k) && v != "" && !isHTTPURL(v) {
				p.add(cfgNode.Line, "platforms.%s.settings.%s: %q is not an http(s) URL with a host", name.Value, k, v)
			}
		}
		p.reg.Platforms[name.Value] = cfg
	}
}

// roster reads the roster section: the state's layer's url.
func (p *registryParser) roster(val *yaml.Node) {
	if val.Kind != yaml.MappingNode {
		p.add(val.Line, "roster: expected a mapping with a url")
		return
	}
	for j := 0; j+1 < len(val.Content); j += 2 {
		if k := val.Content[j]; k.Value != "url" {
			p.add(k.Line, "roster: unknown key %q (known: url)", k.Value)
		}
	}
	if err := val.Decode(&p.reg.Roster); err != nil {
		p.errs = append(p.errs, yamlError(p.source, err))
		return
	}
	if p.reg.Roster.URL != "" && !isHTTPURL(p.reg.Roster.URL) {
		p.add(fieldLine(val, "url"), "roster.url: %q is not an http(s) URL with a host", p.reg.Roster.URL)
	}
}

// dispensary reads one item of the dispensaries list; firstLine holds the line of each
// slug seen so far.
func (p *registryParser) dispensary(item *yaml.Node, firstLine map[string]int) {
	var d Dispensary
	if err := item.Decode(&d); err != nil {
		p.errs = append(p.errs, yamlError(p.source, err))
		return
	}
	line := item.Line
	where := fmt.Sprintf("dispensary %q", d.Slug)
	switch {
	case d.Slug == "":
		p.add(line, "dispensary without a slug")
	case !slugPattern.MatchString(d.Slug):
		p.add(fieldLine(item, "slug"), "%s: slug must be lower-case letters, digits and dashes", where)
	case firstLine[d.Slug] != 0:
		p.add(fieldLine(item, "slug"), "%s: duplicate slug (first at line %d)", where, firstLine[d.Slug])
	default:
		firstLine[d.Slug] = fieldLine(item, "slug")
	}
	if strings.TrimSpace(d.Name) == "" {
		p.add(line, "%s: missing name", where)
	}
	if strings.TrimSpace(d.City) == "" {
		p.add(line, "%s: missing city", where)
	}
	if !slices.Contains(Regions, d.Region) {
		p.add(fieldLine(item, "region"), "%s: bad region %q (one of %s)", where, d.Region, strings.Join(Regions, ", "))
	}
	// The loader's rule, so that scrape refuses what registry check refuses.
	if d.County != "" {
		if places, err := OhioPlaces(); err == nil && places.Regions[d.County] == "" {
			p.add(fieldLine(item, "county"), "%s: unknown county %q (not one of Ohio's 88)", where, d.County)
		}
	}
	if d.Licence != strings.TrimSpace(d.Licence) || strings.ContainsAny(d.Licence, "\n\t") {
		p.add(fieldLine(item, "licence"), "%s: licence %q has spaces around it", where, d.Licence)
	}
	if d.Website != "" && !isHTTPURL(d.Website) {
		p.add(fieldLine(item, "website"), "%s: website %q is not an http(s) URL with a host", where, d.Website)
	}
	if d.Lat != 0 && !InOhio(d.Lat, d.Lng) {
		p.add(fieldLine(item, "lat"), "%s: coordinates %.4f,%.4f are outside Ohio", where, d.Lat, d.Lng)
	}
	for _, r := range checkListing(d) {
		p.add(line, "%s: %s", where, r)
	}
	p.menus(d, item, where)
	p.reg.Dispensaries = append(p.reg.Dispensaries, d)
}

// menus checks a dispensary's menus: market, platform and the platform's own check.
func (p *registryParser) menus(d Dispensary, item *yaml.Node, where string) {
	menusNode := fieldNode(item, "menus")
	for i, m := range d.Menus {
		mline := item.Line
		if menusNode != nil && i < len(menusNode.Content) {
			mline = menusNode.Content[i].Line
		}
		if m.Market != Medical && m.Market != Recreational {
			p.add(mline, "%s: menu %d: bad market %q (medical or recreational)", where, i+1, m.Market)
		}
		if !slices.Contains(p.known, m.Platform) {
			p.add(mline, "%s: menu %d: unknown platform %q (known: %s)", where, i+1, m.Platform, strings.Join(p.known, ", "))
			continue
		}
		if err := checkMenu(m, p.rules[m.Platform]); err != nil {
			p.add(mline, "%s: menu %d: %v", where, i+1, err)
		}
		p.alternatives(m, fmt.Sprintf("%s: menu %d", where, i+1), mline)
	}
}

// alternatives checks a menu's alternative sources: each names a known platform and
// passes its check, serves the menu's market and has no alternatives of its own.
func (p *registryParser) alternatives(m MenuSource, where string, line int) {
	for k, alt := range m.Alternatives {
		at := fmt.Sprintf("%s: alternative %d", where, k+1)
		if alt.Market != "" && alt.Market != m.Market {
			p.add(line, "%s: market %q differs from the menu's %q (an alternative serves the same store and market)", at, alt.Market, m.Market)
		}
		if len(alt.Alternatives) > 0 {
			p.add(line, "%s: has alternatives of its own (list them all on the menu, in order)", at)
		}
		if !slices.Contains(p.known, alt.Platform) {
			p.add(line, "%s: unknown platform %q (known: %s)", at, alt.Platform, strings.Join(p.known, ", "))
			continue
		}
		if err := checkMenu(alt, p.rules[alt.Platform]); err != nil {
			p.add(line, "%s: %v", at, err)
		}
	}
}

// checkMenu checks a menu's identifiers with its platform's check, then the URLs every
// menu may carry; adapters may check more at fetch time.
func checkMenu(m MenuSource, platform MenuCheck) error {
	if platform != nil {
		if err := platform(m); err != nil {
			return err
		}
	}
	if m.Endpoint != "" && !isHTTPURL(m.Endpoint) {
		return fmt.Errorf("endpoint %q is not an http(s) URL with a host", m.Endpoint)
	}
	if m.URL != "" && !isHTTPURL(m.URL) {
		return fmt.Errorf("url %q is not an http(s) URL with a host", m.URL)
	}
	if m.KeyPage != "" && !isHTTPURL(m.KeyPage) {
		return fmt.Errorf("keyPage %q is not an http(s) URL with a host", m.KeyPage)
	}
	return nil
}

// isHTTPURL reports whether s is an absolute http(s) URL with a host: the only URLs a
// registry may hold (the scraper fetches them, the site links to them), never
// javascript:, file: or a relative path.
func isHTTPURL(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}

// isURLField reports whether a platform setting holds a URL, by its name: endpoint,
// keyPage, or any name ending in URL or Url.
func isURLField(name string) bool {
	return name == "endpoint" || name == "keyPage" || strings.HasSuffix(name, "URL") || strings.HasSuffix(name, "Url")
}

// yamlError turns a yaml.v3 error ("yaml: line 7: cannot unmarshal ...") into a RegistryError.
func yamlError(source string, err error) RegistryError {
	var te *yaml.TypeError
	msg := err.Error()
	if errors.As(err, &te) && len(te.Errors) > 0 {
		msg = te.Errors[0]
	}
	if m := yamlLineRegexp.FindStringSubmatch(msg); m != nil {
		var line int
		fmt.Sscanf(m[1], "%d", &line)
		return RegistryError{Source: source, Line: line, Reason: m[2]}
	}
	return RegistryError{Source: source, Reason: strings.TrimPrefix(msg, "yaml: ")}
}

func fieldNode(mapping *yaml.Node, key string) *yaml.Node {
	if mapping.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(mapping.Content); i += 2 {
		if mapping.Content[i].Value == key {
			return mapping.Content[i+1]
		}
	}
	return nil
}

func fieldLine(mapping *yaml.Node, key string) int {
	if n := fieldNode(mapping, key); n != nil {
		return n.Line
	}
	return mapping.Line
}

// Monitored returns the dispensaries the pipeline scrapes.
func (r Registry) Monitored() []Dispensary {
	var out []Dispensary
	for _, d := range r.Dispensaries {
		if d.IsMonitored() {
			out = append(out, d)
		}
	}
	return out
}

// PlatformsUsed lists, sorted, the platforms of the monitored dispensaries' menus.
func (r Registry) PlatformsUsed() []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range r.Monitored() {
		for _, m := range d.Menus {
			if !seen[m.Platform] {
				seen[m.Platform] = true
				out = append(out, m.Platform)
			}
		}
	}
	sort.Strings(out)
	return out
}

// Only keeps the named dispensaries; an unknown slug is an error naming it.
func (r Registry) Only(slugs []string) (Registry, error) {
	if len(slugs) == 0 {
		return r, nil
	}
	bySlug := map[string]Dispensary{}
	for _, d := range r.Dispensaries {
		bySlug[d.Slug] = d
	}
	out := r
	out.Dispensaries = nil
	for _, s := range slugs {
		d, ok := bySlug[s]
		if !ok {
			return Registry{}, &Error{Code: EINVALID, Message: fmt.Sprintf("--only: no dispensary %q in %s", s, r.Source)}
		}
		out.Dispensaries = append(out.Dispensaries, d)
	}
	return out, nil
}

// check refuses limits that cannot work.
func (p Politeness) check(source string, n *yaml.Node) RegistryErrors {
	var errs RegistryErrors
	bad := func(field, format string, args ...any) {
		errs = append(errs, RegistryError{Source: source, Line: fieldLine(n, field), Reason: "politeness." + field + ": " + fmt.Sprintf(format, args...)})
	}
	if p.Delay != nil && p.Delay.Duration < 0 {
		bad("delay", "must not be negative, got %s", p.Delay.Duration)
	}
	if p.Timeout != nil && p.Timeout.Duration <= 0 {
		bad("timeout", "must be positive, got %s", p.Timeout.Duration)
	}
	if p.ParseTimeout != nil && p.ParseTimeout.Duration <= 0 {
		bad("parseTimeout", "must be positive, got %s", p.ParseTimeout.Duration)
	}
	if p.MaxBodyBytes < 0 {
		bad("maxBodyBytes", "must be positive, got %d", p.MaxBodyBytes)
	}
	if p.Retries != nil && (*p.Retries < 0 || *p.Retries > 10) {
		bad("retries", "must be between 0 and 10, got %d", *p.Retries)
	}
	if p.MaxHosts < 0 {
		bad("maxHosts", "must be positive, got %d", p.MaxHosts)
	}
	if p.MaxRedirects < 0 {
		bad("maxRedirects", "must be positive, got %d", p.MaxRedirects)
	}
	return errs
}
