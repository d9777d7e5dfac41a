package publish

import (
	"encoding/json"
	"fmt"
	"sort"
)

// PathTerpeneGuide is the site's terpene guide as published (data/content/terpenes.yaml).
const PathTerpeneGuide = ContentDir + "terpenes"

// terpeneGuidePages reads the terpene guide among the content files and gives the
// terpene pages it describes: each slug and alias, to the name it is described under.
// Each gets an api/terpenes/<slug> even when no menu lists it, so that a terpene page
// exists exactly when its snapshot does (omc serve answers any other with a 404, and
// the pages made after a publish are one per snapshot). A slug that is not one (upper
// case, spaces, "index") is left out and named in skipped, as is a guide of another
// shape (its pages then come from the menus alone); no guide gives none.
func terpeneGuidePages(files map[string][]byte) (pages map[string]string, skipped []string) {
	b, ok := files[PathTerpeneGuide]
	if !ok {
		return nil, nil
	}
	var guide struct {
		Terpenes []struct {
			Slug    string   `json:"slug"`
			Name    string   `json:"name"`
			Aliases []string `json:"aliases"`
		} `json:"terpenes"`
	}
	if err := json.Unmarshal(b, &guide); err != nil {
		return nil, []string{fmt.Sprintf("%s: not a terpene guide (%v): its terpenes get no page of their own", PathTerpeneGuide, err)}
	}
	pages = map[string]string{}
	for _, t := range guide.Terpenes {
		for _, slug := range append([]string{t.Slug}, t.Aliases...) {
			if slug == "" || nameSlug(slug) != slug {
				skipped = append(skipped, fmt.Sprintf("%s: %q (%s) is not a page's slug (lower-case letters, digits and hyphens, not index): no page for it", PathTerpeneGuide, slug, t.Name))
				continue
			}
			pages[slug] = t.Name
		}
	}
	sort.Strings(skipped)
	return pages, skipped
}
