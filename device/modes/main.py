"""The main menu and the setup menus under it (games, players, options, deck), built
when the main menu is entered; the controller drops this module from the heap when a game
starts (``Controller.start_game``, the table needs none of it).

Menu values: device/modes/menu.py. The setup questions are the flow's ``OPTIONS``
(device/flows/__init__.py "the flow contract"); a game is offered for a player count only
when the board has the pads to seat it (``flows.seats_ok``).
"""

from device import flows, language_menu, looks
from device.controller import MODE_MAIN
from device.menu import Item, Items, Menu, MenuStack
from device.modes.menu import MenuMode

DECKS = (("Skat 32", "skat"), ("French 36", "french36"), ("Tarot 78", "tarot"))


def main_menu(ctl):
    """The main menu of controller ``ctl`` as a :class:`MenuMode` (MODE_MAIN)."""
    items = [Item("New game", submenu=lambda: games_menu(ctl))]
    if ctl.match is not None:
        items.append(Item("Continue game", value="continue"))
        items.append(Item("Score sheet", value="sheet"))
    elif ctl.last_sheet:
        items.append(Item("Last game sheet", value="last"))
    items.append(Item("Deck audit", submenu=lambda: deck_menu("audit")))
    if ctl.link is not None:
        items.append(Item("Pair host", value=lambda: _pair(ctl)))
        items.append(Item("Forget hosts", value=lambda: _forget_hosts(ctl)))
    items.append(Item("Write tags", submenu=lambda: deck_menu("write")))
    items.append(Item("Language", submenu=lambda: language_menu.menu(
        ctl.hw.storage, lambda: _spoken(ctl))))  # issue 20: kept on flash
    items.append(Item("Deck look", submenu=lambda: looks.menu(
        ctl.hw.storage, ctl.main_menu)))  # issue 20: kept on flash
    return MenuMode(ctl, MenuStack(Menu("trickref", items)), MODE_MAIN)


def _pair(ctl):
    """"Pair host": show a fresh code until a host proves it or a button ends it
    (device/modes/pair.py; the controller says "paired" when the link reports it)."""
    from device.modes.pair import PairMode
    ctl._enter(PairMode(ctl.link, ctl.show))


def _forget_hosts(ctl):
    """"Forget hosts": no host is trusted any more, the logged-in one neither."""
    from device.words import counted, say
    n = len(ctl.link.pairing.hosts)
    ctl.link.pairing.forget()
    ctl.link.host = None
    ctl.show_list([say("hosts forgotten:"), counted(n, "%d key", "%d keys"),
                   say("OK: back")])


def _spoken(ctl):
    """After the Language menu: the deal in play names its cards in the new language
    (a French-suited deck's ranks are the language's letters), then the main menu in it.
    Here, not in the table's code: the setup menus leave the heap during a deal."""
    app = ctl.app
    if app is not None:
        from core.vocab import Vocabulary
        from device import words
        v = app.screens.vocab
        app.screens.vocab = Vocabulary(v.deck, v.look, words.language())
    return ctl.main_menu()


def games_menu(ctl):
    """"New game": one item per game (device/flows GAMES)."""
    return Menu("Game", [Item(title, submenu=players_menu(ctl, name))
                         for name, title, _ in flows.GAMES])


def players_menu(ctl, name):
    """The player counts game ``name`` can seat on ``ctl``'s pads (a builder)."""
    def build():
        flow = flows.load(name)
        n_pads = len(ctl.hw.readers)
        counts = [n for n in flow.PLAYERS if flows.seats_ok(flow, n, n_pads, ctl.central)]
        if not counts:
            return Menu("Needs more pads", [Item("Back", value="main")])
        return Menu("Players", [Item(str(n), submenu=options_menu(name, n, ()))
                                for n in counts])
    return build


def options_menu(name, players, chosen):
    """The next setup question of game ``name`` for ``players`` after the answers
    ``chosen`` (``((key, value), ...)``), or "Start" when all are answered (a builder)."""
    def build():
        flow = flows.load(name)
        options = options_for(flow, players, chosen)
        if len(chosen) == len(options):
            return Menu(flow.TITLE,  # "Start French Tarot?" is 19 columns
                        [Item("Start", value=("start", name, players, chosen))])
        key, label, choices = options[len(chosen)]

        def item(i):  # made as shown: every answered level stays on the menu stack
            c_label, value = choices[i]
            return Item(c_label, submenu=options_menu(name, players,
                                                      chosen + ((key, value),)))
        return Menu(label, Items(len(choices), item))
    return build


def deck_menu(purpose):
    """The decks to audit or write (``purpose`` "audit" or "write")."""
    return Menu("Deck", [Item(title, value=(purpose, deck)) for title, deck in DECKS])


def options_for(flow, players, chosen):
    """The setup questions of ``flow`` given the answers so far (later questions may
    depend on earlier answers: Magistr's trumps on its variant)."""
    opts = flow.OPTIONS(players, dict(chosen)) if callable(flow.OPTIONS) else flow.OPTIONS
    return tuple(opts)
