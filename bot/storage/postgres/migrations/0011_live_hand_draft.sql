-- What a live hand shows besides the match (issue 30.8): a builder the player is half-way
-- through (its parts, as its buttons carry them) and the page, so the first redraw after a
-- restart keeps them instead of resetting the builder.
ALTER TABLE live_hands ADD COLUMN draft TEXT;
ALTER TABLE live_hands ADD COLUMN page BIGINT NOT NULL DEFAULT 0;
