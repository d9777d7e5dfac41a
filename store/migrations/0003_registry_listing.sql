-- What the registry says about a listing (issue 16): whether lat/lng are the store's own
-- or its city's, and whether the store is backed by the researched list (1) or known only
-- from an unverified lead (0).
ALTER TABLE dispensaries ADD COLUMN coordinates TEXT NOT NULL DEFAULT '';
ALTER TABLE dispensaries ADD COLUMN verified INTEGER NOT NULL DEFAULT 1;

-- Where a platform's own store record puts a store (Jane's _geoloc), as last read: the
-- published coordinates are these ("coordinates: store") when a store has one.
CREATE TABLE store_places (
	slug     TEXT PRIMARY KEY REFERENCES dispensaries(slug),
	platform TEXT NOT NULL,
	lat      REAL NOT NULL,
	lng      REAL NOT NULL,
	seen_at  TEXT NOT NULL
);
