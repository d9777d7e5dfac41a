// Command omc scrapes Ohio dispensary menus into SQLite, computes menu freshness and
// publishes the JSON snapshots the site reads. See README.md.
package main

import "os"

func main() {
	os.Exit(execute(os.Args[1:], defaultDeps()))
}
