-- A player's own preferences (issue 18), one row per Discord user whatever the server.
CREATE TABLE player_settings (
    user_id BIGINT PRIMARY KEY,
    auto_pass BIGINT CHECK (auto_pass IS NULL OR auto_pass IN (0, 1)),
    updated_at DOUBLE PRECISION
);
