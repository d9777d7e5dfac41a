package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper/replay"
)

// TestLongProductNamesAreBounded: a Joint menu served by the local replay lists a
// product named in 300 characters and one named in 5 MB beside a sound one. A name that
// long used to become a product code and so a file name (api/products/<code>) above the
// system's 255 bytes: every publish stopped on "file name too long" and wrote the 5 MB
// name to the log. Now each is cut to its maximum at the scrape, its code bounded with a
// hash of the whole, the same from one run to the next; the publish exits 0 with
// everything, and nothing it prints quotes a name whole.
func TestLongProductNamesAreBounded(t *testing.T) {
	long := strings.Repeat("Gelato Cake ", 25)                        // 300 characters
	huge := strings.Repeat("Wedding Pie ", 5<<20/len("Wedding Pie ")) // 5 MB
	cfg, out, errOut, d := scrapeJoint(t, []replay.Product{jointFlower("71000001", "Comet Tail", 40),
		jointFlower("71000002", long, 45), jointFlower("71000003", huge, 50)})
	if n := out.Len() + errOut.Len(); n > 64<<10 {
		t.Errorf("the scrape printed %d bytes: a name reached the log whole", n)
	}
	out.Reset()
	errOut.Reset()
	if code := execute([]string{"publish", "--db", cfg.DB, "--out", cfg.Out, "--now", demoNow.Format(time.RFC3339), "--dir", t.TempDir()}, d); code != exitOK {
		t.Fatalf("publish exit %d:\n%.2000s", code, errOut.String())
	}
	if n := out.Len() + errOut.Len(); n > 16<<10 {
		t.Errorf("the publish printed %d bytes:\n%.2000s", n, errOut.String())
	}

	var manifest publish.Manifest
	readJSON(t, filepath.Join(cfg.Out, publish.PathManifest), &manifest)
	products := map[string]publish.Product{} // by the name's first word
	for _, f := range manifest.Files {
		for part := range strings.SplitSeq(f.Path, "/") {
			if len(part) > data.MaxCode {
				t.Errorf("file name of %d bytes: %.200s", len(part), f.Path)
			}
		}
		if code, ok := strings.CutPrefix(f.Path, publish.PathProducts); ok {
			var p publish.Product
			readJSON(t, filepath.Join(cfg.Out, f.Path), &p)
			if p.Code != code {
				t.Errorf("%s holds product %q", f.Path, p.Code)
			}
			products[strings.Fields(p.Name)[0]] = p
		}
	}
	if len(products) != 3 {
		t.Fatalf("%d products published, want 3: %v", len(products), manifest.Files)
	}
	if p := products["Comet"]; p.Code != "buckeye-farms-comet-tail-flower-3-5g" {
		t.Errorf("the sound product's code changed: %q", p.Code)
	}
	for word, name := range map[string]string{"Gelato": long, "Wedding": huge} {
		p := products[word]
		if len(p.Name) > data.MaxName || !strings.HasPrefix(name, p.Name) {
			t.Errorf("%s…: published name of %d bytes, want the first %d of the menu's", word, len(p.Name), data.MaxName)
		}
		if len(p.Code) > data.MaxCode || len(p.Code) < data.MaxCode-20 {
			t.Errorf("%s…: code %q is not bounded to %d bytes", word, p.Code, data.MaxCode)
		}
		if len(p.Offers) != 1 || len(p.History) != 2 {
			t.Errorf("%s…: %d offers and %d days of history, want 1 offer and both days under one code", word, len(p.Offers), len(p.History))
		}
	}
	if raw, err := os.ReadFile(filepath.Join(cfg.Out, publish.PathMenus+"joint-akron")); err != nil || len(raw) > 64<<10 {
		t.Errorf("the menu: %v, %d bytes", err, len(raw))
	}
	var res struct {
		LeftOut []string `json:"leftOut"`
	}
	readJSON(t, filepath.Join(cfg.Out, publish.PathManifest), &res)
	if len(res.LeftOut) != 0 {
		t.Errorf("left out %q: the names were cut, the offers publishable", res.LeftOut)
	}
}

// jointFlower is a flower of one size (3.5 g) as the Joint replay serves it.
func jointFlower(id, name string, price float64) replay.Product {
	return replay.Product{ID: id, Name: name, Brand: "Buckeye Farms", StrainType: "hybrid", Category: data.Flower,
		Subtype: "whole buds", Slug: "p-" + id, THC: 21, PotencyUnit: "%", Origin: "OH",
		Sizes: []replay.Size{{Label: "3.5g", Grams: 3.5, Price: price, InStock: true}}}
}

// scrapeJoint scrapes one Joint medical menu listing products, served by the local
// replay, into a new database twice, a day apart (the second at demoNow), through the
// scrape command's own path; cfg names the database and an output folder.
func scrapeJoint(t *testing.T, products []replay.Product) (cfg Config, out, errOut *bytes.Buffer, d deps) {
	t.Helper()
	ctx := context.Background()
	ds := &replay.Dataset{Stores: []replay.Store{{Platform: "joint", Key: "4242", Name: "Joint Akron", Slug: "joint-akron",
		City: "Akron", Markets: []data.Market{data.Medical}, MedicalPriceFactor: 1, Products: products}}}
	reg := data.Registry{Dispensaries: []data.Dispensary{{Slug: "joint-akron", Name: "Joint Akron", City: "Akron", County: "Summit",
		Region: "Northeast", Lat: 41.0814, Lng: -81.519, Medical: true,
		Menus: []data.MenuSource{{Market: data.Medical, Platform: "joint", StoreID: "4242", URL: "https://joint-akron.example/"}}}}}
	url, shutdown, err := replay.New(ds).Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer shutdown(ctx)
	reg.Platforms = map[string]data.PlatformConfig{"joint": {BaseURL: url}}
	dir := t.TempDir()
	cfg = DefaultConfig()
	cfg.DB, cfg.Out = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out")
	out, errOut = new(bytes.Buffer), new(bytes.Buffer)
	d = testDeps(out, errOut)
	for _, at := range []time.Time{demoNow.Add(-24 * time.Hour), demoNow} {
		so := &scrapeOptions{Config: cfg, deps: d, registry: &reg, retries: 1}
		so.given = map[string]bool{"delay": true, "timeout": true}
		so.Delay, so.Timeout, so.Now = 0, 10*time.Second, at.Format(time.RFC3339)
		sum, err := runScrape(ctx, so)
		if err != nil || sum.MenusOK != 1 {
			t.Fatalf("scrape at %s: %+v, %v", at, sum, err)
		}
	}
	return cfg, out, errOut, d
}
