package scraper

import (
	"context"
	"encoding/json"
	"math"
	"net/url"
	"reflect"
	"slices"
	"testing"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper/polite"
)

// The fuzz targets feed each adapter's record parser arbitrary bytes, seeded with every
// record of the real captures, and hold its offers to what the run relies on once
// CheckMenu has looked at them: no panic, no negative or non-finite price, a sale
// price only below the price, no potency past its bound without a data-quality
// warning, and no link that is not http(s). `go test` runs the seeds; a long run is
// `go test ./scraper -run '^$' -fuzz FuzzJane -fuzztime 10m` (one target at a time).

// checkFuzzedOffers holds what any input must keep true of an adapter's offers: no
// negative, NaN or infinite price, no sale at or above the price, only http(s) links;
// and, once the run's own check (CheckMenu) has seen them, no THC above its bound
// (100 %, or the package bound in mg) without a data-quality warning.
func checkFuzzedOffers(t *testing.T, offers []data.Offer) {
	t.Helper()
	menuInvariants(t, offers)
	for i, o := range offers {
		if o.Price <= 0 {
			t.Fatalf("offer %d (%s): price %v kept", i, o.ProductID, o.Price)
		}
		for _, p := range []*float64{o.THC, o.CBD} {
			if p != nil && (math.IsNaN(*p) || math.IsInf(*p, 0) || *p <= 0) {
				t.Fatalf("offer %d (%s): potency %v", i, o.ProductID, *p)
			}
		}
		if math.IsNaN(o.Grams) || math.IsNaN(o.Milligrams) || o.Grams < 0 || o.Milligrams < 0 {
			t.Fatalf("offer %d (%s): grams %v mg %v", i, o.ProductID, o.Grams, o.Milligrams)
		}
	}
	CheckMenu(offers)
	for i, o := range offers {
		thc := deref0(o.THC)
		switch {
		case o.PotencyUnit == "mg" && thc > maxPackageMg && !slices.Contains(o.Warnings, WarnMgOver):
			t.Fatalf("offer %d (%s): THC %v mg without %q", i, o.ProductID, thc, WarnMgOver)
		case o.PotencyUnit != "mg" && thc > maxTHCPercent && !slices.Contains(o.Warnings, WarnTHCOver):
			t.Fatalf("offer %d (%s): THC %v %% without %q", i, o.ProductID, thc, WarnTHCOver)
		case o.Milligrams > maxPackageMg && !slices.Contains(o.Warnings, WarnMgOver):
			t.Fatalf("offer %d (%s): %v mg without %q", i, o.ProductID, o.Milligrams, WarnMgOver)
		}
	}
}

// fuzzEngine bounds the fuzzed and benchmarked parses as a run does.
var fuzzEngine = polite.NewEngine(polite.DefaultOptions())

// seedRecords adds every record of a capture to f's seed corpus.
func seedRecords(f *testing.F, records []json.RawMessage) {
	for _, r := range records {
		f.Add([]byte(r))
	}
}

func FuzzJane(f *testing.F) {
	seedRecords(f, janeCaptureHits(f))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return // a broken record breaks its reply, which the reply's reader refuses
		}
		offers, err := janeReplyOffers(t, raw)
		if err == nil {
			checkFuzzedOffers(t, offers)
		}
	})
}

// FuzzJaneReply: a record read from a reply decoded in one pass maps exactly as the
// record decoded on its own does (janeRecordAlone, the reader's way with a record its
// one pass leaves), error included.
func FuzzJaneReply(f *testing.F) {
	seedRecords(f, janeCaptureHits(f))
	f.Add([]byte(`{"product_id": 1, "name": "X", "available_weights": ["two pack"], "price_two_pack": "12"}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		if !json.Valid(raw) {
			return // a broken record breaks its reply; nothing to compare
		}
		recs, _, err := janeRecords([]byte(`{"hits":[` + string(raw) + `],"nbHits":1,"nbPages":1}`))
		if err != nil || len(recs) != 1 {
			t.Fatalf("a valid record made a reply of %d records: %v", len(recs), err)
		}
		var got []data.Offer
		gotErr := recs[0].decode()
		if gotErr == nil {
			got, gotErr = recs[0].offers(nil)
		}
		want, wantErr := janeRecordAlone(raw)
		if (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) || !reflect.DeepEqual(got, want) {
			t.Fatalf("from the reply %v, %v; on its own %v, %v", got, gotErr, want, wantErr)
		}
	})
}

func FuzzDutchie(f *testing.F) {
	for _, file := range []string{ethosCaptureFile, dutchie2023File} {
		seedRecords(f, newDutchieServer(f, file, "", "", "", 1).products)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, pricing := range []string{"rec", "med"} {
			offers, err := dutchieOffers(raw, pricing, "", data.Recreational, "")
			if err == nil {
				checkFuzzedOffers(t, offers)
			}
		}
	})
}

// sweedRecords are the Curaleaf capture's products and the gLeaf list's.
func sweedRecords(tb testing.TB) []json.RawMessage {
	var records []json.RawMessage
	if err := json.Unmarshal(readTestdata(tb, "sweed/curaleaf-nj_GetProductList_list_concatenated.json"), &records); err != nil {
		tb.Fatal(err)
	}
	var gleaf sweedListReply
	if err := json.Unmarshal(sweedCapture(tb, "gleaf-rockville_RES_GetProductList.json"), &gleaf); err != nil {
		tb.Fatal(err)
	}
	return append(records, gleaf.List...)
}

func FuzzSweed(f *testing.F) {
	seedRecords(f, sweedRecords(f))
	f.Fuzz(func(t *testing.T, raw []byte) {
		set := recordSet{where: "fuzz"}
		sweedAddProducts(context.Background(), fuzzEngine, &set, []json.RawMessage{raw}, "Recreational", nil, map[string]bool{})
		checkFuzzedOffers(t, set.offers)
	})
}

// FuzzSweedPage feeds the storefront-page reader whole pages: the real one, and the
// fuzzer's variations of it.
func FuzzSweedPage(f *testing.F) {
	f.Add(readTestdata(f, "sweed/gleaf-rockville_shop_page_rendered.html"))
	f.Add([]byte(`<script>window.__sw_qc = {"queries":[{"queryKey":["/Products/GetProductList",{"saleType":"Recreational"}],"state":{"data":{"list":[{"id":1,"name":"x","variants":[{"name":"1g","price":10}]}]}}}]}</script><a id="product-1" href="/p/1">`))
	base, _ := url.Parse("https://shop.example/menu")
	f.Fuzz(func(t *testing.T, page []byte) {
		products, err := sweedPageProducts(page, "Recreational")
		if err != nil {
			return
		}
		set := recordSet{where: "fuzz"}
		sweedAddProducts(context.Background(), fuzzEngine, &set, products, "Recreational", &sweedLinks{cards: sweedCardLinks(page, base), storefront: sweedStorefront(base.String())}, map[string]bool{})
		checkFuzzedOffers(t, set.offers)
	})
}

func FuzzWeedmaps(f *testing.F) {
	for _, m := range weedmapsMenus {
		seedRecords(f, loadWeedmaps(f, m.file, m.path).items)
	}
	f.Fuzz(func(t *testing.T, raw []byte) {
		for _, jsonAPI := range []bool{true, false} {
			offers, _, err := weedmapsOffers(raw, jsonAPI, data.Recreational, "https://weedmaps.com/dispensaries/x/menu/", "")
			if err == nil {
				checkFuzzedOffers(t, offers)
			}
		}
	})
}

func FuzzDispense(f *testing.F) {
	seedRecords(f, newDispenseServer(f).products)
	f.Fuzz(func(t *testing.T, raw []byte) {
		offers, _, err := dispenseOffers(raw)
		if err == nil {
			checkFuzzedOffers(t, offers)
		}
	})
}

func recordsSize(records []json.RawMessage) int {
	n := 0
	for _, r := range records {
		n += len(r)
	}
	return n
}

func BenchmarkParseJane(b *testing.B) {
	hits := janeCaptureHits(b)
	reply := janeReplyOf(b, hits...)
	benchParse(b, len(reply), func() int {
		recs, _, err := janeRecords(reply)
		if err != nil {
			b.Fatal(err)
		}
		n := 0
		for _, r := range recs {
			if r.decode() == nil {
				offers, _ := r.offers(nil)
				n += len(offers)
			}
		}
		return n
	})
}

func BenchmarkParseDutchie(b *testing.B) {
	var records []json.RawMessage
	for _, file := range []string{ethosCaptureFile, dutchie2023File} {
		records = append(records, newDutchieServer(b, file, "", "", "", 1).products...)
	}
	benchParse(b, recordsSize(records), func() int {
		n := 0
		for _, r := range records {
			offers, _ := dutchieOffers(r, "rec", "", data.Recreational, "")
			n += len(offers)
		}
		return n
	})
}

func BenchmarkParseSweed(b *testing.B) {
	records := sweedRecords(b)
	benchParse(b, recordsSize(records), func() int {
		set := recordSet{where: "bench"}
		sweedAddProducts(context.Background(), fuzzEngine, &set, records, "Recreational", nil, map[string]bool{})
		return len(set.offers)
	})
}

func BenchmarkParseSweedPage(b *testing.B) {
	page := readTestdata(b, "sweed/gleaf-rockville_shop_page_rendered.html")
	base, _ := url.Parse("https://www.gleaf.com/stores/maryland/rockville/shop")
	benchParse(b, len(page), func() int {
		products, err := sweedPageProducts(page, "Recreational")
		if err != nil {
			b.Fatal(err)
		}
		set := recordSet{where: "bench"}
		sweedAddProducts(context.Background(), fuzzEngine, &set, products, "Recreational", &sweedLinks{cards: sweedCardLinks(page, base), storefront: sweedStorefront(base.String())}, map[string]bool{})
		return len(set.offers)
	})
}

func BenchmarkParseWeedmaps(b *testing.B) {
	var records []json.RawMessage
	for _, m := range weedmapsMenus[:3] { // the real captures, not the written fixture
		records = append(records, loadWeedmaps(b, m.file, m.path).items...)
	}
	benchParse(b, recordsSize(records), func() int {
		n := 0
		for _, r := range records {
			offers, _, _ := weedmapsOffers(r, true, data.Recreational, "", "")
			n += len(offers)
		}
		return n
	})
}

func BenchmarkParseDispense(b *testing.B) {
	records := newDispenseServer(b).products
	benchParse(b, recordsSize(records), func() int {
		n := 0
		for _, r := range records {
			offers, _, _ := dispenseOffers(r)
			n += len(offers)
		}
		return n
	})
}
