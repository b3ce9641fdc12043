-- Hands lost in a crash: the match version each seat's last hand DM was delivered at.
ALTER TABLE seats ADD COLUMN hand_sent BIGINT;
UPDATE seats SET hand_sent = (SELECT m.version FROM matches m WHERE m.id = seats.match_id);
