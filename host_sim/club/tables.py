"""Emulated tables for a club evening: each a SimBoard playing whole games
(host_sim.autoplay) whose serial link is tapped frame by frame into a TablePublisher.

``EmulatedTable(table, game, players, seed, publisher, options=None)``; ``play(deals)``
plays that many deals (fewer when the game ends) on the board, each frame the board sends
reaching the publisher at once; ``sheet()`` is the board's own list (the flow's sheet table
of its match: what the store must equal). ``options``: the table's rules options by key,
as ``trickref sim --option KEY=VALUE`` takes them (``{"five": "mort"}``, ``{"kontra":
"on"}``): entered in the board's setup menus and played by the emulated players
(host_sim.autoplay), so an evening can be emulated with the club's house rules.
"""

from core import protocol as P
from host_sim.autoplay import table_player


class TapUart:
    """A board's link UART with nobody on the cable: bytes the board writes are decoded
    into frames and handed to ``on_frame``; nothing is ever received."""

    def __init__(self, on_frame):
        self.on_frame = on_frame
        self._reader = P.FrameReader()

    def any(self):
        """Bytes waiting for the board: never any."""
        return 0

    def read(self, n=-1):
        """Nothing is ever received: None."""
        return None

    def write(self, data):
        """Decode the board's bytes into frames for ``on_frame``; returns len(data)."""
        for item in self._reader.feed(bytes(data)):
            if isinstance(item, P.Frame):
                self.on_frame(item)
        return len(data)


class EmulatedTable:
    """One table of the evening (see the module doc); ``options``: rules options by key
    (ValueError naming an unknown name or value). Every frame the board sends goes to
    ``publisher.feed``."""

    def __init__(self, table, game, players, seed, publisher, options=None):
        self.table = table
        self.publisher = publisher
        self.uart = TapUart(self._frame)
        self.player = table_player(game, players, seed=seed, link=self.uart, options=options)
        self._match = None  # the board's match (kept: a finished game's is let go)
        self._flow = None

    def _frame(self, frame):
        ctl = self.player.ctl
        if ctl is not None and ctl.match is not None:
            self._match, self._flow = ctl.match, ctl.flow
        self.publisher.feed(frame)

    def play(self, deals):
        """Play ``deals`` deals from power-on; returns the (shadow, firmware) results."""
        self.player.play(deals)
        return self.player.results

    def sheet(self):
        """``(columns, rows)`` of the board's own list."""
        return self._flow.sheet_table(self._match)


def tap_bridge(bridge, publisher):
    """Publish every frame the board sends on ``bridge`` (host_sim.link.UartBridge: the
    simulator's link) through ``publisher``, keeping the tap already there (the traffic
    panel's): ``trickref sim --mqtt BROKER``."""
    before = bridge.on_tx
    uart = TapUart(publisher.feed)

    def on_tx(data):
        if before is not None:
            before(data)
        uart.write(data)

    bridge.on_tx = on_tx
    return publisher


def club_publisher(bridge, broker, table, password=None, seq_file=None):
    """A started TablePublisher for table ``table`` on ``broker`` (``HOST[:PORT]``; the
    password from ``$TRICKREF_TABLE_PASSWORD`` when not given) tapping ``bridge``;
    ``seq_file`` keeps the table's message count across runs (a table started again must
    go on counting, or the club host drops its messages as duplicates)."""
    import os

    from host_sim.club.publisher import TablePublisher, broker_address
    host, port = broker_address(broker)
    pub = TablePublisher(table, host, port,
                         password=password or os.environ.get("TRICKREF_TABLE_PASSWORD"),
                         seq_file=seq_file)
    return tap_bridge(bridge, pub.start())
