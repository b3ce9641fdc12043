-- Deploys under live matches (issue 13): every match pins its card definitions and rules.
CREATE TABLE card_sets (
    digest TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    definitions_json TEXT NOT NULL,
    created_at DOUBLE PRECISION NOT NULL
);
ALTER TABLE matches ADD COLUMN card_set TEXT REFERENCES card_sets (digest);
ALTER TABLE matches ADD COLUMN rules_version BIGINT;
ALTER TABLE matches ADD COLUMN ended_reason TEXT;
