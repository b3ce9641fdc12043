-- Hands lost in a crash: the match version each seat's last hand DM was delivered at (NULL: no
-- hand DM yet). At start, a human seat whose DM is missing, or older than the match while it
-- is deciding, is sent a fresh one. Seats of matches already running count as served.
ALTER TABLE seats ADD COLUMN hand_sent INTEGER;
UPDATE seats SET hand_sent = (SELECT m.version FROM matches m WHERE m.id = seats.match_id);
