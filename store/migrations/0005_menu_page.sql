-- The menu's page for shoppers, as the last fetch knew it (issue 24, "a link to order"):
-- the registry's url, else the page the platform's pattern gives for the menu's
-- identifiers. An offer whose product has no page of its own links here; '' for none
-- (a database from before this column keeps its menus and gains the page on their next
-- fetch).
ALTER TABLE menus ADD COLUMN page_url TEXT NOT NULL DEFAULT '';
