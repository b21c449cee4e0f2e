"""Button-driven menus on a character LCD.

A :class:`Menu` is a title and a list of :class:`Item`; an item either runs ``actions``
(a list of ``(verb, args)`` the controller applies) or opens a sub-menu. PREV/NEXT move
the cursor (wrapping), OK selects, BACK goes up one level. On a 2-row LCD the title and,
when it fits beside it, the cursor's position ("3/7") are on row 0 and the current item on row 1; on 4 rows the title and up to 3 items, the current
one marked ``>``.
"""

from device.buttons import BACK, NEXT, OK, PREV
from device.lcdtext import fit
from device.words import lcd, tr


class Item:
    """One menu line: ``label`` and either ``actions`` (list of (verb, args)), a ``submenu``
    (a Menu or a zero-argument callable returning one), or a ``value`` for the caller.

    ``label`` is English, the item's stable key (scripts and the simulator's computers
    choose an item by it, ``device.view.cursor_item``); the LCD shows it in the table's
    language. An item made from a ``%``-format (a seat, a number: :func:`filled`) keeps
    the format and its values in ``fill``, so that the format is translated, not the
    filled label; only such items have the attribute (a board holds many items: issue 19,
    each attribute costs every instance)."""

    def __init__(self, label, actions=None, submenu=None, value=None):
        self.label = label
        self.actions = actions
        self.submenu = submenu
        self.value = value

    def words(self):
        """The item as the LCD writes it: the label, or its format filled, in the
        table's language and the LCD's alphabet (device.words)."""
        fill = getattr(self, "fill", None)  # (format, values)
        if fill is None:
            return _say(self.label)
        return lcd(tr(fill[0]) % fill[1])


def filled(fmt, values, actions=None, submenu=None, value=None):
    """An :class:`Item` whose label is ``fmt % values`` (a tuple: a seat "P2", a number):
    the English label is its key (``"P2 declarer"``), the LCD shows ``fmt`` translated
    and filled (``"P2 spielt"`` in German)."""
    item = Item(fmt % values, actions, submenu, value)
    item.fill = (fmt, values)
    return item


class Items:
    """A long menu's items, each made when it is shown or chosen: ``make(i)`` returns the
    :class:`Item` at index ``i`` (0 .. ``n`` - 1). A sequence (``len``, indexing,
    iteration), so :class:`Menu` takes it for a list. Skat's winning-bid menu has 63 lines:
    as Items (each with its label, action list and tuples) they took some 19 KB of heap at
    once (64-bit unix port), as this one object about a hundred bytes."""

    def __init__(self, n, make):
        self.n = n
        self.make = make

    def __len__(self):
        return self.n

    def __getitem__(self, i):
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError("menu item %d of %d" % (i, self.n))
        return self.make(i)


class Menu:
    """A titled list of items (a list, or :class:`Items`) with a cursor.

    A menu may first ask for a step the board cannot see (Skat's discard after the
    pick-up): ``title`` says it until the first button press in the menu, when ``then``
    (set only on such a menu) becomes the title for good (the contract question)."""

    def __init__(self, title, items, cursor=0):
        if not items:
            raise ValueError("menu %r has no items" % title)
        self.title = title
        self.items = items
        self.cursor = cursor


class MenuStack:
    """Navigation through nested menus. ``press(button)`` returns the selected Item when a
    leaf is chosen, ``BACK`` when backing out of the top menu, else None."""

    def __init__(self, menu):
        self.stack = [menu]

    @property
    def top(self):
        """The menu on screen."""
        return self.stack[-1]

    def press(self, button):
        """Apply one button press (PREV, NEXT, OK, BACK)."""
        m = self.top
        then = getattr(m, "then", None)
        if then is not None:  # the step before the menu is done: its own title now
            m.title, m.then = then, None
        if button == PREV:
            m.cursor = (m.cursor - 1) % len(m.items)
        elif button == NEXT:
            m.cursor = (m.cursor + 1) % len(m.items)
        elif button == BACK:
            if len(self.stack) == 1:
                return BACK
            self.stack.pop()
        elif button == OK:
            item = m.items[m.cursor]
            if item.submenu is not None:
                sub = item.submenu() if callable(item.submenu) else item.submenu
                self.stack.append(sub)
                return None
            return item
        return None

    def lines(self, cols, rows):
        """The menu as ``rows`` strings of ``cols`` characters."""
        m = self.top
        out = [_say(m.title)]
        if rows <= 2:
            # the item keeps the whole row after ">" (15 characters on a 16x2); the "n/N"
            # position mark goes to the title's row, right-aligned, when both fit there
            n = len(m.items)
            mark = "%d/%d" % (m.cursor + 1, n) if n > 1 else ""
            w = cols - 1 - len(mark)
            if mark and len(out[0]) <= w:  # MicroPython's str has no ljust: pad by hand
                out[0] = (out[0] + " " * w)[:w] + " " + mark
            out.append(">" + m.items[m.cursor].words())
        else:
            first = max(0, min(m.cursor - 1, len(m.items) - (rows - 1)))
            for i in range(first, min(len(m.items), first + rows - 1)):
                out.append((">" if i == m.cursor else " ") + m.items[i].words())
        return fit(out, cols, rows)


def _say(label):
    # a menu word in the table's language and the LCD's alphabet (device.words)
    return lcd(tr(label))
