"""The match core: the service's door (``service``) and what it is built from — sessions,
the ledger, lobbies, the clock, the AI driver, restores — plus the per-server settings and
per-player preferences it reads. It stands on ``bot.storage`` and ``bot.words`` only, and
loads neither discord.py nor Pillow (tests/architecture). Rooms above it (delivery, features,
the cogs) call in through ``MatchService``; nothing here calls out to them except through the
listeners and hooks they subscribe."""
