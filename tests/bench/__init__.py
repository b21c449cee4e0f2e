"""Benchmarks (issue 11), apart from the tests: pytest collects ``test_*.py`` only, and
nothing here asserts a speed. ``tools/bench.py`` (``make bench``) runs them all and prints
the figures that docs/performance.md records:

- ``bench_rules``: random legal deals of every game, the same code under CPython and
  MicroPython;
- ``bench_openspiel``: OpenSpiel's ``skat`` doing the same work through its Python API;
- ``bench_mp``: the MicroPython side (throughput, allocations per card, the firmware's
  compute per trick-ending card and per empty-pad poll);
- ``bench_board``: the emulated board's wire times and whole deals per second.
"""
