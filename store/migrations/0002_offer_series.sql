-- History that grows with change (docs/design.md §4). The 0001 tables copied every offer on
-- every fetch; these keep one row per offer series and one row per menu fetch, and a
-- fetch records only what changed. The Go step of this migration (migrate0002.go) replays
-- the 0001 fetches and offers into these tables, then drops the 0001 ones.
-- Times are Unix nanoseconds (UTC): 8 bytes instead of 30 for the text form.

-- Which dispensaries' menus are sample data (the demo's replay): publish labels them.
ALTER TABLE dispensaries ADD COLUMN sample INTEGER NOT NULL DEFAULT 0;

-- One menu: a dispensary's menu for one market on one platform.
CREATE TABLE menus (
	id               INTEGER PRIMARY KEY,
	slug             TEXT NOT NULL REFERENCES dispensaries(slug),
	market           TEXT NOT NULL,
	platform         TEXT NOT NULL,
	last_fetch_id    INTEGER, -- latest menu_fetches row of any outcome
	last_ok_fetch_id INTEGER, -- latest successful one
	last_ok_at       INTEGER, -- its time: the last-seen time of every offer it lists
	UNIQUE (slug, market, platform)
);

-- Every fetch of a menu, successful or not, one row each (the 0001 schema had one per
-- category). n_* are the product counts per category (NULL when the fetch recorded no
-- successful outcome for that category); changes is what this fetch changed in the menu's offer
-- series (encoding in data/changes.go), NULL when nothing changed or the fetch failed.
CREATE TABLE menu_fetches (
	id          INTEGER PRIMARY KEY,
	menu_id     INTEGER NOT NULL REFERENCES menus(id),
	run_id      INTEGER REFERENCES runs(id),
	at          INTEGER NOT NULL,
	ok          INTEGER NOT NULL,
	reason      TEXT NOT NULL,
	http_status INTEGER NOT NULL DEFAULT 0,
	detail      TEXT NOT NULL DEFAULT '',
	n_flower    INTEGER,
	n_preroll   INTEGER,
	n_vape      INTEGER,
	n_extract   INTEGER,
	n_edible    INTEGER,
	n_other     INTEGER,
	changes     BLOB,
	-- Categories this successful fetch found empty while the menu still listed others and
	-- the category had products at its last success (issue 11): recorded as failed
	-- (reason empty_category), so the category keeps its earlier date and offers and ages
	-- to stale and missing instead of looking current with 0 products; their n_* are NULL.
	-- Comma-separated category names, '' for none.
	empty_categories TEXT NOT NULL DEFAULT ''
);
CREATE INDEX menu_fetches_menu ON menu_fetches (menu_id, at);
CREATE INDEX menu_fetches_at ON menu_fetches (at);

-- One offer series: one size of one product on one menu (variant numbers repeats of the
-- same product id and size within one fetch). The descriptive columns hold the latest
-- values seen; price, sale_price, in_stock and listed the latest state, whose history is
-- in menu_fetches.changes. last_seen is exact once listed is 0; while listed it is the
-- menu's last_ok_at (kept there so that an unchanged fetch writes no series row).
CREATE TABLE offer_series (
	id           INTEGER PRIMARY KEY,
	menu_id      INTEGER NOT NULL REFERENCES menus(id),
	product_id   TEXT NOT NULL,
	size         TEXT NOT NULL DEFAULT '',
	variant      INTEGER NOT NULL DEFAULT 0,
	code         TEXT NOT NULL DEFAULT '',
	name         TEXT NOT NULL,
	brand        TEXT NOT NULL DEFAULT '',
	strain       TEXT NOT NULL DEFAULT '',
	strain_type  TEXT NOT NULL DEFAULT '',
	category     TEXT NOT NULL,
	raw_category TEXT NOT NULL DEFAULT '',
	grams        REAL NOT NULL DEFAULT 0,
	mg           REAL NOT NULL DEFAULT 0,
	thc          REAL,
	cbd          REAL,
	potency_unit TEXT NOT NULL DEFAULT '',
	warnings     TEXT NOT NULL DEFAULT '', -- newline-separated data-quality warnings
	url          TEXT NOT NULL DEFAULT '',
	terpenes     TEXT NOT NULL DEFAULT '', -- JSON []Terpene, '' for none
	lineage      TEXT NOT NULL DEFAULT '', -- newline-separated parent strains
	first_seen   INTEGER NOT NULL,
	last_seen    INTEGER NOT NULL,
	changed_at   INTEGER NOT NULL, -- time of the latest state change
	price        REAL NOT NULL,
	sale_price   REAL NOT NULL DEFAULT 0,
	in_stock     INTEGER NOT NULL,
	listed       INTEGER NOT NULL, -- 1 while the menu's latest successful fetch lists it
	UNIQUE (menu_id, product_id, size, variant)
);
CREATE INDEX offer_series_code ON offer_series (code);
