package data

import (
	_ "embed"
	"fmt"
	"os"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

//go:embed announcements.yaml
var defaultAnnouncementsYAML []byte

// Announcement is a message shown on the homepage while it is active.
type Announcement struct {
	Text string `yaml:"text" json:"text"`
	// From and Until bound when it is shown; zero means unbounded.
	From  time.Time `yaml:"from,omitempty" json:"-"`
	Until time.Time `yaml:"until,omitempty" json:"-"`
}

// Active reports whether the announcement is shown at now.
func (a Announcement) Active(now time.Time) bool {
	return (a.From.IsZero() || !now.Before(a.From)) && (a.Until.IsZero() || now.Before(a.Until))
}

// DefaultAnnouncements returns the embedded data/announcements.yaml.
func DefaultAnnouncements() ([]Announcement, error) {
	return ParseAnnouncements("embedded data/announcements.yaml", defaultAnnouncementsYAML)
}

// LoadAnnouncements reads an announcements file.
func LoadAnnouncements(path string) ([]Announcement, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("announcements %s: %v", path, err)}
	}
	return ParseAnnouncements(path, raw)
}

// ParseAnnouncements parses announcements YAML: a list of {text, from, until}.
func ParseAnnouncements(source string, raw []byte) ([]Announcement, error) {
	var as []Announcement
	if err := yaml.Unmarshal(raw, &as); err != nil {
		return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("announcements %s: %v", source, err)}
	}
	for i, a := range as {
		if strings.TrimSpace(a.Text) == "" {
			return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("announcements %s: entry %d has no text", source, i+1)}
		}
		if !a.From.IsZero() && !a.Until.IsZero() && !a.Until.After(a.From) {
			return nil, &Error{Code: EINVALID, Message: fmt.Sprintf("announcements %s: entry %d ends before it starts", source, i+1)}
		}
	}
	return as, nil
}
