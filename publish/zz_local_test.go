package publish_test

import (
	"context"
	"database/sql"
	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/scraper"
	_ "modernc.org/sqlite"
	"os"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// Local only (not committed): builds a bench database at OMC_MAKE_DB.
func TestZZMakeBenchDB(t *testing.T) {
	path := os.Getenv("OMC_MAKE_DB")
	if path == "" {
		t.Skip()
	}
	s := benchOhio
	if os.Getenv("OMC_MAKE_SIZE") == "2000" {
		s = bench2000
	}
	s.build(t, path, benchNow)
}

func TestZZQuerySpeed(t *testing.T) {
	path := os.Getenv("OMC_Q_DB")
	if path == "" {
		t.Skip()
	}
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=cache_size(-32768)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, q := range []struct{ name, sql string }{
		{"needed", `SELECT id, menu_id, first_seen, price, sale_price, in_stock, listed, grams, mg, thc, cbd, product_id, size, code, name, brand, strain, strain_type, category, potency_unit, warnings, terpenes, lineage FROM offer_series`},
		{"concat", `SELECT id, menu_id, first_seen, price, sale_price, in_stock, listed, grams, mg, thc, cbd, product_id || char(0) || size || char(0) || code || char(0) || name || char(0) || brand || char(0) || strain || char(0) || strain_type || char(0) || category || char(0) || potency_unit || char(0) || warnings || char(0) || terpenes || char(0) || lineage FROM offer_series`},
		{"concat by menu", `SELECT id, menu_id, first_seen, price, sale_price, in_stock, listed, grams, mg, thc, cbd, product_id || char(0) || size || char(0) || code || char(0) || name || char(0) || brand || char(0) || strain || char(0) || strain_type || char(0) || category || char(0) || potency_unit || char(0) || warnings || char(0) || terpenes || char(0) || lineage FROM offer_series ORDER BY menu_id`},
		{"5cols", `SELECT id, menu_id, code, size, price FROM offer_series`},
		{"all", `SELECT * FROM offer_series`},
		{"json per menu", `SELECT menu_id, json_group_array(json_array(id, code, size, name, brand, strain, strain_type, category, grams, mg, thc, cbd, potency_unit, price, sale_price, in_stock, first_seen, terpenes, lineage, warnings)) FROM offer_series GROUP BY menu_id`},
	} {
		start := time.Now()
		rows, err := db.Query(q.sql)
		if err != nil {
			t.Fatal(err)
		}
		cols, _ := rows.Columns()
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		n, bytes := 0, 0
		for rows.Next() {
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			n++
			if b, ok := vals[len(vals)-1].([]byte); ok {
				bytes += len(b)
			}
			if s, ok := vals[len(vals)-1].(string); ok {
				bytes += len(s)
			}
		}
		rows.Close()
		t.Logf("%s: %d rows %d bytes %v", q.name, n, bytes, time.Since(start))
	}
}

// Local only: a year of synth.Ohio at OMC_YEAR_DB (OMC_YEAR_RUNS runs).
func TestZZYearDB(t *testing.T) {
	path := os.Getenv("OMC_YEAR_DB")
	if path == "" {
		t.Skip()
	}
	runs, _ := strconv.Atoi(os.Getenv("OMC_YEAR_RUNS"))
	ctx := context.Background()
	w := synth.New(synth.Ohio)
	db, err := data.Open(ctx, path, data.WithProductCode(scraper.ProductCode))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	start := benchNow.Add(-time.Duration(runs-1) * 4 * time.Hour)
	if err := db.SyncDispensaries(ctx, w.Registry.Dispensaries, true, start); err != nil {
		t.Fatal(err)
	}
	for run := 0; run < runs; run++ {
		at := start.Add(time.Duration(run) * 4 * time.Hour)
		for i := range w.MenuCount() {
			slug, market, platform := w.Menu(i)
			if err := db.RecordMenuFetch(ctx, data.MenuFetch{Slug: slug, Market: market, Platform: platform, At: at, Offers: w.Offers(i), HTTPStatus: 200}); err != nil {
				t.Fatal(err)
			}
		}
		w.Step()
		if run%200 == 0 {
			t.Logf("run %d", run)
		}
	}
}

func TestZZYearReads(t *testing.T) {
	path := os.Getenv("OMC_YEAR_READ")
	if path == "" {
		t.Skip()
	}
	ctx := context.Background()
	db, err := data.Open(ctx, path, data.WithProductCode(scraper.ProductCode))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cpu := func() time.Duration {
		var ru syscall.Rusage
		syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	c0, w0 := cpu(), time.Now()
	states, err := db.OfferStates(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("OfferStates: %d in %.2f CPU-s %.2f s", len(states), (cpu() - c0).Seconds(), time.Since(w0).Seconds())
	c0, w0 = cpu(), time.Now()
	n := 0
	if err := db.EachDailyPrice(ctx, benchNow.AddDate(-1, 0, 0), benchNow.Add(time.Second), func(data.DailyPrice) error { n++; return nil }); err != nil {
		t.Fatal(err)
	}
	t.Logf("EachDailyPrice: %d in %.2f CPU-s %.2f s", n, (cpu() - c0).Seconds(), time.Since(w0).Seconds())
}
