-- What the registry says about a listing (issue 16): whether lat/lng are the store's own
-- or its city's, and whether the store is backed by the researched list (1) or known only
-- from an unverified lead (0).
ALTER TABLE dispensaries ADD COLUMN coordinates TEXT NOT NULL DEFAULT '';
ALTER TABLE dispensaries ADD COLUMN verified INTEGER NOT NULL DEFAULT 1;
