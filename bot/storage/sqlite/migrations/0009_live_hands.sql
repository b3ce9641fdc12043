-- One live hand per player and match (issue 18): where the player's hand message is (a DM,
-- or an ephemeral answer in the game channel with the interaction token that may edit it for
-- 15 minutes), and the last "your move" DM ping, so a restart edits the same message.
CREATE TABLE live_hands (
    match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    place TEXT NOT NULL CHECK (place IN ('dm', 'channel')),
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL,
    token TEXT,
    token_at REAL,
    ping_channel_id INTEGER,
    ping_id INTEGER,
    PRIMARY KEY (match_id, user_id)
);
