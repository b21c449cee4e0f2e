"""Read International Skat Server game records (``.sgf``, one game per line).

Format: docs/analysis/skat.md section 1 (after SkatGUI ``doc/skat-game-format``). Only what the
referee needs is kept: the ID, the 32 dealt cards (10 forehand, 10 middlehand, 10 rearhand,
2 skat; None when the record does not carry the deal: a player view writes ``??`` cards),
the move list as ``(actor, action)`` pairs (actor ``"w"`` or ``"0"``-``"2"``) and the
result fields of ``R[...]`` as a dict of strings (``{"d": "0", "v": "48", ...}``, plus
``"passed": ""`` for ``R[passed]``).

Every move form is read by :func:`parse_move`; :func:`replay` plays a record through the
rules core, with the dealt hands (the same verdicts as the referee with known hands) or as
a table sees it. A record the rules or the deal refuse raises :class:`RecordError`, which
names the game, the move and the reason.
"""

from collections import namedtuple

from core.cards import SKAT
from core.errors import BadRecord, IllegalPlay

IssRecord = namedtuple("IssRecord", ("id", "cards", "moves", "result"))

# A move of the list, classified (parse_move): ``kind`` and its fields.
#   ("bid", seat, n)  ("hold", seat)  ("pass", seat)  ("pick_up", seat)
#   ("declare", seat, contract, cards)  cards: what follows the contract (discard, shown)
#   ("discard", seat, [c1, c2])         the live ISS form: the discard after the contract
#   ("play", seat, card)  ("concealed", seat)  (a ``??`` card: the server hid it)
#   ("claim", seat, cards or None)  ("resign", seat)
#   ("abandon", seat)  (``w TI.n`` timeout, ``w LE.n`` left)
#   ("skat", cards)  (``w c1.c2``: the skat shown to the declarer; None for ``w ??.??``)


class RecordError(BadRecord):
    """A record the rules or its own deal refuse: ``gid`` (the game ID), ``number`` (the
    move's place in ``MV``, 1 = the first move after the deal), ``move`` (``"1 CQ"``) and
    ``reason`` (a sentence)."""

    def __init__(self, gid, number, move, reason):
        BadRecord.__init__(self, "ISS %s, move %d (%s): %s" % (gid, number, move, reason))
        self.gid = gid
        self.number = number
        self.move = move
        self.reason = reason


def _prop(line, name):
    key = name + "["
    i = line.find(key)
    if i < 0:
        return None
    j = line.find("]", i)
    if j < 0:
        raise BadRecord("ISS record: %s[ is not closed" % name)
    return line[i + len(key):j]


def record_id(line):
    """The ``ID[...]`` of a record line, or None when it has none (for error reports)."""
    try:
        return _prop(line, "ID")
    except BadRecord:
        return None


def _cards(text, what):
    """Card codes separated by dots; raises BadRecord naming ``what``."""
    try:
        return [SKAT.parse(c) for c in text.split(".")]
    except ValueError as e:
        raise BadRecord("%s: %s" % (what, e))


def parse_record(line):
    """Parse one ISS line into an IssRecord; raises BadRecord naming what is wrong."""
    line = line.strip()
    if not line.startswith("(;GM[Skat]"):
        raise BadRecord("not an ISS Skat record: %r" % line[:30])
    gid = _prop(line, "ID")
    mv = _prop(line, "MV")
    # R[...] follows MV[...]; find the first R[ after the move list.
    k = line.find("]R[", line.find("MV["))
    if gid is None or mv is None or k < 0:
        raise BadRecord("ISS record without ID, MV or R: %r" % line[:60])
    res = line[k + 3:line.find("]", k + 3)]
    toks = mv.split()
    if len(toks) < 2 or toks[0] != "w":
        raise BadRecord("ISS %s: the move list must start with the deal" % gid)
    cards = None
    if "?" not in toks[1] and "|" not in toks[1]:  # a player view hides the others' cards
        cards = _cards(toks[1], "ISS %s: the deal" % gid)
        if len(cards) != 32:
            raise BadRecord("ISS %s: the deal has %d cards, not 32" % (gid, len(cards)))
    if len(toks) % 2:
        raise BadRecord("ISS %s: odd number of move tokens" % gid)
    moves = [(toks[i], toks[i + 1]) for i in range(2, len(toks), 2)]
    result = {}
    for field in res.split():
        if ":" in field:
            k2, v = field.split(":", 1)
            result[k2] = v
        else:
            result[field] = ""
    return IssRecord(gid, cards, moves, result)


def read_records(text):
    """Parse every non-blank line of ``text``; returns a list of IssRecord."""
    return [parse_record(l) for l in text.splitlines() if l.strip()]


def _is_card(token):
    return len(token) == 2 and token[0] in "CSHD" and token[1] in "AKQJT987"


_SIMPLE = {"y": "hold", "p": "pass", "s": "pick_up", "RE": "resign", "??": "concealed"}


def parse_move(actor, action):
    """Classify one ISS move (docs/analysis/skat.md section 1, items 2-6); returns a tuple
    (see the list at the top of this module). Raises BadRecord on a form the ISS does not
    write (the caller adds the game ID and the move's place)."""
    if actor == "w":
        if action[:3] in ("TI.", "LE.") and action[3:] in ("0", "1", "2"):
            return ("abandon", int(action[3:]))
        if action == "??.??":  # a player view: the skat given to another player
            return ("skat", None)
        parts = action.split(".")
        if len(parts) == 2 and _is_card(parts[0]) and _is_card(parts[1]):
            return ("skat", [SKAT.parse(c) for c in parts])
        raise BadRecord("not a move of the server")
    if actor not in ("0", "1", "2"):
        raise BadRecord("unknown actor %r" % actor)
    seat = int(actor)
    if action in _SIMPLE:
        return (_SIMPLE[action], seat)
    if action.isdigit():
        return ("bid", seat, int(action))
    parts = action.split(".")
    head = parts[0]
    rest = parts[1:]
    for c in rest:
        if not _is_card(c):
            raise BadRecord("%r is not a card" % c)
    rest = [SKAT.parse(c) for c in rest]
    if _is_card(head):
        if not rest:
            return ("play", seat, SKAT.parse(head))
        if len(rest) == 1:
            return ("discard", seat, [SKAT.parse(head)] + rest)
        raise BadRecord("a card move is one card, or the two discarded cards")
    if head == "SC":
        return ("claim", seat, rest or None)
    if head.isalpha() and head.isupper():  # a contract; parse_contract judges its letters
        return ("declare", seat, head, rest)
    raise BadRecord("not an ISS move")


def _moves(record):
    """``(number, "actor action", parsed move)`` for every move; RecordError on an unknown
    form."""
    out = []
    for n, (actor, action) in enumerate(record.moves, 1):
        try:
            out.append((n, "%s %s" % (actor, action), parse_move(actor, action)))
        except BadRecord as e:
            raise RecordError(record.id, n, "%s %s" % (actor, action), str(e))
    return out


def split_declaration(picked_up, contract, cards):
    """The cards after an ISS contract as ``(discard, shown)``: after a pick-up the first
    two are the discard, and an ouvert game lists its 10 cards after them; a hand game has
    no discard, and a hand ouvert lists its 10 cards (``CO.CJ.SJ...``). Archived records may
    leave the shown cards out (docs/analysis/skat.md section 1, item 5). Raises BadRecord on
    another count, or shown cards without ouvert."""
    discard = cards[:2] if picked_up and len(cards) >= 2 else None
    shown = cards[2:] if picked_up else cards
    if picked_up and len(cards) == 1:
        raise BadRecord("one card after the contract: the discard is two cards")
    if shown and ("O" not in contract[1:] or len(shown) != 10):
        raise BadRecord("%d cards after the contract%s: only an ouvert game shows its 10 "
                        "cards" % (len(cards), " and its discard" if picked_up else ""))
    return discard, shown or None


def declaration(record):
    """``(picked_up, contract, discard, shown)`` of the record's declaration (contract None
    when there is none; discard None when not written)."""
    picked = False
    moves = _moves(record)
    for n, text, move in moves:
        kind = move[0]
        if kind == "pick_up":
            picked = True
        elif kind == "declare":
            try:
                discard, shown = split_declaration(picked, move[2], move[3])
            except BadRecord as e:
                raise RecordError(record.id, n, text, str(e))
            if discard is None and picked:
                discard = next((m[2] for _, _, m in moves if m[0] == "discard"), None)
            return picked, move[2], discard, shown
    return picked, None, None, None


def final_skat(record):
    """The skat at the end of the game: the declarer's discard, or the dealt skat of a hand
    game (what the table scans after the last trick). BadRecord when neither is known."""
    picked, _, discard, _ = declaration(record)
    if discard is not None:
        return list(discard)
    if picked or record.cards is None:
        raise BadRecord("ISS %s: the record does not show the skat at the end (the "
                        "discard or the dealt skat)" % record.id)
    return list(record.cards[30:32])


def replay(record, known_hands=True):
    """Replay an IssRecord through a fresh ``core.games.skat`` Deal; returns the deal.

    ``known_hands``: give the Deal the dealt hands, so every move is checked against the
    deal as the referee with known hands checks it (follow suit, cards held, the discard,
    the shown cards), or let it see the cards only as they are played, as at a table.
    Every declaration form is read (:func:`split_declaration`; the live form ``G`` then
    ``H7.HQ``). Raises RecordError naming the game, the move and the reason for a move the
    rules or the deal refuse, an unknown form, or any move after the end of the game;
    BadRecord for a deal that is not 32 distinct cards.
    """
    from core.games import skat

    cards = record.cards
    if cards is None and known_hands:
        raise BadRecord("ISS %s: the record does not carry the deal" % record.id)
    hands = [cards[0:10], cards[10:20], cards[20:30]] if known_hands else None
    try:
        deal = skat.Game().new_deal(0, hands, cards[30:32] if known_hands else None)
    except BadRecord as e:
        raise BadRecord("ISS %s: the deal: %s" % (record.id, e))
    if not known_hands and cards is not None:
        deal.original_skat = cards[30:32]
    state = {"pending": None, "picked": False, "concealed": None}
    for n, text, move in _moves(record):
        if deal.phase == skat.PHASE_SHOW:  # ouvert, hands unknown: the hand is laid
            lay_hand(record, deal)
        if deal.is_over():
            raise RecordError(record.id, n, text, "after the end of the game (%s)"
                              % end_words(deal))
        try:
            _apply(deal, move, state, known_hands)
        except (IllegalPlay, BadRecord) as e:
            raise RecordError(record.id, n, text, "refused: %s" % e)
    if deal.phase == skat.PHASE_REST:  # an early end: the declarer lays his hand left
        lay_hand(record, deal)
    if deal.phase == skat.PHASE_SKAT:
        # At a table the final skat is scanned after the deal: the discard, or the
        # untouched skat of a hand game.
        deal.set_skat(final_skat(record))
    return deal


def declarer_hand(record, declarer):
    """The declarer's 10 cards in play: his dealt hand, after a pick-up with the original
    skat in and the discard out (what he lays for ouvert). BadRecord when the record does
    not carry the deal or the discard."""
    if record.cards is None:
        raise BadRecord("ISS %s: the record does not carry the declarer's hand" % record.id)
    cards = record.cards[declarer * 10:declarer * 10 + 10]
    if declaration(record)[0]:  # picked up: the skat in, the discard out
        discard = final_skat(record)
        cards = [c for c in cards + record.cards[30:32] if c not in discard]
    return list(cards)


def cards_left(record, deal):
    """The declarer's cards not yet played in ``deal`` (what he lays after an early
    end, or what his open hand still holds)."""
    played = [c for (s, c) in deal.history if s == deal.declarer]
    return [c for c in declarer_hand(record, deal.declarer) if c not in played]


def lay_hand(record, deal):
    """What the table does when the deal asks for the declarer's hand (hands unknown):
    his open hand at an ouvert declaration, the cards left after an early end."""
    from core.games import skat
    if deal.phase == skat.PHASE_SHOW:
        return deal.show_hand(declarer_hand(record, deal.declarer))
    return deal.show_hand(cards_left(record, deal))


def end_words(deal):
    """Why a deal is over, in words: all passed, aborted, or how the play ended (the
    deal's ``end_reason`` code in words; a deciding revoke names its deal seat, P1 the
    forehand, as the rules' other sentences do)."""
    from core.games import skat
    if deal.status == "passed":
        return "all passed"
    if deal.status == "aborted":
        return "aborted: a player left or timed out"
    why = deal.end_reason
    if why is None:
        return "all ten tricks played"
    if why == skat.REVOKE and deal.violation is not None:
        return "revoke P%d" % (deal.violation[0] + 1)
    return {skat.END_RESIGNED: "resigned", skat.END_LEFT: "a defender left",
            skat.END_NULL: "null: declarer took a trick",
            skat.END_SCHWARZ: "schwarz announced: defenders took a trick"}.get(why, why)


def _apply(deal, move, state, known_hands):
    """Carry out one parsed move on ``deal`` (IllegalPlay / BadRecord when refused)."""
    kind = move[0]
    if state["concealed"] is not None and kind not in ("abandon", "resign"):
        raise BadRecord("P%d's card is hidden (??): no trick can be judged after it"
                        % (state["concealed"] + 1))
    if kind == "abandon":
        deal.abandon(move[1])
    elif kind == "skat":
        _check_skat_shown(deal, move[1], known_hands)
    elif kind == "bid":
        deal.bid(move[1], move[2])
    elif kind == "hold":
        deal.hold(move[1])
    elif kind == "pass":
        deal.pass_(move[1])
    elif kind == "pick_up":
        deal.pick_up(move[1])
        state["picked"] = True
    elif kind == "declare":
        _declare(deal, move, state, known_hands)
    elif kind == "discard":
        if state["pending"] is None:
            raise BadRecord("two cards where no discard is due")
        deal.declare(move[1], state["pending"], move[2])
        state["pending"] = None
    elif kind == "play":
        deal.play(move[1], move[2])
    elif kind == "claim":
        if move[2] is not None and known_hands and deal.hands is not None:
            _check_shown(deal.hands[move[1]], move[2])
        deal.claim(move[1])
    elif kind == "resign":
        deal.resign(move[1])
    elif kind == "concealed":
        _concealed(deal, move[1])
        state["concealed"] = move[1]


def _declare(deal, move, state, known_hands):
    from core.games import skat
    seat, contract, cards = move[1], move[2], move[3]
    discard, shown = split_declaration(state["picked"], contract, cards)
    skat.parse_contract(contract)  # a bad contract is refused before anything changes
    if state["picked"] and discard is None and deal.phase == skat.PHASE_DISCARD:
        state["pending"] = contract  # the live ISS form: the discard is the next move
        return
    if shown is not None and known_hands and deal.hands is not None:
        kept = [c for c in deal.hands[seat] if discard is None or c not in discard]
        _check_shown(kept, shown)
    deal.declare(seat, contract, discard)


def _check_shown(held, shown):
    """The cards the declarer shows (ouvert, claim) are the cards ``held`` in hand."""
    if len(shown) != len(held) or sorted(shown) != sorted(held):
        raise BadRecord("the cards shown (%s) are not the declarer's hand (%s)" % (
            ".".join(SKAT.code(c) for c in shown), ".".join(SKAT.code(c) for c in held)))


def _check_skat_shown(deal, cards, known_hands):
    """``w c1.c2``: the skat shown to the declarer at the pick-up is the dealt skat."""
    if known_hands and cards is not None and sorted(cards) != sorted(deal.original_skat):
        raise BadRecord("the skat shown is not the dealt skat %s" % ".".join(
            SKAT.code(c) for c in deal.original_skat))


def _concealed(deal, seat):
    """``??``: a card the server hid (a player leaving, docs/analysis/skat.md section 1). It is
    accepted only as the last card of the play: the move after it must end the game (a
    player leaving, a resignation), as nothing can be judged in a trick with a hidden card."""
    from core.games import skat
    if deal.phase != skat.PHASE_PLAY or deal.current_seat() != seat:
        raise IllegalPlay("not-your-turn", "P%d plays no card now" % (seat + 1))
