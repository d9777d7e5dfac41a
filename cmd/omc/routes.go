package main

import "strings"

// siteRoutes are the routes of the site (SPEC.md §2), as its router matches them: omc
// serve answers 200 with the app for these and 404 with the not-found screen for any
// other page path. A ":name" segment matches any one segment. TestSiteRoutesMatchPaths
// compares the list with site/src/config/paths.ts so the two cannot drift apart.
var siteRoutes = []string{
	"/", "/home",
	"/company-brands", "/Reservation", "/march-madness", "/other-maps", "/events", "/introduction",
	"/dispensary-maps", "/maps", "/dispensary-limits", "/product/:code",
	"/discord", "/reddit", "/social",
	"/signin", "/signup", "/profile",
	"/growing-tool",
	"/dispensary-deals", "/deals", "/dispensary-menus", "/menu", "/dispensary-wishlist", "/wishlist",
	"/dispensary-status",
	"/changelog", "/change-log",
	"/donate", "/contribute", "/donations",
	"/feedback",
	"/strain-genetics", "/strain-genetics/:genetic", "/genetics", "/genetics/:genetic",
	"/terpenes", "/terpenes/:terpene",
	"/resources", "/trends", "/yearly-highlights", "/chat",
}

// isSiteRoute reports whether urlPath is a route of the site. Like react-router's
// matching it ignores case and a trailing slash.
func isSiteRoute(urlPath string) bool {
	got := segments(urlPath)
	for _, r := range siteRoutes {
		want := segments(r)
		if len(want) != len(got) {
			continue
		}
		ok := true
		for i, w := range want {
			if got[i] == "" || !strings.HasPrefix(w, ":") && !strings.EqualFold(w, got[i]) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

func segments(p string) []string {
	p = strings.Trim(p, "/")
	if p == "" {
		return nil
	}
	return strings.Split(p, "/")
}
