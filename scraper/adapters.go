package scraper

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/ohiomc/omc/data"
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
func (p platform) adapter(e *Engine, c data.PlatformConfig, base *url.URL) (data.Adapter, error) {
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
func NewAdapters(e *Engine, configs map[string]data.PlatformConfig) (map[string]data.Adapter, error) {
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
				e.hosts.setDelay(h, c.Delay.Duration)
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

// adapterBase is embedded in every adapter: the platform's name (it implements
// data.Adapter's Platform), the engine the adapter fetches through, the registry's
// baseURL, and the checks and request step every platform shares.
type adapterBase struct {
	name   string
	engine *Engine
	// base replaces the scheme and host of every request (a local replay); nil when
	// the platform is reached at its own hosts.
	base *url.URL
}

// Platform implements data.Adapter.
func (b adapterBase) Platform() string { return b.name }

// Lane is the host a menu's first request goes to, which the run groups menus by (a
// host that makes its menus wait holds up only its own): the registry's baseURL, else
// the menu's endpoint or URL, else the platform's first host.
func (b adapterBase) Lane(src data.MenuSource) string {
	if b.base != nil {
		return strings.ToLower(b.base.Host)
	}
	for _, raw := range []string{src.Endpoint, src.URL} {
		if u, err := url.Parse(raw); err == nil && u.Host != "" {
			return strings.ToLower(u.Host)
		}
	}
	for _, p := range platforms {
		if p.name == b.name && len(p.hosts) > 0 {
			return p.hosts[0]
		}
	}
	return b.name
}

// checkSource is the part of Validate every platform shares: the menu's market is
// medical or recreational, and its url and endpoint, when set, are absolute http(s)
// URLs.
func (b adapterBase) checkSource(src data.MenuSource) error {
	if err := validMarket(src, b.name); err != nil {
		return err
	}
	for _, f := range []struct{ field, raw string }{{"url", src.URL}, {"endpoint", src.Endpoint}} {
		if f.raw == "" {
			continue
		}
		if _, err := parseBaseURL(f.raw); err != nil {
			return fmt.Errorf("%s menu %s: %w", b.name, f.field, err)
		}
	}
	return nil
}

// do sends req through the engine, counting its attempts and status on menu; a failure
// is classified by requestError (a challenge page behind a 403 is blocked). where names
// the menu and request in the error.
func (b adapterBase) do(ctx context.Context, req Request, where string, menu *data.Menu) (*Response, error) {
	return send(ctx, b.engine, req, where, menu)
}

// send is adapterBase.do for helpers that hold only the engine.
func send(ctx context.Context, e *Engine, req Request, where string, menu *data.Menu) (*Response, error) {
	resp, err := e.Do(ctx, req)
	menu.Requests += attemptsOf(resp, err)
	if resp != nil {
		menu.HTTPStatus = resp.Status
	}
	if err != nil {
		return resp, requestError(where, resp, err)
	}
	return resp, nil
}

// setting is the registry's platform setting key, or def when it is unset.
func setting(c data.PlatformConfig, key, def string) string {
	if v := c.Settings[key]; v != "" {
		return v
	}
	return def
}

// urlSetting is a setting holding an absolute http(s) URL, or def when it is unset.
func urlSetting(c data.PlatformConfig, key, def string) (string, error) {
	v := setting(c, key, def)
	if v != "" && v != def {
		if _, err := parseBaseURL(v); err != nil {
			return "", fmt.Errorf("settings.%s: %w", key, err)
		}
	}
	return v, nil
}

func parseBaseURL(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%q is not a URL: %w", raw, err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("%q is not an absolute http(s) URL", raw)
	}
	return u, nil
}

// rebase replaces the scheme and host of raw with base's, keeping path and query: the
// registry's platforms.<name>.baseURL points a platform at a local replay.
func rebase(raw string, base *url.URL) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", &data.FetchError{Reason: data.ReasonConfig, Detail: fmt.Sprintf("bad URL %q", raw), Err: err}
	}
	if base != nil {
		u.Scheme, u.Host = base.Scheme, base.Host
	}
	return u.String(), nil
}

// looksLikeHTML reports whether a body meant to be JSON is a web page: a bot challenge,
// a login wall or an error page from a proxy.
func looksLikeHTML(body []byte) bool {
	head := bytes.ToLower(bytes.TrimSpace(body[:min(len(body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html")) ||
		bytes.HasPrefix(head, []byte("<head")) || bytes.Contains(head, []byte("<title"))
}

// challengeMarkers are the phrases of bot-protection pages (Cloudflare's "Attention
// Required!" and "Just a moment...", captured in scraper/replay/demo/cloudflare_block.html and scraper/testdata/jane/blocked_*).
var challengeMarkers = [][]byte{
	[]byte("cloudflare"), []byte("attention required"), []byte("just a moment"), []byte("cf-ray"),
	[]byte("captcha"), []byte("access denied"), []byte("enable javascript and cookies"),
}

func isChallenge(resp *Response) bool {
	if resp == nil {
		return false
	}
	if strings.EqualFold(resp.Header.Get("Server"), "cloudflare") && resp.Header.Get("Cf-Mitigated") != "" {
		return true
	}
	if !looksLikeHTML(resp.Body) && !bytes.Contains(bytes.ToLower(resp.Body[:min(len(resp.Body), 2048)]), []byte("cloudflare")) {
		return false
	}
	low := bytes.ToLower(resp.Body[:min(len(resp.Body), 64<<10)])
	for _, m := range challengeMarkers {
		if bytes.Contains(low, m) {
			return true
		}
	}
	return false
}

// requestError turns an engine error into the menu's failure: a challenge page behind
// a 403 or 503 is "blocked", not a plain HTTP status. where names the menu and request.
func requestError(where string, resp *Response, err error) error {
	var fe *data.FetchError
	if !errors.As(err, &fe) {
		return &data.FetchError{Reason: data.ReasonNetwork, Detail: where, Err: err}
	}
	out := *fe
	out.Detail = where + ": " + fe.Detail
	switch {
	case fe.Reason == data.ReasonHTTPStatus && isChallenge(resp):
		out.Reason = data.ReasonBlocked
		out.Detail = fmt.Sprintf("%s: HTTP %d bot-challenge page", where, fe.Status)
	case fe.Reason == data.ReasonHTTPStatus:
		if msg := replyMessage(resp); msg != "" {
			out.Detail += fmt.Sprintf(": the server says %q", msg)
		}
	}
	return &out
}

// replyMessage is the reason a JSON API gives in a failure reply: Algolia's and
// WordPress REST's {"message": "Invalid Application-ID or API key"}, GraphQL's
// {"errors": [{"message": ...}]} or Elasticsearch's {"error": {"reason": ...}} (or a
// plain "error" string), cut to a line; "" when the body says nothing readable.
func replyMessage(resp *Response) string {
	if resp == nil {
		return ""
	}
	var reply struct {
		Message string `json:"message"`
		Errors  []struct {
			Message string `json:"message"`
		} `json:"errors"`
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(resp.Body, &reply) != nil {
		return ""
	}
	msg := reply.Message
	if msg == "" && len(reply.Errors) > 0 {
		msg = reply.Errors[0].Message
	}
	if msg == "" && len(reply.Error) > 0 {
		var es struct {
			Reason string `json:"reason"`
		}
		if json.Unmarshal(reply.Error, &msg) != nil && json.Unmarshal(reply.Error, &es) == nil {
			msg = es.Reason
		}
	}
	msg = strings.Join(strings.Fields(msg), " ")
	if r := []rune(msg); len(r) > 200 {
		msg = string(r[:200]) + "…"
	}
	return msg
}

// bodyError classifies a 2xx body the adapter cannot use: a web page where JSON was
// expected is "blocked" (challenge) or "parse" (any other page).
func bodyError(where string, resp *Response, err error) error {
	if isChallenge(resp) {
		return &data.FetchError{Reason: data.ReasonBlocked, Status: resp.Status, Detail: where + ": bot-challenge page instead of JSON"}
	}
	if looksLikeHTML(resp.Body) {
		return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": an HTML page instead of JSON"}
	}
	// A body cut short or corrupted is a broken reply; valid JSON of another shape means
	// the platform changed its layout, which a maintainer must look at.
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": malformed JSON", Err: err}
	}
	return &data.FetchError{Reason: data.ReasonParse, Status: resp.Status, Detail: where + ": layout changed", Err: err}
}

// recordSet collects what an adapter made of a menu's records: the offers of the good
// ones and a description of each bad one. A record is one product; a bad product never
// costs the menu, but a menu where most records are unreadable is a parse failure
// (the platform changed its shape, and publishing half a menu would mislead).
type recordSet struct {
	where   string
	records int
	offers  []data.Offer
	skipped []string
}

func (s *recordSet) add(i int, offers []data.Offer, err error) {
	s.records++
	if err != nil {
		s.skipped = append(s.skipped, fmt.Sprintf("%s record %d: %v", s.where, i, err))
		return
	}
	s.offers = append(s.offers, offers...)
}

// seenIDs are the products of a menu read so far, by their platform id: a product
// listed again (on a later page, in a second category) is read once.
type seenIDs map[string]bool

// repeat marks id read and reports whether it was read before. A product without an
// id is never a repeat: nothing tells it apart.
func (s seenIDs) repeat(id string) bool {
	if id == "" {
		return false
	}
	if s[id] {
		return true
	}
	s[id] = true
	return false
}

// replyError places a reply the adapter could not parse: a *data.FetchError the parser
// made gets the reply's status and where; any other error is classified by bodyError.
func replyError(where string, resp *Response, err error) error {
	var fe *data.FetchError
	if errors.As(err, &fe) {
		out := *fe
		out.Status, out.Detail = resp.Status, where+": "+fe.Detail
		return &out
	}
	return bodyError(where, resp, err)
}

// errRepeat is what an addAll mapping returns for a record already read (a product
// listed again on a later page or in another category).
var errRepeat = errors.New("repeated record")

// addAll maps a reply's records into s within the engine's parse bound, one step of
// the budget per record: however many records a reply holds, mapping them cannot hold
// a run past its politeness.parseTimeout. fn maps one record (nil offers, nil error
// for a record with no offers; errRepeat for a record already read, which is not
// counted).
func (s *recordSet) addAll(ctx context.Context, e *Engine, records []json.RawMessage, fn func(raw json.RawMessage) ([]data.Offer, error)) error {
	return addRecords(ctx, e, s, records, fn)
}

// addRecords is addAll for records of any form (Jane's are decoded with their reply).
func addRecords[R any](ctx context.Context, e *Engine, s *recordSet, records []R, fn func(R) ([]data.Offer, error)) error {
	// A record is one offer or a few: room for one each spares most regrowing.
	s.offers = slices.Grow(s.offers, len(records))
	_, err := boundParse(ctx, e, func(b *parseBudget) (struct{}, error) {
		for i, raw := range records {
			if err := b.spend(); err != nil {
				return struct{}{}, err
			}
			offers, err := fn(raw)
			if errors.Is(err, errRepeat) {
				continue
			}
			s.add(i, offers, err)
		}
		return struct{}{}, nil
	})
	if err != nil {
		return &data.FetchError{Reason: data.ReasonParse, Detail: s.where, Err: err}
	}
	return nil
}

// into moves the result into menu, or fails when more than half the records were bad.
func (s *recordSet) into(menu *data.Menu) error {
	if menu.Offers == nil {
		menu.Offers = s.offers // the set is done with them: no copy
	} else {
		menu.Offers = append(menu.Offers, s.offers...)
	}
	menu.Skipped = append(menu.Skipped, s.skipped...)
	if s.records > 0 && 2*len(s.skipped) > s.records {
		return &data.FetchError{Reason: data.ReasonParse, Status: menu.HTTPStatus,
			Detail: fmt.Sprintf("%s: layout changed: %d of %d records unreadable, first: %s", s.where, len(s.skipped), s.records, s.skipped[0])}
	}
	return nil
}
