package publish

import (
	"fmt"

	"github.com/ohiomc/omc/freshness"
)

// dealsReadWithin says how recent the menus the deals come from are: deals are taken
// from menus that are not missing, so it is the freshness package's MissingAfter,
// written from the constant so a changed threshold changes the feeds' words too.
var dealsReadWithin = fmt.Sprintf("%g hours", freshness.MissingAfter.Hours())
