package publish_test

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ohiomc/omc/publish"
)

// atomDoc reads a feed by RFC 4287's element names, to check what a reader needs.
type atomDoc struct {
	XMLName  xml.Name `xml:"feed"`
	ID       string   `xml:"id"`
	Title    string   `xml:"title"`
	Subtitle string   `xml:"subtitle"`
	Updated  string   `xml:"updated"`
	Author   []struct {
		Name string `xml:"name"`
	} `xml:"author"`
	Links   []atomDocLink `xml:"link"`
	Entries []struct {
		ID      string        `xml:"id"`
		Title   string        `xml:"title"`
		Updated string        `xml:"updated"`
		Links   []atomDocLink `xml:"link"`
		Summary string        `xml:"summary"`
		Content struct {
			Type string `xml:"type,attr"`
			Body string `xml:",chardata"`
		} `xml:"content"`
	} `xml:"entry"`
}

type atomDocLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
	Href string `xml:"href,attr"`
}

func parseAtom(t *testing.T, path string, b []byte) atomDoc {
	t.Helper()
	var doc atomDoc
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if doc.XMLName.Space != "http://www.w3.org/2005/Atom" {
		t.Fatalf("%s: root element %v is not Atom's feed", path, doc.XMLName)
	}
	return doc
}

// dealFeeds are the deal feeds of files by path.
func dealFeeds(t *testing.T, files map[string][]byte) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	for path, b := range files {
		if strings.HasPrefix(path, publish.PathFeeds) {
			out[path] = b
		}
	}
	// All Ohio and the five regions.
	if len(out) != 6 || out[publish.PathDealsFeed] == nil || out["feeds/deals-northeast.atom"] == nil {
		t.Fatalf("feeds published: %d", len(out))
	}
	return out
}

// TestDealsFeedGolden: the feeds as omc publish writes them.
func TestDealsFeedGolden(t *testing.T) {
	files, _ := publishFiles(t, shopDB(t), publish.Options{Now: now, SiteURL: "https://ohiomc.example/"})
	feeds := dealFeeds(t, files)
	for name, path := range map[string]string{"deals-feed": publish.PathDealsFeed, "deals-feed-northeast": "feeds/deals-northeast.atom"} {
		file := filepath.Join("testdata", name+".golden.atom")
		if *update {
			if err := os.WriteFile(file, feeds[path], 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatalf("%v (run go test ./publish -update)", err)
		}
		if !bytes.Equal(feeds[path], want) {
			t.Errorf("%s differs from %s (run go test ./publish -update):\n%s", path, file, feeds[path])
		}
	}
}

// TestDealsFeedIsAtom: every feed has Atom 1.0's required elements (RFC 4287 §4.1.1,
// §4.1.2: id, title, updated, an author, and for each entry id, title, updated, a link
// or content), a self link, and each entry the deal's store, product, size, price
// paid, struck regular price, unit price and a link to the product's page.
func TestDealsFeedIsAtom(t *testing.T) {
	files, _ := publishFiles(t, shopDB(t), publish.Options{Now: now, SiteURL: "https://ohiomc.example"})
	var deals struct {
		Top []publish.DealOffer `json:"top"`
	}
	if err := json.Unmarshal(files["api/deals/index"], &deals); err != nil {
		t.Fatal(err)
	}
	if len(deals.Top) == 0 {
		t.Fatal("the test store has no deals")
	}
	for path, b := range dealFeeds(t, files) {
		doc := parseAtom(t, path, b)
		rfc3339 := func(what, v string) {
			if _, err := time.Parse(time.RFC3339, v); err != nil {
				t.Errorf("%s: %s %q is not an RFC 3339 date", path, what, v)
			}
		}
		if !strings.HasPrefix(doc.ID, "urn:uuid:") || doc.Title == "" || len(doc.Author) == 0 || doc.Author[0].Name == "" {
			t.Errorf("%s: id %q, title %q, author %v", path, doc.ID, doc.Title, doc.Author)
		}
		rfc3339("updated", doc.Updated)
		self := false
		for _, l := range doc.Links {
			self = self || (l.Rel == "self" && l.Href == "https://ohiomc.example/"+path && l.Type == "application/atom+xml")
		}
		if !self {
			t.Errorf("%s: no self link to itself: %+v", path, doc.Links)
		}
		ids := map[string]bool{}
		for _, e := range doc.Entries {
			if !strings.HasPrefix(e.ID, "urn:uuid:") || ids[e.ID] || e.Title == "" || e.Content.Body == "" || e.Content.Type != "html" {
				t.Errorf("%s: entry id %q (repeated: %v), title %q, content %q", path, e.ID, ids[e.ID], e.Title, e.Content.Body)
			}
			ids[e.ID] = true
			rfc3339("entry updated", e.Updated)
			if len(e.Links) != 1 || e.Links[0].Rel != "alternate" || !strings.HasPrefix(e.Links[0].Href, "https://ohiomc.example/product/") {
				t.Errorf("%s: entry %q links %+v", path, e.Title, e.Links)
			}
		}
	}
	// The best deal, entry by entry: what a shopper needs to judge it.
	doc := parseAtom(t, publish.PathDealsFeed, files[publish.PathDealsFeed])
	if len(doc.Entries) != min(len(deals.Top), publish.FeedDeals) {
		t.Fatalf("%d entries for %d deals", len(doc.Entries), len(deals.Top))
	}
	d, e := deals.Top[0], doc.Entries[0]
	for _, want := range []string{d.StoreName, d.Name, d.Size, money(d.SalePrice), "<del>" + money(d.Price) + "</del>", money(*d.UnitPrice) + "/"} {
		if !strings.Contains(e.Content.Body, want) {
			t.Errorf("the best deal's entry lacks %q:\n%s", want, e.Content.Body)
		}
	}
	if want := "https://ohiomc.example/product/" + d.Code; e.Links[0].Href != want {
		t.Errorf("the best deal links %s, want %s", e.Links[0].Href, want)
	}
	if e.Updated != *d.LastUpdate {
		t.Errorf("the best deal was updated %s, its menu read %s", e.Updated, *d.LastUpdate)
	}
}

// TestDealsFeedIDsStable: two publishes of the same menus, an hour apart, give the
// feeds and their deals the same ids; without a site address the links are paths on
// the feed's own host; sample data says so in the title and subtitle.
func TestDealsFeedIDsStable(t *testing.T) {
	db := shopDB(t)
	first, _ := publishFiles(t, db, publish.Options{Now: now})
	second, _ := publishFiles(t, db, publish.Options{Now: now.Add(time.Hour), Sample: true})
	a := parseAtom(t, "first", first[publish.PathDealsFeed])
	b := parseAtom(t, "second", second[publish.PathDealsFeed])
	if a.ID != b.ID || len(a.Entries) == 0 || len(a.Entries) != len(b.Entries) {
		t.Fatalf("feed ids %s, %s; %d and %d entries", a.ID, b.ID, len(a.Entries), len(b.Entries))
	}
	for i := range a.Entries {
		if a.Entries[i].ID != b.Entries[i].ID {
			t.Errorf("entry %d (%s): id %s, then %s", i, a.Entries[i].Title, a.Entries[i].ID, b.Entries[i].ID)
		}
		if href := a.Entries[i].Links[0].Href; !strings.HasPrefix(href, "/product/") {
			t.Errorf("without a site address, entry %d links %s", i, href)
		}
	}
	if strings.Contains(a.Title+a.Subtitle, "Sample") || !strings.HasPrefix(b.Title, "Sample data: ") || !strings.HasPrefix(b.Subtitle, "Sample data: ") {
		t.Errorf("titles %q / %q, then %q / %q", a.Title, a.Subtitle, b.Title, b.Subtitle)
	}
	if strings.Contains(a.Entries[0].Content.Body, "Sample") || !strings.Contains(b.Entries[0].Content.Body, "Sample data") {
		t.Errorf("sample entries must say so, others not:\n%s\n%s", a.Entries[0].Content.Body, b.Entries[0].Content.Body)
	}
}

func money(v float64) string { return fmt.Sprintf("$%.2f", v) }
