-- The away rule counts several lapses of one turn once (docs/ux.md "The away rule"): the
-- seats whose lapse already counted in the turn being played, one bit per seat (seat n is
-- 1 << n), written by the same UPDATE of the match as each move. Kept only in memory before,
-- a restart in the middle of such a turn let a second lapse count again and handed the seat
-- to the AI a turn early. Matches already running start with none, as a restart did.
ALTER TABLE matches ADD COLUMN lapsed_seats INTEGER NOT NULL DEFAULT 0;
