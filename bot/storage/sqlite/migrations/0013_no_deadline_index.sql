-- Issue 29.5 (bytes per click): every move changes its match's deadline, and the index on
-- (status, deadline_at) took a delete and an insert for it, two of a move's ten written pages.
-- Its only readers run once at start (the timers to set, the deadlines moved by an outage)
-- and find the live matches through matches_by_status as fast.
DROP INDEX IF EXISTS matches_by_deadline;
