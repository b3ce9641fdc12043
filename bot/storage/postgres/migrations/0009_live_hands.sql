-- One live hand per player and match (issue 18), so a restart edits the same message.
CREATE TABLE live_hands (
    match_id BIGINT NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    place TEXT NOT NULL CHECK (place IN ('dm', 'channel')),
    channel_id BIGINT NOT NULL,
    message_id BIGINT NOT NULL,
    token TEXT,
    token_at DOUBLE PRECISION,
    ping_channel_id BIGINT,
    ping_id BIGINT,
    PRIMARY KEY (match_id, user_id)
);
