"""Generated blocks inside hand-written docs: text between ``<!-- NAME:begin -->`` and
``<!-- NAME:end -->`` markers is rewritten by a tool and checked by a test."""


def markers(name):
    """The ``(begin, end)`` marker comments of block ``name``."""
    return "<!-- %s:begin -->" % name, "<!-- %s:end -->" % name


def block(text, name):
    """The text between the markers of ``name`` in ``text``; ValueError when missing."""
    begin, end = markers(name)
    if begin not in text or end not in text:
        raise ValueError("markers %s / %s not found" % (begin, end))
    return text.split(begin, 1)[1].split(end, 1)[0]


def replace_block(path, name, new):
    """Put ``new`` between the markers of ``name`` in the file ``path`` (surrounded by
    newlines); returns True if the file changed. ValueError (nothing written) when the
    markers are missing."""
    with open(path, encoding="utf-8") as f:
        text = f.read()
    begin, end = markers(name)
    block(text, name)
    head, rest = text.split(begin, 1)
    out = head + begin + "\n" + new.strip("\n") + "\n" + end + rest.split(end, 1)[1]
    if out != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(out)
    return out != text


def parse_out(description, out, argv=None, doc=None):
    """The arguments of a docs generator: ``--out`` (a folder, default ``out``, created)
    and, when ``doc`` is given, ``--doc`` (the page whose generated block it rewrites)."""
    import argparse
    import os
    p = argparse.ArgumentParser(description=description)
    p.add_argument("--out", default=out)
    if doc:
        p.add_argument("--doc", default=doc)
    args = p.parse_args(argv)
    os.makedirs(args.out, exist_ok=True)
    return args
