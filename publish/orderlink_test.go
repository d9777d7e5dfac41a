package publish

import (
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestOrderLink: a link published for shoppers is an absolute http(s) URL or nothing,
// whatever an older database holds; the menu's recorded page comes before the registry's.
func TestOrderLink(t *testing.T) {
	for raw, want := range map[string]string{
		"https://dutchie.com/dispensary/a/product/b": "https://dutchie.com/dispensary/a/product/b",
		"http://shop.example/menu":                   "http://shop.example/menu",
		"javascript:alert(1)":                        "",
		"JAVASCRIPT:alert(1)":                        "",
		"data:text/html,<script>alert(1)</script>":   "",
		"/product/a":                                 "",
		"//evil.example/a":                           "",
		" https://shop.example/menu":                 "",
		"https:///a":                                 "",
		"":                                           "",
	} {
		if got := orderLink(raw); got != want {
			t.Errorf("orderLink(%q) = %q, want %q", raw, got, want)
		}
	}
	d := data.Dispensary{Menus: []data.MenuSource{{Market: data.Recreational, URL: "https://registry.example/menu"},
		{Market: data.Medical, URL: "javascript:alert(1)"}}}
	for _, tt := range []struct {
		recorded string
		market   data.Market
		want     string
	}{
		{"https://recorded.example/menu", data.Recreational, "https://recorded.example/menu"},
		{"", data.Recreational, "https://registry.example/menu"},
		{"data:x", data.Recreational, "https://registry.example/menu"},
		{"", data.Medical, ""},
	} {
		if got := menuPage(tt.recorded, d, tt.market); got != tt.want {
			t.Errorf("menuPage(%q, %s) = %q, want %q", tt.recorded, tt.market, got, tt.want)
		}
	}
}
