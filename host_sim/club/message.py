"""The club's MQTT messages: one JSON object per table event (docs/club.md "Messages").

Topics, under a club ``root`` (default ``club``):

- ``ROOT/TABLE/events``: every event of table ``TABLE`` (QoS 1, not retained);
- ``ROOT/TABLE/state``: the table's status (QoS 1, retained; the last will says offline);
- ``ROOT/TABLE/seats``: the seats the club host assigned (host -> table, retained).

A message is ``{"v": 1, "table": id, "game": name or null, "deal": n, "seq": n,
"kind": kind, "payload": {...}, "ms": unix ms}``; ``seq`` counts 1, 2, 3... per table
(for the whole life of the table's journal), so a consumer drops a duplicate (same table and
seq) and sees a gap (a seq missing).
"""

import json
import re

from device import mqtt_link as L

VERSION = L.VERSION
ROOT = L.ROOT
TABLE_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


class BadMessage(ValueError):
    """A message that is not JSON, not an object, or misses or mistypes a field."""


KINDS = tuple(k for k, _ in L.KINDS.values()) + ("status",)


def check_table(table):
    """``table`` when it is a valid table id (1..32 letters, digits, ``_`` or ``-``: it is
    a topic level and the table's broker user); ValueError otherwise."""
    if not isinstance(table, str) or not TABLE_ID.match(table):
        raise ValueError("a table id is 1..32 letters, digits, _ or -, not %r" % (table,))
    return table


def topic(table, leaf, root=ROOT):
    """The topic ``root/table/leaf`` (leaf: events, state or seats)."""
    return "%s/%s/%s" % (root, check_table(table), leaf)


def from_frame(frame):
    """``(kind, payload dict)`` for a link event frame (core.protocol.Frame), or None for
    frames the club does not keep (replies, LCD mirror) or whose payload has the wrong
    shape (device.mqtt_link.payload_of; docs/protocol.md "Frame types")."""
    return L.payload_of(getattr(frame, "type", None), getattr(frame, "value", None))


encode = L.encode  # compact UTF-8 JSON bytes of a message


_FIELDS = (("v", int), ("table", str), ("deal", int), ("seq", int), ("kind", str),
           ("payload", dict), ("ms", int))
_INT_MAX = (1 << 63) - 1  # SQLite's INTEGER: a larger number is refused, not stored


def decode(data):
    """The message dict from JSON bytes; BadMessage says what is wrong."""
    try:
        msg = json.loads(data)
    except (ValueError, UnicodeDecodeError) as e:
        raise BadMessage("not JSON: %s" % e)
    if not isinstance(msg, dict):
        raise BadMessage("not a JSON object")
    for name, t in _FIELDS:
        if not isinstance(msg.get(name), t) or isinstance(msg.get(name), bool):
            raise BadMessage("field %r missing or not %s" % (name, t.__name__))
    if msg["v"] != VERSION:
        raise BadMessage("message version %d, this host reads %d" % (msg["v"], VERSION))
    if not TABLE_ID.match(msg["table"]) or msg["seq"] < 1:
        raise BadMessage("bad table id or seq in %r" % (msg,))
    for name in ("deal", "seq", "ms"):
        if not 0 <= msg[name] <= _INT_MAX:
            raise BadMessage("field %r out of range: %d" % (name, msg[name]))
    if msg["kind"] not in KINDS:
        raise BadMessage("unknown kind %r" % (msg["kind"],))
    if msg.get("game") is not None and not isinstance(msg["game"], str):
        raise BadMessage("field 'game' is not a string")
    if msg["kind"] == "status":
        last = msg["payload"].get("last_seq", 0)
        if last is None:
            last = 0
        if not isinstance(last, int) or isinstance(last, bool) or not 0 <= last <= _INT_MAX:
            raise BadMessage("status: last_seq %r is not a seq" % (last,))
    return msg
