-- Issue 29.5 (SQLite's 0013): every move changes its match's deadline; with deadline_at in an
-- index no move's update of the row could be a heap-only (HOT) one, so each also wrote a new
-- entry in every index of matches. Its only readers run once at start and find the live
-- matches through matches_by_status as fast.
DROP INDEX IF EXISTS matches_by_deadline;
