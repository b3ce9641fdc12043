-- Issue 30.3: what one server may hold at once (SQLite's 0012): its open matches (lobbies and
-- live matches together) and the strong AI seats in them.
ALTER TABLE server_settings ADD COLUMN max_matches BIGINT
    CHECK (max_matches IS NULL OR max_matches BETWEEN 1 AND 500);
ALTER TABLE server_settings ADD COLUMN max_strong_seats BIGINT
    CHECK (max_strong_seats IS NULL OR max_strong_seats BETWEEN 0 AND 100);
