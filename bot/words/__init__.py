"""Every sentence the bot says that belongs to no single game, in one place (a game's own words
are in its ``bot/games/<id>/words.py``): the process and reference (``texts``), refusals
(``error_texts``), the table and hand (``play_texts``), lobbies (``lobby_texts``), history and
leagues (``league_texts``) and decks (``deck_texts``). Nothing here imports the rest of the bot,
so a translation is a change to these modules only."""
