package data

import (
	"errors"
	"strings"
	"testing"
)

// TestRegistryAlternatives: a menu's alternatives load with the menu's market, each
// checked by its platform's rule; a wrong one is refused with its place.
func TestRegistryAlternatives(t *testing.T) {
	rules := PlatformRules{"dutchie": nil, "weedmaps": nil, "jane": func(m MenuSource) error {
		if m.StoreID == "" {
			return errors.New("jane menu needs storeId")
		}
		return nil
	}}
	const head = "dispensaries:\n  - {slug: s, name: S, city: Akron, region: Northeast, menus: [{market: medical, platform: dutchie, cName: s, "
	reg, err := ParseRegistry("test", []byte(head+"alternatives: [{platform: jane, storeId: \"12\", apiKey: k}, {platform: weedmaps, cName: s}]}]}\n"), rules)
	if err != nil {
		t.Fatal(err)
	}
	srcs := reg.Dispensaries[0].Menus[0].Sources()
	if len(srcs) != 3 || srcs[0].Platform != "dutchie" || len(srcs[0].Alternatives) != 0 || srcs[1].Platform != "jane" || srcs[1].APIKey != "k" || srcs[2].Market != Medical {
		t.Fatalf("sources %+v", srcs)
	}
	for _, tt := range []struct{ alt, want string }{
		{`{platform: jane}`, "menu 1: alternative 1: jane menu needs storeId"},
		{`{platform: leafy, cName: x}`, `alternative 1: unknown platform "leafy"`},
		{`{market: recreational, platform: weedmaps, cName: s}`, `alternative 1: market "recreational" differs from the menu's "medical"`},
		{`{platform: weedmaps, cName: s, alternatives: [{platform: jane, storeId: "1"}]}`, "alternative 1: has alternatives of its own"},
		{`{platform: weedmaps, cName: s, keyPage: "javascript:x"}`, `keyPage "javascript:x" is not an http(s) URL`},
	} {
		_, err := ParseRegistry("test", []byte(head+"alternatives: ["+tt.alt+"]}]}\n"), rules)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "test:2:") {
			t.Errorf("%s: %v, want %q at line 2", tt.alt, err, tt.want)
		}
	}
	if !Fallback(ReasonBlocked) || !Fallback(ReasonKey) || !Fallback(ReasonRateLimited) || Fallback(ReasonParse) || Fallback(ReasonEmpty) {
		t.Error("Fallback: blocked, key and rate_limited give way to the next source; a parse error or an empty menu does not")
	}
}
