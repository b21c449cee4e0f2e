"""The host end of the serial link: send commands, wait for answers, show events.

:class:`Console` works over an open pyserial port (``serial.serial_for_url(url)``: a real
board's ``/dev/ttyACM0``, or the emulated board's ``socket://127.0.0.1:PORT`` from
``host_sim.link.UartBridge``). Every wait is bounded by a timeout and ends in
:class:`ConsoleError` with a message saying what did not come. Events that arrive while an
answer is awaited are kept in ``backlog`` so nothing is lost to the live view.
"""

import csv
import json
import os
import time

from core import protocol as P
from core.errors import BadRecord
from device.view import MODE_NAMES
from host_sim.i18n import _, ngettext


_READ_S = 0.05  # one read waits at most this long (s): bounds every wait's overshoot
_IDLE_S = 0.2  # a partial frame this long without new bytes is given up (s)


class ConsoleError(Exception):
    """The board did not answer in time, answered with an error, or the port failed."""


def _parts(item, n, types=None):
    """``item.value`` when it is a list/tuple of at least ``n`` fields (``types``: the
    type each of the first fields must have), else None: a board's reply is checked before
    it is read, so no byte stream makes the console raise anything but ConsoleError."""
    v = item.value if isinstance(item, P.Frame) else None
    if not isinstance(v, (list, tuple)) or len(v) < n:
        return None
    for x, t in zip(v, types or ()):
        if not isinstance(x, t) or (t is int and isinstance(x, bool)):
            return None
    return v


def _malformed(name, item):
    return ConsoleError("malformed %s from the board: %r" % (name, (item.value,)))


class KeyStore:
    """The host's pairing keys, a JSON file: ``{"host": id, "boards": {board id hex: key
    hex}}`` (default ``$TRICKREF_KEYS`` or ``~/.config/trickref/keys.json``). Keys are
    secrets: the file is created readable by its owner only."""

    def __init__(self, path=None):
        self.path = path or os.environ.get("TRICKREF_KEYS") or os.path.join(
            os.path.expanduser("~"), ".config", "trickref", "keys.json")
        self.damaged = False  # a file was there but did not read as keys
        try:
            with open(self.path, encoding="utf-8") as f:
                data = json.load(f)
            self.host = str(data["host"])
            self.boards = dict(data["boards"])
        except (OSError, ValueError, KeyError, TypeError):
            self.damaged = os.path.exists(self.path)
            self.host = "host-" + os.urandom(4).hex()
            self.boards = {}

    def key(self, board_id):
        """The key for board ``board_id`` (bytes), or None; ConsoleError when the file
        holds something else than a hex key for it (an edited or damaged file)."""
        k = self.boards.get(board_id.hex())
        if not k:
            return None
        try:
            return bytes.fromhex(k)
        except (TypeError, ValueError):
            raise ConsoleError("the key for board %s in %s is not a hex key: pair again "
                               "(--pair CODE)" % (board_id.hex(), self.path))

    def keep(self, board_id, key):
        """Remember ``key`` for ``board_id`` and write the file. A file that did not read
        as keys is first renamed ``<path>.bad``, not written over: it may hold other
        boards' keys, mended by hand."""
        self.boards[board_id.hex()] = key.hex()
        os.makedirs(os.path.dirname(os.path.abspath(self.path)), exist_ok=True)
        if self.damaged and os.path.exists(self.path):
            os.replace(self.path, self.path + ".bad")
            self.damaged = False
        fd = os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump({"host": self.host, "boards": self.boards}, f, indent=1)


def signed(session, seq, ftype, value):
    """The payload of frame ``seq`` of type ``ftype``: ``value``, or ``[value,
    signature]`` (device.pairing.sign) for a frame that changes the table or reads the
    journal when ``session`` (a session key) is known."""
    if session is None or ftype not in P.SIGNED:
        return value
    from device.pairing import sign
    return [value, sign(session, seq, ftype, value)]


class Console:
    """Frames over ``port`` (an object with ``read(n)``, ``write(b)``, ``timeout`` and
    ``in_waiting``, as ``serial.Serial``). ``trace(direction, data)``, if given, sees every
    chunk of bytes sent (``">"``) and received (``"<"``): the ``--hex`` dump."""

    def __init__(self, port, trace=None):
        self.port = port
        port.timeout = _READ_S  # set once: on a real tty each change is a termios call
        self.trace = trace
        self.backlog = []  # frames and errors received but not yet taken
        self._reader = P.FrameReader()
        self._writer = P.FrameWriter()
        self._last_rx = None
        self.session = None  # the session key once logged in (device.pairing.session_key)

    def send(self, ftype, value=None):
        """Send one frame; returns its SEQ. A frame that changes the table or reads the
        journal is signed with the session's key once logged in (docs/protocol.md).
        Raises ConsoleError when the frame cannot carry ``value`` (over the link's
        MAX_PAYLOAD bytes, signature included, or a value the codec has no type for):
        nothing is sent and the SEQ is not used up."""
        seq = self._writer.seq
        try:
            data = self._writer.frame(ftype, signed(self.session, seq, ftype, value))
        except BadRecord as e:
            raise ConsoleError("cannot send %s to the board: %s" % (P.type_name(ftype), e))
        if self.trace:
            self.trace(">", data)
        self.port.write(data)
        return seq

    def receive(self, timeout):
        """Read for at most ``timeout`` seconds (plus one 50 ms read), returning as soon as
        something decodes; returns the frames/errors read (not put in ``backlog``)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            n = self.port.in_waiting
            data = self.port.read(n if n else 1)
            now = time.monotonic()
            got = []
            if data:
                if self.trace:
                    self.trace("<", data)
                self._last_rx = now
                got = self._reader.feed(data)
            elif self._reader.pending() and self._last_rx is not None and \
                    now - self._last_rx > _IDLE_S:
                got = self._reader.flush()  # a partial frame went stale: rescan
            if got or left <= 0:
                return got

    def take(self, timeout):
        """The backlog plus whatever arrives within ``timeout`` s (the live view's call)."""
        out = self.backlog
        self.backlog = []
        if not out:
            out = self.receive(timeout)
        return out

    def request(self, ftype, value=None, timeout=3.0, last=(P.R_STATE,)):
        """Send a command and collect its answer frames until one whose type is in
        ``last`` (or an R_ERROR for it) arrives; returns the list of answer frames.
        Raises ConsoleError on R_ERROR or when ``timeout`` s pass without the end."""
        seq = self.send(ftype, value)
        name = P.type_name(ftype)
        answer = []
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise ConsoleError("no complete answer to %s (#%d) within %.1f s (%d frames "
                                   "received)" % (name, seq, timeout, len(answer)))
            for item in self.receive(left):
                v = _parts(item, 1)
                if v is not None and 0x40 <= item.type < 0x50 and v[0] == seq:
                    if item.type == P.R_ERROR:
                        v = list(v) + ["?", ""]  # [seq, error code, detail]: any values
                        detail = "" if v[2] in ("", None) else ": %s" % (v[2],)
                        raise ConsoleError("board refused %s (request #%d, %s)%s"
                                           % (name, seq, v[1], detail))
                    answer.append(item)
                    if item.type in last:
                        return answer
                else:
                    self.backlog.append(item)

    def query_state(self, timeout=3.0):
        """The board's state dict (R_STATE); an unpaired host gets its public part."""
        item = self.request(P.Q_STATE, None, timeout, (P.R_STATE,))[-1]
        v = _parts(item, 2, (int, dict))
        if v is None:
            raise _malformed("state", item)
        return v[1]

    def _hello(self, keys, timeout):
        self.session = None  # a hello ends the session on the board too
        nonce = os.urandom(16)
        item = self.request(P.C_HELLO, (keys.host, nonce), timeout, (P.R_CHALLENGE,))[-1]
        v = _parts(item, 4, (int, bytes, bytes, bool))
        if v is None or len(v[1]) != 16:
            raise _malformed("challenge", item)
        return keys.host.encode() + nonce + v[1], v[2], v[3]

    def _prove(self, mode, mac, timeout):
        item = self.request(P.C_PROVE, (mode, mac), timeout, (P.R_PAIRED,))[-1]
        if _parts(item, 3, (int, str, str)) is None:
            raise _malformed("paired", item)

    def pair(self, code, keys, timeout=3.0):
        """Pair with the board showing ``code`` (its menu, "Pair host"); the key is kept
        in ``keys`` (a :class:`KeyStore`) and this host is logged in. docs/protocol.md."""
        from device.pairing import proof, session_key
        msg, board, shown = self._hello(keys, timeout)
        if not shown:
            raise ConsoleError("the board shows no pairing code: choose Pair host in its "
                               "menu first")
        self._prove("pair", proof(code, b"pair", msg), timeout)
        key = proof(code, b"key", msg)
        keys.keep(board, key)
        self.session = session_key(key, msg)

    def login(self, keys, timeout=3.0):
        """Log in with the key ``keys`` holds for this board; ConsoleError when this host
        was never paired with it (or the board forgot it)."""
        from device.pairing import proof, session_key
        msg, board, _key = self._hello(keys, timeout)
        key = keys.key(board)
        if key is None:
            raise ConsoleError("not paired with board %s: choose Pair host in its menu, "
                               "then run the console with --pair CODE" % board.hex())
        self._prove("login", proof(key, b"login", msg), timeout)
        self.session = session_key(key, msg)

    def export_sheet(self, timeout=5.0):
        """``(columns, rows)`` of the board's score sheet (R_SHEET_HEAD, R_SHEET_ROW*,
        R_END); raises ConsoleError when the row count does not match R_END."""
        frames = self.request(P.Q_SHEET, None, timeout, (P.R_END,))
        columns = None
        rows = []
        for f in frames:
            v = _parts(f, 2, (int, list if f.type != P.R_END else int))
            if v is None:
                raise _malformed(P.type_name(f.type), f)
            if f.type == P.R_SHEET_HEAD:
                columns = list(v[1])
            elif f.type == P.R_SHEET_ROW:
                rows.append(list(v[1]))
        if columns is None or frames[-1].value[1] != len(rows):
            raise ConsoleError("score sheet export incomplete: %d rows, board counted %s"
                               % (len(rows), frames[-1].value[1]))
        return columns, rows

    def export_journal(self, timeout=30.0):
        """The raw bytes of the board's journal (R_JOURNAL chunks, R_END); raises
        ConsoleError when a chunk is missing or the total does not match R_END."""
        frames = self.request(P.Q_JOURNAL, None, timeout, (P.R_END,))
        out = bytearray()
        for f in frames:
            v = _parts(f, 3, (int, int, bytes)) if f.type == P.R_JOURNAL \
                else _parts(f, 2, (int, int))
            if v is None:
                raise _malformed(P.type_name(f.type), f)
            if f.type == P.R_JOURNAL:
                if f.value[1] != len(out):
                    raise ConsoleError("journal export: chunk at %d, expected %d"
                                       % (f.value[1], len(out)))
                out.extend(f.value[2])
        if frames[-1].value[1] != len(out):
            raise ConsoleError("journal export: %d bytes received, board sent %s"
                               % (len(out), frames[-1].value[1]))
        return bytes(out)

    def command(self, ftype, value=None, timeout=60.0):
        """Send a state-changing command (C_UNDO, C_NEW_GAME) and wait for the table's
        decision; returns ``(accepted, detail)`` from EV_CONFIRM."""
        seq = self.request(ftype, value, min(timeout, 3.0), (P.R_PENDING,))[-1].value[0]
        # (request() matched value[0] == seq: the field is there)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for item in self.receive(deadline - time.monotonic()):
                v = _parts(item, 4)
                if v is not None and item.type == P.EV_CONFIRM and v[0] == seq:
                    return bool(v[2]), str(v[3])
                self.backlog.append(item)
        raise ConsoleError("%s (#%d) was not settled at the table within %.0f s"
                           % (P.type_name(ftype), seq, timeout))


class LinkFeed:
    """A source for the simulator's traffic panel (``host_sim.ui.traffic``): ``poll()``
    returns one readable line (:func:`describe`) per frame the board sent since the last
    call. Never blocks: it reads only the bytes already waiting on ``port`` (an open
    pyserial port, e.g. ``open_port(bridge.url)``)."""

    game = None
    words = None  # a CardWords: cards in players' words (None: the wire's codes)

    def __init__(self, port):
        self.port = port
        self._reader = P.FrameReader()

    def poll(self):
        n = self.port.in_waiting
        if not n:
            return []
        return self._lines(self._reader.feed(self.port.read(n)))

    def _lines(self, items):
        out = []
        for item in items:
            self.game = game_of(item, self.game)
            out.append(describe(item, self.game, self.words))
        return out


class TapFeed(LinkFeed):
    """Like :class:`LinkFeed`, but fed by a tap on the board's UART (``bridge.on_tx``):
    the simulator shows the link's frames without taking the one host connection."""

    game = None

    def __init__(self, bridge):
        self._reader = P.FrameReader()
        self._pending = bytearray()
        bridge.on_tx = self._pending.extend

    def poll(self):
        if not self._pending:
            return []
        data = bytes(self._pending)
        del self._pending[:]
        return self._lines(self._reader.feed(data))


def _seat(s):
    return "P%d" % (s + 1) if isinstance(s, int) and s >= 0 else "table"


def _state_value(key, value):
    """A state answer's value as players say it: the seat on turn as the LCD names it
    ("P1"; -1: "none"), the mode's word (a protocol 1 board sent its number)."""
    if key == "seat" and isinstance(value, int):
        return _seat(value) if value >= 0 else "none"
    if key == "mode" and isinstance(value, int) and 0 < value < len(MODE_NAMES):
        return MODE_NAMES[value]
    return value


def _card(c):
    return "?" if c is None else str(c)


# the deck each game plays (core.cards deck names)
GAME_DECKS = {"skat": "skat", "tarot": "tarot", "magistr": "french36", "zhopa": "french36"}


class _UnknownSuits:
    suit_marks = "????"  # the LCD's suit codes of a game the console does not know


_UNKNOWN_SUITS = _UnknownSuits()


class CardWords:
    """The wire's card codes and rules sentences in players' words: ``core.vocab`` in
    language ``lang`` with ``looks`` ({deck name: look}, missing: the deck's default).
    ``card(code, game)`` and ``text(sentence, game)``; an unknown game, or a code that is
    not a card of its deck, is shown as it came (never hidden). Raises TrickrefError for
    an unknown language or look."""

    def __init__(self, lang="en", looks=None):
        from core.cards import deck_named
        from core.vocab import Vocabulary
        from host_sim.words_catalogue import catalogue
        self._vocab = {}
        for game, deck in GAME_DECKS.items():
            self._vocab[game] = Vocabulary(deck_named(deck), (looks or {}).get(deck), lang)
        self._phrases = catalogue(lang)  # the LCD's words for the rules' sentences

    def card(self, code, game):
        """``code`` (``"SA"``) as the vocabulary writes it (``"GD"``)."""
        v = self._vocab.get(game)
        if v is None or code is None:
            return _card(code)
        try:
            return v.short(v.deck.parse(code))
        except (ValueError, TypeError):
            return _card(code)

    def lcd(self, text, game):
        """The LCD's ``text`` (a suit glyph as its CGRAM code, ``chr(suit)``) with each
        suit as this vocabulary's mark (``host_sim.board.marked``); an unknown game's
        codes as ``?`` (nothing guessed, no control character printed)."""
        from host_sim.board import marked
        v = self._vocab.get(game)
        if not isinstance(text, str):
            return text
        return marked(text, v) if v is not None else marked(text, _UNKNOWN_SUITS)

    def text(self, sentence, game):
        """A rules sentence with its cards in this vocabulary, in the words the LCD gives
        it in this language (``device.screens.Screens.rules_text``: "♠D top of suit" is
        "GD höchste Farbe" in German)."""
        v = self._vocab.get(game)
        if v is None or not isinstance(sentence, str):
            return sentence
        return v.text(self._said(sentence, v.deck))

    def reason(self, code, game, proven=False):
        """A refusal's reason code (``"must-follow-suit"``), or with ``proven`` a proven
        violation's (``"revoke"``), in the words the LCD gives it in this language
        (``device.words.REASONS`` / ``VIOLATIONS``, a game's own codes registered by its
        flow module: "Farbe bedienen"); an unknown code as it came (never hidden)."""
        from device import flows, words
        try:
            flows.load(game)  # its codes registered (device.words.register)
        except (ValueError, TypeError):
            pass  # an unknown game: the shared codes only
        english = (words.VIOLATIONS if proven else words.REASONS).get(code)
        if not isinstance(english, str):
            return code
        return self._phrases.get(english, english)

    def _said(self, sentence, deck):
        # as the LCD says it (device.words.rules), from this language's catalogue
        if not self._phrases:
            return sentence
        from device.words import rules
        return rules(sentence, deck.glyphs, lambda english: self._phrases.get(english, english))


def game_of(item, game=None):
    """The game in play after ``item``: a hello frame names it, so does a state answer
    (R_STATE ``(seq, {"game": ...})``, public to any host); anything else, a hello or
    state of another shape too (a str, a dict: never a KeyError), keeps it."""
    if isinstance(item, P.Frame) and item.type in (P.EV_HELLO, P.R_STATE):
        v = _parts(item, 2)
        named = None if v is None else v[1]
        if item.type == P.R_STATE:
            named = named.get("game") if isinstance(named, dict) else None
        return named if isinstance(named, str) else game
    return game


def _points(n, game):
    # tarot counts in half-points on the board (core/games/tarot_score.py): show points
    if game == "tarot":
        from core.games.tarot_score import half_text
        return half_text(n)
    return "%d" % n


_CODED = {}  # game -> Vocabulary of its deck (the default look): rewrites to codes


def _coded(sentence, game):
    """A rules sentence (cards in the deck's notation, ``"♣U highest trump"``) with each
    card as the wire's code (``"CJ highest trump"``), as the console without ``--lang``
    writes the cards of every other line; an unknown game's sentence as it came."""
    deck = GAME_DECKS.get(game)
    if deck is None or not isinstance(sentence, str):
        return sentence
    if game not in _CODED:
        from core.cards import deck_named
        from core.vocab import Vocabulary
        _CODED[game] = Vocabulary(deck_named(deck))
    v = _CODED[game]
    return v.rewrite(sentence, v.deck.code)


def describe(item, game=None, words=None):
    """One readable line for a received Frame or FrameError (``game``: the game in play,
    from the board's hello frame: tarot trick points arrive in half-points; ``words``: a
    :class:`CardWords` writing cards and reasons in players' words, None: the wire's
    codes)."""
    if isinstance(item, P.FrameError):
        return _("link: %s %s") % (item.code, item.detail)
    t, v = item.type, item.value
    if words is None:  # the wire's codes, in the rules' sentences too ("CJ highest trump")
        def _c(code):
            return _card(code)

        def _t(sentence):
            return _coded(sentence, game)

        def _r(code, proven=False):
            return code
    else:
        def _c(code):
            return words.card(code, game)

        def _t(sentence):
            return words.text(sentence, game)

        def _r(code, proven=False):
            return words.reason(code, game, proven)
    try:
        if t == P.EV_CARD:
            return _("%s plays %s") % (_seat(v[0]), _c(v[1]))
        if t == P.EV_TRICK:
            pts = _points(v[2], game)
            if pts.isdigit():  # whole points: the noun agrees with the count (1 очко, 64 очки)
                n = int(pts)
                return ngettext("%s takes %s (%d point): %s", "%s takes %s (%d points): %s",
                                n) % (_seat(v[0]), " ".join(map(_c, v[1])), n, _t(v[3]))
            # a tarot half ("4.5"): in Ukrainian a fraction takes the genitive singular
            return _("%s takes %s (%s points): %s") % (_seat(v[0]), " ".join(map(_c, v[1])),
                                                   pts, _t(v[3]))
        if t == P.EV_REFUSED:
            return _("%s refused %s: %s %s") % (_seat(v[0]), _c(v[1]), _r(v[2]), _t(v[3]))
        if t == P.EV_REVOKE:  # the wire's trick is 0-based, -1 before the play (écart)
            if v[2] < 0:
                return _("%s revoke found: %s before the play: %s %s") % (
                    _seat(v[0]), _c(v[1]), _r(v[3], True), _t(v[4]))
            return _("%s revoke found: %s in trick %s: %s %s") % (
                _seat(v[0]), _c(v[1]), v[2] + 1, _r(v[3], True), _t(v[4]))
        if t == P.EV_UNDONE:  # no card: a bid, a choice or (the table's) a scan
            if v[1] is None:
                return _("%s takes back a bid or choice") % _seat(v[0]) if \
                    _seat(v[0]) != "table" else _("the table takes back the last scan")
            return _("%s takes back %s") % (_seat(v[0]), _c(v[1]))
        if t == P.EV_DEAL:
            return _("deal %d starts, dealer %s") % (v[0], _seat(v[1]))
        if t == P.EV_DEAL_OVER:  # the LCD's verdict: its suit glyphs as CGRAM codes
            return _("deal %d over: %s") % (v[0], (words or CardWords()).lcd(v[1], game))
        if t == P.EV_ROW:
            return _("sheet row: ") + ", ".join("%s=%s" % (c, x) for c, x in zip(v[0], v[1]))
        if t == P.EV_GAME_OVER:
            return _("game over: %s") % (v,)
        if t == P.EV_SCREEN:
            return "lcd | " + " | ".join(v)
        if t == P.EV_HELLO:
            return _("board up: protocol %s, game %s") % (v[0], v[1] or _("none yet"))
        if t == P.EV_CONFIRM:
            said = _("confirmed") if v[2] else _("declined")
            return _("table %s %s (#%d)%s") % (said, v[1], v[0],
                                            ": " + v[3] if v[3] else "")
        if t == P.R_PENDING:
            return _("%s (#%d) waits for a button press at the table") % (v[1], v[0])
        if t == P.R_ERROR:
            return _("board error (#%d): %s %s") % (v[0], v[1], v[2])
        if t == P.R_STATE:
            return _("state: ") + ", ".join("%s=%s" % (k, _state_value(k, v[1][k]))
                                             for k in sorted(v[1]))
    except (TypeError, IndexError, KeyError, ValueError):
        pass
    return "%s %r" % (P.type_name(t), v)


def csv_cell(c):
    """A sheet cell as CSV text: None is empty, numbers stay numbers; a text starting with
    ``=``, ``+``, ``-``, ``@``, tab or CR gets a leading ``'`` so that no spreadsheet runs
    it as a formula (OWASP "CSV Injection")."""
    if c is None:
        return ""
    if isinstance(c, (int, float)) and not isinstance(c, bool):
        return c
    c = str(c)
    return "'" + c if c[:1] in ("=", "+", "-", "@", "\t", "\r") else c


def write_csv(path, columns, rows):
    """Write the score sheet as CSV: a header line of ``columns``, then one line a row;
    every cell through :func:`csv_cell`."""
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow([csv_cell(c) for c in columns])
        for r in rows:
            w.writerow([csv_cell(c) for c in r])


def open_port(url, timeout=0.05):
    """Open ``url`` with pyserial (``socket://host:port``, ``/dev/ttyACM0``, ``loop://``);
    raises ConsoleError with pyserial's reason when it cannot be opened."""
    import serial  # the sim extra; imported here so `trickref --help` works without it

    try:
        return serial.serial_for_url(url, baudrate=115200, timeout=timeout)
    except (serial.SerialException, ValueError, OSError) as e:
        raise ConsoleError("cannot open %s: %s" % (url, e))


def check_journal_bytes(data):
    """``(records, report)`` of a journal exported from the board (read from a copy)."""
    import os
    import tempfile

    from core.journal import Journal

    fd, path = tempfile.mkstemp(suffix=".trj")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        return Journal(path).read()
    except BadRecord as e:
        raise ConsoleError("exported journal is not readable: %s" % e)
    finally:
        os.remove(path)
