"""French Tarot checks shared by CPython (tests/test_tarot.py) and MicroPython
(tests/mp/check_tarot.py): how an FFT example of tests/vectors/tarot_fft.json becomes
``score()`` calls, and a seeded random deal. The interpretation is written once for both
interpreters; the game module is passed in, so this file imports nothing of ours.
"""

# Keys an FFT example may carry; an unknown key fails the check instead of being ignored.
_KEYS = ("id", "page", "source", "players", "contract", "multiplier", "taker_points",
         "oudlers", "target", "won", "poignee", "petit_au_bout", "calc", "per_defender",
         "taker_mark", "defender_mark", "diff", "chelem", "note",
         "petit_au_bout_component_per_defender")
_TARGETS = (56, 51, 41, 36)  # FFT p.4, restated here so the test does not read the engine's


def _camp(tarot, who):
    if who == "taker":
        return tarot.ATTACK
    if who == "defence":
        return tarot.DEFENCE
    raise ValueError("unknown camp %r" % (who,))


def cases(tarot, ex):
    """The score() calls an example stands for: a list of ``(kwargs, expect)``.

    An example without a contract holds for every contract; without oudlers, for every
    oudler count the petit au bout leaves (its camp holds the Petit: the attack 1-3 when
    it took it, 0-2 when the defence did; its ``diff`` fixes the points); a
    petit-au-bout-only example for a deal made by 5 and one failed by 5. ``expect`` maps
    Score fields (and ``taker_mark``, ``defender_mark``) to the example's numbers.
    """
    for k in ex:
        if k not in _KEYS:
            raise ValueError("%s: unknown key %r" % (ex["id"], k))
    contracts = [ex["contract"]] if "contract" in ex else ["prise", "garde", "garde sans",
                                                           "garde contre"]
    poignee = []
    if "poignee" in ex:
        poignee.append((_camp(tarot, ex["poignee"]["shown_by"]), ex["poignee"]["trumps"]))
    pab = _camp(tarot, ex["petit_au_bout"]) if "petit_au_bout" in ex else None
    oudlers = [ex["oudlers"]] if "oudlers" in ex else [
        o for o in (0, 1, 2, 3)
        if not (pab == tarot.ATTACK and o == 0 or pab == tarot.DEFENCE and o == 3)]
    chelem = None
    if "chelem" in ex:
        if not ex["chelem"].startswith("announced and made"):
            raise ValueError("%s: chelem %r not understood" % (ex["id"], ex["chelem"]))
        chelem = "announced"
    expect = {}
    for k in ("per_defender", "taker_mark", "defender_mark", "multiplier", "target", "won",
              "diff"):
        if k in ex:
            expect[k] = ex[k]
    if "petit_au_bout_component_per_defender" in ex:
        expect["petit_au_bout"] = ex["petit_au_bout_component_per_defender"]
    out = []
    for contract in contracts:
        for o in oudlers:
            if "taker_points" in ex:
                halves = [int(ex["taker_points"] * 2)]
            elif "diff" in ex:
                halves = [2 * (_TARGETS[o] + ex["diff"])]
            else:
                halves = [2 * (_TARGETS[o] + 5), 2 * (_TARGETS[o] - 5)]
            for h in halves:
                kw = {"players": ex["players"], "contract": contract, "points_half": h,
                      "oudlers": o, "poignee": poignee, "petit_au_bout": pab,
                      "chelem": chelem}
                out.append((kw, expect))
    return out


def compare(ex_id, got, expect):
    """Mismatch sentences between a score as a dict (``per_defender``, ``marks``, ...) and
    an example's ``expect``; empty when they agree."""
    bad = []
    for k in expect:
        if k == "taker_mark":
            v = got["marks"][0]
        elif k == "defender_mark":
            v = got["marks"][1:]
            if v != [expect[k]] * len(v):
                bad.append("%s: defender marks %r, expected %r" % (ex_id, v, expect[k]))
            continue
        else:
            v = got[k]
        if v != expect[k]:
            bad.append("%s: %s = %r, expected %r" % (ex_id, k, v, expect[k]))
    if sum(got["marks"]) != 0:
        bad.append("%s: marks %r do not sum to 0" % (ex_id, got["marks"]))
    return bad


def check_example(tarot, ex):
    """Run every case of ``ex`` through ``tarot.score``; returns mismatch sentences."""
    bad = []
    for kw, expect in cases(tarot, ex):
        sc = tarot.score(**kw)
        got = {"per_defender": sc.per_defender, "marks": list(sc.marks),
               "multiplier": sc.multiplier, "target": sc.target, "won": sc.won,
               "diff": sc.diff, "petit_au_bout": sc.petit_au_bout}
        bad += compare(ex["id"], got, expect)
    return bad


def random_deal(tarot, rng, players, seed, **options):
    """Play one deal from ``seed`` with random legal choices (the first seed from ``seed``
    up, in steps of 1000, whose deal is neither annulled nor passed); ``options`` go to
    ``tarot.Game``. Returns ``(seed, result, actions)``: ``actions`` are the accepted
    ``(verb, args)`` in order, which :func:`replay` runs again (e.g. with unknown hands)."""
    while True:
        r = rng.Rng(seed)
        game = tarot.Game(players, **options)
        hands, chien = tarot.split_pack(r.shuffle(list(range(78))), players)
        deal = game.new_deal(seed % players, hands)
        actions = []
        while deal.phase == tarot.PHASE_BIDDING:
            s = deal.current_seat()
            c = r.below(5)
            if c <= deal.contract or r.below(2):
                c = tarot.PASS
            deal.bid(s, c)
            actions.append(("bid", (s, c)))
        if deal.is_over():
            seed += 1000
            continue
        if deal.phase == tarot.PHASE_CALL:
            for rank in (13, 12, 11, 10):
                cands = [s * 14 + rank for s in range(4)]
                if [c for c in cands if c not in deal.hands[deal.taker]]:
                    break
            card = r.choice(cands)
            deal.call(deal.taker, card)
            actions.append(("call", (deal.taker, card)))
        if deal.phase == tarot.PHASE_ECART:
            hand = deal.hands[deal.taker]
            free = [c for c in hand if tarot.SUITS[c] < 4 and tarot.POWER[c] != 13]
            trumps = [c for c in hand if tarot.SUITS[c] == 4 and not tarot.is_oudler(c)]
            r.shuffle(free)
            ecart = (free + trumps)[:game.chien_size]
            deal.discard(deal.taker, ecart)
            actions.append(("discard", (deal.taker, ecart)))
        while not deal.is_over():
            s = deal.current_seat()
            card = r.choice(deal.legal_cards(s))
            deal.play(s, card)
            actions.append(("play", (s, card)))
        return seed, deal.result(), actions


def replay(tarot, players, seed, actions, hands=None, **options):
    """Run ``actions`` on a fresh deal of ``seed``'s dealer; returns its result."""
    deal = tarot.Game(players, **options).new_deal(seed % players, hands)
    for verb, args in actions:
        getattr(deal, verb)(*args)
    return deal.result()
