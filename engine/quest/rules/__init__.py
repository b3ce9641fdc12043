"""Quest's rules, one module per part of a turn (seeds/001, SPEC)."""
