package publish_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ohiomc/omc/data"
	"github.com/ohiomc/omc/publish"
)

func TestBuildContent(t *testing.T) {
	fsys := fstest.MapFS{
		"events.yaml": {Data: []byte(`title: Events
events:
  - name: "Cannabis Cup"
    date: "2026-04-20"
    attendees: 300
    free: true
    markdown: |
      Bring **ID**. <script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.org)
`)},
		"introduction.md": {Data: []byte("# Hello\n\nWelcome to *Ohio*.\n")},
		"FORMAT.txt":      {Data: []byte("not published")},
	}
	files, err := publish.BuildContent(fsys)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 3 {
		t.Fatalf("published %d files: %v", len(files), keys(files))
	}
	if got := string(files["api/content/index"]); got != `{"names":["events","introduction"]}` {
		t.Errorf("index = %s", got)
	}
	var events struct {
		Title  string `json:"title"`
		Events []struct {
			Name      string `json:"name"`
			Date      string `json:"date"`
			Attendees int    `json:"attendees"`
			Free      bool   `json:"free"`
			HTML      string `json:"html"`
			Markdown  any    `json:"markdown"`
		} `json:"events"`
	}
	if err := json.Unmarshal(files["api/content/events"], &events); err != nil {
		t.Fatal(err)
	}
	e := events.Events[0]
	if events.Title != "Events" || e.Name != "Cannabis Cup" || e.Date != "2026-04-20" || e.Attendees != 300 || !e.Free || e.Markdown != nil {
		t.Errorf("events = %+v", events)
	}
	if !strings.Contains(e.HTML, "<strong>ID</strong>") || !strings.Contains(e.HTML, `href="https://example.org"`) {
		t.Errorf("markdown not rendered: %s", e.HTML)
	}
	if strings.Contains(e.HTML, "<script") || strings.Contains(e.HTML, "javascript:") {
		t.Errorf("unsafe HTML kept: %s", e.HTML)
	}
	if got := string(files["api/content/introduction"]); !strings.Contains(got, `<h1>Hello</h1>`) || !strings.Contains(got, "<em>Ohio</em>") {
		t.Errorf("introduction = %s", got)
	}
}

func TestBuildContentBadInput(t *testing.T) {
	for name, tc := range map[string]struct {
		fsys fstest.MapFS
		want string
	}{
		"yaml syntax":  {fstest.MapFS{"events.yaml": {Data: []byte("a: [1, 2\nb: 3\n")}}, "content events.yaml: yaml: line"},
		"repeated key": {fstest.MapFS{"maps.yaml": {Data: []byte("a: 1\nb: 2\na: 3\n")}}, `content maps.yaml: line 3: key "a" repeated`},
		"bad name":     {fstest.MapFS{"Other Maps.yaml": {Data: []byte("a: 1\n")}}, "content Other Maps.yaml: name must be"},
		"yaml and md":  {fstest.MapFS{"intro.md": {Data: []byte("x")}, "intro.yaml": {Data: []byte("a: 1\n")}}, "content intro.yaml: intro.yaml and intro.md both exist"},
		"empty yaml":   {fstest.MapFS{"empty.yaml": {Data: []byte("")}}, "content empty.yaml: empty document"},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := publish.BuildContent(tc.fsys)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestEmbeddedContentPublishes keeps the maintainers' content folder publishable.
func TestEmbeddedContentPublishes(t *testing.T) {
	files, err := publish.BuildContent(data.Content())
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := files["api/content/index"]; !ok {
		t.Fatal("no index")
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
