package scraper

import "context"

// firstPageKey marks a context whose menus are read one page only.
type firstPageKey struct{}

// FirstPageOnly returns a context in which the paged adapters (Jane, Dutchie, Weedmaps:
// most of the registry's menus) stop after their menu's first page: enough to tell
// whether a platform answers this machine (`omc probe --all`), at a fraction of the
// requests of a scrape. Every other rule (politeness, robots.txt) is the same.
func FirstPageOnly(ctx context.Context) context.Context {
	return context.WithValue(ctx, firstPageKey{}, true)
}

// firstPageOnly reports whether ctx asks for the first page only.
func firstPageOnly(ctx context.Context) bool {
	only, _ := ctx.Value(firstPageKey{}).(bool)
	return only
}
