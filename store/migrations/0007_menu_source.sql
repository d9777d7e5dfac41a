-- Which source served each fetch: the menu's own platform, or the platform of the
-- registry's alternative source that answered when the menu's own was blocked (a bot
-- challenge, a refused search key, a long rate limit). The status page and the store page
-- say it. '' for fetches made before this column (their source was the menu's platform).
ALTER TABLE menu_fetches ADD COLUMN source TEXT NOT NULL DEFAULT '';
