-- The away rule counts several lapses of one turn once (SQLite's 0014): the seats whose lapse
-- already counted in the turn being played, one bit per seat (seat n is 1 << n), written by
-- the same statement as each move. Matches already running start with none, as a restart did.
ALTER TABLE matches ADD COLUMN lapsed_seats BIGINT NOT NULL DEFAULT 0;
