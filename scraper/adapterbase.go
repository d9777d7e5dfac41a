package scraper

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// adapterBase is embedded in every adapter: the platform's name (it implements
// data.Adapter's Platform), the engine the adapter fetches through, the registry's
// baseURL, and the checks and request step every platform shares.
type adapterBase struct {
	name   string
	engine *polite.Engine
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
func (b adapterBase) do(ctx context.Context, req polite.Request, where string, menu *data.Menu) (*polite.Response, error) {
	return send(ctx, b.engine, req, where, menu)
}

// send is adapterBase.do for helpers that hold only the engine.
func send(ctx context.Context, e *polite.Engine, req polite.Request, where string, menu *data.Menu) (*polite.Response, error) {
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
