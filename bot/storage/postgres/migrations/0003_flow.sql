-- Playing on Discord (issue 5): AFK hand-over, what a deadline is for, typed server settings.
ALTER TABLE seats ADD COLUMN afk BIGINT NOT NULL DEFAULT 0;

ALTER TABLE matches ADD COLUMN deadline_kind TEXT
    CHECK (deadline_kind IS NULL OR deadline_kind IN ('turn', 'window', 'lobby'));
CREATE INDEX matches_by_deadline ON matches (status, deadline_at) WHERE deadline_at IS NOT NULL;

CREATE TABLE server_settings (
    guild_id BIGINT PRIMARY KEY,
    turn_seconds BIGINT CHECK (turn_seconds IS NULL OR turn_seconds BETWEEN 15 AND 3600),
    window_seconds BIGINT CHECK (window_seconds IS NULL OR window_seconds BETWEEN 5 AND 120),
    hand_delivery TEXT CHECK (hand_delivery IS NULL OR hand_delivery IN ('dm', 'ephemeral')),
    allowed_games TEXT,
    ranked_default BIGINT CHECK (ranked_default IS NULL OR ranked_default IN (0, 1)),
    lobby_idle_seconds BIGINT
        CHECK (lobby_idle_seconds IS NULL OR lobby_idle_seconds BETWEEN 60 AND 86400),
    updated_by BIGINT,
    updated_at DOUBLE PRECISION
);
