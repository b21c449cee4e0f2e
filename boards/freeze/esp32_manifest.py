# Frozen trickref firmware for an ESP32 DevKitC (ESP32-WROOM-32): core/, device/ and the
# board module become bytecode in flash, so the heap holds only the game state and the
# buffers (docs/performance.md). Syntax: MicroPython docs, reference/manifest.rst.
#
# Build (MicroPython source tree, v1.22 or later, ESP-IDF set up):
#   make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/trickref/boards/freeze/esp32_manifest.py
# then copy main.py (and board_config.py, optional) with `trickref flash --board esp32 ...`
# or `mpremote fs cp firmware/main.py :main.py`: main.py stays on the filesystem so it can
# change without a rebuild. Relative paths below are relative to this file.

metadata(description="trickref table controller firmware (card referee with NFC pads) "
         "for the ESP32 DevKitC", version="0.1.0", license="MIT")

# Keep the port's own frozen modules (asyncio, espnow, ...): a FROZEN_MANIFEST replaces
# the board's default manifest.
include("$(PORT_DIR)/boards/manifest.py")

# opt=3: no asserts (the firmware never validates with them, STYLE.md 6) and no line
# numbers; the bytecode stays in flash either way.
package("core", base_path="../..", opt=3)
package("device", base_path="../..", opt=3)
package("boards", files=("__init__.py", "esp32.py"), base_path="../..", opt=3)
