"""Text as reStructuredText: every string a page shows is escaped here, so that it stays text.

Whatever a translator writes is shown as text and can never become a directive, a role or a link
(``docs``: data is never code, text is never markup). Only the templates and the helpers here
write markup, and what they write is marked as such (``Markup``).
"""

from __future__ import annotations

import re
from typing import Any

from docutils.utils import column_width


# Every line boundary docutils knows (str.splitlines'), not str.split(): no-break spaces must survive.
BREAKS = re.compile(r"[ \t\r\n\f\v\x1c-\x1e\x85\u2028\u2029]+")
_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x1b\x1f\x7f-\x84\x86-\x9f]")   # never text (the gate refuses them)
_SPECIAL = re.compile(r"([!-/:-@\[-`{-~•‣⁃])")


class Markup(str):
    """reST written by a template helper, passed through unescaped."""


def one_line(value: Any) -> str:
    """Any value as the words a page shows: one line (every line boundary one space), no control
    character. What a ``nodes.Text`` of a rule holds (``rules``), and what ``rst_text`` escapes."""
    if value is None:
        return ""
    return BREAKS.sub(" ", _CONTROLS.sub("", str(value))).strip()


def rst_text(value: Any) -> str:
    """Any value as literal reST text: one line, every punctuation mark escaped."""
    if isinstance(value, Markup):
        return value
    return _SPECIAL.sub(r"\\\1", one_line(value))


def ident(value: str) -> Markup:
    """A rule, section or part id: already restricted by the model to [a-z0-9-]."""
    if not re.fullmatch(r"[a-z0-9-]+", value):
        raise ValueError(f"not an id: {value!r}")
    return Markup(value)


def heading(text: str, underline: str) -> Markup:
    """A title and its underline, as long as the title is wide (a wide character takes two columns)."""
    escaped = rst_text(text)
    return Markup(f"{escaped}\n{underline * max(column_width(escaped), 1)}")
