package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/scraper"
)

// Config is every setting of omc. Precedence: flags, then OMC_* environment variables,
// then DefaultConfig.
type Config struct {
	DB            string        // OMC_DB
	Registry      string        // OMC_REGISTRY; empty = the embedded registry
	Out           string        // OMC_OUT
	SiteDir       string        // OMC_SITE_DIR
	Addr          string        // OMC_ADDR
	Schedule      string        // OMC_SCHEDULE
	Delay         time.Duration // OMC_DELAY
	Timeout       time.Duration // OMC_TIMEOUT
	Announcements string        // OMC_ANNOUNCEMENTS; empty = the embedded file
	Content       string        // OMC_CONTENT, a folder like data/content; empty = the embedded one
	Now           string        // OMC_NOW, RFC 3339; empty = the clock
	Storage       string        // OMC_HISTORY_STORAGE: where omc history keeps copies
	// Sample marks the published shopping data as sample data (omc demo, publish --sample).
	Sample bool
}

// DefaultConfig is the configuration with no flags and no environment.
func DefaultConfig() Config {
	return Config{
		DB:       "data/omc.db",
		Out:      "out",
		SiteDir:  "site/dist",
		Addr:     "127.0.0.1:8080",
		Schedule: "15 */4 * * *",
		Delay:    2 * time.Second,
		Timeout:  30 * time.Second,
	}
}

// envNames maps flags to their environment variables.
var envNames = map[string]string{
	"db": "OMC_DB", "registry": "OMC_REGISTRY", "out": "OMC_OUT", "dir": "OMC_SITE_DIR", "addr": "OMC_ADDR",
	"schedule": "OMC_SCHEDULE", "delay": "OMC_DELAY", "timeout": "OMC_TIMEOUT",
	"announcements": "OMC_ANNOUNCEMENTS", "content": "OMC_CONTENT", "now": "OMC_NOW",
	"storage": "OMC_HISTORY_STORAGE",
}

// applyEnv sets every flag the user did not give from its environment variable.
func applyEnv(cmd *cobra.Command, getenv func(string) string) error {
	var err error
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		name, ok := envNames[f.Name]
		if !ok || f.Changed || err != nil {
			return
		}
		if v := getenv(name); v != "" {
			if e := f.Value.Set(v); e != nil {
				err = usageError("%s=%q: %v", name, v, e)
			}
		}
	})
	return err
}

func addNowFlag(cmd *cobra.Command, c *Config) {
	cmd.Flags().StringVar(&c.Now, "now", c.Now, "fixed current time, RFC 3339 (reproducible runs)")
}

func addDBFlag(cmd *cobra.Command, c *Config) {
	cmd.Flags().StringVar(&c.DB, "db", c.DB, "SQLite database file")
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

func (c Config) validate() error {
	if c.Delay < 0 {
		return usageError("--delay %s: must not be negative", c.Delay)
	}
	if c.Timeout <= 0 {
		return usageError("--timeout %s: must be positive", c.Timeout)
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
func openDB(ctx context.Context, path string) (*data.DB, error) {
	return data.Open(ctx, path, data.WithProductCode(scraper.ProductCode))
}
