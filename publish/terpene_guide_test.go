package publish_test

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ohiomc/omc/publish"
)

// TestTerpeneGuidePages: every slug and alias the terpene guide describes has its
// api/terpenes/<slug>, with the products of the menus listing it (limonene, on the
// shop's menus) or none (linalool and its alias, on no menu), and none is added to the
// index; a slug that cannot be a page is left out and named in the manifest.
func TestTerpeneGuidePages(t *testing.T) {
	guide := `terpenes:
  - {slug: limonene, name: Limonene, aliases: [d-limonene]}
  - {slug: linalool, name: Linalool, aliases: [beta-linalool, "Not A Slug"]}
`
	content := fstest.MapFS{"terpenes.yaml": {Data: []byte(guide)}}
	files, m := publishFiles(t, shopDB(t), publish.Options{Now: now, Content: content})
	page := func(slug string) (p publish.TerpenePage) {
		t.Helper()
		b, ok := files[publish.PathTerpenes+slug]
		if !ok {
			t.Fatalf("api/terpenes/%s not published", slug)
		}
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	if p := page("limonene"); len(p.Products) == 0 {
		t.Errorf("limonene, on the menus, lost its products: %+v", p)
	}
	for _, slug := range []string{"d-limonene", "linalool", "beta-linalool"} {
		p := page(slug)
		if p.Slug != slug || p.Products == nil || len(p.Products) != 0 || p.Name == "" {
			t.Errorf("%s: %+v, want its slug, the guide's name and no product", slug, p)
		}
	}
	if p := page("beta-linalool"); p.Name != "Linalool" {
		t.Errorf("the alias beta-linalool is named %q, want the guide's Linalool", p.Name)
	}
	if strings.Contains(string(files[publish.PathTerpenes+"index"]), "linalool") {
		t.Errorf("the index counts a terpene no menu lists: %s", files[publish.PathTerpenes+"index"])
	}
	if _, ok := files[publish.PathTerpenes+"not-a-slug"]; ok {
		t.Error("a page for a slug the guide did not give")
	}
	if !slicesContain(m.LeftOut, `"Not A Slug"`) {
		t.Errorf("left out %q, want the bad slug named", m.LeftOut)
	}
	// Without a guide, the pages are the menus' alone.
	files, _ = publishFiles(t, shopDB(t), publish.Options{Now: now})
	if _, ok := files[publish.PathTerpenes+"linalool"]; ok {
		t.Error("api/terpenes/linalool without a guide naming it or a menu listing it")
	}
}

func slicesContain(list []string, part string) bool {
	for _, s := range list {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}
