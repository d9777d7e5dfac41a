package main

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
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

// testStop is closed shortly before the test binary's deadline (go test -timeout), so
// that a wait that never ends fails the test with what it waited for, instead of the
// whole binary panicking. It is no timed assertion: a passing test never meets it.
func testStop(t *testing.T) <-chan struct{} {
	stop := make(chan struct{})
	deadline, ok := t.Deadline()
	if !ok {
		return stop // no deadline: never closed
	}
	timer := time.AfterFunc(time.Until(deadline)-10*time.Second, func() { close(stop) })
	t.Cleanup(func() { timer.Stop() })
	return stop
}

// startWorker runs the worker with --run-now on the registry file until the returned
// stop is called; it returns the worker's log and the channel of its result.
func startWorker(t *testing.T, registry string) (*workerOptions, *logWatch, func() error) {
	t.Helper()
	dir := t.TempDir()
	log := newLogWatch()
	var out bytes.Buffer
	d := deps{Out: &out, ErrOut: log, Now: time.Now, Getenv: func(string) string { return "" }}
	opts := &workerOptions{Config: DefaultConfig(), RunNow: true, deps: d}
	opts.DB, opts.Out, opts.Registry = filepath.Join(dir, "omc.db"), filepath.Join(dir, "out"), registry
	opts.Schedule, opts.Delay = "@every 1h", 0
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- runWorker(ctx, opts) }()
	var once sync.Once
	var result error
	stop := func() error {
		once.Do(func() {
			cancel()
			select {
			case result = <-done:
			case <-testStop(t):
				result = fmt.Errorf("the worker did not stop:\n%s", log.String())
			}
		})
		return result
	}
	t.Cleanup(func() { stop() })
	return opts, log, stop
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
	opts, log, stop := startWorker(t, registryFile(t, run, body.String()))
	if !log.Wait("msg=published", testStop(t)) {
		t.Fatalf("no publish:\n%s", log.String())
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(opts.Out, "api/DispensaryStatus")); err != nil {
		t.Error(err)
	}
	for _, want := range []string{"worker started", "zone=America/New_York", "worker stopped"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
}

// TestWorkerStopDuringRunIsNoError: the worker logged its own SIGTERM as an ERROR ("run
// failed … context canceled"). Stopped while a menu is being fetched, it
// says the run stopped, at INFO, and publishes nothing.
func TestWorkerStopDuringRunIsNoError(t *testing.T) {
	asked := make(chan struct{})
	var once sync.Once
	hang := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		once.Do(func() { close(asked) })
		<-r.Context().Done() // answers never: the run is in progress until stopped
	}))
	defer hang.Close()
	registry := filepath.Join(t.TempDir(), "registry.yaml")
	os.WriteFile(registry, []byte(fmt.Sprintf(`politeness: {robots: false}
dispensaries:
  - {slug: hang, name: Hang, city: Akron, region: Northeast, menus: [{market: recreational, platform: jsonld, url: "%s/menu"}]}
`, hang.URL)), 0o644)
	opts, log, stop := startWorker(t, registry)
	select {
	case <-asked:
	case <-testStop(t):
		t.Fatalf("the menu was never asked for:\n%s", log.String())
	}
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(log.String(), "level=ERROR") || !strings.Contains(log.String(), "run stopped: the worker is stopping") {
		t.Errorf("log of a stop during a run:\n%s", log.String())
	}
	if _, err := os.Stat(opts.Out); !os.IsNotExist(err) {
		t.Errorf("a stopped run published: %v", err)
	}
}
