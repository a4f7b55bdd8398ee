"""The words of a page as they reach it, and what a page's reST may hold.

A page's reST is a directive line or two (``.. rulebook:part:: rake`` and the digest of its words): its
words are nodes the directive makes, each ``nodes.Text`` on one line (``one_line``), never parsed as reST,
so whatever a translator writes can never become a directive, a role or a link (``docs``: data is never
code, text is never markup). A reST template prints only ids and digests (``source_value``); markup a
helper writes is marked as such (``Markup``).
"""

from __future__ import annotations

import re
from typing import Any


# Every line boundary docutils knows (str.splitlines'), not str.split(): no-break spaces must survive.
BREAKS = re.compile(r"[ \t\r\n\f\v\x1c-\x1e\x85\u2028\u2029]+")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")   # never text (the gate refuses them)
_TOKEN = re.compile(r"[a-z0-9-]*")   # what a reST template may print unmarked: a digest, an id


class Markup(str):
    """reST written by a template helper, passed through unescaped."""


def one_line(value: Any) -> str:
    """Any value as the words a page shows: one line (every line boundary one space), no control
    character. What every ``nodes.Text`` of a page holds (``rules``, ``parts``, ``pages``)."""
    if value is None:
        return ""
    return BREAKS.sub(" ", _CONTROLS.sub("", str(value))).strip()


def source_value(value: Any) -> str:
    """What a reST template may print: markup a helper wrote (``Markup``: an id, the page names of a
    table of contents), or a token (a digest, a flag). Words never: a page's words are nodes its directive
    makes (``rules``, ``parts``, ``pages``), never reST parsed from a translation; text printed here is refused."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return ""
    if not _TOKEN.fullmatch(str(value)):
        raise ValueError(f"a reST template printed words, not a token: {str(value)[:60]!r} (words are nodes)")
    return str(value)


def ident(value: str) -> Markup:
    """A rule, section or part id: already restricted by the model to [a-z0-9-]."""
    if not re.fullmatch(r"[a-z0-9-]+", value):
        raise ValueError(f"not an id: {value!r}")
    return Markup(value)
