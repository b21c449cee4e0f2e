"""More Bock triggers, chosen one by one, and the Ramsch round after a Bock round.

Source: the XSkat manual (Gunter Gerhardt, xskat.6, options ``-bockevents`` and
``-bockramsch``; mirror github.com/mfrasca/xskat ``xskat.man``): the events that cause a
Bock round are chosen from a list: "A successful Kontra (opponents win)" (4), "A game with
Kontra & Re" (8), "A game value of +72 or more" (64), "+96 or more" (128), the value being
"the normal value without considering any doubling caused by Ramsch, Kontra or Bock"; "A
Kontra where the Soloist said Re but lost counts as one event not two"; several events at
the same time add as many rounds. ``-bockramsch``: "Play a round of compulsory Ramsch after
each Bockround". docs/rules/skat.md "More Bock triggers" has the decisions.

Options (asked only when ``bock`` is ``"on"``): ``bock_kontra`` and ``bock_re``
(``"off"``/``"on"``), ``bock_value`` (``"off"``, ``"72"``, ``"96"``), ``bockramsch``
(``"off"``/``"on"``).
"""

OFF = "off"
ON = "on"
# name -> the values it takes, the default first
CHOICES = (("bock_kontra", (OFF, ON)), ("bock_re", (OFF, ON)),
           ("bock_value", (OFF, "72", "96")), ("bockramsch", (OFF, ON)))


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
    """How many Bock rounds ``result`` (a core.games.skat Result) opens by the chosen
    ``events`` (see :func:`check_events`), besides the triggers of ``bock=on``: one for a
    Kontra the defenders win and/or a game with Re (one event, not two: XSkat), one for a
    won game worth ``bock_value`` or more before Kontra and Re doubled it."""
    if result.status != "played" or result.value is None:
        return 0
    levels = result.levels
    n = 0
    kontra_won = events["bock_kontra"] == ON and "kontra" in levels and not result.won
    if kontra_won or (events["bock_re"] == ON and "re" in levels):
        n += 1
    if events["bock_value"] != OFF and result.won:
        doubles = ("kontra" in levels) + ("re" in levels)
        if result.value >> doubles >= int(events["bock_value"]):
            n += 1
    return n
