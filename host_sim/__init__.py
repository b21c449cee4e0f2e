"""The desktop twin: emulated chips, a ``machine``-compatible bus surface, the pygame
table, the serial link and headless runs. CPython only."""
