"""What the two bank games (Magistr and Zhopa) share at the table: the trump setup
questions (seed 000 "Варіанти гри", the five variants of ``core.games.bank``) and the menu
naming the first deal's leader, the holder of the lowest diamond, before the first card
(the deal itself waits for it: ``core.games.bank.BankDeal.lead``)."""

from core.errors import BadRecord
from core.games import bank
from device import words
from device.lcdtext import seat_label
from device.menu import Item, Menu

# the bank games' own codes in words (device.words: the table's language)
words.register(
    reasons={bank.EIGHT_NEEDS_VOID: "8 needs a void", bank.MUST_MATCH_RANK: "match the rank",
             bank.MUST_BEAT: "must beat", bank.WRONG_LEADER: "wrong leader"},
    # a wrong first lead names the seat that should have led (RevokeFound.seat)
    violations={bank.MUST_BEAT: "did not beat", bank.WRONG_LEADER: "should lead",
                bank.EIGHT_NEEDS_VOID: "bad eight", bank.MUST_MATCH_RANK: "rank missed"})

_SUITS = (("Clubs", 0), ("Diamonds", 1), ("Hearts", 2), ("Spades", 3))


def OPTIONS(players, chosen):
    """The setup questions: the trump variant, then the trumps it needs (seed 000,
    "Варіанти гри"; default: each player his own suit, P1 clubs, P2 diamonds...)."""
    variants = (("Own trumps", "own"), ("No trumps", "none"), ("One common", "one"),
                ("Two common", "two"), ("Senior/junior", "senior-junior"))
    if players > 4:  # four suits: "own trumps" leaves a seat without (docs/rules/zhopa.md)
        variants = variants[1:]
    opts = [("variant", "Trump variant", variants)]
    v = chosen.get("variant")
    if v == "own":  # each seat a suit no seat before it has (seed: "кожен свою")
        taken = []
        for s in range(players):
            free = [c for c in _SUITS if c[1] not in taken]
            if not free:  # four suits: never asked (own trumps are offered up to 4)
                break
            own = _own_default(s, taken)
            default = [c for c in free if c[1] == own]
            opts.append(("trump%d" % s, words.tr("%s trump") % seat_label(s),
                         tuple(default + [c for c in free if c not in default])))
            taken.append(chosen.get("trump%d" % s, default[0][1]))
    elif v == "one":
        opts.append(("trump0", "Common trump", _SUITS))
    elif v == "two":
        pairs = tuple(("%s+%s" % (a[0][:5], b[0][:5]), (a[1], b[1]))
                      for i, a in enumerate(_SUITS) for b in _SUITS[i + 1:])
        opts.append(("pair", "Two trumps", pairs))
    elif v == "senior-junior":
        # the seed's example first: spades senior, diamonds junior
        pairs = [("%s>%s" % (a[0][:5], b[0][:5]), (a[1], b[1]))
                 for a in _SUITS for b in _SUITS if b != a]
        pairs.sort(key=lambda p: p[1] != (3, 1))
        pairs = tuple(pairs)
        opts.append(("pair", "Senior>junior", pairs))
    return opts


def _own_default(seat, taken):
    """The default own trump of ``seat`` (a suit code) when the seats before it hold
    ``taken``: its own suit (P1 clubs, P2 diamonds...) unless taken, else the first suit
    still free (None when none is)."""
    if seat % 4 not in taken:
        return seat % 4
    free = [c for _, c in _SUITS if c not in taken]
    return free[0] if free else None


def bank_setup(players, options):
    """``(variant, trumps)`` for bank.Rules from the answers to OPTIONS; without answers
    the first choice of each question (own trumps up to 4 players, else none)."""
    v = options.get("variant", "own" if players <= 4 else "none")
    if v == "own":  # an unanswered seat: the menu's default, never a suit already taken
        trumps = []
        for s in range(players):
            trumps.append(options.get("trump%d" % s, _own_default(s, trumps)))
        return v, trumps
    if v == "one":  # bank.Rules takes the common trump as a sequence of one suit
        return v, [options.get("trump0", 0)]
    if v in ("two", "senior-junior"):
        return v, options.get("pair", (0, 1) if v == "two" else (3, 1))
    return v, None


def rating_line(seat, permille):
    """The sheet's line of ``seat``'s rating, ``permille`` tenths of a percent, as
    ``"P2 rating -40.5%"`` in the table's language: a negative rating keeps its tenths
    (floor division made -405 "-41.5%"; Zhopa's rating is not bounded below,
    docs/rules/zhopa.md)."""
    a = abs(permille)
    return words.say("%s rating %s%%") % (seat_label(seat), "%s%d.%d" % (
        "-" if permille < 0 else "", a // 10, a % 10))


def leader_menu(deal, match):
    """The question of deal 1: who holds the lowest diamond (that seat leads)."""
    if not deal.waiting_for_leader():
        return None
    return Menu("Low diamond:", [Item(seat_label(s), actions=[("lead", (s,))])
                                 for s in range(match.game.players)])


def booked_rows(match):
    """Magistr's and Zhopa's sheet for the journal's checkpoint: each booked DealResult as
    a list of its fields (number, dealer, leader, then the per-seat tuples; seed "Таблиця
    для запису результатів гри")."""
    return [list(r) for r in match.rows]


def rebook_as(result_type):
    """A ``rebook(match, row)`` for a flow whose rows are ``result_type`` (a DealResult
    namedtuple): the row is booked again with ``match.record``, which checks it as at the
    table (Magistr's control sums, Zhopa's targets and bank changes). Raises BadRecord on
    a row that is not such a result or that the checks refuse."""
    def rebook(match, row):
        if not isinstance(row, (list, tuple)):
            raise BadRecord("sheet checkpoint row %r is not a list" % (row,))
        try:
            result = result_type(*row)
        except TypeError:
            raise BadRecord("sheet checkpoint row %r does not fit %s" % (row,
                                                                        result_type.__name__))
        match.record(result)
    return rebook
