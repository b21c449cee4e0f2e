"""The emulated board's UART as a pyserial URL: ``socket://127.0.0.1:PORT``.

:class:`UartBridge` is the UART the firmware sees (``any()``, ``read(n)``, ``write(b)``,
as ``machine.UART``) and, on the other side, a TCP server on the loopback interface that
``serial.serial_for_url("socket://127.0.0.1:PORT")`` (pyserial's socket handler) or
``trickref console socket://127.0.0.1:PORT`` opens::

    with UartBridge() as uart:          # port=0: the OS picks a free port
        print(uart.url)                 # socket://127.0.0.1:40123
        link = device.link.Link(uart, ...)

One host at a time, like a serial port: a second connection is closed at once (it reads
EOF). The bridge behaves like a UART with FIFOs, not like a pipe: bytes the firmware has
not read are kept up to ``rx_limit`` and the rest are lost (counted in ``rx_overruns``);
bytes written with no host connected, or beyond ``tx_limit`` waiting to be sent, are lost
too (``tx_dropped``). Nothing blocks the firmware. One I/O thread serves the socket;
``close()`` stops it and joins it within a bounded time.
"""

import selectors
import socket
import threading

_POLL_S = 0.05  # I/O thread wake-up period when idle (s), bounds close() latency


class UartBridge:
    """A UART-like object bridged to a loopback TCP server (see the module docstring).

    ``port``: 0 picks a free port. ``rx_limit``: bytes of host->board data buffered (a
    UART RX FIFO plus the driver's ring buffer). ``tx_limit``: bytes of board->host data
    waiting for the socket. The server starts at construction; ``url`` is ready then.
    """

    on_tx = None

    def __init__(self, host="127.0.0.1", port=0, rx_limit=4096, tx_limit=65536):
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise ValueError("the bridge listens on loopback only, not %r" % (host,))
        self.rx_limit = rx_limit
        self.tx_limit = tx_limit
        self.rx_overruns = 0
        self.tx_dropped = 0
        self.connections = 0  # hosts that have connected so far
        self._rx = bytearray()
        self._tx = bytearray()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._client = None
        self._server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._server.bind(("127.0.0.1", port))
        self._server.listen(1)
        self._server.setblocking(False)
        self.port = self._server.getsockname()[1]
        self.url = "socket://127.0.0.1:%d" % self.port
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._sel = selectors.DefaultSelector()
        self._sel.register(self._server, selectors.EVENT_READ, "accept")
        self._sel.register(self._wake_r, selectors.EVENT_READ, "wake")
        self._thread = threading.Thread(target=self._run, name="uart-bridge:%d" % self.port,
                                        daemon=True)
        self._thread.start()

    # -- the firmware's side (machine.UART surface)

    def any(self):
        """Bytes waiting to be read by the firmware."""
        with self._lock:
            return len(self._rx)

    def read(self, n=-1):
        """Up to ``n`` waiting bytes (all with -1), or None when none are waiting, as
        machine.UART.read with no timeout."""
        with self._lock:
            if not self._rx:
                return None
            if n is None or n < 0 or n > len(self._rx):
                n = len(self._rx)
            data = bytes(self._rx[:n])
            del self._rx[:n]
            return data

    def write(self, data):
        """Queue ``data`` for the host; returns len(data) (the bytes go out on the wire
        even when nobody listens, as on a real UART). ``on_tx(data)``, when set, sees every
        byte the board sends (the simulator's traffic panel listens there, leaving the
        socket free for ``trickref console``)."""
        data = bytes(data)
        if self.on_tx is not None:
            self.on_tx(data)
        with self._lock:
            if self._client is None or len(self._tx) + len(data) > self.tx_limit:
                self.tx_dropped += len(data)
            else:
                self._tx.extend(data)
        self._wake()
        return len(data)

    def connected(self):
        """True while a host holds the port open."""
        with self._lock:
            return self._client is not None

    # -- lifetime

    def close(self):
        """Stop the server, drop the host's connection, join the I/O thread (bounded)."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._wake()
        self._thread.join(timeout=2.0)
        for s in (self._client, self._server, self._wake_r, self._wake_w):
            if s is not None:
                try:
                    s.close()
                except OSError:
                    pass
        self._sel.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- the I/O thread

    def _wake(self):
        try:
            self._wake_w.send(b"\0")
        except OSError:  # full (already awake) or closed
            pass

    def _drop_client(self):
        c = self._client
        if c is None:
            return
        try:
            self._sel.unregister(c)
        except (KeyError, ValueError):
            pass
        c.close()
        with self._lock:
            self._client = None
            self._tx.clear()

    def _run(self):
        while not self._stop.is_set():
            for key, _ in self._sel.select(timeout=_POLL_S):
                tag = key.data
                try:
                    if tag == "wake":
                        self._wake_r.recv(4096)
                    elif tag == "accept":
                        self._accept()
                    elif tag == "client":
                        self._receive()
                except OSError:
                    self._drop_client()
            self._send()

    def _accept(self):
        try:
            conn, _ = self._server.accept()
        except BlockingIOError:
            return
        if self._client is not None:
            conn.close()  # one host at a time, like a serial port
            return
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        with self._lock:
            self._client = conn
            self.connections += 1
        self._sel.register(conn, selectors.EVENT_READ, "client")

    def _receive(self):
        try:
            data = self._client.recv(4096)
        except BlockingIOError:
            return
        if not data:
            self._drop_client()  # the host closed the port
            return
        with self._lock:
            room = self.rx_limit - len(self._rx)
            if len(data) > room:
                self.rx_overruns += len(data) - max(room, 0)
                data = data[:max(room, 0)]
            self._rx.extend(data)

    def _send(self):
        with self._lock:
            c = self._client
            if c is None or not self._tx:
                return
            try:
                n = c.send(self._tx)
            except BlockingIOError:
                return
            except OSError:
                n = -1
            if n > 0:
                del self._tx[:n]
        if n < 0:
            self._drop_client()
