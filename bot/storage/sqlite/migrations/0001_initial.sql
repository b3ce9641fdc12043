-- Foundation schema: guild settings, matches, seats, the append-only action log, snapshots.
CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings_json TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE matches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER,
    thread_id INTEGER,
    game TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('lobby', 'live', 'finished', 'cancelled')),
    host_id INTEGER NOT NULL,
    version INTEGER NOT NULL DEFAULT 0,
    options_json TEXT NOT NULL DEFAULT '{}',
    header_json TEXT,            -- the engine record header once started (seed, seats, digest)
    ai_seed INTEGER,             -- the AI's own stream; never the match's dice
    outcome_json TEXT,
    deadline_at REAL,            -- wall-clock epoch seconds when the turn timer fires
    created_at REAL NOT NULL,
    updated_at REAL NOT NULL
);
CREATE INDEX matches_by_channel ON matches (channel_id, status);
CREATE INDEX matches_by_status ON matches (status);

CREATE TABLE seats (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    ai_level TEXT,
    name TEXT NOT NULL,
    dm_closed INTEGER NOT NULL DEFAULT 0,
    timeouts INTEGER NOT NULL DEFAULT 0,   -- consecutive turn timeouts (AFK hand-over later)
    PRIMARY KEY (match_id, seat)
);
CREATE UNIQUE INDEX seats_one_per_user ON seats (match_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only: rows are never updated or deleted while the match exists.
CREATE TABLE actions (
    match_id INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action_json TEXT NOT NULL,
    by_timeout INTEGER NOT NULL DEFAULT 0,
    by_ai INTEGER NOT NULL DEFAULT 0,
    created_at REAL NOT NULL,
    PRIMARY KEY (match_id, idx)
);
CREATE TRIGGER actions_append_only_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

CREATE TABLE snapshots (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    action_count INTEGER NOT NULL,
    state_json TEXT NOT NULL
);
