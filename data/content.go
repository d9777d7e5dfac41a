package data

import (
	"embed"
	"io/fs"
)

// contentFiles are the community pages' editable content (data/content, format in
// data/content/FORMAT.txt), embedded so that omc publishes them without the repo.
//
//go:embed all:content
var contentFiles embed.FS

// Content returns the embedded content folder.
func Content() fs.FS {
	sub, err := fs.Sub(contentFiles, "content")
	if err != nil {
		panic(err) // the embedded folder always exists
	}
	return sub
}
