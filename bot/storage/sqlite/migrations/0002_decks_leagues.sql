-- Decks, seasons, the league log and ratings; indexes for match history and the leaderboard.

-- A player's own decks (duel). Names are unique per owner whatever their case.
CREATE TABLE decks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_id INTEGER NOT NULL,
    game TEXT NOT NULL DEFAULT 'duel',
    name TEXT NOT NULL,
    hero TEXT NOT NULL,
    cards_json TEXT NOT NULL DEFAULT '{}',
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE UNIQUE INDEX decks_by_owner_name ON decks (owner_id, game, name COLLATE NOCASE);

-- The deck a player takes into their next match of a game: one of their own or a precon.
CREATE TABLE deck_choices (
    user_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    deck_id INTEGER REFERENCES decks (id) ON DELETE CASCADE,
    precon TEXT,
    PRIMARY KEY (user_id, game),
    CHECK ((deck_id IS NULL) != (precon IS NULL))
);

-- Seasons per server; at most one open at a time. Season 0 (no row) holds the ratings of
-- ranked matches played while no season is open.
CREATE TABLE seasons (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    started_at REAL NOT NULL,
    ended_at REAL
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX seasons_by_name ON seasons (guild_id, name COLLATE NOCASE);

-- The league log: every ranked match that finished, with each player's placing. Ratings are
-- a fold of this log in (finished_at, match_id) order; voiding marks a row and refolds.
CREATE TABLE league_matches (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    season_id INTEGER NOT NULL,
    finished_at REAL NOT NULL,
    voided INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX league_matches_by_season
    ON league_matches (guild_id, game, season_id, voided, finished_at, match_id);

CREATE TABLE league_seats (
    match_id INTEGER NOT NULL REFERENCES league_matches (match_id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    place INTEGER NOT NULL,          -- 0 is first; equal numbers tie
    won INTEGER NOT NULL,
    role TEXT,                       -- the duel Hero or classic class the player had
    PRIMARY KEY (match_id, user_id)
);
CREATE INDEX league_seats_by_user ON league_seats (user_id, match_id);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    season_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    provisional INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, season_id, user_id)
);
CREATE INDEX ratings_leaderboard
    ON ratings (guild_id, game, season_id, provisional, ordinal DESC, user_id);

-- Match history: a player's finished matches in a server, newest first.
CREATE INDEX seats_by_user_match ON seats (user_id, match_id);
CREATE INDEX matches_by_guild_status ON matches (guild_id, status, id);
