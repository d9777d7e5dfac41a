package publish

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"encoding/xml"
	"fmt"
	"html"
	"net/url"
	"strings"
	"time"

	"github.com/ohiomc/omc/data"
)

// The deal feeds: Atom 1.0 (RFC 4287) documents of the best deals on sale now, one for
// all Ohio and one per region, for feed readers. They are written with encoding/xml
// and this file's own element types rather than a feed library: the one the Go proxy
// offers here (gorilla/feeds) gives a feed a single link, where RFC 4287 wants both
// the feed's own address (rel="self") and the page it mirrors (rel="alternate"), and
// writes a category as element text where Atom wants a term attribute. Atom is a
// small format; the encoder does the escaping.

// Feed paths: outside api/, whose rule in _headers gives every file a JSON
// Content-Type (hosts join two rules' values, so a feed under api/ would be served as
// "application/json, application/atom+xml").
const (
	PathFeeds     = "feeds/"
	PathDealsFeed = PathFeeds + "deals.atom"
)

// FeedDeals is how many deals a feed lists: the largest discounts, as api/deals' top.
const FeedDeals = TopDeals

// AtomType is the feeds' Content-Type (RFC 4287 §7).
const AtomType = "application/atom+xml; charset=utf-8"

// dealsPagePath is the site's Deals screen (site/src/config/routes.ts, deals).
const dealsPagePath = "/dispensary-deals"

// dealsFeedPath is region's feed ("" for all Ohio).
func dealsFeedPath(region string) string {
	if region == "" {
		return PathDealsFeed
	}
	return PathFeeds + "deals-" + slugOf(region) + ".atom"
}

type atomFeed struct {
	XMLName  xml.Name    `xml:"http://www.w3.org/2005/Atom feed"`
	ID       string      `xml:"id"`
	Title    string      `xml:"title"`
	Subtitle string      `xml:"subtitle"`
	Updated  string      `xml:"updated"`
	Author   atomPerson  `xml:"author"`
	Links    []atomLink  `xml:"link"`
	Entries  []atomEntry `xml:"entry"`
}

type atomPerson struct {
	Name string `xml:"name"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr"`
	Type string `xml:"type,attr"`
	Href string `xml:"href,attr"`
}

type atomText struct {
	Type string `xml:"type,attr"`
	Body string `xml:",chardata"`
}

type atomCategory struct {
	Term string `xml:"term,attr"`
}

type atomEntry struct {
	ID       string         `xml:"id"`
	Title    string         `xml:"title"`
	Updated  string         `xml:"updated"`
	Links    []atomLink     `xml:"link"`
	Category []atomCategory `xml:"category"`
	Summary  atomText       `xml:"summary"`
	Content  atomText       `xml:"content"`
}

// encodeFile writes the feed as an XML document (fileEncoder).
func (f *atomFeed) encodeFile(buf *bytes.Buffer) error {
	buf.WriteString(xml.Header)
	enc := xml.NewEncoder(buf)
	enc.Indent("", "  ")
	if err := enc.Encode(f); err != nil {
		return err
	}
	buf.WriteByte('\n')
	return nil
}

// feedID is an Atom id (an absolute IRI, RFC 4287 §4.2.6) made from parts: a
// name-based UUID (RFC 9562 version 5 layout, SHA-1 of the parts), the same for the
// same parts in every publish and on every host.
func feedID(parts ...string) string {
	sum := sha1.Sum([]byte("omc\x00" + strings.Join(parts, "\x00")))
	u := sum[:16]
	u[6] = u[6]&0x0f | 0x50
	u[8] = u[8]&0x3f | 0x80
	h := hex.EncodeToString(u)
	return "urn:uuid:" + h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

// dealID is a deal's entry id: its store, market, product, size and sale price. A deal
// keeps its id while the store sells that product at that price; a new sale price is a
// new deal, so a reader shows it as new.
func dealID(d DealOffer) string {
	return feedID("deal", d.Slug, string(d.Market), d.Code, d.Size, fmt.Sprintf("%.2f", d.SalePrice))
}

// money writes a price as the site does ("$36.00").
func money(v float64) string { return fmt.Sprintf("$%.2f", v) }

// unitLabel is a unit price's unit as the site writes it.
func unitLabel(unit *string) string {
	if *unit == unit100mg {
		return "100 mg THC"
	}
	return *unit
}

// marketLabel names a market as the site does.
func marketLabel(m data.Market) string {
	if m == data.Medical {
		return "Medical"
	}
	return "Adult use"
}

// dealsFeed is the feed of deals (already the region's, best first) for region ("" for
// all Ohio); links start with siteURL ("" for paths on the feed's own host).
func (s *shop) dealsFeed(region string, deals []DealOffer) *atomFeed {
	where := region
	if where == "" {
		where = "all Ohio"
	}
	title := "Ohio cannabis deals: " + where
	subtitle := fmt.Sprintf("The %d largest discounts on Ohio dispensary menus in %s, from menus read in the last %s; prices before tax.", FeedDeals, where, dealsReadWithin)
	if s.Sample {
		title = "Sample data: " + title
		subtitle = "Sample data: made-up menus, not real offers. " + subtitle
	}
	f := &atomFeed{ID: feedID("deals feed", region), Title: title, Subtitle: subtitle, Author: atomPerson{Name: ProducerName},
		Links: []atomLink{
			{Rel: "self", Type: "application/atom+xml", Href: s.SiteURL + "/" + dealsFeedPath(region)},
			{Rel: "alternate", Type: "text/html", Href: s.SiteURL + dealsPagePath},
		}, Entries: []atomEntry{}}
	latest := s.Now
	if len(deals) > 0 {
		latest = time.Time{}
	}
	for _, d := range deals[:min(FeedDeals, len(deals))] {
		updated := s.Now
		if d.LastUpdate != nil {
			if t, err := time.Parse(time.RFC3339, *d.LastUpdate); err == nil {
				updated = t
			}
		}
		latest = later(latest, updated)
		f.Entries = append(f.Entries, s.dealEntry(d, updated))
	}
	f.Updated = latest.UTC().Format(time.RFC3339)
	return f
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}

// dealEntry is deal d as a feed entry, updated when its menu was read.
func (s *shop) dealEntry(d DealOffer, updated time.Time) atomEntry {
	size := ""
	if d.Size != "" {
		size = " " + d.Size
	}
	unit := "no unit price"
	if d.UnitPrice != nil && d.Unit != nil {
		unit = money(*d.UnitPrice) + "/" + unitLabel(d.Unit)
	}
	off := fmt.Sprintf("%.0f%% off", d.Discount*100)
	sample := ""
	if d.Sample {
		sample = "Sample data. "
	}
	low := ""
	if l := lowLabel(d.SaleLow); l != "" {
		low = "; " + l
	}
	summary := fmt.Sprintf("%s%s%s at %s, %s: %s, regular price %s (%s)%s, %s; %s.", sample, d.Name, size, d.StoreName, d.City,
		money(d.SalePrice), money(d.Price), off, low, unit, marketLabel(d.Market))
	e := html.EscapeString
	var b strings.Builder
	if d.Sample {
		b.WriteString("<p><strong>Sample data</strong>: a made-up menu, not a real offer.</p>")
	}
	fmt.Fprintf(&b, "<p><strong>%s</strong> <del>%s</del> (%s) · %s</p>", money(d.SalePrice), money(d.Price), off, e(unit))
	if l := lowLabel(d.SaleLow); l != "" {
		fmt.Fprintf(&b, "<p>%s</p>", e(l))
	}
	brand := ""
	if d.Brand != "" {
		brand = " by " + e(d.Brand)
	}
	fmt.Fprintf(&b, "<p>%s%s · %s · %s · %s</p>", e(d.Name), brand, e(orDash(d.Size)), e(string(d.Category)), marketLabel(d.Market))
	fmt.Fprintf(&b, "<p>At %s, %s; menu read %s. Prices before tax.</p>", e(d.StoreName), e(d.City), updated.UTC().Format("2006-01-02 15:04 MST"))
	return atomEntry{
		ID:       dealID(d),
		Title:    fmt.Sprintf("%s%s: %s (was %s) at %s, %s", d.Name, size, money(d.SalePrice), money(d.Price), d.StoreName, d.City),
		Updated:  updated.UTC().Format(time.RFC3339),
		Links:    []atomLink{{Rel: "alternate", Type: "text/html", Href: s.SiteURL + "/product/" + url.PathEscape(d.Code)}},
		Category: []atomCategory{{Term: string(d.Category)}},
		Summary:  atomText{Type: "text", Body: summary},
		Content:  atomText{Type: "html", Body: b.String()},
	}
}

func orDash(s string) string {
	if s == "" {
		return "size not given"
	}
	return s
}
