package publish_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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
	files, err := publish.BuildContent(fsys, false)
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
			_, err := publish.BuildContent(tc.fsys, false)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

// TestEmbeddedContentPublishes keeps the maintainers' content folder publishable, as a
// real publish reads it and as the demo does, with its sample pages.
func TestEmbeddedContentPublishes(t *testing.T) {
	real, err := publish.BuildContent(data.Content(), false)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := real["api/content/index"]; !ok {
		t.Fatal("no index")
	}
	sample, err := publish.BuildContent(data.Content(), true)
	if err != nil {
		t.Fatal(err)
	}
	if string(sample["api/content/index"]) != string(real["api/content/index"]) {
		t.Errorf("the sample pages publish other names: %s against %s", sample["api/content/index"], real["api/content/index"])
	}
	// Every community screen that is empty until a maintainer fills it has a sample page.
	for _, name := range []string{"chat", "social", "events", "donations", "march-madness-2025"} {
		var page map[string]any
		if err := json.Unmarshal(sample["api/content/"+name], &page); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if page["sample"] != true {
			t.Errorf("the demo's %s is not marked sample: %v", name, page)
		}
		if strings.Contains(string(real["api/content/"+name]), `"sample"`) {
			t.Errorf("a real publish marks %s as sample", name)
		}
	}
}

// TestBuildContentSample: sample pages replace their namesakes only when the data is
// sample data, each marked; a page with no sample stays as it is.
func TestBuildContentSample(t *testing.T) {
	fsys := fstest.MapFS{
		"chat.yaml":          {Data: []byte("markdown: Real text.\ninvite: \"\"\n")},
		"introduction.md":    {Data: []byte("Hello.\n")},
		"sample/chat.yaml":   {Data: []byte("markdown: Sample text.\ninvite: https://discord.gg/example\n")},
		"sample/README.txt":  {Data: []byte("not published")},
		"sample/events.yaml": {Data: []byte("events: []\n")},
	}
	real, err := publish.BuildContent(fsys, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(real["api/content/chat"]); got != `{"html":"<p>Real text.</p>\n","invite":""}` {
		t.Errorf("real chat = %s", got)
	}
	if _, ok := real["api/content/events"]; ok {
		t.Error("a sample page without a namesake was published by a real publish")
	}
	sample, err := publish.BuildContent(fsys, true)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(sample["api/content/chat"]); got != `{"html":"<p>Sample text.</p>\n","invite":"https://discord.gg/example","sample":true}` {
		t.Errorf("sample chat = %s", got)
	}
	if got := string(sample["api/content/introduction"]); got != string(real["api/content/introduction"]) {
		t.Errorf("introduction changed: %s", got)
	}
	if got := string(sample["api/content/index"]); got != `{"names":["chat","events","introduction"]}` {
		t.Errorf("index = %s", got)
	}
	bad := fstest.MapFS{"chat.yaml": {Data: []byte("a: 1\n")}, "sample/chat.yaml": {Data: []byte("- a list\n")}}
	if _, err := publish.BuildContent(bad, true); err == nil || !strings.Contains(err.Error(), "content sample/chat: a sample page must be a mapping") {
		t.Errorf("a list as a sample page: err = %v", err)
	}
	if _, err := publish.BuildContent(fstest.MapFS{"chat.yaml": {Data: []byte("a: 1\n")}}, true); err != nil {
		t.Errorf("no sample folder: %v", err)
	}
}

func keys(m map[string][]byte) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

// TestSiteContentFixtures keeps the site's unit-test copies of the community pages
// (site/src/testing/fixtures/content) equal to what omc publishes from data/content, so
// the site's tests see the pages shoppers get. Refresh them with
// go test ./publish -run TestSiteContentFixtures -update.
func TestSiteContentFixtures(t *testing.T) {
	files, err := publish.BuildContent(data.Content(), false)
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "site", "src", "testing", "fixtures", "content")
	copies, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(copies) == 0 {
		t.Fatalf("no copies in %s (%v)", dir, err)
	}
	for _, file := range copies {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		published, ok := files["api/content/"+name]
		if !ok {
			t.Errorf("%s: data/content publishes no %s", file, name)
			continue
		}
		got, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if jsonEqual(t, got, published) {
			continue
		}
		if *update {
			var want bytes.Buffer
			if err := json.Indent(&want, published, "", "  "); err != nil {
				t.Fatal(err)
			}
			want.WriteByte('\n')
			if err := os.WriteFile(file, want.Bytes(), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("%s differs from what omc publishes for data/content/%s: refresh it with go test ./publish -run TestSiteContentFixtures -update", file, name)
		}
	}
}

func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatal(err)
	}
	xb, _ := json.Marshal(x)
	yb, _ := json.Marshal(y)
	return bytes.Equal(xb, yb)
}
