package publish

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"sort"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"gopkg.in/yaml.v3"
)

// ContentDir is where the community pages' content goes in the published tree.
const ContentDir = "api/content/"

// contentName is a publishable content file name: lower case words and hyphens.
var contentName = regexp.MustCompile(`^[a-z0-9]+(?:-[a-z0-9]+)*$`)

// markdown renders content Markdown. goldmark is CommonMark-compliant and, without
// WithUnsafe, drops raw HTML and dangerous link schemes (javascript:, vbscript:, data:
// outside images), so the site can insert the result as HTML.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// BuildContent converts every <name>.yaml and <name>.md of fsys into api/content/<name>
// (format: data/content/FORMAT.txt) and adds api/content/index listing them. Other files
// are not published. A file that does not parse is an error naming it and the line.
func BuildContent(fsys fs.FS) (map[string][]byte, error) {
	files := map[string][]byte{}
	names := []string{}
	if fsys != nil {
		entries, err := fs.ReadDir(fsys, ".")
		if err != nil {
			return nil, fmt.Errorf("content: %w", err)
		}
		for _, e := range entries {
			ext := path.Ext(e.Name())
			if e.IsDir() || (ext != ".yaml" && ext != ".md") {
				continue
			}
			name := strings.TrimSuffix(e.Name(), ext)
			if !contentName.MatchString(name) {
				return nil, fmt.Errorf("content %s: name must be lower case letters, digits and hyphens", e.Name())
			}
			if _, dup := files[ContentDir+name]; dup {
				return nil, fmt.Errorf("content %s: %s.yaml and %s.md both exist", e.Name(), name, name)
			}
			raw, err := fs.ReadFile(fsys, e.Name())
			if err != nil {
				return nil, fmt.Errorf("content %s: %w", e.Name(), err)
			}
			var v any
			if ext == ".md" {
				html, err := renderMarkdown(raw)
				if err != nil {
					return nil, fmt.Errorf("content %s: %w", e.Name(), err)
				}
				v = map[string]any{"html": html}
			} else if v, err = yamlContent(raw); err != nil {
				return nil, fmt.Errorf("content %s: %w", e.Name(), err)
			}
			b, err := marshal(v)
			if err != nil {
				return nil, fmt.Errorf("content %s: %w", e.Name(), err)
			}
			files[ContentDir+name] = b
			names = append(names, name)
		}
	}
	sort.Strings(names)
	index, err := marshal(map[string]any{"names": names})
	if err != nil {
		return nil, err
	}
	files[ContentDir+"index"] = index
	return files, nil
}

// yamlContent decodes a YAML document into JSON-ready values and renders its markdown
// keys. yaml.v3 reports errors with their line.
func yamlContent(raw []byte) (any, error) {
	var node yaml.Node
	if err := yaml.Unmarshal(raw, &node); err != nil {
		return nil, err
	}
	if len(node.Content) == 0 {
		return nil, fmt.Errorf("empty document")
	}
	return convertNode(node.Content[0])
}

// convertNode walks the YAML tree itself rather than decoding into any, so that every
// scalar keeps the type YAML gives it without time.Time surprises, mapping keys are
// strings, and errors name their line.
func convertNode(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: mapping keys must be plain words", k.Line)
			}
			if _, dup := out[k.Value]; dup {
				return nil, fmt.Errorf("line %d: key %q repeated", k.Line, k.Value)
			}
			if k.Value == "markdown" && v.Kind == yaml.ScalarNode {
				html, err := renderMarkdown([]byte(v.Value))
				if err != nil {
					return nil, fmt.Errorf("line %d: %w", v.Line, err)
				}
				out["html"] = html
				continue
			}
			cv, err := convertNode(v)
			if err != nil {
				return nil, err
			}
			out[k.Value] = cv
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			cv, err := convertNode(c)
			if err != nil {
				return nil, err
			}
			out = append(out, cv)
		}
		return out, nil
	case yaml.AliasNode:
		return convertNode(n.Alias)
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return nil, nil
		case "!!bool", "!!int", "!!float":
			var v any
			if err := n.Decode(&v); err != nil {
				return nil, fmt.Errorf("line %d: %w", n.Line, err)
			}
			return v, nil
		default: // strings, and timestamps kept as written
			return n.Value, nil
		}
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

func renderMarkdown(src []byte) (string, error) {
	var buf bytes.Buffer
	if err := markdown.Convert(src, &buf); err != nil {
		return "", fmt.Errorf("markdown: %w", err)
	}
	return buf.String(), nil
}
