package publish

import (
	"bytes"
	"errors"
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

// SampleContentDir is the content folder's subfolder of sample pages: when the shopping
// data is sample data (omc demo), each of its files replaces its namesake, marked
// "sample": true, so the demo shows every community screen with something in it and
// says it is made up. A real publish never reads it.
const SampleContentDir = "sample"

// BuildContent converts every <name>.yaml and <name>.md of fsys into api/content/<name>
// (format: data/content/FORMAT.txt) and adds api/content/index listing them. Other files
// are not published. A file that does not parse is an error naming it and the line.
// With sample, the pages of fsys's SampleContentDir replace their namesakes.
func BuildContent(fsys fs.FS, sample bool) (map[string][]byte, error) {
	pages := map[string]any{}
	if fsys != nil {
		if err := readContentDir(fsys, ".", pages); err != nil {
			return nil, err
		}
		if sample {
			samples := map[string]any{}
			if err := readContentDir(fsys, SampleContentDir, samples); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return nil, err
			}
			for name, v := range samples {
				marked, err := markedSample(name, v)
				if err != nil {
					return nil, err
				}
				pages[name] = marked
			}
		}
	}
	files := make(map[string][]byte, len(pages)+1)
	names := make([]string, 0, len(pages))
	for name, v := range pages {
		b, err := marshal(v)
		if err != nil {
			return nil, fmt.Errorf("content %s: %w", name, err)
		}
		files[ContentDir+name] = b
		names = append(names, name)
	}
	sort.Strings(names)
	index, err := marshal(map[string]any{"names": names})
	if err != nil {
		return nil, err
	}
	files[ContentDir+"index"] = index
	return files, nil
}

// readContentDir reads the pages of one folder of fsys into pages (name → JSON-ready
// value); a name given twice (a .yaml and a .md) is an error.
func readContentDir(fsys fs.FS, dir string, pages map[string]any) error {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return fmt.Errorf("content: %w", err)
	}
	for _, e := range entries {
		ext := path.Ext(e.Name())
		if e.IsDir() || (ext != ".yaml" && ext != ".md") {
			continue
		}
		file := path.Join(dir, e.Name())
		name := strings.TrimSuffix(e.Name(), ext)
		if !contentName.MatchString(name) {
			return fmt.Errorf("content %s: name must be lower case letters, digits and hyphens", file)
		}
		if _, dup := pages[name]; dup {
			return fmt.Errorf("content %s: %s.yaml and %s.md both exist", file, name, name)
		}
		raw, err := fs.ReadFile(fsys, file)
		if err != nil {
			return fmt.Errorf("content %s: %w", file, err)
		}
		var v any
		if ext == ".md" {
			html, err := renderMarkdown(raw)
			if err != nil {
				return fmt.Errorf("content %s: %w", file, err)
			}
			v = map[string]any{"html": html}
		} else if v, err = yamlContent(raw); err != nil {
			return fmt.Errorf("content %s: %w", file, err)
		}
		pages[name] = v
	}
	return nil
}

// markedSample is a sample page with "sample": true, which the site shows as a notice.
// Every community page is a mapping; a sample page that is not is refused, naming it.
func markedSample(name string, v any) (any, error) {
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("content %s/%s: a sample page must be a mapping of keys, as its namesake is", SampleContentDir, name)
	}
	m["sample"] = true
	return m, nil
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
