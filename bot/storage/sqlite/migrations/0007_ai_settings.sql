-- The AI level that takes over a seat whose player went away, and the time a strong AI may
-- think per decision (issue 17). NULL means the default, like every other setting.
ALTER TABLE server_settings ADD COLUMN afk_ai_level TEXT
    CHECK (afk_ai_level IS NULL OR afk_ai_level IN ('random', 'heuristic', 'strong'));
ALTER TABLE server_settings ADD COLUMN ai_budget_ms INTEGER
    CHECK (ai_budget_ms IS NULL OR ai_budget_ms BETWEEN 50 AND 2000);
