"""Table scripts: button presses and card placements, run on the emulated board.

``trickref sim --game G --players N --script FILE --headless`` powers the emulated board
on, enters the game in the menus (the defaults of every setup question), then runs FILE
line by line and prints every LCD frame that changed, read back from the emulated HD44780.
The format (docs/script.md)::

    # a comment
    ok | next | prev       a short press of a button
    back                   a long press of OK (back in menus, undo in play)
    choose LABEL           NEXT until the menu's current item is LABEL, then OK
    play PAD CARD          lay CARD (a code of the game's deck) on pad PAD (1 = P1), let
                           the firmware read it, lift it
    place PAD CARD         lay it and leave it there; lift PAD CARD takes it away
    wait MS                let the firmware run MS milliseconds
    expect TEXT            fail unless an LCD row shows TEXT (within EXPECT_MS)

A line that cannot be carried out stops the run with its line number (exit status 1).
"""

from device import flows
from device.last_trick import HOLD_MS
from device.words import lcd, tr
from host_sim.board import SimBoard, TaggedDeck


class ScriptError(Exception):
    """A script line that is malformed or cannot be carried out."""


def run_script(text, game, players, cols=16, rows=2, central=False, start=True,
               out=print, options=None, journal=None):
    """Run script ``text`` for ``game``; prints each changed LCD frame with ``out``.
    ``options``: answers to the setup questions (dict; the rest at their defaults);
    ``journal``: the board's journal (core.journal.Journal; none by default).
    Returns the SimBoard. Raises ScriptError naming the line, or an unknown option."""
    flow = flows.load(game)
    try:
        answers = flows.check_options(flow, players, options or {})
    except ValueError as e:
        raise ScriptError(str(e))
    board = SimBoard(1 if central else players, cols, rows)
    tags = TaggedDeck(flow.DECK)

    def frame(lines):
        out("%8d ms | %s |" % (board.clock.now_ms, " | ".join(lines)))

    board.on_frame = frame
    board.power_on(journal=journal, central=central)
    board.run(50)
    if start:
        for label in ("New game", dict((n, t) for n, t, _ in flows.GAMES)[game],
                      str(players)):
            board.choose(label)
        for _, _, label in answers:
            board.choose(label)
        for _ in range(64):  # the setup questions, then Start (a menu has far fewer rows)
            if any(l.startswith(">" + lcd(tr("Start"))) for l in board.lcd_lines()):
                break
            board.press(2)
        else:
            raise ScriptError("the setup menu never offered Start: %s" % board.lcd_lines())
        board.choose("Start")
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        try:
            _step(board, tags, flow.DECK, line, players)
        except ScriptError as e:
            raise ScriptError("line %d (%s): %s" % (n, line, e))
        except (LookupError, ValueError) as e:
            raise ScriptError("line %d (%s): %s" % (n, line, e))
    return board


# How long ``expect`` lets the board run for its text: longer than any screen the board
# holds before the next (the last trick before the result, device/last_trick.py).
EXPECT_MS = HOLD_MS + 500
_BUTTONS = {"prev": 0, "next": 1, "ok": 2}


def _step(board, tags, deck, line, players):
    word, _, rest = line.partition(" ")
    word = word.lower()
    rest = rest.strip()
    if word in _BUTTONS and not rest:
        board.press(_BUTTONS[word])
    elif word == "back" and not rest:
        board.press(2, hold_ms=900)
    elif word == "choose" and rest:
        board.choose(rest)
    elif word in ("play", "place", "lift"):
        parts = rest.split()
        if len(parts) != 2 or not parts[0].isdigit():
            raise ScriptError("%s wants PAD CARD, e.g. %s 1 %s" % (word, word, deck.code(0)))
        pad = int(parts[0]) - 1
        if not 0 <= pad < len(board.pads):
            raise ScriptError("no pad %s (1..%d)" % (parts[0], len(board.pads)))
        tag = tags.tag(deck.parse(parts[1]))
        if word == "play":
            board.play_card(pad, tag)
        elif word == "place":
            board.place(pad, tag)
            board.run(60)
        else:
            board.lift(pad, tag)
            board.run(60)
    elif word == "wait":
        if not rest.isdigit():
            raise ScriptError("wait wants milliseconds, e.g. wait 500")
        board.run(int(rest))
    elif word == "expect" and rest:
        waited = 0  # a screen the board holds (the last trick before the result) passes
        while not any(rest in row for row in board.lcd_lines()):
            if waited >= EXPECT_MS:
                raise ScriptError("the LCD shows %r" % (board.lcd_lines(),))
            board.run(20)
            waited += 20
    else:
        raise ScriptError("unknown command (ok, next, prev, back, choose, play, place, "
                          "lift, wait, expect)")
