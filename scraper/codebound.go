package scraper

import "github.com/ohiomc/omc/data"

// boundCode is the last step of a product code: a code longer than data.MaxCode (a
// menu's name of hundreds of characters) is cut and ends with a hash of the whole
// (data.BoundCode), so it stays a valid file name (api/products/<code>) and the same
// product keeps its code from run to run. A code short enough is left as it is.
func boundCode(code string) string { return data.BoundCode(code) }
