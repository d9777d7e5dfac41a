-- The state's dispensary roster (issue 21), read on every scrape: every licence it has
-- listed, as last listed, with when it was first and last listed, each change of its
-- status, name or address, and every read (a failed one with its error). A failed read
-- changes no licence: the last good roster stays in use.
CREATE TABLE roster_reads (
	id      INTEGER PRIMARY KEY,
	url     TEXT NOT NULL,
	read_at TEXT NOT NULL,
	rows    INTEGER NOT NULL,
	active  INTEGER NOT NULL,
	error   TEXT NOT NULL DEFAULT ''      -- '' for a good read
);
CREATE INDEX roster_reads_good ON roster_reads (read_at) WHERE error = '';

CREATE TABLE roster_licences (
	licence       TEXT PRIMARY KEY,
	name          TEXT NOT NULL,          -- the trade name (DBA), else the business name
	business_name TEXT NOT NULL,
	status        TEXT NOT NULL,
	type          TEXT NOT NULL,
	street        TEXT NOT NULL,
	city          TEXT NOT NULL,
	zip           TEXT NOT NULL,
	county        TEXT NOT NULL,
	phone         TEXT NOT NULL,
	hours         TEXT NOT NULL,
	lat           REAL,                   -- NULL when the row gives no position
	lng           REAL,
	sample        INTEGER NOT NULL,       -- a made-up row (the demo's replay)
	first_listed  TEXT NOT NULL,
	last_listed   TEXT NOT NULL,
	listed        INTEGER NOT NULL        -- on the last good read
);

CREATE TABLE roster_changes (
	id      INTEGER PRIMARY KEY,
	licence TEXT NOT NULL REFERENCES roster_licences(licence),
	at      TEXT NOT NULL,
	what    TEXT NOT NULL,                -- listed | unlisted | status | name | address
	old     TEXT NOT NULL,
	new     TEXT NOT NULL
);
CREATE INDEX roster_changes_licence ON roster_changes (licence, at);

-- The registry's licence number of a store (registry field licence).
ALTER TABLE dispensaries ADD COLUMN licence TEXT NOT NULL DEFAULT '';
