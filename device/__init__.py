"""trickref firmware: drivers, the referee loop and the screens.

MicroPython first, CPython too. Never imports ``machine`` (only ``boards/`` builds buses),
nor anything CPython-only (pygame, serial, host_sim).
"""
