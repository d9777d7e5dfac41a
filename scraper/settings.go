package scraper

import (
	"fmt"
	"net/url"

	"github.com/ohiomc/omc/data"
)

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
