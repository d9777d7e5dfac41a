-- Dispensaries as last loaded from a registry. in_registry is 0 for those a later
-- registry no longer lists: their history stays, publish leaves them out.
CREATE TABLE dispensaries (
	slug        TEXT PRIMARY KEY,
	name        TEXT NOT NULL,
	brand       TEXT NOT NULL DEFAULT '',
	city        TEXT NOT NULL DEFAULT '',
	address     TEXT NOT NULL DEFAULT '',
	county      TEXT NOT NULL DEFAULT '',
	region      TEXT NOT NULL DEFAULT '',
	lat         REAL NOT NULL DEFAULT 0,
	lng         REAL NOT NULL DEFAULT 0,
	medical     INTEGER NOT NULL DEFAULT 0,
	adult_use   INTEGER NOT NULL DEFAULT 0,
	monitored   INTEGER NOT NULL DEFAULT 0,
	website     TEXT NOT NULL DEFAULT '',
	menus       TEXT NOT NULL DEFAULT '[]', -- JSON []MenuSource
	in_registry INTEGER NOT NULL DEFAULT 1,
	updated_at  TEXT NOT NULL
);

-- One scrape run.
CREATE TABLE runs (
	id           INTEGER PRIMARY KEY,
	started_at   TEXT NOT NULL,
	finished_at  TEXT,
	menus_ok     INTEGER NOT NULL DEFAULT 0,
	menus_failed INTEGER NOT NULL DEFAULT 0,
	offers       INTEGER NOT NULL DEFAULT 0
);

-- Every fetch of one category of one menu, successful or not. Never updated or deleted:
-- freshness, "new" products and trends derive from this history.
CREATE TABLE fetches (
	id            INTEGER PRIMARY KEY,
	run_id        INTEGER REFERENCES runs(id),
	slug          TEXT NOT NULL REFERENCES dispensaries(slug),
	market        TEXT NOT NULL,
	platform      TEXT NOT NULL,
	category      TEXT NOT NULL,
	fetched_at    TEXT NOT NULL, -- UTC, fixed-width, so text order is time order
	ok            INTEGER NOT NULL,
	reason        TEXT NOT NULL,
	http_status   INTEGER NOT NULL DEFAULT 0,
	detail        TEXT NOT NULL DEFAULT '',
	product_count INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX fetches_latest ON fetches (slug, market, category, ok, fetched_at);

-- Every offer (one size of one product) seen by a successful fetch.
CREATE TABLE offers (
	id           INTEGER PRIMARY KEY,
	fetch_id     INTEGER NOT NULL REFERENCES fetches(id),
	product_id   TEXT NOT NULL,
	name         TEXT NOT NULL,
	brand        TEXT NOT NULL DEFAULT '',
	strain       TEXT NOT NULL DEFAULT '',
	strain_type  TEXT NOT NULL DEFAULT '',
	raw_category TEXT NOT NULL DEFAULT '',
	size         TEXT NOT NULL DEFAULT '',
	grams        REAL NOT NULL DEFAULT 0,
	mg           REAL NOT NULL DEFAULT 0,
	price        REAL NOT NULL,
	sale_price   REAL NOT NULL DEFAULT 0,
	in_stock     INTEGER NOT NULL,
	thc          REAL,
	cbd          REAL,
	potency_unit TEXT NOT NULL DEFAULT '',
	warnings     TEXT NOT NULL DEFAULT '', -- newline-separated data-quality warnings
	url          TEXT NOT NULL DEFAULT ''
);
CREATE INDEX offers_fetch ON offers (fetch_id);
