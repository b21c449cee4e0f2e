"""French Tarot rule helpers: petit sec, the called king, the écart, the poignée, card play
(follow suit, trump, overtrump, the trick's winner) and what a card played with unknown
hands proves about earlier tricks.

Pure functions over card lists, used by :class:`core.games.tarot.Deal`. A module apart so
that each tarot module compiles within MicroPython's 128K test heap. Rules: FFT 2012
p.5-8, p.12 (5 players); seed ``002`` sections 2-5.
"""

from core.cards import TAROT
from core.compat import const
from core.errors import BadCard, IllegalPlay, TrickrefError
from core.events import MUST_FOLLOW, NOT_IN_HAND, RevokeFound
from core.games.tarot_score import EX, PETIT, POWER, SUITS, is_oudler, poignee_level
from core.tricks import check_distinct

_TRUMP = const(4)  # effective suit of the trumps (core.cards.TRUMP, core.tricks)
_KING = 13  # rank number of the Roi

# Refusal reasons of this game (core.events has the shared ones, e.g. MUST_FOLLOW).
MUST_TRUMP = "must-trump"
MUST_OVERTRUMP = "must-overtrump"
CALLED_SUIT = "called-suit-lead"
BAD_POIGNEE = "bad-poignee"
BAD_CALL = "bad-call"
BAD_ECART = "bad-ecart"


def is_petit_sec(hand):
    """True when the Petit is the hand's only trump and the hand lacks the Excuse: the
    holder must announce it and the deal is annulled (FFT p.5; seed 002 s.2)."""
    if PETIT not in hand or EX in hand:
        return False
    for c in hand:
        if SUITS[c] == _TRUMP and c != PETIT:
            return False
    return True


def check_call(hand, card):
    """Return the rank of ``card`` if the taker may call it at 5 players, else raise
    IllegalPlay(BAD_CALL): a king; a queen only when ``hand`` holds the four kings, a
    knight when also the four queens, a jack when also the four knights (FFT p.12).
    ``hand`` None (unknown): the claim is taken on the taker's word."""
    try:
        TAROT.check(card)
    except BadCard as e:
        raise IllegalPlay(BAD_CALL, str(e))
    rank = POWER[card]
    if SUITS[card] >= _TRUMP or rank < 10:
        raise IllegalPlay(BAD_CALL, "%s: call a king (or a lower face card)" % TAROT.code(card))
    if hand is not None:
        for r in range(rank + 1, _KING + 1):
            for s in range(4):
                if s * 14 + r not in hand:
                    raise IllegalPlay(BAD_CALL, "%s: the taker lacks %s, so he calls a %s "
                                      "(FFT p.12)" % (TAROT.code(card), TAROT.code(s * 14 + r),
                                                      TAROT.rank_names[r]))
    return rank


def check_ecart(hand, cards, k):
    """Return the trumps among ``cards`` (to be shown) if they are a lawful écart of ``k``
    cards from ``hand`` (chien included; None when unknown), else raise IllegalPlay: no
    king and no oudler (BAD_ECART); a trump only when the hand has fewer than ``k`` other
    cards to lay down (FFT p.6; seed 002 s.3)."""
    if len(cards) != k:
        raise IllegalPlay(BAD_ECART, "the écart is %d cards, not %d" % (k, len(cards)))
    try:
        check_distinct(TAROT, cards)
    except TrickrefError as e:
        raise IllegalPlay(BAD_ECART, str(e))
    trumps = []
    for c in cards:
        if is_oudler(c) or (SUITS[c] < _TRUMP and POWER[c] == _KING):
            raise IllegalPlay(BAD_ECART, "%s: no king or oudler in the écart (FFT p.6)"
                              % TAROT.code(c))
        if hand is not None and c not in hand:
            raise IllegalPlay(NOT_IN_HAND, "%s is not in the taker's hand" % TAROT.code(c))
        if SUITS[c] == _TRUMP:
            trumps.append(c)
    if trumps and hand is not None:
        free = 0
        for c in hand:
            if SUITS[c] < _TRUMP and POWER[c] != _KING:
                free += 1
        if len(trumps) > k - free:
            raise IllegalPlay(BAD_ECART, "%s: a trump is discarded only when unavoidable; "
                              "%d other cards are free (FFT p.6)" % (TAROT.code(trumps[0]), free))
    return tuple(trumps)


def check_poignee(players, hand, cards, spare=()):
    """Return the level (0 simple, 1 double, 2 triple) of the poignée ``cards`` shown from
    ``hand`` (None when unknown), else raise IllegalPlay: exactly 10/13/15 trumps at 4
    players (13/15/18 at 3, 8/10/13 at 5), each in the hand; the Excuse stands in only
    when every trump of the hand is shown (FFT p.7; seed 002 s.4). ``spare``: trumps the
    taker discarded and showed, which a triple poignée may show again (FFT p.7)."""
    try:
        level = poignee_level(players, len(cards))
        check_distinct(TAROT, cards)
    except TrickrefError as e:
        raise IllegalPlay(BAD_POIGNEE, str(e))
    for c in cards:
        if SUITS[c] != _TRUMP and c != EX:
            raise IllegalPlay(BAD_POIGNEE, "%s is not a trump" % TAROT.code(c))
        if hand is not None and c not in hand and not (level == 2 and c in spare):
            raise IllegalPlay(NOT_IN_HAND, "%s is not in the hand" % TAROT.code(c))
    if EX in cards and hand is not None:
        for c in hand:
            if SUITS[c] == _TRUMP and c not in cards:
                raise IllegalPlay(BAD_POIGNEE, "the Excuse stands in only when every trump "
                                  "is shown; %s is hidden (FFT p.7)" % TAROT.code(c))
    return level


def led_suit(trick):
    """Effective suit of the first card of ``trick`` other than the Excuse, or -1: after
    an Excuse lead the next card sets the suit (FFT p.8)."""
    for c in trick:
        if c != EX:
            return SUITS[c]
    return -1


def high_trump(trick):
    """Number of the highest trump in ``trick`` (0 when none)."""
    high = 0
    for c in trick:
        if SUITS[c] == _TRUMP and POWER[c] > high:
            high = POWER[c]
    return high


def check_card(trick, held, card, called=-1):
    """Raise IllegalPlay unless ``card`` (not the Excuse) may go on ``trick``.

    ``held``: the cards known to be in the player's hand (the whole hand, or with unknown
    hands the cards a poignée showed): a rule bites only when one of them proves it.
    Follow the suit led (MUST_FOLLOW); without it, trump (MUST_TRUMP); over a trump
    already played, overtrump if you can, else any trump; trumps led: play higher if you
    can (MUST_OVERTRUMP); with neither, any card (FFT p.7). ``called``: the called card
    on trick 1 at 5 players, whose suit may not be led except with that card
    (CALLED_SUIT, FFT p.12).
    """
    led = led_suit(trick)
    suit = SUITS[card]
    if led < 0:
        if not trick and called >= 0 and suit == SUITS[called] and card != called:
            raise IllegalPlay(CALLED_SUIT, "trick 1 is not led in the called suit except "
                              "with %s (FFT p.12)" % TAROT.short(called))
        return
    if suit == led:
        if suit == _TRUMP:
            _check_over(trick, held, card, "trumps led: play higher if you can")
        return
    for c in held:
        if SUITS[c] == led:
            raise IllegalPlay(MUST_FOLLOW, "%s: follow %s (you hold %s; FFT p.7)" % (
                TAROT.short(card), "trumps" if led == _TRUMP else "the suit led",
                TAROT.short(c)))
    if suit == _TRUMP:
        _check_over(trick, held, card, "overtrump if you can")
        return
    for c in held:
        if SUITS[c] == _TRUMP:
            raise IllegalPlay(MUST_TRUMP, "%s: without the suit led, trump (you hold %s; "
                              "FFT p.7)" % (TAROT.short(card), TAROT.short(c)))


def _check_over(trick, held, card, words):
    high = high_trump(trick)
    if POWER[card] > high:
        return
    for c in held:
        if SUITS[c] == _TRUMP and POWER[c] > high:
            raise IllegalPlay(MUST_OVERTRUMP, "%s: %s (you hold %s; FFT p.7)"
                              % (TAROT.short(card), words, TAROT.short(c)))


def trick_winner(cards):
    """Index in ``cards`` of the winner: the highest trump, else the highest card of the
    suit led; the Excuse never wins here (FFT p.8; its chelem exception is the deal's)."""
    best = -1
    for i in range(len(cards)):
        c = cards[i]
        if c == EX:
            continue
        if best < 0:
            best = i
            continue
        b = cards[best]
        if SUITS[c] == SUITS[b]:
            if POWER[c] > POWER[b]:
                best = i
        elif SUITS[c] == _TRUMP:
            best = i
    return best


def ecart_evidence(deal, card, events):
    """Unknown hands, a trump in the écart: the taker had no other card to lay down (FFT
    p.6), so after the écart he holds no suit card but kings. A suit card below the king
    he plays later proves he had a choice: append one RevokeFound(BAD_ECART, trick -1,
    the écart) the first time. ``deal``: a :class:`core.games.tarot.Deal`."""
    if SUITS[card] < _TRUMP and POWER[card] != _KING and not deal.ecart_proven:
        deal.ecart_proven = True
        events.append(RevokeFound(deal.taker, card, -1, BAD_ECART, "the taker put %s in "
                                  "the écart but holds %s (FFT p.6)" % (
                                      TAROT.short(deal.ecart_trumps[0]), TAROT.short(card))))


def _one_offence(deal, seat, trick):
    """A discard in ``trick`` showed ``seat`` void in the suit led and in trumps; one
    later card proved one of the two wrong (a revoke, or no trump), which is the one
    offence of that card: forget what else the trick showed, so that it is not reported
    again as the other (a revoke then "no trump", or the reverse). A later discard of
    the seat (``deal.discarded``) still shows no trump from its own trick on."""
    for s in range(_TRUMP + 1):
        if deal.voids[seat] & (1 << s) and deal.void_trick[seat][s] == trick:
            deal.voids[seat] &= ~(1 << s)
    later = deal.discarded[seat]
    if later > trick and not deal.voids[seat] & (1 << _TRUMP):
        deal.voids[seat] |= 1 << _TRUMP
        deal.void_trick[seat][_TRUMP] = later


def evidence(deal, seat, card, events):
    """Unknown hands: append to ``events`` the revokes ``card`` proves, then record what
    it shows: a suit not followed, no trump (it discarded), no trump above the one it
    failed to beat. Also a trump not shown in a poignée that showed the Excuse (FFT p.7)
    and a card of a rank the taker claimed to hold all four of when calling (FFT p.12).
    ``deal``: a :class:`core.games.tarot.Deal` (its voids, caps and trick are updated)."""
    if card == EX:
        return
    suit = SUITS[card]
    t = deal.tricks_done
    if suit < _TRUMP:
        found = deal.find_revokes(seat, card)
        if found:
            _one_offence(deal, seat, found[0].trick)
            events.extend(found)
    elif deal.voids[seat] & (1 << _TRUMP):
        was = deal.void_trick[seat][_TRUMP]
        _one_offence(deal, seat, was)
        events.append(RevokeFound(seat, card, was, MUST_TRUMP, "P%d did not trump in "
                                  "trick %d but holds %s" % (seat + 1, was + 1, TAROT.short(card))))
    elif POWER[card] > deal.cap[seat]:
        was = deal.cap_trick[seat]
        events.append(RevokeFound(seat, card, was, MUST_OVERTRUMP, "P%d did not play "
                                  "over a trump in trick %d but holds %s"
                                  % (seat + 1, was + 1, TAROT.short(card))))
        deal.cap[seat] = 21
    if suit == _TRUMP and deal.ex_poignee[seat]:
        for s, shown in deal.poignees:
            if s == seat and card not in shown:
                events.append(RevokeFound(seat, card, t, BAD_POIGNEE, "P%d showed the "
                                          "Excuse in a poignée but holds %s"
                                          % (seat + 1, TAROT.short(card))))
    if seat != deal.taker and suit < _TRUMP and deal.claimed <= POWER[card] <= _KING:
        events.append(RevokeFound(deal.taker, card, -1, BAD_CALL, "the taker called %s but "
                                  "P%d holds %s (FFT p.12)" % (
                                      TAROT.short(deal.called), seat + 1, TAROT.short(card))))
    led = led_suit(deal.trick)
    if led < 0:
        return
    if suit != led:
        if suit != _TRUMP:
            deal.discarded[seat] = t
        voids = (led,) if suit == _TRUMP else (led, _TRUMP)
        for s in voids:
            if not deal.voids[seat] & (1 << s):
                deal.voids[seat] |= 1 << s
                deal.void_trick[seat][s] = t
    high = high_trump(deal.trick)
    if suit == _TRUMP and POWER[card] < high < deal.cap[seat]:
        deal.cap[seat] = high
        deal.cap_trick[seat] = t
