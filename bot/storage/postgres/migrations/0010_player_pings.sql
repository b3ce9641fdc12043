-- Issue 27.3: when the bot sends a player a DM ping (SQLite's 0010). 'turn': at the start of
-- their turn and when a question is put to them by name (the default, a NULL); 'all':
-- whenever they start to decide; 'never': no ping, the hand is still kept up to date.
ALTER TABLE player_settings ADD COLUMN pings TEXT
    CHECK (pings IS NULL OR pings IN ('turn', 'all', 'never'));
