package main

import (
	"os"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// docs/commands.md is the reference beside --help: every command of the real command
// tree has its row there, and every setting its flag and variable in the settings table,
// so a new command or setting cannot ship undocumented.
func TestCommandsDocListsEveryCommand(t *testing.T) {
	raw, err := os.ReadFile("../../docs/commands.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	var walk func(prefix string, c *cobra.Command)
	walk = func(prefix string, c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" || sub.Name() == "completion" {
				continue
			}
			name := prefix + " " + sub.Name()
			if sub.HasSubCommands() {
				walk(name, sub)
				continue
			}
			if !documented(doc, name) {
				t.Errorf("docs/commands.md has no row for %s", name)
			}
		}
	}
	walk("omc", newRootCmd(deps{}))
	for _, s := range settings {
		if !strings.Contains(doc, "| `--"+s.flag+"` | `"+s.env+"` |") {
			t.Errorf("docs/commands.md's settings table has no row for --%s (%s)", s.flag, s.env)
		}
	}
}

// documented reports whether a row of the commands table names the command in its first
// cell, alone or as one of a group ("omc history restore\|check\|save").
func documented(doc, name string) bool {
	parent, leaf := name[:strings.LastIndex(name, " ")], name[strings.LastIndex(name, " ")+1:]
	for _, line := range strings.Split(doc, "\n") {
		cell, _, _ := strings.Cut(strings.TrimPrefix(line, "| "), " | ")
		if !strings.HasPrefix(cell, "`"+parent+" ") {
			continue
		}
		words := strings.FieldsFunc(cell, func(r rune) bool { return r == ' ' || r == '`' || r == '|' || r == '\\' })
		for _, w := range words {
			if w == leaf {
				return true
			}
		}
	}
	return false
}
