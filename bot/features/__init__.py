"""What servers build on finished matches: the league and its ratings, and match history
(pages, replays, exports). Each reads the core through ``MatchService`` and its own storage
port."""
