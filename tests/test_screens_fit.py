"""Issue 20: every screen fits. Each game is played through the menus and pads on a 16x2
and a 20x4 LCD; every line the firmware puts on the display (menus, prompts, cards,
tricks, results, the score sheet) is checked before the display cuts it: a line longer
than the LCD, a menu item longer than its row after the ">" mark, or
a title longer than the LCD fails, naming the line (the "n/N" position mark of a
2-row menu is shown beside the title only where both fit)."""

import pytest

from device import controller, menu, screens, words
from host_sim.words_catalogue import catalogue, forms
from host_sim.autoplay import table_player


class Cuts:
    """Records every line that would be cut on a ``cols``-wide LCD."""

    def __init__(self, monkeypatch, cols):
        self.cols = cols
        self.cut = []
        self.shown = 0
        show, fit, lines = controller.Controller.show, screens.Screens.fit, \
            menu.MenuStack.lines
        cuts = self

        def check(where, rows):
            for t in rows:
                cuts.shown += 1
                if t is not None and len(words.lcd(t)) > cuts.cols:  # as the LCD writes it
                    cuts.cut.append((where, t))

        def show_(ctl, rows):
            check("show", rows)
            return show(ctl, rows)

        def fit_(scr, rows):
            check("screen", rows)
            return fit(scr, rows)

        def lines_(stack, c, r):
            m = stack.top
            check("menu title", [menu._say(m.title)])
            check("menu item", [">" + menu._say(m.items[i].label)
                                for i in range(len(m.items))])
            return lines(stack, c, r)

        monkeypatch.setattr(controller.Controller, "show", show_)
        monkeypatch.setattr(screens.Screens, "fit", fit_)
        monkeypatch.setattr(menu.MenuStack, "lines", lines_)


CASES = [("skat", 3, 3), ("tarot", 3, 1), ("tarot", 4, 2), ("tarot", 5, 1),
         ("magistr", 3, 2), ("magistr", 4, 1), ("zhopa", 3, 2), ("zhopa", 4, 1)]


@pytest.mark.parametrize("lang", words.LANGUAGES)
@pytest.mark.parametrize("size", [(16, 2), (20, 4)])
@pytest.mark.parametrize("game,players,deals", CASES)
def test_every_screen_fits(monkeypatch, speak, game, players, deals, size, lang):
    speak(lang)
    cols, rows = size
    cuts = Cuts(monkeypatch, cols)
    p = table_player(game, players, seed=3, cols=cols, rows=rows)
    results = p.play(deals)
    assert len(results) == deals
    # the score sheet as the table menu shows it, and every deal's result
    check = [l for l in p.ctl.flow.sheet_lines(p.ctl.match)]
    assert cuts.shown > 100 * deals  # the game really went through the display
    long = [l for l in check if len(l) > 16]
    assert not cuts.cut and not long, (cuts.cut[:10], long)


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_every_setup_menu_fits_16_columns(speak, lang):
    """Every game's setup questions (a menu's title) and answers (an item after ">"), for
    every player count and trump variant, the "Deck look" menu's decks and looks and the
    "Language" menu (the one in use marked), as
    the LCD writes them in ``lang``, fit 16 columns (the plays above meet only the
    default answers)."""
    from device import flows, looks
    speak(lang)
    cut = []
    for name, _title, _mod in flows.GAMES:
        flow = flows.load(name)
        for players in flow.PLAYERS:
            for variant in (None, "own", "one", "two", "senior-junior"):
                chosen = {} if variant is None else {"variant": variant}
                opts = flow.OPTIONS(players, chosen) if callable(flow.OPTIONS) \
                    else flow.OPTIONS
                for _key, question, answers in opts:
                    cut += [t for t in [menu._say(question)] if len(t) > 16]
                    cut += [t for t in [">" + menu._say(a[0]) for a in answers]
                            if len(t) > 16]
    for _deck, title, choices in looks.CHOICES:
        cut += [t for t in [">" + menu._say(title)] + [">" + menu._say(label) + " *"
                                                       for _, label in choices]
                if len(t) > 16]
    from device import language_menu  # its items as they show with the choice marked
    for code in words.LANGUAGES:
        words.set_language(code)
        m = language_menu.menu(None, lambda: None)
        cut += [t for t in [menu._say(m.title)] + [">" + menu._say(i.label) for i in m.items]
                if len(t) > 16]
    speak(lang)
    assert not cut, cut


@pytest.mark.parametrize("lang", words.LANGUAGES)
@pytest.mark.parametrize("game,players", [("skat", 3), ("tarot", 4), ("magistr", 3),
                                          ("zhopa", 3)])
def test_the_table_menu_fits_16_columns(monkeypatch, speak, game, players, lang):
    """OK during play opens the table menu (back to play, undo, the game's claims and
    announcements, the sheet): every item fits after the ">" mark (German "Zurueck z.
    Spiel" was cut), on the emulated 16x2 board at the first card of deal 1."""
    speak(lang)
    cuts = Cuts(monkeypatch, 16)
    p = table_player(game, players, seed=3).start()
    for step in p.script(1):  # the deal's choices (bids, contract, leader), no card
        if step[0] == "card":
            break
        if step[0] != "start":
            p._run_step(step)
    assert p.ctl.mode == controller.MODE_TABLE
    p.board.press(2)  # OK: the table menu, every item checked as it is drawn
    assert p.ctl.mode != controller.MODE_TABLE and cuts.shown > 0
    assert not cuts.cut, cuts.cut


def _two_digits(text):
    """``text`` (a %-format) filled as a long case: a seat "P1", every number 10 or +10."""
    import re
    return re.sub(r"%[-+ 0-9]*[sd]", lambda m: "P1" if m.group(0)[-1] == "s" else
                  ("+10" if "+" in m.group(0) else "10"), text).replace("%%", "%")


@pytest.mark.parametrize("lang", ["de", "fr", "uk"])
def test_phrases_with_two_digit_numbers_fit_where_the_english_does(speak, lang):
    """A phrase with a number (a Tarot poignée of 13 scanned, a Skat hand of 10, deal 10
    of a Zhopa evening) still fits 16 columns in every language when the numbers have two
    digits, wherever the English one does ("10 von 10 gescannt", "Zhopa rozdacha 10" did
    not)."""
    table = catalogue(lang)
    long = [(en, words.lcd(_two_digits(form))) for en, said in table.items()
            for form in forms(said)  # each of a count's plural forms (device.words.plural)
            if "%" in en and len(_two_digits(en)) <= 16 < len(words.lcd(_two_digits(form)))]
    assert not long, long


BYTE_COUNTS = (10000, 12341, 12342, 12345, 99999)  # 5 digits, each plural form


@pytest.mark.parametrize("lang", words.LANGUAGES)
def test_byte_counts_of_five_digits_fit_16_columns(speak, lang):
    """A journal damaged early drops or sets aside thousands of bytes (a Tarot deal's
    records are about 1.9K, a whole journal more): "12345 bytes aside", "12345 Byte
    abgelegt", "12345 oct. perdus" were cut on 16 columns. Every byte count the boot's
    notices write (device/resume.py) fits with 5 digits, in each of its plural forms."""
    from device import resume
    speak(lang)
    formats = (resume._LOST, resume._ASIDE)
    manys = [many for _, many in formats]
    assert not [en for en in catalogue(lang) if ("byte" in en or " B " in en)
                and en not in manys]  # every byte count of the catalogue is checked
    long = [line for one, many in formats for n in BYTE_COUNTS
            for line in [resume._said(((one, many), n))] if len(line) > 16]
    assert not long, long
