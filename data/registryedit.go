package data

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// AddLicences writes licence numbers into registry YAML: for each slug of licences, a
// "licence:" line in that dispensary's entry, under its name (else its slug), indented
// as its other keys. Every other byte stays as it was (comments, quoting, order, blank
// lines): the file is edited line by line where yaml.v3 says each entry is, not
// re-encoded. An entry written in flow style ({slug: …}), one that has a licence
// already, or a slug the file lacks is an error naming it; nothing is written then.
func AddLicences(raw []byte, licences map[string]string) ([]byte, error) {
	return editEntries(raw, "licence", "licences", slices.Collect(maps.Keys(licences)), func(slug string, item *yaml.Node) (*yaml.Node, string) {
		// Under the name when it is a one-line value, else under the slug.
		key, val := keyNode(item, "name"), fieldNode(item, "name")
		if key == nil || val.Line != key.Line || val.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
			key = keyNode(item, "slug")
		}
		return key, strings.Repeat(" ", key.Column-1) + "licence: " + strconv.Quote(licences[slug])
	})
}

// editEntries adds lines to each dispensary of registry YAML named in slugs: each gives
// the text and the key of the entry whose line (a one-line value) the text follows. An
// entry in flow style, one that has key already, or a slug the file lacks is a problem;
// with any, nothing is written. what names the edit in the error.
func editEntries(raw []byte, key, what string, slugs []string, each func(slug string, item *yaml.Node) (after *yaml.Node, text string)) ([]byte, error) {
	_, list, err := dispensaryList(raw)
	if err != nil {
		return nil, err
	}
	want := map[string]bool{}
	for _, s := range slugs {
		want[s] = true
	}
	var inserts []lineInsert
	done := map[string]bool{}
	var problems []string
	for _, item := range list.Content {
		slug := fieldNode(item, "slug")
		if slug == nil || !want[slug.Value] {
			continue
		}
		done[slug.Value] = true
		switch {
		case item.Style&yaml.FlowStyle != 0:
			problems = append(problems, fmt.Sprintf("%s (line %d) is written in flow style: add its %s by hand", slug.Value, item.Line, key))
			continue
		case fieldNode(item, key) != nil:
			problems = append(problems, fmt.Sprintf("%s (line %d) has a %s already", slug.Value, item.Line, key))
			continue
		}
		after, text := each(slug.Value, item)
		inserts = append(inserts, lineInsert{after: after.Line, text: text})
	}
	for _, slug := range slugs {
		if !done[slug] {
			problems = append(problems, fmt.Sprintf("no dispensary %q in the file", slug))
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		return nil, fmt.Errorf("registry: cannot write %s: %s", what, strings.Join(problems, "; "))
	}
	return insertLines(raw, inserts), nil
}

// keyNode is the key node of key in a mapping (fieldNode gives its value).
func keyNode(mapping *yaml.Node, key string) *yaml.Node {
	if mapping.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(mapping.Content); i += 2 {
		if mapping.Content[i].Value == key {
			return mapping.Content[i]
		}
	}
	return nil
}

// AddMenus writes menus into registry YAML: for each slug, a "menus:" block in that
// dispensary's entry, under its slug, one flow-style line a menu. The entry must have no
// menus key; every other byte stays as it was (AddLicences).
func AddMenus(raw []byte, menus map[string][]MenuSource) ([]byte, error) {
	return editEntries(raw, "menus", "menus", slices.Collect(maps.Keys(menus)), func(slug string, item *yaml.Node) (*yaml.Node, string) {
		key := keyNode(item, "slug")
		indent := strings.Repeat(" ", key.Column-1)
		text := indent + "menus:"
		for _, m := range menus[slug] {
			text += "\n" + indent + "  - " + menuLine(m)
		}
		return key, text
	})
}

// AppendDispensaries adds dispensaries at the end of registry YAML's dispensaries list,
// in the form of the embedded registry's entries, indented as the list's other entries.
func AppendDispensaries(raw []byte, ds []Dispensary) ([]byte, error) {
	top, list, err := dispensaryList(raw)
	if err != nil {
		return nil, err
	}
	if list.Style&yaml.FlowStyle != 0 {
		return nil, fmt.Errorf("registry: the dispensaries list (line %d) is written in flow style: add the stores by hand", list.Line)
	}
	indent := "  "
	if len(list.Content) > 0 && list.Content[0].Column > 2 {
		indent = strings.Repeat(" ", list.Content[0].Column-3)
	}
	var b strings.Builder
	for i, d := range ds {
		if i > 0 {
			b.WriteString("\n")
		}
		in := indent + "  "
		fmt.Fprintf(&b, "%s- slug: %s\n", indent, d.Slug)
		fmt.Fprintf(&b, "%sname: %s\n%scity: %s\n", in, strconv.Quote(d.Name), in, strconv.Quote(d.City))
		if d.Address != "" {
			fmt.Fprintf(&b, "%saddress: %s\n", in, strconv.Quote(d.Address))
		}
		if d.County != "" {
			fmt.Fprintf(&b, "%scounty: %s\n", in, strconv.Quote(d.County))
		}
		fmt.Fprintf(&b, "%sregion: %s\n", in, d.Region)
		if d.Lat != 0 || d.Lng != 0 {
			fmt.Fprintf(&b, "%slat: %s\n%slng: %s\n%scoordinates: %s\n", in, strconv.FormatFloat(d.Lat, 'f', -1, 64),
				in, strconv.FormatFloat(d.Lng, 'f', -1, 64), in, d.Coordinates)
		}
		fmt.Fprintf(&b, "%smedical: %t\n%sadultUse: %t\n", in, d.Medical, in, d.AdultUse)
		if d.Licence != "" {
			fmt.Fprintf(&b, "%slicence: %s\n", in, strconv.Quote(d.Licence))
		}
		if len(d.Menus) > 0 {
			fmt.Fprintf(&b, "%smenus:\n", in)
			for _, m := range d.Menus {
				fmt.Fprintf(&b, "%s  - %s\n", in, menuLine(m))
			}
		}
	}
	text := strings.TrimSuffix(b.String(), "\n")
	// After the list's last line: before the next top-level key, else at the end.
	after := len(strings.SplitAfter(strings.TrimSuffix(string(raw), "\n"), "\n"))
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i+1] == list && i+2 < len(top.Content) {
			after = top.Content[i+2].Line - 1
		}
	}
	return insertLines(raw, []lineInsert{{after: after, text: text}}), nil
}

// menuLine is a menu as one flow-style YAML mapping.
func menuLine(m MenuSource) string {
	parts := []string{"market: " + string(m.Market), "platform: " + m.Platform}
	for _, f := range []struct{ key, val string }{{"storeId", m.StoreID}, {"dispensaryId", m.DispensaryID}, {"cName", m.CName},
		{"endpoint", m.Endpoint}, {"url", m.URL}} {
		if f.val != "" {
			parts = append(parts, f.key+": "+strconv.Quote(f.val))
		}
	}
	if !m.IsVerified() {
		parts = append(parts, "verified: false")
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// dispensaryList is the top-level mapping of registry YAML and its dispensaries list.
func dispensaryList(raw []byte) (top, list *yaml.Node, err error) {
	var root yaml.Node
	if err := yaml.Unmarshal(raw, &root); err != nil {
		return nil, nil, fmt.Errorf("registry: %w", err)
	}
	if root.Kind != yaml.DocumentNode || len(root.Content) == 0 {
		return nil, nil, fmt.Errorf("registry: not a YAML document")
	}
	top = root.Content[0]
	list = fieldNode(top, "dispensaries")
	if list == nil || list.Kind != yaml.SequenceNode {
		return nil, nil, fmt.Errorf("registry: no dispensaries list")
	}
	return top, list, nil
}

// lineInsert is text (one or more lines, without the last line break) to put after
// line after (1-based; 0 puts it first).
type lineInsert struct {
	after int
	text  string
}

// insertLines puts each insert's text after its line, keeping the file's line breaks.
func insertLines(raw []byte, inserts []lineInsert) []byte {
	eol := "\n"
	if bytes.Contains(raw, []byte("\r\n")) {
		eol = "\r\n"
	}
	lines := strings.SplitAfter(string(raw), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	sort.SliceStable(inserts, func(i, j int) bool { return inserts[i].after > inserts[j].after })
	for _, in := range inserts {
		at := min(in.after, len(lines))
		if at > 0 && !strings.HasSuffix(lines[at-1], "\n") {
			lines[at-1] += eol
		}
		text := strings.ReplaceAll(in.text, "\n", eol) + eol
		lines = append(lines[:at], append([]string{text}, lines[at:]...)...)
	}
	return []byte(strings.Join(lines, ""))
}
