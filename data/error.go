package data

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"syscall"
	"time"

	"gopkg.in/yaml.v3"
)

// Reason is the outcome of a fetch, from a fixed set.
type Reason string

// Fetch outcomes.
const (
	ReasonOK    Reason = "ok"
	ReasonEmpty Reason = "empty" // the menu answered with no products
	// ReasonEmptyCategory: the menu answered, but with no products in a category it
	// had products in before (recorded for that category only).
	ReasonEmptyCategory Reason = "empty_category"
	ReasonHTTPStatus    Reason = "http_status" // a non-2xx status after retries
	ReasonTimeout       Reason = "timeout"
	ReasonNetwork       Reason = "network"   // connection refused, DNS, reset
	ReasonBlocked       Reason = "blocked"   // a bot challenge page instead of data
	ReasonRobots        Reason = "robots"    // robots.txt disallows the URL
	ReasonParse         Reason = "parse"     // the body is not what the adapter expects
	ReasonTooLarge      Reason = "too_large" // the body exceeded the size cap
	ReasonConfig        Reason = "config"    // the menu source lacks an identifier
	ReasonRedirect      Reason = "redirect"  // a redirect to a URL that is not http(s)
	// ReasonRateLimited: the host asked to be left alone (429 or 503 with a Retry-After)
	// for longer than the run can afford; its other menus fail at once for this run.
	ReasonRateLimited Reason = "rate_limited"
	// ReasonKey: the platform refused the search key, or the page that publishes it had
	// none (Jane): the menu's chain needs its own apiKey or keyPage.
	ReasonKey Reason = "key"
	// ReasonOtherStore: the reply names another store (the platform's store id, name or
	// address): refused, not merged into this store's menu.
	ReasonOtherStore Reason = "other_store"
)

// FetchError is a failed fetch with its reason.
type FetchError struct {
	Reason Reason
	Status int
	Detail string
	Err    error
}

func (e *FetchError) Error() string {
	msg := string(e.Reason)
	if e.Status != 0 {
		msg += fmt.Sprintf(" %d", e.Status)
	}
	if e.Detail != "" {
		msg += ": " + e.Detail
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *FetchError) Unwrap() error { return e.Err }

// ReasonOf returns the fetch reason of err: its FetchError's reason, or network.
func ReasonOf(err error) Reason {
	if err == nil {
		return ReasonOK
	}
	var fe *FetchError
	if errors.As(err, &fe) {
		return fe.Reason
	}
	return ReasonNetwork
}

// StatusOf returns the HTTP status carried by err, or 0.
func StatusOf(err error) int {
	var fe *FetchError
	if errors.As(err, &fe) {
		return fe.Status
	}
	return 0
}

// Duration is a time.Duration written as "2s" in YAML.
type Duration struct{ time.Duration }

// UnmarshalYAML parses a Go duration string.
func (d *Duration) UnmarshalYAML(n *yaml.Node) error {
	var s string
	if err := n.Decode(&s); err != nil {
		return err
	}
	v, err := time.ParseDuration(s)
	if err != nil {
		return fmt.Errorf("bad duration %q: %w", s, err)
	}
	d.Duration = v
	return nil
}

// MarshalYAML writes the duration as a string.
func (d Duration) MarshalYAML() (any, error) { return d.Duration.String(), nil }

// Application error codes.
const (
	EINVALID       = "invalid"
	ENOTFOUND      = "not_found"
	ECONFLICT      = "conflict"
	EINTERNAL      = "internal"
	ELAYOUTCHANGED = "layout_changed"
)

// Error is an application error with a code and a message meant for people.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

// ErrorCode returns the code of err, EINTERNAL for errors that are not *Error, "" for nil.
func ErrorCode(err error) string {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e):
		return e.Code
	default:
		return EINTERNAL
	}
}

// PathError describes a file-system failure on a path the user gave (what failed, the
// path, the problem in words). When the place is at fault (missing permission, a
// read-only file system, a path through a file, a symbolic link loop) it is an EINVALID
// error, a configuration error; otherwise err wrapped with context.
func PathError(op, path string, err error) error {
	var pe *fs.PathError
	cause := err
	if errors.As(err, &pe) {
		cause = pe.Err
	}
	var problem string
	switch {
	case errors.Is(cause, fs.ErrPermission):
		problem = "permission denied"
	case errors.Is(cause, syscall.EROFS):
		problem = "read-only file system"
	case errors.Is(cause, syscall.ENOTDIR):
		problem = "a part of the path is a file, not a folder"
	case errors.Is(cause, syscall.EISDIR):
		problem = "is a folder"
	case errors.Is(cause, syscall.ELOOP):
		problem = "too many symbolic links (a loop?)"
	case errors.Is(cause, syscall.ENAMETOOLONG):
		problem = "name too long"
	default:
		return fmt.Errorf("%s %s: %w", op, path, err)
	}
	if pe != nil && pe.Path != "" && filepath.Clean(pe.Path) != filepath.Clean(path) {
		problem += " (" + pe.Path + ")"
	}
	return &Error{Code: EINVALID, Message: fmt.Sprintf("%s %s: %s", op, path, problem)}
}
