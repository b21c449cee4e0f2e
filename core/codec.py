"""The value codec: one tag byte, then its data. The payload of every journal record
(core.journal, docs/records.md) and of every host frame (core.protocol, docs/protocol.md)::

    0x00 None    0x01 False    0x02 True
    0x03 n       int >= 0, n as unsigned LEB128 (7 bits a byte, low first, at most 9 bytes)
    0x04 n       int < 0, the value is -1 - n
    0x05 n b*n   str, n bytes of UTF-8          0x06 n b*n   bytes
    0x07 n v*n   list of n values               0x08 n v*n   tuple of n values
    0x09 n (k v)*n   dict: n pairs, each key a str value (tag 0x05); keys sorted on encode

Containers nest at most MAX_DEPTH deep. Lists and tuples stay distinct, so an action
``("declare", (0, "G", [12, 31]))`` reads back equal to what was written, and the same
value always gives the same bytes (the journal round-trips byte for byte). Errors: BadRecord
(core.errors), never another exception.
"""

from core.compat import const
from core.errors import BadRecord

MAX_DEPTH = const(4)  # deepest container nesting the codec accepts

# Value codec tags.
_T_NONE = const(0)
_T_FALSE = const(1)
_T_TRUE = const(2)
_T_INT = const(3)
_T_NEG = const(4)
_T_STR = const(5)
_T_BYTES = const(6)
_T_LIST = const(7)
_T_TUPLE = const(8)
_T_DICT = const(9)
_MAX_VARINT = const(9)  # 9 x 7 = 63 bits
_INT_LIMIT = 1 << 63  # |int| the codec carries (scores, seeds; never near it)


def _varint(out, n):
    while n > 0x7F:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _encode(out, v, depth):
    if v is None:
        out.append(_T_NONE)
    elif v is True:
        out.append(_T_TRUE)
    elif v is False:
        out.append(_T_FALSE)
    elif isinstance(v, int):
        if v >= _INT_LIMIT or v < -_INT_LIMIT:
            raise BadRecord("integer %d is too large for the value codec" % v)
        if v >= 0:
            out.append(_T_INT)
            _varint(out, v)
        else:
            out.append(_T_NEG)
            _varint(out, -1 - v)
    elif isinstance(v, str):
        b = v.encode("utf-8")
        out.append(_T_STR)
        _varint(out, len(b))
        out.extend(b)
    elif isinstance(v, (bytes, bytearray)):
        out.append(_T_BYTES)
        _varint(out, len(v))
        out.extend(v)
    elif isinstance(v, (list, tuple, dict)):
        if depth >= MAX_DEPTH:
            raise BadRecord("value nested deeper than %d containers: %r" % (MAX_DEPTH, v))
        if isinstance(v, dict):
            keys = sorted(v)  # raises TypeError on mixed keys: caught below
            out.append(_T_DICT)
            _varint(out, len(keys))
            for k in keys:
                if not isinstance(k, str):
                    raise BadRecord("dict key %r is not a string" % (k,))
                _encode(out, k, depth + 1)
                _encode(out, v[k], depth + 1)
        else:
            out.append(_T_LIST if isinstance(v, list) else _T_TUPLE)
            _varint(out, len(v))
            for item in v:
                _encode(out, item, depth + 1)
    else:
        raise BadRecord("cannot encode %r (a %s) in the value codec"
                        % (v, type(v).__name__))


def encode(value):
    """The codec bytes of ``value`` (None, bool, int, str, bytes, and lists, tuples and
    str-keyed dicts of those, nested at most MAX_DEPTH deep). Raises BadRecord naming the
    value that cannot be encoded."""
    out = bytearray()
    try:
        _encode(out, value, 0)
    except TypeError as e:  # sorted() over dict keys of mixed types
        raise BadRecord("cannot encode %r: %s" % (value, e))
    return bytes(out)


def _read_varint(buf, pos, end):
    n = 0
    shift = 0
    for _ in range(_MAX_VARINT):
        if pos >= end:
            raise BadRecord("value ends inside a number at byte %d" % pos)
        b = buf[pos]
        pos += 1
        n |= (b & 0x7F) << shift
        if not b & 0x80:
            return n, pos
        shift += 7
    raise BadRecord("number longer than %d bytes at byte %d" % (_MAX_VARINT, pos))


def _decode(buf, pos, end, depth):
    if pos >= end:
        raise BadRecord("value missing at byte %d" % pos)
    tag = buf[pos]
    pos += 1
    if tag == _T_NONE:
        return None, pos
    if tag == _T_TRUE:
        return True, pos
    if tag == _T_FALSE:
        return False, pos
    if tag == _T_INT or tag == _T_NEG:
        n, pos = _read_varint(buf, pos, end)
        return (n if tag == _T_INT else -1 - n), pos
    if tag == _T_STR or tag == _T_BYTES:
        n, pos = _read_varint(buf, pos, end)
        if n > end - pos:
            raise BadRecord("%d-byte string runs past the end at byte %d" % (n, pos))
        raw = bytes(buf[pos:pos + n])
        if tag == _T_BYTES:
            return raw, pos + n
        try:
            return raw.decode("utf-8"), pos + n
        except UnicodeError:
            raise BadRecord("string at byte %d is not UTF-8" % pos)
    if tag == _T_LIST or tag == _T_TUPLE or tag == _T_DICT:
        if depth >= MAX_DEPTH:
            raise BadRecord("value nested deeper than %d containers at byte %d"
                            % (MAX_DEPTH, pos))
        n, pos = _read_varint(buf, pos, end)
        if n > end - pos:  # every item takes at least one byte
            raise BadRecord("%d items cannot fit in %d bytes at byte %d" % (n, end - pos, pos))
        if tag == _T_DICT:
            d = {}
            for _ in range(n):
                if pos >= end or buf[pos] != _T_STR:
                    raise BadRecord("dict key at byte %d is not a string" % pos)
                k, pos = _decode(buf, pos, end, depth + 1)
                d[k], pos = _decode(buf, pos, end, depth + 1)
            return d, pos
        items = []
        for _ in range(n):
            item, pos = _decode(buf, pos, end, depth + 1)
            items.append(item)
        return (items if tag == _T_LIST else tuple(items)), pos
    raise BadRecord("unknown value tag 0x%02x at byte %d" % (tag, pos - 1))


def decode(buf, start=0, end=None):
    """The value encoded in ``buf[start:end]``, which must hold exactly one value.

    Raises BadRecord (never another exception) on any malformed input: unknown tag,
    truncated data, bad UTF-8, nesting deeper than MAX_DEPTH, trailing bytes.
    """
    if end is None:
        end = len(buf)
    value, pos = _decode(buf, start, end, 0)
    if pos != end:
        raise BadRecord("%d stray bytes after the value at byte %d" % (end - pos, pos))
    return value
