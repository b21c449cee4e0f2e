"""Read International Skat Server game records (``.sgf``, one game per line).

Format: reference/skat.md section 1 (after SkatGUI ``doc/skat-game-format``). Only what the
referee needs is kept: the ID, the 32 dealt cards (10 forehand, 10 middlehand, 10 rearhand,
2 skat), the move list as ``(actor, action)`` pairs (actor ``"w"`` or ``"0"``-``"2"``) and the
result fields of ``R[...]`` as a dict of strings (``{"d": "0", "v": "48", ...}``, plus
``"passed": ""`` for ``R[passed]``).
"""

from collections import namedtuple

from core.cards import SKAT
from core.errors import BadRecord

IssRecord = namedtuple("IssRecord", ("id", "cards", "moves", "result"))


def _prop(line, name):
    key = name + "["
    i = line.find(key)
    if i < 0:
        return None
    j = line.find("]", i)
    if j < 0:
        raise BadRecord("ISS record: %s[ is not closed" % name)
    return line[i + len(key):j]


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
    cards = [SKAT.parse(c) for c in toks[1].split(".")]
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
    try:
        SKAT.parse(token)
    except ValueError:
        return False
    return True


def replay(record, known_hands=True):
    """Replay an IssRecord through a fresh ``core.games.skat`` Deal; returns the deal.

    ``known_hands``: give the Deal the dealt hands (so it also checks follow-suit and the
    discard) or let it see the cards only as they are played, as the referee at a table.
    Both ISS declaration forms are accepted: ``G.H7.HQ`` and ``G`` followed by ``H7.HQ``
    (reference/skat.md section 1, item 4). Raises BadRecord / IllegalPlay on a record the
    rules refuse.
    """
    from core.games import skat

    cards = record.cards
    hands = [cards[0:10], cards[10:20], cards[20:30]] if known_hands else None
    deal = skat.Game().new_deal(hands, cards[30:32] if known_hands else None)
    if not known_hands:
        deal.original_skat = cards[30:32]
    pending = None  # a contract declared before its discard (live ISS form)
    for actor, action in record.moves:
        if deal.phase == skat.PHASE_SHOW:  # ouvert, hands unknown: the hand is laid
            deal.show_hand(declarer_hand(record, deal.declarer))
        if deal.is_over() or deal.phase in (skat.PHASE_REST, skat.PHASE_SKAT):
            break
        if actor == "w":
            if action.startswith("TI.") or action.startswith("LE."):
                deal.abandon(int(action[3:]))
            continue  # the skat shown to the declarer: the deal already knows it
        seat = int(actor)
        parts = action.split(".")
        head = parts[0]
        if head.isdigit():
            deal.bid(seat, int(head))
        elif head == "y":
            deal.hold(seat)
        elif head == "p":
            deal.pass_(seat)
        elif head == "s":
            deal.pick_up(seat)
        elif head == "SC":
            deal.claim(seat)
        elif head == "RE":
            deal.resign(seat)
        elif len(parts) == 1 and _is_card(head) and deal.phase == skat.PHASE_PLAY:
            deal.play(seat, SKAT.parse(head))
        elif pending is not None and _is_card(head):
            deal.declare(seat, pending, [SKAT.parse(c) for c in parts[:2]])
            pending = None
        else:
            discard = [SKAT.parse(c) for c in parts[1:3]] if len(parts) >= 3 else None
            if deal.phase == skat.PHASE_DISCARD and discard is None:
                pending = head
            else:
                deal.declare(seat, head, discard)
    if deal.phase == skat.PHASE_REST:  # an early end: the declarer lays his hand left
        deal.show_hand(cards_left(record, deal))
    if deal.phase == skat.PHASE_SKAT:
        # At a table the final skat is scanned after the deal: the discard, or the
        # untouched skat of a hand game.
        deal.set_skat(final_skat(record))
    return deal


def declarer_hand(record, declarer):
    """The declarer's 10 cards in play: his dealt hand, after a pick-up with the original
    skat in and the discard out (what he lays for ouvert)."""
    cards = record.cards[declarer * 10:declarer * 10 + 10]
    if any(a == "s" for w, a in record.moves):
        discard = final_skat(record)
        cards = [c for c in cards + record.cards[30:32] if c not in discard]
    return list(cards)


def cards_left(record, deal):
    """The declarer's cards not yet played in ``deal`` (what he lays after an early
    end, or what his open hand still holds)."""
    played = [c for (s, c) in deal.history if s == deal.declarer]
    return [c for c in declarer_hand(record, deal.declarer) if c not in played]


def final_skat(record):
    """The skat at the end of the game: the declarer's discard, or the dealt skat of a hand
    game (what the table scans after the last trick)."""
    for actor, action in record.moves:
        parts = action.split(".")
        if actor != "w" and len(parts) >= 3 and not _is_card(parts[0]):
            return [SKAT.parse(c) for c in parts[1:3]]
        if actor != "w" and len(parts) == 2 and all(_is_card(p) for p in parts):
            return [SKAT.parse(c) for c in parts]
    return list(record.cards[30:32])
