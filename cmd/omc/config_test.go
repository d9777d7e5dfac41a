package main

import (
	"math"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

// parsedCommand finds a subcommand of the real command tree and parses args as its flags.
func parsedCommand(t *testing.T, path []string, args ...string) *cobra.Command {
	t.Helper()
	cmd, _, err := newRootCmd(deps{}).Find(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.ParseFlags(args); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// TestSettingsPrecedence: flags beat OMC_* variables, which beat the registry's politeness
// section, which beats the defaults; a variable counts even for a command without that
// flag (omc worker publishes, so OMC_CONTENT applies to it).
func TestSettingsPrecedence(t *testing.T) {
	env := func(vars map[string]string) func(string) string { return func(k string) string { return vars[k] } }
	vars := map[string]string{"OMC_DELAY": "5s", "OMC_TIMEOUT": "11s", "OMC_CONTENT": "my/content", "OMC_OUT": "env-out"}

	c := DefaultConfig()
	cmd := parsedCommand(t, []string{"worker"}, "--delay", "3s")
	// The command's flags are bound to its own options; bind a Config the same way.
	cmd.ResetFlags()
	addSettings(cmd, &c, "db", "now", "schedule", "registry", "delay", "timeout", "out", "dir", "announcements", "content")
	if err := cmd.ParseFlags([]string{"--delay", "3s"}); err != nil {
		t.Fatal(err)
	}
	if err := resolveSettings(cmd, &c, env(vars)); err != nil {
		t.Fatal(err)
	}
	if c.Delay != 3*time.Second || c.Timeout != 11*time.Second || c.Content != "my/content" || c.Out != "env-out" || c.DB != "data/omc.db" {
		t.Errorf("resolved %+v", c)
	}
	if !c.given["delay"] || !c.given["timeout"] || c.given["db"] {
		t.Errorf("given %v", c.given)
	}

	// status has no --content flag, yet the variable reaches the field.
	s := DefaultConfig()
	status := parsedCommand(t, []string{"status"})
	if err := resolveSettings(status, &s, env(vars)); err != nil {
		t.Fatal(err)
	}
	if s.Content != "my/content" {
		t.Errorf("OMC_CONTENT without a --content flag: %q", s.Content)
	}

	// The registry's politeness counts only where no flag or variable spoke.
	p := data.Politeness{Delay: &data.Duration{Duration: 9 * time.Second}, Timeout: &data.Duration{Duration: 8 * time.Second}}
	so := &scrapeOptions{Config: c, retries: -1}
	if eo := so.engineOptions(p); eo.Delay != 3*time.Second || eo.Timeout != 11*time.Second {
		t.Errorf("flag and variable over registry: delay %v timeout %v", eo.Delay, eo.Timeout)
	}
	so = &scrapeOptions{Config: DefaultConfig(), retries: -1}
	if eo := so.engineOptions(p); eo.Delay != 9*time.Second || eo.Timeout != 8*time.Second {
		t.Errorf("registry over defaults: delay %v timeout %v", eo.Delay, eo.Timeout)
	}
}

// TestWorkerTakesEverySetting: a worker run is a scrape and a publish, so it takes every
// setting flag either of them takes.
func TestWorkerTakesEverySetting(t *testing.T) {
	worker := parsedCommand(t, []string{"worker"})
	for _, name := range []string{"scrape", "publish"} {
		cmd := parsedCommand(t, []string{name})
		for _, s := range settings {
			if cmd.Flags().Lookup(s.flag) != nil && worker.Flags().Lookup(s.flag) == nil {
				t.Errorf("omc %s takes --%s, omc worker does not", name, s.flag)
			}
		}
	}
}

// TestSettingsBadVariable: a variable that does not parse is a usage error naming it.
func TestSettingsBadVariable(t *testing.T) {
	c := DefaultConfig()
	cmd := parsedCommand(t, []string{"status"})
	err := resolveSettings(cmd, &c, func(k string) string {
		if k == "OMC_TIMEOUT" {
			return "soon"
		}
		return ""
	})
	if err == nil || exitCode(err) != exitUsage || !strings.Contains(err.Error(), `OMC_TIMEOUT="soon"`) {
		t.Fatalf("err %v (exit %d)", err, exitCode(err))
	}
}

// TestUsageExitCodes: cobra's own errors (unknown command, unknown flag, extra arguments,
// a group without its command) exit 2 without omc reading their message texts.
func TestUsageExitCodes(t *testing.T) {
	for _, args := range [][]string{{"bogus"}, {"scrape", "extra"}, {"status", "--nope"}, {"history", "bogus"}, {"history"}, {"registry", "check", "x"}} {
		var out, errOut strings.Builder
		code := execute(args, deps{Out: &out, ErrOut: &errOut, Now: time.Now, Getenv: func(string) string { return "" }})
		if code != exitUsage || errOut.Len() == 0 {
			t.Errorf("omc %s: exit %d, stderr %q", strings.Join(args, " "), code, errOut.String())
		}
	}
}

// TestMemoryLimit: a publish runs under --memory-limit (publish.DefaultMemoryLimit by
// default) and puts the process's limit back after; 0 means none; GOMEMLIMIT wins; a
// size that is not one is a usage error naming it.
func TestMemoryLimit(t *testing.T) {
	const unlimited = math.MaxInt64
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(unlimited))
	noEnv := func(string) string { return "" }
	limitDuring := func(c Config, getenv func(string) string) int64 {
		t.Helper()
		restore, err := c.limitMemory(getenv)
		if err != nil {
			t.Fatal(err)
		}
		during := debug.SetMemoryLimit(-1)
		restore()
		if after := debug.SetMemoryLimit(-1); after != unlimited {
			t.Errorf("limit after the publish %d, want it put back (%d)", after, int64(unlimited))
		}
		return during
	}
	if got := limitDuring(DefaultConfig(), noEnv); got != publish.DefaultMemoryLimit {
		t.Errorf("default limit %d, want %d", got, publish.DefaultMemoryLimit)
	}
	c := DefaultConfig()
	c.MemoryLimit = "1GB"
	if got := limitDuring(c, noEnv); got != 1e9 {
		t.Errorf("--memory-limit 1GB: %d", got)
	}
	c.MemoryLimit = "0"
	if got := limitDuring(c, noEnv); got != unlimited {
		t.Errorf("--memory-limit 0: %d, want none", got)
	}
	if got := limitDuring(DefaultConfig(), func(k string) string { return map[string]string{"GOMEMLIMIT": "2GiB"}[k] }); got != unlimited {
		t.Errorf("with GOMEMLIMIT set: %d, want the runtime's own left alone", got)
	}
	c.MemoryLimit = "lots"
	if _, err := c.limitMemory(noEnv); err == nil || !strings.Contains(err.Error(), `--memory-limit "lots"`) || exitCode(err) != 2 {
		t.Errorf("--memory-limit lots: %v (exit %d), want a usage error naming it", err, exitCode(err))
	}
}
