// Command omc is the pipeline behind the Ohio Marijuana Community site. It scrapes
// dispensary menus from their platforms' JSON (package scraper) into a SQLite history
// (package data), scores how fresh each menu is (package freshness) and publishes the
// JSON snapshots the static site reads (package publish).
//
// Usage:
//
//	omc scrape                 # fetch every monitored menu once, record what changed
//	omc publish --out out      # write the snapshots, atomically
//	omc serve                  # serve the built site and the snapshots on one origin
//	omc worker                 # scrape then publish on a cron schedule
//	omc demo                   # the same against a local replay of the platforms
//	omc status | health | probe SLUG | registry check | history restore|check|save
//
// Every setting is a flag, an OMC_* variable or a default, declared once in config.go;
// the precedence is flag, variable, the registry's politeness section, default. Exit
// status: 0 ok, 1 some menus failed (or a check refused), 2 bad usage or configuration.
// `omc <command> --help` and README.md give the details.
package main
