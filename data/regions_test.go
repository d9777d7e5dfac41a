package data

import (
	"slices"
	"strings"
	"testing"
)

// TestRegionsFollowTheSource: Regions (the order every snapshot lists regions in) are
// the region headings of sources/ohio-regions.md, in its order, so a region renamed,
// added or moved there fails here until Regions follows. The site's list
// (site/src/lib/places-source.test.ts) is held to the same file.
func TestRegionsFollowTheSource(t *testing.T) {
	var headings []string
	for _, line := range strings.Split(string(regionsMarkdown), "\n") {
		if m := regionHeading.FindStringSubmatch(strings.TrimSpace(line)); m != nil {
			headings = append(headings, m[1])
		}
	}
	if !slices.Equal(headings, Regions) {
		t.Errorf("sources/ohio-regions.md has the regions %q, Regions are %q", headings, Regions)
	}
}
