package store

import (
	"slices"
	"testing"

	"github.com/ohiomc/omc/data"
)

// TestDistinctCodes reads a store whose recreational menus on two platforms share one
// code among four items (one of them listed twice under one product id and size, as a
// store lists two flavours alike), whose medical menu lists two of them again, and
// items without a code: each store and market's ties are broken apart, one item of
// each tie keeps the code, the other store's item keeps it too, items without a code
// stay as they are, and an item renamed alike in both markets shares one description.
func TestDistinctCodes(t *testing.T) {
	ctx, db, at := shopStore(t)
	menu := func(m data.Market, platform, id string) data.MenuSource {
		return data.MenuSource{Market: m, Platform: platform, StoreID: id}
	}
	ds := []data.Dispensary{
		{Slug: "a", Name: "A", Menus: []data.MenuSource{menu(data.Recreational, "jane", "1"), menu(data.Recreational, "dutchie", "2"), menu(data.Medical, "jane", "3")}},
		{Slug: "b", Name: "B", Menus: []data.MenuSource{menu(data.Recreational, "jane", "4")}},
	}
	if err := db.SyncDispensaries(ctx, ds, true, at); err != nil {
		t.Fatal(err)
	}
	fuel := func(id, name, code string) data.Offer {
		return data.Offer{ProductID: id, Name: name, Category: data.Flower, Size: "1g", Grams: 1, Price: 10, InStock: true, Code: code}
	}
	for _, f := range []MenuFetch{
		{Slug: "a", Market: data.Recreational, Platform: "jane", At: at, Offers: []data.Offer{
			fuel("1", "Fuel", "fuel-1g"), fuel("1", "Fuel Smalls", "fuel-1g"), fuel("2", "Fuel", "fuel-1g"), fuel("5", "Haze", ""), fuel("6", "Haze", "")}},
		{Slug: "a", Market: data.Recreational, Platform: "dutchie", At: at, Offers: []data.Offer{fuel("3", "Fuel", "fuel-1g")}},
		{Slug: "a", Market: data.Medical, Platform: "jane", At: at, Offers: []data.Offer{fuel("1", "Fuel", "fuel-1g"), fuel("2", "Fuel", "fuel-1g")}},
		{Slug: "b", Market: data.Recreational, Platform: "jane", At: at, Offers: []data.Offer{fuel("2", "Fuel", "fuel-1g")}},
	} {
		if err := db.RecordMenuFetch(ctx, f); err != nil {
			t.Fatal(err)
		}
	}
	sd, err := db.ReadShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	want := []CodeCollision{
		{Slug: "a", Market: data.Medical, Code: "fuel-1g", Items: []CollidingItem{{"1", "1g", "fuel-1g"}, {"2", "1g", "fuel-1g-2"}}},
		{Slug: "a", Market: data.Recreational, Code: "fuel-1g", Items: []CollidingItem{
			{"1", "1g", "fuel-1g"}, {"1", "1g", "fuel-1g-1-2"}, {"2", "1g", "fuel-1g-2"}, {"3", "1g", "fuel-1g-3"}}},
	}
	got := sd.CodeCollisions()
	if !slices.EqualFunc(got, want, func(x, y CodeCollision) bool {
		return x.Slug == y.Slug && x.Market == y.Market && x.Code == y.Code && slices.Equal(x.Items, y.Items)
	}) {
		t.Errorf("collisions:\n%v\nwant:\n%v", got, want)
	}
	codes := map[string][]string{} // by store and market, the listed codes
	descs := map[string][]*data.Offer{}
	for _, s := range sd.series {
		if s.listed {
			k := s.menu.slug + " " + string(s.menu.market)
			codes[k] = append(codes[k], s.desc.Code)
			descs[s.desc.Code] = append(descs[s.desc.Code], s.desc)
		}
	}
	for k, want := range map[string][]string{
		"a recreational": {"", "", "fuel-1g", "fuel-1g-1-2", "fuel-1g-2", "fuel-1g-3"},
		"a medical":      {"fuel-1g", "fuel-1g-2"},
		"b recreational": {"fuel-1g"},
	} {
		slices.Sort(codes[k])
		if !slices.Equal(codes[k], want) {
			t.Errorf("%s lists codes %q, want %q", k, codes[k], want)
		}
	}
	if d := descs["fuel-1g-2"]; len(d) != 2 || d[0] != d[1] {
		t.Errorf("product 2 renamed in both markets of a is %d descriptions, want one shared", len(slices.Compact(d)))
	}
}
