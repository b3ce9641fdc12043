"""Quest's AI seats: the normal planner and the strong search."""
