-- A restart shows nothing by itself (issue 13): the version the public table was drawn at.
ALTER TABLE matches ADD COLUMN table_version BIGINT;
UPDATE matches SET table_version = version WHERE status = 'live';
