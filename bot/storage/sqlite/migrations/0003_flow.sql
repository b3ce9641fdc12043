-- Playing on Discord (issue 5): AFK hand-over, what a deadline is for, typed server settings.

-- 1 when the seat was handed to the AI after three turn timeouts in a row (its user stays
-- seated, so history and ratings still know who sat there).
ALTER TABLE seats ADD COLUMN afk INTEGER NOT NULL DEFAULT 0;

-- What deadline_at is for: 'turn' (a decision), 'window' (a response window) or 'lobby'
-- (an idle lobby closes). Timers are rebuilt from these two columns after a restart.
ALTER TABLE matches ADD COLUMN deadline_kind TEXT
    CHECK (deadline_kind IS NULL OR deadline_kind IN ('turn', 'window', 'lobby'));
CREATE INDEX matches_by_deadline ON matches (status, deadline_at) WHERE deadline_at IS NOT NULL;

-- Server settings (/settings), one typed row per server; a missing row means the defaults.
-- NULL in a column also means "the default" so a changed default reaches every server.
CREATE TABLE server_settings (
    guild_id INTEGER PRIMARY KEY,
    turn_seconds INTEGER CHECK (turn_seconds IS NULL OR turn_seconds BETWEEN 15 AND 3600),
    window_seconds INTEGER CHECK (window_seconds IS NULL OR window_seconds BETWEEN 5 AND 120),
    hand_delivery TEXT CHECK (hand_delivery IS NULL OR hand_delivery IN ('dm', 'ephemeral')),
    allowed_games TEXT,             -- comma-separated game ids; NULL means every offered game
    ranked_default INTEGER CHECK (ranked_default IS NULL OR ranked_default IN (0, 1)),
    lobby_idle_seconds INTEGER
        CHECK (lobby_idle_seconds IS NULL OR lobby_idle_seconds BETWEEN 60 AND 86400),
    updated_by INTEGER,
    updated_at REAL
);
