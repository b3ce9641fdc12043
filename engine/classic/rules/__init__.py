"""Classic rules split by phase: turn flow, free actions, combat, effects (curses, Bad Stuff,
death)."""
