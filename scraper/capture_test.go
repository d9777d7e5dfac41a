package scraper

import (
	"bytes"
	"encoding/json"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// Helpers of the adapter tests: the captures of testdata/ (see
// testdata/PROVENANCE.md), golden files and adapters pointed at a test server.

// updateGolden rewrites testdata/golden/*.json from what the adapters produce:
// go test ./scraper -update. Inspect the diff before committing it.
var updateGolden = flag.Bool("update", false, "rewrite testdata/golden/*.json from the adapters' output")

// Capture files, relative to testdata/.
const (
	janeCaptureFile  = "jane/dmerch_v2_smart_products_store2913_store2266_2025-11.json"
	janeBlockedFile  = "jane/blocked_cloudflare_iheartjane_store477.txt"
	ethosCaptureFile = "dutchie/filteredproducts_ethos-harmarville-pa_2025-11.json"
	dutchie2023File  = "dutchie/filteredproducts_dutchie-com_flower_2023-11.json"
	// The one copy of the recorded Cloudflare page is the replay's, which omc demo serves.
	dutchieBlockedFile = "../replay/demo/cloudflare_block.html"
	testAPIKey         = "test-search-key"
	ethosDispensaryID  = "621900cebbc5580e15476deb" // from the capture's request (PROVENANCE.md)
	dutchie2023ID      = "5fefa138b2782100c5acd671" // the products' DispensaryID
)

func readTestdata(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// fastOptions are engine options for tests against a local server: no delay, one
// retry after a millisecond, and a short timeout.
func fastOptions() polite.Options {
	return polite.Options{Delay: 0, Retries: 1, BackoffBase: time.Millisecond, MaxBackoff: 5 * time.Millisecond, Timeout: 5 * time.Second}
}

// newTestAdapters builds the Jane and Dutchie adapters against base (a test server),
// with the Jane search key set and settings added to Dutchie's.
func newTestAdapters(tb testing.TB, o polite.Options, base string, dutchieSettings map[string]string) (*Jane, *Dutchie) {
	tb.Helper()
	adapters, err := NewAdapters(polite.NewEngine(o), map[string]data.PlatformConfig{
		"jane":    {BaseURL: base, Settings: map[string]string{"apiKey": testAPIKey}},
		"dutchie": {BaseURL: base, Settings: dutchieSettings},
	})
	if err != nil {
		tb.Fatal(err)
	}
	return adapters["jane"].(*Jane), adapters["dutchie"].(*Dutchie)
}

// testAdapter builds p's adapter against a test server: no delay, no retries.
func testAdapter(t testing.TB, p platform, baseURL string, settings map[string]string) data.Adapter {
	t.Helper()
	var base *url.URL
	if baseURL != "" {
		var err error
		if base, err = parseBaseURL(baseURL); err != nil {
			t.Fatal(err)
		}
	}
	a, err := p.adapter(polite.NewEngine(polite.Options{Delay: 0, Retries: 0, Timeout: 5 * time.Second}), data.PlatformConfig{BaseURL: baseURL, Settings: settings}, base)
	if err != nil {
		t.Fatalf("build %s: %v", p.name, err)
	}
	return a
}

// checkGolden compares offers with testdata/golden/<name>.json (indented JSON, in the
// adapter's order, which follows the served records), or rewrites it under -update.
func checkGolden(t *testing.T, name string, offers []data.Offer) {
	t.Helper()
	got, err := json.MarshalIndent(offers, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "golden", name+".json")
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote %s (%d offers)", path, len(offers))
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./scraper -update writes it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	var w []data.Offer
	if err := json.Unmarshal(want, &w); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	for i := range min(len(w), len(offers)) {
		a, _ := json.Marshal(offers[i])
		b, _ := json.Marshal(w[i])
		if !bytes.Equal(a, b) {
			t.Fatalf("%s: offer %d differs:\n got %s\nwant %s", path, i, a, b)
		}
	}
	t.Fatalf("%s: got %d offers, golden has %d", path, len(offers), len(w))
}

// findOffer returns the offer of product id in size, failing the test when there is
// not exactly one.
func findOffer(t *testing.T, offers []data.Offer, id, size string) data.Offer {
	t.Helper()
	var found []data.Offer
	for _, o := range offers {
		if o.ProductID == id && o.Size == size {
			found = append(found, o)
		}
	}
	if len(found) != 1 {
		t.Fatalf("%d offers of product %s size %q, want 1", len(found), id, size)
	}
	return found[0]
}

// offerWant is what a test checks of one offer, by hand from the capture.
type offerWant struct {
	id, size   string
	name       string
	category   data.Category
	strainType string
	strain     string
	grams, mg  float64
	price      float64
	sale       float64
	inStock    bool
	thc, cbd   float64 // 0: no value
	unit       string
	url        string
}

func (w offerWant) check(t *testing.T, offers []data.Offer) {
	t.Helper()
	o := findOffer(t, offers, w.id, w.size)
	got := offerWant{id: o.ProductID, size: o.Size, name: o.Name, category: o.Category, strainType: o.StrainType,
		strain: o.Strain, grams: o.Grams, mg: o.Milligrams, price: o.Price, sale: o.SalePrice, inStock: o.InStock,
		thc: deref0(o.THC), cbd: deref0(o.CBD), unit: o.PotencyUnit, url: o.URL}
	if got != w {
		t.Errorf("product %s %q:\n got %+v\nwant %+v", w.id, w.size, got, w)
	}
}

func deref0(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}

// menuWant is a hand-checked offer of the page adapters' tests: the fields read from
// the fixture by eye (a subset of offerWant's: no strain or CBD).
type menuWant struct {
	id, size, name string
	category       data.Category
	price, sale    float64
	grams, mg      float64
	inStock        bool
	thc            float64 // 0: none
	unit           string
	strainType     string
	url            string
}

func (w menuWant) check(t *testing.T, offers []data.Offer) {
	t.Helper()
	o := findOffer(t, offers, w.id, w.size)
	got := menuWant{id: o.ProductID, size: o.Size, name: o.Name, category: o.Category, price: o.Price, sale: o.SalePrice,
		grams: o.Grams, mg: o.Milligrams, inStock: o.InStock, thc: deref0(o.THC), unit: o.PotencyUnit, strainType: o.StrainType, url: o.URL}
	if got != w {
		t.Errorf("offer %s %q:\n got %+v\nwant %+v", w.id, w.size, got, w)
	}
}

// validateCase is one menu source for an adapter's Validate, and a word its error must
// contain (the field at fault); "" for a source that is valid.
type validateCase struct {
	name    string
	src     data.MenuSource
	wantErr string
}

func checkValidate(t *testing.T, a data.Adapter, cases []validateCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			err := a.Validate(tt.src)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("error %v, want one naming %s", err, tt.wantErr)
			}
		})
	}
}
