package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
)

// TestDemoProductCodes scrapes every menu of the demo replay, on all its platforms, and
// checks product identity end to end: the replay serves each product of its pool on
// several platforms, each with its own size labels ("half gram", ".5g", "0.5g"), ids
// and spellings of the product's form ("live rosin cart", "LIVE_ROSIN_CART"), so every
// listing of one product at one size must get one code, and two different products
// (two forms of one name among them) never share one.
func TestDemoProductCodes(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	eo := polite.DefaultOptions()
	eo.Delay, eo.Timeout, eo.Robots = 0, 5*time.Second, false
	adapters, err := scraper.NewAdapters(polite.NewEngine(eo), run.Registry.Platforms)
	if err != nil {
		t.Fatal(err)
	}
	codePattern := regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)
	// The pool record an offer comes from, as the replay serves it to every platform.
	type record struct {
		brand, name, form string
		category          data.Category
		grams, mg         string
	}
	codeOf := map[record]string{}
	recordOf := map[string]record{}
	platforms := map[string]map[string]bool{} // code → platforms listing it
	offers := 0
	for _, d := range run.Registry.Monitored() {
		for _, m := range d.Menus {
			a := adapters[m.Platform]
			if a == nil {
				continue
			}
			menu, err := a.FetchMenu(context.Background(), m)
			if err != nil {
				t.Fatalf("%s %s: %v", d.Slug, m.Platform, err)
			}
			for _, o := range menu.Offers {
				r := record{o.Brand, strings.Join(strings.Fields(o.Name), " "), "", o.Category,
					fmt.Sprintf("%.2f", o.Grams), fmt.Sprintf("%.0f", o.Milligrams)}
				cleaned := scraper.CleanName(o.Name, o.Brand, o.Grams, o.Milligrams)
				scraper.Identify(&o)
				// The forms the subtype added where the name did not say them: a plain item
				// (or a platform without a subtype field) adds none.
				r.form = strings.TrimPrefix(o.Name, cleaned)
				offers++
				if !codePattern.MatchString(o.Code) {
					t.Errorf("%s %s: code %q is not [a-z0-9-]", m.Platform, r.name, o.Code)
				}
				if again := scraper.CleanName(o.Name, o.Brand, o.Grams, o.Milligrams); again != o.Name {
					t.Errorf("%s %s: cleaned name %q becomes %q when cleaned again", m.Platform, r.name, o.Name, again)
				}
				if again := scraper.ProductCode(o); again != o.Code {
					t.Errorf("%s %s: code %q, of the cleaned offer %q", m.Platform, r.name, o.Code, again)
				}
				if have, ok := codeOf[r]; ok && have != o.Code {
					t.Errorf("%q by %q (%s) has two codes: %q and %q (%s)", r.name, r.brand, r.category, have, o.Code, m.Platform)
				}
				codeOf[r] = o.Code
				if other, ok := recordOf[o.Code]; ok && other != r {
					t.Errorf("code %q is shared by %+v and %+v", o.Code, other, r)
				}
				recordOf[o.Code] = r
				if platforms[o.Code] == nil {
					platforms[o.Code] = map[string]bool{}
				}
				platforms[o.Code][m.Platform] = true
			}
		}
	}
	multi := 0
	for _, ps := range platforms {
		if len(ps) > 1 {
			multi++
		}
	}
	t.Logf("%d offers, %d products (codes), %d of them listed on more than one platform", offers, len(recordOf), multi)
	if multi < len(recordOf)/2 {
		t.Errorf("only %d of %d codes seen on more than one platform: the check above proved little", multi, len(recordOf))
	}
}
