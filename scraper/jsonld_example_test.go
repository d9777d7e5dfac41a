package scraper

import (
	"io/fs"
	"net/http/httptest"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/ohiomc/omc/data"
)

// TestJSONLDFeedbackExample reads the JSON-LD example the Feedback page gives dispensaries
// (data/content/feedback.yaml, jsonLdExample) with the jsonld adapter, as a store's own
// page that carries it: the example must stay one that omc reads, price, sale and size
// included.
func TestJSONLDFeedbackExample(t *testing.T) {
	raw, err := fs.ReadFile(data.Content(), "feedback.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		JSONLDExample string `yaml:"jsonLdExample"`
	}
	if err := yaml.Unmarshal(raw, &page); err != nil {
		t.Fatalf("feedback.yaml: %v", err)
	}
	if page.JSONLDExample == "" {
		t.Fatal("feedback.yaml has no jsonLdExample")
	}
	html := "<!DOCTYPE html><html><head><title>Our menu</title></head><body>\n" + page.JSONLDExample + "</body></html>"
	srv := httptest.NewServer(&pageServer{pages: map[string][]byte{"/menu": []byte(html)}})
	defer srv.Close()
	menu, err := pageFetch(t, jsonldPlatform, srv, data.MenuSource{Market: data.Recreational, Platform: "jsonld", URL: "https://store.example/menu"})
	if err != nil {
		t.Fatal(err)
	}
	if len(menu.Offers) != 2 || len(menu.Skipped) != 0 {
		t.Fatalf("read %d offers, skipped %q: want the example's 2, none skipped", len(menu.Offers), menu.Skipped)
	}
	menuWant{id: "FLW-1001", size: "3.5 g", name: "Wedding Cake 3.5g", category: data.Flower, price: 50, sale: 40, grams: 3.5, inStock: true,
		thc: 24.1, unit: "%"}.check(t, menu.Offers)
	menuWant{id: "EDB-2001", name: "Watermelon Gummies 10pk 100mg", category: data.Edible, price: 25, mg: 100, inStock: true,
		thc: 100, unit: "mg"}.check(t, menu.Offers)
}
