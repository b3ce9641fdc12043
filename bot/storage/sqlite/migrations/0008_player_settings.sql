-- A player's own preferences (issue 18), one row per Discord user whatever the server: what
-- a person wants of their screens travels with them. A missing row or a NULL column means
-- "the default", so a changed default reaches everyone who never chose.
CREATE TABLE player_settings (
    user_id INTEGER PRIMARY KEY,
    -- 1: in a response window, pass for me when it closes; I am not asked (docs/ux.md).
    auto_pass INTEGER CHECK (auto_pass IS NULL OR auto_pass IN (0, 1)),
    updated_at REAL
);
