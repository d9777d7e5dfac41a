package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestWorkerBadSchedule(t *testing.T) {
	var out, errOut bytes.Buffer
	code := execute([]string{"worker", "--schedule", "every tuesday", "--db", filepath.Join(t.TempDir(), "x.db")}, testDeps(&out, &errOut))
	if code != exitUsage || !strings.Contains(errOut.String(), `--schedule "every tuesday"`) {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
}

// TestWorkerRunsAndStops runs the worker with --run-now against the replay, waits for its
// first publish, then cancels it like SIGTERM would: it must return, with a whole tree.
func TestWorkerRunsAndStops(t *testing.T) {
	run, err := startDemoReplay()
	if err != nil {
		t.Fatal(err)
	}
	defer run.Close()
	run.setFailures()
	dir := t.TempDir()
	var out bytes.Buffer
	errOut := &lockedBuffer{}
	d := deps{Out: &out, ErrOut: errOut, Now: time.Now, Getenv: func(string) string { return "" }}
	// A small registry pointing at the replay: the first three monitored dispensaries on
	// Jane or Dutchie, the platforms registryFile points at it.
	var body strings.Builder
	body.WriteString("dispensaries:\n")
	written := 0
	for _, ds := range run.Registry.Monitored() {
		m := ds.Menus[0]
		if written == 3 || (m.Platform != "jane" && m.Platform != "dutchie") {
			continue
		}
		written++
		id := "storeId: \"" + m.StoreID + "\""
		if m.Platform == "dutchie" {
			id = "cName: " + m.CName
		}
		body.WriteString("  - {slug: " + ds.Slug + ", name: x, city: y, region: " + ds.Region + ", menus: [{market: " + string(m.Market) + ", platform: " + m.Platform + ", " + id + "}]}\n")
	}
	opts := &workerOptions{Config: DefaultConfig(), RunNow: true, deps: d}
	opts.DB, opts.Out, opts.Registry = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), registryFile(t, run, body.String())
	opts.Schedule, opts.Delay = "@every 1h", 0
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runWorker(ctx, opts) }()
	deadline := time.After(60 * time.Second)
	for !strings.Contains(errOut.String(), "msg=published") {
		select {
		case err := <-done:
			t.Fatalf("worker returned early: %v\n%s", err, errOut.String())
		case <-deadline:
			t.Fatalf("no publish within 60 s:\n%s", errOut.String())
		case <-time.After(50 * time.Millisecond):
		}
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("worker did not stop")
	}
	if _, err := os.Stat(filepath.Join(opts.Out, "api/DispensaryStatus")); err != nil {
		t.Error(err)
	}
	for _, want := range []string{"worker started", "zone=America/New_York", "worker stopped"} {
		if !strings.Contains(errOut.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, errOut.String())
		}
	}
}
