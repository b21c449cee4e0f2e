# Frozen trickref firmware for the Raspberry Pi Pico (RP2040): core/, device/ and the board
# module become bytecode in flash, so the heap holds only the game state and the buffers
# (docs/performance.md). Syntax: MicroPython docs, reference/manifest.rst.
#
# Build (MicroPython source tree, v1.22 or later):
#   make -C ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=/path/to/trickref/boards/freeze/pico_manifest.py
# then copy main.py (and board_config.py, optional) with `trickref flash --board pico ...`
# or `mpremote fs cp firmware/main.py :main.py`: main.py stays on the filesystem so it can
# change without a rebuild. Relative paths below are relative to this file.

metadata(description="trickref table controller firmware (card referee with NFC pads) "
         "for the Raspberry Pi Pico", version="0.1.0", license="MIT")

# Keep the port's own frozen modules (asyncio, rp2 helpers...): a FROZEN_MANIFEST
# replaces the board's default manifest.
include("$(PORT_DIR)/boards/manifest.py")

# opt=3: no asserts (the firmware never validates with them, STYLE.md 6) and no line
# numbers; the bytecode stays in flash either way.
package("core", base_path="../..", opt=3)
package("device", base_path="../..", opt=3)
package("boards", files=("__init__.py", "pico.py"), base_path="../..", opt=3)
