"""Decks and card codes (core/cards.py)."""

import pytest

from core import cards
from core.errors import BadCard


@pytest.mark.parametrize("deck,size", [(cards.SKAT, 32), (cards.FRENCH36, 36), (cards.TAROT, 78)])
def test_every_code_round_trips(deck, size):
    """Each deck has its size and every card number <-> code is a bijection."""
    assert len(deck) == size
    assert [deck.parse(deck.code(c)) for c in range(size)] == list(range(size))
    assert len(set(deck.codes)) == size


def test_iss_notation_for_skat():
    """ISS codes (docs/analysis/skat.md section 1): suit C S H D, rank A K Q J T 9 8 7."""
    cj = cards.SKAT.parse("CJ")
    assert cards.SKAT.name_of(cj) == "Eichel-Unter"
    assert cards.SKAT.name_of(cards.SKAT.parse("ST")) == "Grün-10"
    assert cards.SKAT.name_of(cards.SKAT.parse("DA")) == "Schellen-Daus"
    assert cards.SKAT.suit_names == ("acorns", "leaves", "hearts", "bells")
    assert cards.SKAT.parse(" h7 ") == cards.SKAT.parse("H7")


def test_tarot_trumps_and_excuse():
    """Trumps are written 1..21, the Excuse EX (Le Mat); suit cards keep Marseille names."""
    t = cards.TAROT
    assert t.suit(t.parse("21")) == cards.TRUMP
    assert t.name_of(t.parse("21")) == "XXI"
    assert t.suit(t.parse("EX")) == cards.EXCUSE
    assert t.name_of(t.parse("EX")) == "Le Mat"
    assert t.name_of(t.parse("HK")) == "Coupe-Roi"
    assert t.name_of(t.parse("SC")) == "Épée-Cavalier"


def test_french36_short_labels():
    """Magistr/Zhopa codes as in seed 000's examples: 6S 7C TH JD QS KH AD."""
    f = cards.FRENCH36
    assert [f.short(f.parse(c)) for c in "6S 7C TH JD QS KH AD".split()] == \
        ["♠6", "♣7", "♥10", "♦J", "♠Q", "♥K", "♦A"]


@pytest.mark.parametrize("bad", ["ZZ", "C1", "", "22", "CJX", None, 5])
def test_bad_codes_raise_clear_errors(bad):
    """Anything that is not a card raises BadCard naming it."""
    with pytest.raises(BadCard) as e:
        cards.SKAT.parse(bad)
    assert repr(bad) in str(e.value) or "string" in str(e.value)


def test_card_number_out_of_range():
    with pytest.raises(BadCard):
        cards.SKAT.code(32)
    with pytest.raises(BadCard):
        cards.deck_named("uno")
