package synth_test

import (
	"context"
	"encoding/json"
	"flag"
	"github.com/ohiomc/omc/store"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ohiomc/omc/internal/synth"
	"github.com/ohiomc/omc/publish"
)

var (
	openDataRuns  = flag.Int("synth.opendata.runs", 365, "runs of BenchmarkOpenDataYear's simulated year")
	openDataEvery = flag.Duration("synth.opendata.every", 24*time.Hour, "the time between two of its runs (168h: weekly, with -synth.opendata.runs 52)")
)

// BenchmarkOpenDataYear writes a simulated Ohio year of daily runs (or as the flags say) (synth.Ohio, stepped
// between runs, recorded as scrapes store them) and publishes it twice: into a new tree,
// which writes every month's Parquet file, then again a day later into the same tree,
// which carries the closed months over. It logs each month file's size and rows and
// reports the totals, the index's sizes, the time of the price spells' walk alone, and
// both publishes' times.
func BenchmarkOpenDataYear(b *testing.B) {
	for range b.N {
		ctx := context.Background()
		w := synth.New(synth.Ohio)
		path := filepath.Join(b.TempDir(), "omc.db")
		db, err := store.Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		if err := db.SyncDispensaries(ctx, w.Registry.Dispensaries, true, yearStart); err != nil {
			b.Fatal(err)
		}
		for run := range *openDataRuns {
			recordRun(b, db, w, yearStart.Add(time.Duration(run)**openDataEvery))
			w.Step()
		}
		end := yearStart.Add(time.Duration(*openDataRuns-1) * *openDataEvery).Add(time.Hour)

		sd, err := db.ReadShop(ctx)
		if err != nil {
			b.Fatal(err)
		}
		t, spells := time.Now(), 0
		if err := sd.EachPriceSpell(ctx, end, func(store.PriceSpell) error { spells++; return nil }); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "spell-walk-s")
		b.ReportMetric(float64(spells), "spells")

		out := filepath.Join(b.TempDir(), "out")
		t = time.Now()
		if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: end}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "publish-new-tree-s")
		t = time.Now()
		if _, err := publish.Publish(ctx, db, publish.Options{Out: out, Now: end.Add(24 * time.Hour)}); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(time.Since(t).Seconds(), "publish-carried-over-s")
		reportOpenData(b, out)
		db.Close()
	}
}

// recordRun records one run of every menu of w at at, as a scrape stores it.
func recordRun(b *testing.B, db *store.DB, w *synth.World, at time.Time) {
	id, err := db.StartRun(context.Background(), at)
	if err != nil {
		b.Fatal(err)
	}
	recordMenus(b, db, w, id, at)
}

// recordMenus records every menu of w at at under run id and finishes the run; it
// returns how many offers the run listed.
func recordMenus(b *testing.B, db *store.DB, w *synth.World, id int64, at time.Time) int {
	ctx := context.Background()
	n := 0
	for i := range w.MenuCount() {
		slug, market, platform := w.Menu(i)
		menu := w.Offers(i)
		n += len(menu)
		if err := db.RecordMenuFetch(ctx, store.MenuFetch{RunID: id, Slug: slug, Market: market, Platform: platform, At: at, Offers: menu, HTTPStatus: 200}); err != nil {
			b.Fatal(err)
		}
	}
	if err := db.FinishRun(ctx, id, at, w.MenuCount(), 0, n); err != nil {
		b.Fatal(err)
	}
	return n
}

// reportOpenData logs the month files of the tree in out and reports their totals and
// the index's sizes.
func reportOpenData(b *testing.B, out string) {
	raw, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(publish.PathOpenData)))
	if err != nil {
		b.Fatal(err)
	}
	var od publish.OpenData
	if err := json.Unmarshal(raw, &od); err != nil {
		b.Fatal(err)
	}
	var size, rows int64
	for _, m := range od.Months {
		b.Logf("%s: %d bytes, %d rows, closed %v", m.Path, m.Size, m.Rows, m.Closed)
		size += int64(m.Size)
		rows += m.Rows
	}
	for _, f := range od.Index {
		b.Logf("%s: %d bytes, %d rows", f.Path, f.Size, f.Rows)
		b.ReportMetric(float64(f.Size)/1000, filepath.Ext(f.Path)[1:]+"-index-kB")
	}
	b.ReportMetric(float64(len(od.Months)), "months")
	b.ReportMetric(float64(size)/1e6, "parquet-MB")
	b.ReportMetric(float64(rows), "parquet-rows")
}
