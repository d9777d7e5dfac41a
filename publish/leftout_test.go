package publish_test

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/store"
)

// TestPublishLeavesOutWhatCannotBePublished: an offer priced 1.7e308, stored in a real
// SQLite store past the scraper's check (as a database written before it may hold
// one), used to stop every publish with "json: unsupported value: +Inf".
// The publish now writes every other file and offer, leaves that one out and says so;
// an absurd price in an offer's history is left out of the history alike.
func TestPublishLeavesOutWhatCannotBePublished(t *testing.T) {
	ctx := context.Background()
	clean, dirty := seed(t), seed(t)
	record := func(db *store.DB, at time.Time, price float64) {
		t.Helper()
		err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: "botanist-canton", Market: data.Recreational, Platform: "jane", At: at, Offers: []data.Offer{
			{ProductID: "b1", Name: "muul fuel", Brand: "KLUTCH", Strain: "muul fuel", Category: data.Flower, Grams: 3.5, Price: 45, InStock: true},
			{ProductID: "b2", Name: "Live Resin Badder", Category: data.Extract, Size: "1g", Grams: 1, Price: 40, InStock: true},
			{ProductID: "b3", Name: "Huge Price Kush", Strain: "Huge Price Kush", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: price, InStock: true},
		}})
		if err != nil {
			t.Fatal(err)
		}
	}
	// The dirty store lists b3 at an absurd price in its history and now; the clean
	// one never lists it.
	record(dirty, now.Add(-90*time.Minute), 2e300)
	record(dirty, now.Add(-time.Hour), 1.7e308)
	if err := clean.RecordMenuFetch(ctx, store.MenuFetch{Slug: "botanist-canton", Market: data.Recreational, Platform: "jane", At: now.Add(-time.Hour), Offers: []data.Offer{
		{ProductID: "b1", Name: "muul fuel", Brand: "KLUTCH", Strain: "muul fuel", Category: data.Flower, Grams: 3.5, Price: 45, InStock: true},
		{ProductID: "b2", Name: "Live Resin Badder", Category: data.Extract, Size: "1g", Grams: 1, Price: 40, InStock: true},
	}}); err != nil {
		t.Fatal(err)
	}

	out := filepath.Join(t.TempDir(), "out")
	res, err := publish.Publish(ctx, dirty, publish.Options{Out: out, Now: now})
	if err != nil {
		t.Fatalf("one absurd price stopped the publish: %v", err)
	}
	if len(res.Manifest.LeftOut) != 1 || !strings.Contains(res.Manifest.LeftOut[0], "botanist-canton recreational b3") ||
		!strings.Contains(res.Manifest.LeftOut[0], "price 1.7e+308 is above $100000") {
		t.Errorf("left out %q, want the b3 offer and why", res.Manifest.LeftOut)
	}
	var manifest struct {
		LeftOut []string `json:"leftOut"`
	}
	if b, err := os.ReadFile(filepath.Join(out, "manifest.json")); err != nil || json.Unmarshal(b, &manifest) != nil || len(manifest.LeftOut) != 1 {
		t.Errorf("manifest.json does not say what was left out: %v %q", err, manifest.LeftOut)
	}
	// Every file the clean store publishes is published, and every file is JSON
	// without the left-out offer.
	want, err := publish.Publish(ctx, clean, publish.Options{Out: filepath.Join(t.TempDir(), "clean"), Now: now})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range want.Manifest.Files {
		path := f.Path
		b, err := os.ReadFile(filepath.Join(out, path))
		if err != nil {
			t.Errorf("%s not published: %v", path, err)
			continue
		}
		if strings.HasPrefix(path, publish.PathOpenDataDir) {
			checkOpenDataLeavesOut(t, path, b, "Huge Price Kush")
			continue
		}
		if feed := strings.HasPrefix(path, publish.PathFeeds); path != publish.PathHeaders && !feed && !json.Valid(b) {
			t.Errorf("%s is not JSON", path)
		} else if feed && xml.Unmarshal(b, new(struct{})) != nil {
			t.Errorf("%s is not XML", path)
		}
		if path != publish.PathManifest && (strings.Contains(string(b), "Huge Price Kush") || strings.Contains(string(b), "e+30")) {
			t.Errorf("%s publishes the left-out offer", path)
		}
	}
	b, _ := os.ReadFile(filepath.Join(out, "api/menus/botanist-canton"))
	if !strings.Contains(string(b), "Live Resin Badder") {
		t.Errorf("the menu lost its other offers:\n%s", b)
	}
}
