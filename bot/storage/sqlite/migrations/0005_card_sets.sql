-- Deploys under live matches (issue 13): every match pins the card definitions and the rules
-- version it started with, so a changed data folder or rules module never changes it.

-- Card sets by content: the definitions a game was built from (cards in the order the engine
-- indexes them, plus what else the game reads, such as duel precons), written once per digest.
CREATE TABLE card_sets (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    definitions_json TEXT NOT NULL,
    created_at REAL NOT NULL
);

-- The card set a started match plays on, and the rules version it was played by. NULL in a
-- match started before this migration: it is pinned at its next restore when the data still
-- holds the cards it recorded (rules version NULL reads as 1, the first one).
ALTER TABLE matches ADD COLUMN card_set TEXT REFERENCES card_sets (digest);
ALTER TABLE matches ADD COLUMN rules_version INTEGER;

-- Why a live match was ended by the bot rather than played out (its cards or rules changed
-- beyond replay, its records could not be read); such a match never changes a rating.
ALTER TABLE matches ADD COLUMN ended_reason TEXT;
