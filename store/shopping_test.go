package store_test

import (
	"context"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/store"
)

// testCode stands in for scraper.ProductCode: brand and name, lower case, hyphenated.
func testCode(o data.Offer) string {
	return strings.ToLower(strings.Join(strings.Fields(o.Brand+" "+o.Name), "-"))
}

// shoppingDB holds Bloom Akron's recreational menu fetched three times (two days in
// America/New_York, the second day twice) and Bloom Athens fetched once, with a price
// change, a sale, a product that leaves the menu and a failed fetch at the end.
func shoppingDB(t *testing.T) *store.DB {
	t.Helper()
	ctx := context.Background()
	db := MustOpenDB(t)
	db.Code = testCode
	athensMenu := athens
	athensMenu.Menus = []data.MenuSource{{Market: data.Medical, Platform: "jane", StoreID: "9"}}
	if err := db.SyncDispensaries(ctx, []data.Dispensary{akron, athensMenu}, true, t0); err != nil {
		t.Fatal(err)
	}
	fuel := func(price, sale float64, inStock bool) data.Offer {
		return data.Offer{ProductID: "1", Name: "Muul Fuel", Brand: "Klutch", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: price, SalePrice: sale, InStock: inStock}
	}
	gone := data.Offer{ProductID: "2", Name: "Gone Gummies", Category: data.Edible, Size: "100mg", Milligrams: 100, Price: 20, InStock: true}
	record := func(slug string, m data.Market, at time.Time, offers []data.Offer, err error) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: slug, Market: m, Platform: "jane", At: at, Offers: offers, Err: err}); err != nil {
			t.Fatal(err)
		}
	}
	// t0 is 2026-07-01 12:00 UTC (08:00 in Ohio).
	record("bloom-akron", data.Recreational, t0, []data.Offer{fuel(40, 0, true), gone}, nil)
	// 2026-07-02 03:00 UTC is still July 1 in Ohio: the day's last observation.
	record("bloom-akron", data.Recreational, t0.Add(15*time.Hour), []data.Offer{fuel(42, 0, true), gone}, nil)
	record("bloom-akron", data.Recreational, t0.Add(24*time.Hour), []data.Offer{fuel(42, 36, true)}, nil)
	record("bloom-akron", data.Recreational, t0.Add(26*time.Hour), []data.Offer{fuel(42, 35, false)}, nil)
	record("bloom-akron", data.Recreational, t0.Add(30*time.Hour), nil, &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500})
	record("bloom-athens", data.Medical, t0.Add(-48*time.Hour), []data.Offer{fuel(50, 0, true)}, nil)
	return db
}

// readShop reads db's shop data as a publish does.
func readShop(t *testing.T, db *store.DB) *store.ShopData {
	t.Helper()
	sd, err := db.ReadShop(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return sd
}

// listedOffer is one offer EachMenu gives, with its menu.
type listedOffer struct {
	store.ListedOffer
	Slug   string
	Market data.Market
}

func eachMenu(t *testing.T, sd *store.ShopData) []listedOffer {
	t.Helper()
	var out []listedOffer
	err := sd.EachMenu(func(m store.MenuOffers) error {
		for _, lo := range m.Offers {
			out = append(out, listedOffer{lo, m.Slug, m.Market})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestEachMenu(t *testing.T) {
	db := shoppingDB(t)
	got := eachMenu(t, readShop(t, db))
	// The edible left Akron's menu with the fetch of t0+24h: its Edible category's latest
	// fetch lists nothing, so only the two Muul Fuel series remain.
	if len(got) != 2 {
		t.Fatalf("%d offers, want 2: %+v", len(got), got)
	}
	akronFuel, athensFuel := got[0], got[1]
	if akronFuel.Slug != "bloom-akron" || akronFuel.Desc.Code != "klutch-muul-fuel" || akronFuel.Price != 42 || akronFuel.SalePrice != 35 || akronFuel.InStock {
		t.Errorf("akron = %+v", akronFuel)
	}
	if !akronFuel.FirstSeen.Equal(t0) || !akronFuel.LastSeen.Equal(t0.Add(26*time.Hour)) || !akronFuel.CategoryUpdate.Equal(t0.Add(26*time.Hour)) {
		t.Errorf("akron first %v last %v update %v", akronFuel.FirstSeen, akronFuel.LastSeen, akronFuel.CategoryUpdate)
	}
	if athensFuel.Slug != "bloom-athens" || athensFuel.Market != data.Medical || !athensFuel.FirstSeen.Equal(t0.Add(-48*time.Hour)) {
		t.Errorf("athens = %+v", athensFuel)
	}
	t.Run("codes are stored", func(t *testing.T) {
		// Codes are kept with the offers when recorded (migration 0002), so reading them
		// needs no code function.
		db.Code = nil
		got := eachMenu(t, readShop(t, db))
		if len(got) != 2 || got[0].Desc.Code != "klutch-muul-fuel" || !got[0].FirstSeen.Equal(t0) {
			t.Errorf("offers = %+v", got)
		}
	})
}

// dayPrices lists EachDayPrice's prices in [from, to) as "day slug market code size
// price sale in|out".
func dayPrices(t *testing.T, sd *store.ShopData, from, to time.Time) []string {
	t.Helper()
	var got []string
	err := sd.EachDayPrice(context.Background(), from, to, func(p store.DayPrice) error {
		got = append(got, strings.Join([]string{p.Day, p.Slug, string(p.Market), p.Desc.Code, p.Desc.Size,
			fmtPrice(p.Price), fmtPrice(p.SalePrice), map[bool]string{true: "in", false: "out"}[p.InStock]}, " "))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestEachDayPrice(t *testing.T) {
	sd := readShop(t, shoppingDB(t))
	got := dayPrices(t, sd, t0.Add(-72*time.Hour), t0.Add(72*time.Hour))
	want := []string{
		"2026-06-29 bloom-athens medical klutch-muul-fuel 3.5g 50 0 in",
		"2026-07-01 bloom-akron recreational gone-gummies 100mg 20 0 in",
		"2026-07-01 bloom-akron recreational klutch-muul-fuel 3.5g 42 0 in",
		"2026-07-02 bloom-akron recreational klutch-muul-fuel 3.5g 42 35 out",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("daily prices:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	t.Run("window", func(t *testing.T) {
		got := dayPrices(t, sd, t0.Add(24*time.Hour), t0.Add(25*time.Hour))
		if len(got) != 1 || got[0] != "2026-07-02 bloom-akron recreational klutch-muul-fuel 3.5g 42 36 in" {
			t.Errorf("in [t0+24h, t0+25h): %q", got)
		}
	})
	t.Run("ErrStops", func(t *testing.T) {
		stop := context.Canceled
		err := sd.EachDayPrice(context.Background(), t0.Add(-72*time.Hour), t0.Add(72*time.Hour), func(store.DayPrice) error { return stop })
		if err == nil || !strings.Contains(err.Error(), "canceled") {
			t.Errorf("err = %v", err)
		}
	})
}

// TestEachDayPriceEmptiedCategory: a category a fetch emptied keeps its series, listed,
// but that fetch did not see them: its day has no price for them, unless a later fetch
// of the day lists the category again.
func TestEachDayPriceEmptiedCategory(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	db.Code = testCode
	if err := db.SyncDispensaries(ctx, []data.Dispensary{akron}, true, t0); err != nil {
		t.Fatal(err)
	}
	fuel := data.Offer{ProductID: "1", Name: "Muul Fuel", Brand: "Klutch", Category: data.Flower, Size: "3.5g", Grams: 3.5, Price: 40, InStock: true}
	badder := data.Offer{ProductID: "2", Name: "Badder", Brand: "Klutch", Category: data.Extract, Size: "1g", Grams: 1, Price: 50, InStock: true}
	record := func(at time.Time, emptied []data.Category, offers ...data.Offer) {
		t.Helper()
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: akron.Slug, Market: data.Recreational, Platform: "jane", At: at,
			Offers: offers, EmptyCategories: emptied}); err != nil {
			t.Fatal(err)
		}
	}
	emptied := []data.Category{data.Extract}
	record(t0, nil, fuel, badder)                   // July 1
	record(t0.Add(24*time.Hour), emptied, fuel)     // July 2: extract emptied all day
	record(t0.Add(48*time.Hour), emptied, fuel)     // July 3: emptied, then
	record(t0.Add(50*time.Hour), nil, fuel, badder) // listed again the same day
	got := dayPrices(t, readShop(t, db), t0.Add(-time.Hour), t0.Add(72*time.Hour))
	want := []string{
		"2026-07-01 bloom-akron recreational klutch-badder 1g 50 0 in",
		"2026-07-01 bloom-akron recreational klutch-muul-fuel 3.5g 40 0 in",
		"2026-07-02 bloom-akron recreational klutch-muul-fuel 3.5g 40 0 in",
		"2026-07-03 bloom-akron recreational klutch-badder 1g 50 0 in",
		"2026-07-03 bloom-akron recreational klutch-muul-fuel 3.5g 40 0 in",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("daily prices:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestProductFirstSeen(t *testing.T) {
	got := readShop(t, shoppingDB(t)).ProductFirstSeen()
	if len(got) != 2 || !got["klutch-muul-fuel"].Equal(t0.Add(-48*time.Hour)) || !got["gone-gummies"].Equal(t0) {
		t.Errorf("first seen = %v", got)
	}
}

func TestDay(t *testing.T) {
	for in, want := range map[time.Time]string{
		time.Date(2026, 7, 2, 3, 59, 0, 0, time.UTC):  "2026-07-01",
		time.Date(2026, 7, 2, 4, 0, 0, 0, time.UTC):   "2026-07-02",
		time.Date(2026, 12, 1, 4, 59, 0, 0, time.UTC): "2026-11-30",
	} {
		if got := store.Day(in); got != want {
			t.Errorf("Day(%v) = %s, want %s", in, got, want)
		}
	}
}

func fmtPrice(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// TestEachOfferRun checks that the runs add up to what the successful fetches listed,
// fetch by fetch, as the test recorded them: two menus fetched every 20 hours over three
// months with prices, sales and stock changing, offers leaving and coming back, a
// category now and then emptied (its series stay listed, unseen by that fetch), failed
// fetches, and windows that cut months and runs.
func TestEachOfferRun(t *testing.T) {
	ctx := context.Background()
	db := MustOpenDB(t)
	db.Code = testCode
	if err := db.SyncDispensaries(ctx, []data.Dispensary{akron, athens}, true, t0); err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 11))
	type menu struct {
		slug   string
		offers []data.Offer
	}
	var menus []menu
	for _, slug := range []string{akron.Slug, athens.Slug} {
		m := menu{slug: slug}
		for i := 0; i < 8; i++ {
			category, grams := data.Flower, 3.5
			if i >= 6 {
				category, grams = data.Vape, 1
			}
			m.offers = append(m.offers, data.Offer{ProductID: strconv.Itoa(i), Name: "Product " + strconv.Itoa(i), Brand: "Brand",
				Category: category, Size: "3.5g", Grams: grams, Price: 30 + float64(i), InStock: true})
		}
		menus = append(menus, m)
	}
	type key struct {
		slug, code, month string
		price, sale       float64
		inStock           bool
	}
	ohio, _ := time.LoadLocation("America/New_York")
	type seen struct {
		at  time.Time
		key key
	}
	var listings []seen // every offer a successful fetch saw, as recorded
	start := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
	at := start
	emptiedFetches := 0
	for n := 0; n < 110; n++ {
		at = at.Add(20 * time.Hour)
		for mi := range menus {
			m := &menus[mi]
			if r.IntN(9) == 0 {
				if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: m.slug, Market: data.Recreational, Platform: "jane", At: at,
					Err: &data.FetchError{Reason: data.ReasonHTTPStatus, Status: 500}}); err != nil {
					t.Fatal(err)
				}
				continue
			}
			// Now and then the vapes are gone from a fetch: an emptied category, as the
			// scraper records it when the category listed products before.
			var emptied []data.Category
			if r.IntN(7) == 0 {
				emptied = []data.Category{data.Vape}
				emptiedFetches++
			}
			var listed []data.Offer
			for i := range m.offers {
				o := &m.offers[i]
				switch r.IntN(12) {
				case 0:
					o.Price++
				case 1:
					o.SalePrice = o.Price - 5
				case 2:
					o.InStock = !o.InStock
				}
				if emptied != nil && o.Category == data.Vape {
					continue
				}
				if i != n%8 || r.IntN(2) == 0 { // now and then an offer is off the menu
					listed = append(listed, *o)
				}
			}
			for _, o := range listed {
				listings = append(listings, seen{at, key{m.slug, testCode(o), at.In(ohio).Format("2006-01"), o.Price, o.SalePrice, o.InStock}})
			}
			if err := db.RecordMenuFetch(ctx, store.MenuFetch{Slug: m.slug, Market: data.Recreational, Platform: "jane", At: at,
				Offers: listed, EmptyCategories: emptied}); err != nil {
				t.Fatal(err)
			}
		}
	}
	if emptiedFetches < 10 {
		t.Fatalf("only %d fetches emptied a category: the test data exercises too little", emptiedFetches)
	}
	sd := readShop(t, db)
	for _, w := range []struct{ from, to time.Time }{
		{time.Time{}, at.Add(time.Hour)},
		{time.Date(2026, 3, 20, 5, 0, 0, 0, time.UTC), time.Date(2026, 5, 9, 17, 0, 0, 0, time.UTC)},
	} {
		want, got := map[key]int{}, map[key]int{}
		for _, l := range listings {
			if !l.at.Before(w.from) && l.at.Before(w.to) {
				want[l.key]++
			}
		}
		lastMonth := ""
		err := sd.EachOfferRun(ctx, w.from, w.to, func(o store.OfferRun) error {
			if o.Month < lastMonth {
				t.Errorf("run of %s after one of %s", o.Month, lastMonth)
			}
			lastMonth = o.Month
			got[key{o.Slug, o.Desc.Code, o.Month, o.Price, o.SalePrice, o.InStock}] += o.Count
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		if len(want) < 50 {
			t.Fatalf("window %v: only %d distinct observations: the test data changes too little", w, len(want))
		}
		for k, n := range want {
			if got[k] != n {
				t.Errorf("window %v: %+v: runs count %d, fetches listed it %d times", w, k, got[k], n)
			}
		}
		for k, n := range got {
			if want[k] == 0 {
				t.Errorf("window %v: %+v: runs count %d, no fetch listed it", w, k, n)
			}
		}
	}
}
