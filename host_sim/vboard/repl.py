"""The virtual board's serial port: the MicroPython unix port on a pty, bridged to a
loopback TCP socket, so ``mpremote connect socket://127.0.0.1:PORT ...`` (pyserial's
``socket://`` handler) talks to it as to a board on a USB serial port.

What a board does and the bridge reproduces:

- the REPL, raw REPL and raw-paste mode are the unix port's own (pyexec, v1.27+);
- Ctrl-C interrupts running code: while MicroPython executes code (its SIGINT handler is
  installed, /proc/PID/status SigCgt) a Ctrl-C from the client becomes one SIGINT, as a
  board's UART turns it into KeyboardInterrupt; at the prompt it is passed as the byte
  the REPL reads (the pty is also the process's controlling terminal, with ISIG on);
- soft reset: Ctrl-D in the raw REPL ends the unix process; the bridge starts a fresh one
  (same filesystem, same chip models), prints ``MPY: soft reboot`` and, when the client was
  in the raw REPL, enters it again, so ``mpremote`` works with or without ``resume``.
  ``machine.reset()`` does not exist on the unix port (``sys.exit()`` acts as one);
- one client at a time, as a serial port opened exclusively; a second gets refused.

Every wait is bounded: the REPL prompt must come within ``PROMPT_S`` seconds, a process
that keeps dying at start (5 restarts within 10 s) is given up and the client dropped.
"""

import errno
import fcntl
import os
import select
import signal
import socket
import subprocess
import termios
import threading
import time
import tty

HOST = "127.0.0.1"  # loopback only: the port has no authentication
PROMPT_S = 10.0  # longest wait for a fresh interpreter's ">>> "
_CHUNK = 4096
_REBOOT_BANNER = b"MPY: soft reboot\r\n"


class ReplBridge:
    """Run ``argv`` (a MicroPython command) on a pty and offer it on ``127.0.0.1:port``.

    ``start()`` returns the port once the first ``>>>`` prompt is out; ``stop()`` ends the
    process and the sockets. ``restarts`` counts soft resets (new processes).
    """

    def __init__(self, argv, cwd, env, port=0, log=None):
        self.argv = list(argv)
        self.cwd = cwd
        self.env = dict(env)
        self.port = port
        self.log = log  # optional callable(str) for status lines
        self.restarts = 0
        self.proc = None
        self._master = self._slave = None
        self._listener = None
        self._client = None
        self._to_dev = bytearray()
        self._to_client = bytearray()
        self._raw = False  # the client's last mode switch was Ctrl-A (raw REPL)
        self._hold = False  # a fresh process: client input waits for its prompt
        self._hold_until = 0.0
        self._seen = b""
        self._prompted = False  # the process on now has shown its REPL prompt
        self._deaths = []  # when processes ended before their prompt (the last 10 s)
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread = None
        self.error = None

    # -- process --------------------------------------------------------------------------

    def _spawn(self):
        slave = self._slave

        def make_ctty():  # in the child: the pty becomes the controlling terminal
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.proc = subprocess.Popen(self.argv, stdin=slave, stdout=slave, stderr=slave,
                                     cwd=self.cwd, env=self.env, close_fds=True,
                                     start_new_session=True, preexec_fn=make_ctty)
        self._hold = True
        self._hold_until = time.monotonic() + PROMPT_S
        self._seen = b""
        self._prompted = False

    def _open_pty(self):
        self._master, self._slave = os.openpty()
        # A UART passes bytes as they are: raw (no echo, no line editing, no CR/LF
        # translation either way, no flow control), except that Ctrl-C stays a signal,
        # which MicroPython turns into KeyboardInterrupt while code runs.
        tty.setraw(self._slave, termios.TCSANOW)
        attrs = termios.tcgetattr(self._slave)
        attrs[3] |= termios.ISIG
        termios.tcsetattr(self._slave, termios.TCSANOW, attrs)
        fl = fcntl.fcntl(self._master, fcntl.F_GETFL)
        fcntl.fcntl(self._master, fcntl.F_SETFL, fl | os.O_NONBLOCK)

    # -- lifecycle ------------------------------------------------------------------------

    def start(self):
        """Start the process and the listener; returns the TCP port. Raises RuntimeError
        if the REPL prompt does not come within PROMPT_S seconds."""
        self._open_pty()
        self._listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self._listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self._listener.bind((HOST, self.port))
        self._listener.listen(1)
        self._listener.setblocking(False)
        self.port = self._listener.getsockname()[1]
        self._spawn()
        self._thread = threading.Thread(target=self._run, name="vboard-repl", daemon=True)
        self._thread.start()
        if not self._ready.wait(PROMPT_S + 1):
            self.stop()
            raise RuntimeError("virtual board: no REPL prompt within %.0f s" % PROMPT_S)
        if self.error:
            self.stop()
            raise RuntimeError(self.error)
        return self.port

    def given_up(self):
        """True once the bridge has stopped by itself (the process kept dying at start, or
        the bridge failed): ``error`` says why."""
        return self.error is not None and self._stop.is_set() or \
            (self._thread is not None and not self._thread.is_alive())

    def stop(self, timeout=3.0):
        """End the process (SIGTERM, then SIGKILL) and close everything; bounded."""
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)
        self._kill()
        for s in (self._client, self._listener):
            if s is not None:
                try:
                    s.close()
                except OSError:
                    pass
        self._client = self._listener = None
        for fd in (self._master, self._slave):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._master = self._slave = None

    def _kill(self):
        p = self.proc
        if p is None or p.poll() is not None:
            return
        p.terminate()
        try:
            p.wait(1.0)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(1.0)

    # -- the loop -------------------------------------------------------------------------

    def _say(self, text):
        if self.log is not None:
            self.log(text)

    def _drop_client(self):
        if self._client is not None:
            try:
                self._client.close()
            except OSError:
                pass
        self._client = None
        self._to_client = bytearray()
        self._raw = False

    def _run(self):
        try:
            while not self._stop.is_set():
                self._step()
        except Exception as e:  # never leave a half-dead bridge: record and stop
            self.error = "virtual board bridge failed: %r" % (e,)
            self._ready.set()
            self._say(self.error)

    def _step(self):
        rlist = [self._master, self._listener]
        if self._client is not None:
            rlist.append(self._client)
        wlist = []
        if self._to_dev and not self._hold:
            wlist.append(self._master)
        if self._to_client and self._client is not None:
            wlist.append(self._client)
        r, w, _ = select.select(rlist, wlist, [], 0.05)
        if self._master in r:
            self._from_device()
        if self._listener in r:
            self._accept()
        if self._client is not None and self._client in r:
            self._from_client()
        if self._master in w:
            self._write_device()
        if self._client is not None and self._client in w:
            self._write_client()
        if self._hold and time.monotonic() > self._hold_until:
            self._hold = False  # no prompt: let the client see what happens
            self._ready.set()
        if self.proc.poll() is not None and not self._stop.is_set():
            self._restart()

    def _from_device(self):
        try:
            data = os.read(self._master, _CHUNK)
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EIO):
                return
            raise
        if self._hold:
            self._seen = (self._seen + data)[-64:]
            if b">>> " in self._seen:
                self._hold = False
                self._prompted = True
                self._ready.set()
        if self._client is not None:
            self._to_client += data

    def _accept(self):
        try:
            conn, _ = self._listener.accept()
        except OSError:
            return
        if self._client is not None:  # the port is taken, as a serial port opened twice
            conn.close()
            return
        conn.setblocking(False)
        conn.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._client = conn
        self._raw = False

    def _from_client(self):
        try:
            data = self._client.recv(_CHUNK)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self._drop_client()
            return
        for b in data:  # track the REPL mode the client asked for last
            if b == 0x01:
                self._raw = True
            elif b == 0x02:
                self._raw = False
        if 0x03 in data and self._running_code():
            # A board's UART raises KeyboardInterrupt on Ctrl-C whatever the code does.
            # The unix port only sees Ctrl-C as SIGINT, and only when the terminal is in
            # its original mode, which raw-paste execution does not restore: signal it
            # here instead (once: a second SIGINT before the first is handled ends it).
            data = data.replace(b"\x03", b"")
            os.kill(self.proc.pid, signal.SIGINT)
        self._to_dev += data

    def _running_code(self):
        """True while MicroPython catches SIGINT: it installs its handler only while it
        executes code (mp_hal_set_interrupt_char), else SIGINT would end the process."""
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("SigCgt:"):
                        return bool(int(line.split()[1], 16) & (1 << (signal.SIGINT - 1)))
        except (OSError, ValueError):
            pass
        return False

    def _write_device(self):
        try:
            n = os.write(self._master, self._to_dev)
        except BlockingIOError:
            return
        del self._to_dev[:n]

    def _write_client(self):
        try:
            n = self._client.send(self._to_client)
        except BlockingIOError:
            return
        except OSError:
            self._drop_client()
            return
        del self._to_client[:n]

    def _restart(self):
        """The process ended (soft reset, sys.exit): start a fresh one, like a reboot.
        Only a process that ended before its prompt counts towards giving up: mpremote
        soft-resets the board at every disconnect, so many quick commands in a row are
        many ordinary reboots (the sixth in 10 s gave the board up)."""
        now = time.monotonic()
        self._deaths = [t for t in self._deaths if now - t < 10.0]
        if not self._prompted:
            self._deaths.append(now)
        if len(self._deaths) > 5:
            self.error = "virtual board: MicroPython keeps exiting at start; given up"
            self._say(self.error)
            self._drop_client()
            self._stop.set()
            return
        while True:  # what the old process wrote before it went
            try:
                data = os.read(self._master, _CHUNK)
            except OSError:
                break
            if not data:
                break
            if self._client is not None:
                self._to_client += data
        self.restarts += 1
        self._say("soft reboot (%d)" % self.restarts)
        self._to_dev = bytearray()  # input for the old process is lost, as on a reset
        if self._client is not None:
            self._to_client += _REBOOT_BANNER
        self._spawn()
        if self._raw:
            self._to_dev += b"\r\x01"  # back to the raw REPL, sent once the prompt is out
