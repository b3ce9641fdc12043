-- A restart shows nothing by itself (issue 13): the match version its public table was last
-- drawn at, so the first click after a restart redraws a table only when an edit was lost in
-- the crash. Tables of matches already running count as drawn.
ALTER TABLE matches ADD COLUMN table_version INTEGER;
UPDATE matches SET table_version = version WHERE status = 'live';
