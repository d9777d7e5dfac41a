package main

import (
	"context"
	"fmt"
	"io/fs"
	"math"
	"net/url"
	"os"
	"runtime/debug"
	"time"

	"github.com/dustin/go-humanize"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
	"github.com/ohiomc/omc/scraper"
	"github.com/ohiomc/omc/scraper/polite"
	"github.com/ohiomc/omc/store"
)

// Config is every setting of omc, resolved once per command by resolveSettings.
// Precedence: flags, then OMC_* environment variables, then (for the scraper's politeness:
// delay, timeout) the registry's politeness section, then DefaultConfig.
type Config struct {
	DB            string        // OMC_DB
	Registry      string        // OMC_REGISTRY; empty = the embedded registry
	Out           string        // OMC_OUT
	SiteDir       string        // OMC_SITE_DIR
	SiteURL       string        // OMC_SITE_URL: the site's public address, for the deal feeds' links
	Addr          string        // OMC_ADDR
	Schedule      string        // OMC_SCHEDULE
	Delay         time.Duration // OMC_DELAY
	Timeout       time.Duration // OMC_TIMEOUT
	RunTimeout    time.Duration // OMC_RUN_TIMEOUT: the whole scrape's deadline (0: none)
	Announcements string        // OMC_ANNOUNCEMENTS; empty = the embedded file
	Content       string        // OMC_CONTENT, a folder like data/content; empty = the embedded one
	Now           string        // OMC_NOW, RFC 3339; empty = the clock
	Storage       string        // OMC_HISTORY_STORAGE: where omc history keeps copies
	MemoryLimit   string        // OMC_MEMORY_LIMIT: the soft memory limit of a publish ("0": none)
	Roster        string        // OMC_ROSTER: the state's roster layer; empty = the registry's roster.url, "none" = none
	// Sample marks the published shopping data as sample data (omc demo; a registry that marks its stores sample does too).
	Sample bool

	// given names the settings set by a flag or an OMC_* variable: they override the
	// registry's politeness section (delay, timeout).
	given map[string]bool
}

// DefaultConfig is the configuration with no flags and no environment. The scraper's
// politeness defaults are the scraper's own, so they are written in one place.
func DefaultConfig() Config {
	eo := polite.DefaultOptions()
	return Config{
		DB:       "data/omc.db",
		Out:      "out",
		SiteDir:  "site/dist",
		Addr:     "127.0.0.1:8080",
		Schedule: "15 */4 * * *",
		Delay:    eo.Delay,
		Timeout:  eo.Timeout,
		// Below the scheduled workflow's 60 minutes (timeout-minutes in
		// .github/workflows/publish.yml), leaving time to publish and save the history.
		RunTimeout: 50 * time.Minute,
		// "228 MiB": publish.DefaultMemoryLimit, written as the flag takes it.
		MemoryLimit: humanize.IBytes(publish.DefaultMemoryLimit),
	}
}

// setting is one shared setting: its flag, its environment variable and its help, declared
// once here and bound to a Config field by every command that takes it.
type setting struct {
	flag, env, usage string
	bind             func(fs *pflag.FlagSet, c *Config, name, usage string)
}

func stringSetting(field func(*Config) *string) func(*pflag.FlagSet, *Config, string, string) {
	return func(fs *pflag.FlagSet, c *Config, name, usage string) {
		p := field(c)
		fs.StringVar(p, name, *p, usage)
	}
}

func durationSetting(field func(*Config) *time.Duration) func(*pflag.FlagSet, *Config, string, string) {
	return func(fs *pflag.FlagSet, c *Config, name, usage string) {
		p := field(c)
		fs.DurationVar(p, name, *p, usage)
	}
}

// settings is every setting a flag or an OMC_* variable can give.
var settings = []setting{
	{"db", "OMC_DB", "SQLite database file", stringSetting(func(c *Config) *string { return &c.DB })},
	{"registry", "OMC_REGISTRY", "registry YAML file (default: the embedded Ohio registry)", stringSetting(func(c *Config) *string { return &c.Registry })},
	{"out", "OMC_OUT", "folder of the published snapshots (publish replaces it whole)", stringSetting(func(c *Config) *string { return &c.Out })},
	{"dir", "OMC_SITE_DIR", "the built site (index.html, assets/, csp.json for the Content-Security-Policy)", stringSetting(func(c *Config) *string { return &c.SiteDir })},
	{"site-url", "OMC_SITE_URL", "the site's public address (https://host), which the deal feeds (feeds/*.atom) link to; empty links by path on the host serving the feeds", stringSetting(func(c *Config) *string { return &c.SiteURL })},
	{"addr", "OMC_ADDR", "listen address; port 0 picks a free one", stringSetting(func(c *Config) *string { return &c.Addr })},
	{"schedule", "OMC_SCHEDULE", "cron schedule (5 fields or @every/@hourly...), America/New_York time", stringSetting(func(c *Config) *string { return &c.Schedule })},
	{"delay", "OMC_DELAY", "minimum gap between two requests to one host (default: the registry's, else 2s)", durationSetting(func(c *Config) *time.Duration { return &c.Delay })},
	{"timeout", "OMC_TIMEOUT", "time-out of one request (default: the registry's, else 30s)", durationSetting(func(c *Config) *time.Duration { return &c.Timeout })},
	{"run-timeout", "OMC_RUN_TIMEOUT", "deadline of a whole scrape: menus not read by then fail (timeout) and the run records what it has; 0 for none", durationSetting(func(c *Config) *time.Duration { return &c.RunTimeout })},
	{"announcements", "OMC_ANNOUNCEMENTS", "announcements YAML (default: the embedded data/announcements.yaml)", stringSetting(func(c *Config) *string { return &c.Announcements })},
	{"content", "OMC_CONTENT", "community pages content folder (default: the embedded data/content)", stringSetting(func(c *Config) *string { return &c.Content })},
	{"now", "OMC_NOW", "fixed current time, RFC 3339 (reproducible runs)", stringSetting(func(c *Config) *string { return &c.Now })},
	{"storage", "OMC_HISTORY_STORAGE", "where copies are kept: a folder, or gh-release:TAG", stringSetting(func(c *Config) *string { return &c.Storage })},
	{"roster", "OMC_ROSTER", "the state's dispensary roster, an ArcGIS layer URL (default: the registry's roster.url); none reads no roster", stringSetting(func(c *Config) *string { return &c.Roster })},
	{"memory-limit", "OMC_MEMORY_LIMIT", "soft memory limit while publishing, like 228MiB or 1GB; 0 for none (GOMEMLIMIT, when set, wins)", stringSetting(func(c *Config) *string { return &c.MemoryLimit })},
}

func findSetting(name string) setting {
	for _, s := range settings {
		if s.flag == name {
			return s
		}
	}
	panic("omc: no setting named " + name) // a programming error, caught by every command's test
}

// addSettings gives cmd the flags of the named settings, bound to c.
func addSettings(cmd *cobra.Command, c *Config, names ...string) {
	for _, name := range names {
		s := findSetting(name)
		s.bind(cmd.Flags(), c, s.flag, s.usage)
	}
}

// resolveSettings applies every OMC_* variable whose flag was not given, whether or not
// the command has that flag (omc worker publishes, so OMC_CONTENT counts there too), and
// records in c.given what a flag or a variable set.
func resolveSettings(cmd *cobra.Command, c *Config, getenv func(string) string) error {
	c.given = map[string]bool{}
	// Every setting bound to c, so a variable reaches its field even without a flag.
	all := pflag.NewFlagSet("env", pflag.ContinueOnError)
	for _, s := range settings {
		s.bind(all, c, s.flag, s.usage)
	}
	for _, s := range settings {
		if f := cmd.Flags().Lookup(s.flag); f != nil && f.Changed {
			c.given[s.flag] = true
			continue
		}
		v := getenv(s.env)
		if v == "" {
			continue
		}
		if err := all.Lookup(s.flag).Value.Set(v); err != nil {
			return usageError("%s=%q: %v", s.env, v, err)
		}
		c.given[s.flag] = true
	}
	return nil
}

// now returns the --now time or the clock's.
func (c Config) now(clock func() time.Time) (time.Time, error) {
	if c.Now == "" {
		return clock().UTC(), nil
	}
	t, err := time.Parse(time.RFC3339, c.Now)
	if err != nil {
		return time.Time{}, usageError("--now %q: want RFC 3339 like 2026-07-01T12:00:00Z", c.Now)
	}
	return t.UTC(), nil
}

// loadRegistry loads --registry, or the embedded registry.
func (c Config) loadRegistry() (data.Registry, error) {
	if c.Registry == "" {
		return data.DefaultRegistry(scraper.RegistryRules())
	}
	return data.LoadRegistry(c.Registry, scraper.RegistryRules())
}

// rosterURL is the roster layer a scrape reads: --roster, else the registry's
// roster.url; "" for none (--roster none).
func (c Config) rosterURL(reg data.Registry) (string, error) {
	switch c.Roster {
	case "":
		return reg.Roster.URL, nil
	case "none":
		return "", nil
	}
	if u, err := url.Parse(c.Roster); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", usageError("--roster %q: want the http(s) URL of an ArcGIS layer, or none", c.Roster)
	}
	return c.Roster, nil
}

// loadAnnouncements loads --announcements, or the embedded file.
func (c Config) loadAnnouncements() ([]data.Announcement, error) {
	if c.Announcements == "" {
		return data.DefaultAnnouncements()
	}
	return data.LoadAnnouncements(c.Announcements)
}

// contentFS is --content, or the embedded data/content.
func (c Config) contentFS() (fs.FS, error) {
	if c.Content == "" {
		return data.Content(), nil
	}
	fi, err := os.Stat(c.Content)
	if err != nil {
		return nil, usageError("--content %s: %v", c.Content, err)
	}
	if !fi.IsDir() {
		return nil, usageError("--content %s: not a folder", c.Content)
	}
	return os.DirFS(c.Content), nil
}

// limitMemory puts the publish under --memory-limit (debug.SetMemoryLimit) and returns
// what puts the process's limit back: a worker scrapes between publishes. A GOMEMLIMIT
// in the environment is the Go runtime's own setting and is left as it is.
func (c Config) limitMemory(getenv func(string) string) (restore func(), err error) {
	if getenv("GOMEMLIMIT") != "" || c.MemoryLimit == "0" {
		return func() {}, nil
	}
	limit, err := humanize.ParseBytes(c.MemoryLimit)
	if err != nil || limit == 0 || limit > math.MaxInt64 {
		return nil, usageError("--memory-limit %q: want a size like 228MiB or 1GB, or 0 for none", c.MemoryLimit)
	}
	previous := debug.SetMemoryLimit(int64(limit))
	return func() { debug.SetMemoryLimit(previous) }, nil
}

func (c Config) validate() error {
	if c.Delay < 0 {
		return usageError("--delay %s: must not be negative", c.Delay)
	}
	if c.Timeout <= 0 {
		return usageError("--timeout %s: must be positive", c.Timeout)
	}
	if c.RunTimeout < 0 {
		return usageError("--run-timeout %s: must not be negative (0 for none)", c.RunTimeout)
	}
	if c.DB == "" {
		return usageError("--db: empty path")
	}
	return nil
}

func fmtDuration(d time.Duration) string {
	if d < time.Second {
		return d.Round(time.Millisecond).String()
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// openDB opens the store with the scraper's product codes, which a database made before
// codes existed needs when it is migrated.
func openDB(ctx context.Context, path string) (*store.DB, error) {
	return store.Open(ctx, path, store.WithProductCode(scraper.ProductCode))
}
