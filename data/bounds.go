package data

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

// ohioBoundsJSON is the one bounding box of Ohio, shared with the site's map (it
// imports the same file) so that Go and the site never disagree on "in Ohio".
//
//go:embed ohio-bounds.json
var ohioBoundsJSON []byte

// Bounds is a latitude/longitude box, in degrees.
type Bounds struct {
	South float64 `json:"south"`
	North float64 `json:"north"`
	West  float64 `json:"west"`
	East  float64 `json:"east"`
}

// Contains reports whether lat,lng lies in the box, borders included.
func (b Bounds) Contains(lat, lng float64) bool {
	return lat >= b.South && lat <= b.North && lng >= b.West && lng <= b.East
}

// OhioBounds is data/ohio-bounds.json, read once: the registry, the scraper and the
// roster all judge "in Ohio" by it.
var OhioBounds = parseBounds("data/ohio-bounds.json", ohioBoundsJSON)

// InOhio reports whether a position lies in OhioBounds.
func InOhio(lat, lng float64) bool { return OhioBounds.Contains(lat, lng) }

// parseBounds reads a box; an embedded file that is not one is a build defect, so it
// panics at start rather than letting every position pass.
func parseBounds(name string, raw []byte) Bounds {
	var b Bounds
	if err := json.Unmarshal(raw, &b); err != nil {
		panic(fmt.Sprintf("%s: %v", name, err))
	}
	if !(b.South < b.North && b.West < b.East) {
		panic(fmt.Sprintf("%s: south %v, north %v, west %v, east %v is not a box", name, b.South, b.North, b.West, b.East))
	}
	return b
}
