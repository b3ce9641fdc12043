"""Getting a match to the people in it: the table's publisher, hands and their live messages,
pings, pacing of edits, components and the button router, paging, layouts and the
membership check on a click. It reads the core through ``MatchService`` and draws through
``bot.render``."""
