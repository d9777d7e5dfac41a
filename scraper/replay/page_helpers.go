package replay

import (
	"fmt"
	"html"
	"net/http"
	"strconv"
	"strings"

	"github.com/ohiomc/omc/data"
)

// Helpers of the menus published as web pages (JSON-LD, plain HTML, Tymber): the store
// is named by the page's path, since a registry baseURL replaces the dispensary's own
// host with the replay's.

// pageReply is a rendered page and where the malformed mode cuts it: inside the data
// the page carries (its JSON-LD or __NEXT_DATA__), or before the menu markup, so that
// the page stays a page but its menu is unreadable, as when a worker dies mid-render.
type pageReply struct {
	body []byte
	cut  int
}

// servePage answers a request for the menu page of the store slug on platform with the
// page render makes of it (the request path is the page's own address).
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, platform, slug string, render func(st *Store, path string) pageReply) {
	mode, done := s.failed(w, r, platform, slug)
	if done {
		return
	}
	st, ok := s.dataset().Store(platform, slug)
	if !ok {
		writeNotFoundPage(w)
		return
	}
	writePage(w, render(st, r.URL.Path), mode)
}

// writePage sends a page as the 200 answer, cut in the malformed mode.
func writePage(w http.ResponseWriter, p pageReply, mode FailMode) {
	body := p.body
	if mode == FailMalformed {
		body = body[:p.cut]
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusOK)
	w.Write(body)
}

// writeNotFoundPage answers a site's own 404 page, what an unknown store's address gets.
func writeNotFoundPage(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	fmt.Fprint(w, `<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Page not found</title></head>
<body><main><h1>Page not found</h1><p>The page you are looking for has moved or no longer exists.</p><p><a href="/">Back to the home page</a></p></main></body>
</html>
`)
}

// pageHead opens a dispensary's menu page: the document head with extra (scripts,
// links) and the site header.
func pageHead(b *strings.Builder, st *Store, title, extra string) {
	fmt.Fprintf(b, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>%s</title>
<meta name="description" content="Shop flower, pre-rolls, vapes, concentrates and edibles at %s in %s, Ohio. Order online for in-store pickup.">
%s</head>
<body class="page-menu">
<header class="site-header">
<a class="site-logo" href="/">%s</a>
<nav class="site-nav"><ul><li><a href="/deals/">Deals</a></li><li><a href="/locations/">Locations</a></li><li><a href="/about/">About</a></li></ul></nav>
</header>
`, esc(title), esc(st.Name), esc(st.City), extra, esc(st.Name))
}

// pageFoot closes a menu page with the site footer Ohio's rules make every site show.
func pageFoot(b *strings.Builder, st *Store) {
	fmt.Fprintf(b, `<footer class="site-footer">
<p>%s · %s, Ohio</p>
<p>For use only by adults 21 and older and registered medical marijuana patients. Keep out of reach of children.</p>
</footer>
</body>
</html>
`, esc(st.Name), esc(st.City))
}

func esc(s string) string { return html.EscapeString(s) }

// sizeText is a size as a shopper reads it on a page: an edible's THC content
// ("100mg": the dataset writes it ".1g", Jane's way), else its label.
func sizeText(p Product, sz Size) string {
	if p.Category == data.Edible && sz.Mg > 0 {
		return strconv.FormatFloat(sz.Mg, 'f', -1, 64) + "mg"
	}
	return sz.Label
}

// potencyText is the product's THC as a card shows it: "THC 24.5%" or "100mg THC".
func potencyText(p Product) string {
	if p.THC <= 0 {
		return ""
	}
	n := strconv.FormatFloat(p.THC, 'f', -1, 64)
	if p.PotencyUnit == "mg" {
		return n + "mg THC"
	}
	return "THC " + n + "%"
}

// money is a price as pages print it: "$40.00".
func money(x float64) string {
	return "$" + strconv.FormatFloat(x, 'f', 2, 64)
}

// productPageSlug is a product page's last path segment: its name and the store's
// sku, so that two products of one name keep two pages.
func productPageSlug(p Product) string {
	return slugify(productName(p)) + "-" + p.ID
}
