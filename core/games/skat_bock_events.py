"""More Bock triggers, chosen one by one, and the Ramsch round after a Bock round.

Source: the XSkat manual (Gunter Gerhardt, xskat.6, options ``-bockevents`` and
``-bockramsch``; mirror github.com/mfrasca/xskat ``xskat.man``): the events that cause a
Bock round are chosen from a list: "A successful Kontra (opponents win)" (4), "A game with
Kontra & Re" (8), "A game value of +72 or more" (64), "+96 or more" (128), the value being
"the normal value without considering any doubling caused by Ramsch, Kontra or Bock"; "A
Kontra where the Soloist said Re but lost counts as one event not two"; several events at
the same time add as many rounds. ``-bockramsch``: "Play a round of compulsory Ramsch after
each Bockround". docs/rules/skat.md "More Bock triggers" has the decisions.

Schneider games and a Ramsch Durchmarsch as triggers (issue 22's list; not among XSkat's
events, and no published source found): ``bock_schneider`` opens a round for a game
played out schneider or schwarz (either party), ``bock_durchmarsch`` for a Ramsch one
player took every trick of (docs/rules/skat.md "More Bock triggers", the reading chosen).

Options (asked only when ``bock`` is ``"on"``): ``bock_kontra``, ``bock_re``,
``bock_schneider``, ``bock_durchmarsch`` and ``bockramsch`` (``"off"``/``"on"``),
``bock_value`` (``"off"``, ``"72"``, ``"96"``).
"""

OFF = "off"
ON = "on"
# name -> the values it takes, the default first
CHOICES = (("bock_kontra", (OFF, ON)), ("bock_re", (OFF, ON)),
           ("bock_value", (OFF, "72", "96")), ("bock_schneider", (OFF, ON)),
           ("bock_durchmarsch", (OFF, ON)), ("bockramsch", (OFF, ON)))


def check_events(events):
    """``events`` (dict name -> value, names of :data:`CHOICES`) checked and completed with
    the defaults: a new dict. Raises ValueError naming an unknown name or value."""
    out = {}
    for name, values in CHOICES:
        value = events.get(name, values[0])
        if value not in values:
            raise ValueError("skat option %s %r: one of %s" % (name, value, ", ".join(values)))
        out[name] = value
    for name in events:
        if name not in out:
            raise ValueError("skat has no option %s" % name)
    return out


def count(result, events):
    """How many Bock rounds ``result`` (a core.games.skat Result or a Ramsch's) opens by
    the chosen ``events`` (see :func:`check_events`), besides the triggers of ``bock=on``:
    one for a Kontra the defenders win and/or a game with Re (one event, not two: XSkat),
    one for a won game worth ``bock_value`` or more before Kontra and Re doubled it, one
    for a game played out schneider (``bock_schneider``), one for a Ramsch Durchmarsch
    (``bock_durchmarsch``)."""
    if result.value is None:
        return 0
    if result.status == "ramsch":
        return int(events.get("bock_durchmarsch") == ON and "durchmarsch" in result.levels)
    if result.status != "played":
        return 0
    return _doubling_events(result, events) + _value_event(result, events) + \
        int(events.get("bock_schneider") == ON and bool(result.schneider))


def _doubling_events(result, events):
    """1 for a won Kontra and/or a Re (one event, XSkat's note), else 0."""
    levels = result.levels
    kontra_won = events["bock_kontra"] == ON and "kontra" in levels and not result.won
    return int(kontra_won or (events["bock_re"] == ON and "re" in levels))


def _value_event(result, events):
    """1 for a won game worth ``bock_value`` or more before Kontra and Re, else 0."""
    if events["bock_value"] == OFF or not result.won:
        return 0
    levels = result.levels
    doubles = ("kontra" in levels) + ("re" in levels)
    return int(result.value >> doubles >= int(events["bock_value"]))
