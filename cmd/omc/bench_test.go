package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ohiomc/omc/publish"
)

func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func peakRSSMiB() float64 {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return float64(ru.Maxrss) / 1024 // Linux reports KiB
}

// BenchmarkScrapeDemo scrapes the whole demo registry from the replay with the per-host
// delay at 0 into a fresh database. The replay runs in the same process, so CPU seconds
// and peak RSS include serving the menus as well as scraping them.
func BenchmarkScrapeDemo(b *testing.B) {
	run, err := startDemoReplay()
	if err != nil {
		b.Fatal(err)
	}
	defer run.Close()
	run.setFailures()
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	products, offers := 0, 0
	var wall, cpu time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c := DefaultConfig()
		c.DB = filepath.Join(b.TempDir(), "omc.db")
		so := &scrapeOptions{Config: c, deps: d, registry: &run.Registry, retries: 0}
		so.Delay = 0
		startCPU, start := cpuTime(), time.Now()
		b.StartTimer()
		sum, err := runScrape(context.Background(), so)
		b.StopTimer()
		wall += time.Since(start)
		cpu += cpuTime() - startCPU
		if err != nil || sum.MenusFailed > 0 {
			b.Fatalf("scrape: %v, %d failed", err, sum.MenusFailed)
		}
		products, offers = sum.Products, sum.Offers
		b.StartTimer()
	}
	b.ReportMetric(wall.Seconds()/float64(b.N), "wall-s/op")
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(products)*float64(b.N)/wall.Seconds(), "products/s")
	b.ReportMetric(float64(offers), "offers")
	b.ReportMetric(float64(products), "products")
	b.ReportMetric(peakRSSMiB(), "peak-rss-MiB")
}

// BenchmarkPublishDemo publishes the demo database (after the demo's scrapes) and
// reports the gzip size of each snapshot.
func BenchmarkPublishDemo(b *testing.B) {
	run, err := startDemoReplay()
	if err != nil {
		b.Fatal(err)
	}
	defer run.Close()
	dir := b.TempDir()
	c := DefaultConfig()
	c.DB, c.Out, c.Now = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), demoNow.Format(time.RFC3339)
	var out, errOut bytes.Buffer
	d := testDeps(&out, &errOut)
	if _, err := run.scrapeAll(context.Background(), c, d, demoNow); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := runPublish(context.Background(), &c, d); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	for _, p := range []string{publish.PathStatus, publish.PathStatistics, publish.PathAnnouncements, publish.PathManifest} {
		raw, err := os.ReadFile(filepath.Join(c.Out, p))
		if err != nil {
			b.Fatal(err)
		}
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(raw)
		w.Close()
		name := strings.NewReplacer("api/", "", ".json", "").Replace(p)
		b.ReportMetric(float64(len(raw)), name+"-bytes")
		b.ReportMetric(float64(gz.Len()), name+"-gzip-bytes")
	}
}
