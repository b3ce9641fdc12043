-- The AI that takes over an away seat, and a strong AI's time per decision (issue 17).
ALTER TABLE server_settings ADD COLUMN afk_ai_level TEXT
    CHECK (afk_ai_level IS NULL OR afk_ai_level IN ('random', 'heuristic', 'strong'));
ALTER TABLE server_settings ADD COLUMN ai_budget_ms BIGINT
    CHECK (ai_budget_ms IS NULL OR ai_budget_ms BETWEEN 50 AND 2000);
