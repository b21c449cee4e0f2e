"""Boot script of the virtual board (MicroPython): make ``import machine`` give the bridge.

The unix port's own ``machine`` has no Pin, SPI or I2C; ``vb_machine`` forwards them to
the host's chip models. Imported before the REPL starts (``micropython -i -c "import
vb_boot"``) and by scripts that play a deal without a REPL.
"""

import sys

import vb_machine

sys.modules["machine"] = vb_machine
