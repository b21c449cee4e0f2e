"""Playout engines: whole deals played fast from any position, for simulation and the
computer players (docs/players.md). ``core`` stays the referee; an engine is checked
against it (tests/test_engine_skat.py) and is never used to referee a table."""
