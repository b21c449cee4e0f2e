"""``python -m host_sim`` is the ``trickref`` command."""

import sys

from host_sim.cli import main

sys.exit(main())
