package publish_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"github.com/ohiomc/omc/store"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/replay"
)

// The open data test's scrapes: two in March, two in April (a price cut, then a sale),
// one in May and one the day after (America/New_York months).
var (
	odMar30 = time.Date(2026, 3, 30, 16, 0, 0, 0, time.UTC)
	odMar31 = time.Date(2026, 3, 31, 16, 0, 0, 0, time.UTC)
	odApr01 = time.Date(2026, 4, 1, 16, 0, 0, 0, time.UTC)
	odApr02 = time.Date(2026, 4, 2, 16, 0, 0, 0, time.UTC)
	odMay04 = time.Date(2026, 5, 4, 16, 0, 0, 0, time.UTC)
	odMay05 = time.Date(2026, 5, 5, 16, 0, 0, 0, time.UTC)
)

// odBadName is a name no menu should have: 300 characters with "$$" in it.
var odBadName = "$$ Big Deal " + strings.Repeat("x", 288)

// odDataset is the test store's menu at a scrape: Kush Mints' price is cut on April 1
// and on sale from April 2; a product with a 300-character "$$" name and one with an
// absurd price are listed throughout.
func odDataset(at time.Time) *replay.Dataset {
	mints := replay.Size{Label: "3.5g", Grams: 3.5, Price: 35, InStock: true}
	if !at.Before(odApr01) {
		mints.Price = 30
	}
	if !at.Before(odApr02) {
		mints.SalePrice = 25
	}
	flower := func(id, name string, s replay.Size) replay.Product {
		return replay.Product{ID: id, Name: name, Brand: "Klutch", Category: data.Flower, Subtype: "whole buds", StrainType: "hybrid",
			THC: 24, PotencyUnit: "%", Sizes: []replay.Size{s}, Origin: "OH"}
	}
	products := []replay.Product{
		flower("7001", "Kush Mints", mints),
		flower("7002", "Gelato Cake", replay.Size{Label: "3.5g", Grams: 3.5, Price: 50, InStock: true}),
		flower("7003", "Blue Dream", replay.Size{Label: "3.5g", Grams: 3.5, Price: 28, InStock: true}),
		{ID: "7004", Name: "Cherry Gummies", Brand: "Wana", Category: data.Edible, Subtype: "gummies", THC: 100, PotencyUnit: "mg",
			Sizes: []replay.Size{{Label: "100mg", Mg: 100, Price: 20, InStock: true}}, Origin: "OH"},
		{ID: "7005", Name: odBadName, Brand: "Klutch", Category: data.Other, Subtype: "accessory",
			Sizes: []replay.Size{{Label: "1 each", Price: 40, InStock: true}}, Origin: "OH"},
		flower("7006", "Absurd Kush", replay.Size{Label: "3.5g", Grams: 3.5, Price: 1e12, InStock: true}),
	}
	return &replay.Dataset{Stores: []replay.Store{{Platform: "jane", Key: "9301", Name: "Open Data Columbus", Slug: "open-data-columbus",
		City: "Columbus", Markets: []data.Market{data.Recreational}, Products: products, MedicalPriceFactor: 1}}}
}

// odHistory scrapes the test store from a replay at each time into a new SQLite file.
type odHistory struct {
	t        *testing.T
	db       *store.DB
	srv      *replay.Server
	reg      data.Registry
	adapters map[string]data.Adapter
	dir      string
}

func newODHistory(t *testing.T) *odHistory {
	t.Helper()
	ctx := context.Background()
	srv := replay.New(odDataset(odMar30))
	url, shutdown, err := srv.Listen("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { shutdown(ctx) })
	d := data.Dispensary{Slug: "open-data-columbus", Name: "Open Data Columbus", City: "Columbus", Address: "1 High St.",
		County: "Franklin", Region: "Central", Lat: 39.96, Lng: -83, Coordinates: data.CoordinatesCity, AdultUse: true,
		Menus: []data.MenuSource{{Market: data.Recreational, Platform: "jane", StoreID: "9301",
			URL: "https://www.iheartjane.com/stores/9301/open-data-columbus/menu"}}}
	reg := data.Registry{Dispensaries: []data.Dispensary{d},
		Platforms: map[string]data.PlatformConfig{"jane": {BaseURL: url, Settings: replay.DemoPlatformSettings()["jane"]}}}
	dir := t.TempDir()
	db, adapters := newScrapeDB(t, dir, reg)
	t.Cleanup(func() { db.Close() })
	return &odHistory{t: t, db: db, srv: srv, reg: reg, adapters: adapters, dir: dir}
}

func (h *odHistory) scrape(at time.Time) {
	h.t.Helper()
	h.srv.SetDataset(odDataset(at))
	sum, err := scraper.Run(context.Background(), h.db, h.reg, h.adapters, scraper.RunOptions{Now: at, ReplaceRegistry: true})
	if err != nil || sum.MenusFailed > 0 {
		h.t.Fatalf("scrape at %s: %v, %d menus failed", at, err, sum.MenusFailed)
	}
}

func (h *odHistory) publish(out string, now time.Time) publish.OpenData {
	h.t.Helper()
	if _, err := publish.Publish(context.Background(), h.db, publish.Options{Out: out, Now: now}); err != nil {
		h.t.Fatalf("publish at %s: %v", now, err)
	}
	var od publish.OpenData
	raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(publish.PathOpenData)))
	if err != nil || json.Unmarshal(raw, &od) != nil {
		h.t.Fatalf("%s: %v", publish.PathOpenData, err)
	}
	return od
}

// spellsOf reads every month file od lists with parquet-go's reader, checking each
// listing's size and rows, and writes each good product's spell as the test compares
// them; bad counts the rows of the product with the bad name and price.
func spellsOf(t *testing.T, out string, od publish.OpenData) (spells []string, bad int) {
	t.Helper()
	for _, m := range od.Months {
		raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(m.Path)))
		if err != nil {
			t.Fatal(err)
		}
		rows, err := parquet.Read[publish.SpellRow](bytes.NewReader(raw), int64(len(raw)))
		if err != nil {
			t.Fatalf("%s: %v", m.Path, err)
		}
		if len(raw) != m.Size || int64(len(rows)) != m.Rows {
			t.Errorf("%s: %d bytes, %d rows; listed %d bytes, %d rows", m.Path, len(raw), len(rows), m.Size, m.Rows)
		}
		for _, r := range rows {
			if math.IsNaN(r.Price) || r.Price <= 0 || math.IsInf(r.Price, 0) || r.Store != "open-data-columbus" || r.Region != "Central" || r.Market != "recreational" {
				t.Errorf("%s: row %+v", m.Path, r)
			}
			if strings.Contains(r.Name, "Big Deal") {
				if !strings.HasPrefix(r.Name, "$$ Big Deal") || len(r.Name) > 300 || r.Price != 40 {
					t.Errorf("%s: the long name's row %+v", m.Path, r)
				}
				bad++
				continue
			}
			sale := "-"
			if r.SalePrice != nil {
				sale = fmt.Sprint(*r.SalePrice)
			}
			spells = append(spells, fmt.Sprintf("%s %s %g/%s %s..%s %d", m.Month, r.Name, r.Price, sale,
				r.FirstSeen.UTC().Format("01-02"), r.LastSeen.UTC().Format("01-02"), r.Fetches))
		}
	}
	slices.Sort(spells)
	return spells, bad
}

// TestOpenDataSpellsAndMonths builds a history through the scraper and a replay into a
// real SQLite file and publishes it: the Parquet files read back are exactly the
// history's price spells; a later publish in a later month carries the closed months
// over byte for byte, and a publish of the same store into a new tree writes them with
// the same bytes again; a product with an absurd price and a 300-character "$$" name
// stops nothing.
func TestOpenDataSpellsAndMonths(t *testing.T) {
	h := newODHistory(t)
	out := filepath.Join(h.dir, "out")
	for _, at := range []time.Time{odMar30, odMar31, odApr01, odApr02} {
		h.scrape(at)
	}
	first := h.publish(out, odApr02)
	march := readFile(t, out, publish.PathPriceSpells+"2026-03.parquet")
	got, _ := spellsOf(t, out, first)
	want := []string{
		"2026-03 Blue Dream 28/- 03-30..03-31 2",
		"2026-03 Cherry Gummies 20/- 03-30..03-31 2",
		"2026-03 Gelato Cake 50/- 03-30..03-31 2",
		"2026-03 Kush Mints 35/- 03-30..03-31 2",
		"2026-04 Blue Dream 28/- 04-01..04-02 2",
		"2026-04 Cherry Gummies 20/- 04-01..04-02 2",
		"2026-04 Gelato Cake 50/- 04-01..04-02 2",
		"2026-04 Kush Mints 30/- 04-01..04-01 1",
		"2026-04 Kush Mints 30/25 04-02..04-02 1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("spells after April 2:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(first.Months) != 2 || !first.Months[0].Closed || first.Months[1].Closed {
		t.Errorf("months %+v: want March closed, April open", first.Months)
	}

	h.scrape(odMay04)
	second := h.publish(out, odMay04)
	if b := readFile(t, out, publish.PathPriceSpells+"2026-03.parquet"); !bytes.Equal(b, march) {
		t.Error("March changed in a later publish")
	}
	april := readFile(t, out, publish.PathPriceSpells+"2026-04.parquet")
	got, bad := spellsOf(t, out, second)
	want = append(want, "2026-05 Blue Dream 28/- 05-04..05-04 1", "2026-05 Cherry Gummies 20/- 05-04..05-04 1",
		"2026-05 Gelato Cake 50/- 05-04..05-04 1", "2026-05 Kush Mints 30/25 05-04..05-04 1")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("spells after May 4:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The long "$$" name is published (as the store bounds it), a spell a month; the
	// absurd price, which the store keeps as unknown, is not published at all.
	if bad != 3 {
		t.Errorf("%d rows of the product with the long name in 3 months, want 3", bad)
	}

	h.scrape(odMay05)
	third := h.publish(out, odMay05)
	for month, b := range map[string][]byte{"2026-03": march, "2026-04": april} {
		if again := readFile(t, out, publish.PathPriceSpells+month+".parquet"); !bytes.Equal(again, b) {
			t.Errorf("%s changed in a later publish", month)
		}
	}
	if !third.Months[1].Closed || third.Months[2].Closed {
		t.Errorf("months %+v: want April closed, May open", third.Months)
	}
	// Written again from the store, into a new tree, the closed months are the same bytes.
	fresh := filepath.Join(h.dir, "fresh")
	h.publish(fresh, odMay05)
	for month, b := range map[string][]byte{"2026-03": march, "2026-04": april} {
		if again := readFile(t, fresh, publish.PathPriceSpells+month+".parquet"); !bytes.Equal(again, b) {
			t.Errorf("%s written again differs", month)
		}
	}
	headers := string(readFile(t, out, publish.PathHeaders))
	for _, rule := range []string{"/open-data/prices/2026-03.parquet\n  Content-Type: application/vnd.apache.parquet\n  Cache-Control: " + publish.CacheImmutable,
		"/open-data/prices/2026-05.parquet\n  Content-Type: application/vnd.apache.parquet\n  Cache-Control: " + publish.CacheSnapshots} {
		if !strings.Contains(headers, rule) {
			t.Errorf("_headers lacks %q", rule)
		}
	}
}

// TestOpenDataPriceIndex checks the weekly index against a hand computation over the
// same history: the week of March 30 ends with Kush Mints on sale at $25 for 3.5 g
// ($7.14/g), Gelato Cake $50 ($14.29/g) and Blue Dream $28 ($8/g): median $8.00 over 3
// offers; the gummies are $20 per 100 mg. The product at an absurd price is flagged and
// left out.
func TestOpenDataPriceIndex(t *testing.T) {
	h := newODHistory(t)
	for _, at := range []time.Time{odMar30, odMar31, odApr01, odApr02, odMay04} {
		h.scrape(at)
	}
	out := filepath.Join(h.dir, "out")
	od := h.publish(out, odMay04)
	records, err := csv.NewReader(bytes.NewReader(readFile(t, out, publish.PathPriceIndexCSV))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range records {
		got = append(got, strings.Join(r, ","))
	}
	want := []string{
		"week,category,unit,region,market,median_price,offers",
		"2026-03-30,Flower,g,Central,recreational,8.00,3",
		"2026-05-04,Flower,g,Central,recreational,8.00,3",
		"2026-03-30,Flower,g,Ohio,recreational,8.00,3",
		"2026-05-04,Flower,g,Ohio,recreational,8.00,3",
		"2026-03-30,Edible,100mg,Central,recreational,20.00,1",
		"2026-05-04,Edible,100mg,Central,recreational,20.00,1",
		"2026-03-30,Edible,100mg,Ohio,recreational,20.00,1",
		"2026-05-04,Edible,100mg,Ohio,recreational,20.00,1",
	}
	if !slices.Equal(got, want) {
		t.Errorf("index:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var idx publish.PriceIndex
	if err := json.Unmarshal(readFile(t, out, publish.PathPriceIndexJSN), &idx); err != nil {
		t.Fatal(err)
	}
	if len(idx.Series) != 4 || idx.Series[0].Points[0].Median != 8 || idx.Rule == "" {
		t.Errorf("index json %+v", idx)
	}
	if len(od.Index) != 2 || od.Index[0].Rows != 8 || od.Licence != "CC-BY-4.0" {
		t.Errorf("open-data.json index %+v, licence %q", od.Index, od.Licence)
	}
	// The Open Price Data page's tests read this listing: the site's copy is this file.
	golden(t, "open-data", readFile(t, out, publish.PathOpenData))
	siteFixture(t, "open-data", "shop/open-data.json")
}

func readFile(t *testing.T, dir, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(path)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkOpenDataLeavesOut fails when the open data file path (Parquet, CSV or JSON)
// cannot be read or has a row named name.
func checkOpenDataLeavesOut(t *testing.T, path string, b []byte, name string) {
	t.Helper()
	switch {
	case strings.HasSuffix(path, ".parquet"):
		rows, err := parquet.Read[publish.SpellRow](bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Errorf("%s: %v", path, err)
		}
		for _, r := range rows {
			if r.Name == name {
				t.Errorf("%s publishes %s", path, name)
			}
		}
	case strings.HasSuffix(path, ".csv"):
		if _, err := csv.NewReader(bytes.NewReader(b)).ReadAll(); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	case !json.Valid(b):
		t.Errorf("%s is not JSON", path)
	}
}
