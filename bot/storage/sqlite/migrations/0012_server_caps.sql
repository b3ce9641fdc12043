-- Issue 30.3: what one server may hold at once. The open matches (lobbies and live matches
-- together) and the strong AI seats in them. NULL means the default, like every other setting.
ALTER TABLE server_settings ADD COLUMN max_matches INTEGER
    CHECK (max_matches IS NULL OR max_matches BETWEEN 1 AND 500);
ALTER TABLE server_settings ADD COLUMN max_strong_seats INTEGER
    CHECK (max_strong_seats IS NULL OR max_strong_seats BETWEEN 0 AND 100);
