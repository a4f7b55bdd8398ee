"""Characters that are never text in a rulebook, wherever they are written: the YAML and the catalogs.

Controls (a NUL ends up in an HTML attribute), the line and paragraph separators U+2028 and U+2029
(docutils breaks a title there), the overrides that reorder what a reader sees from what the
checks read, surrogates and unassigned code points. A new line and a tab are text in a paragraph,
but a title, a name or a label is one line.
"""

from __future__ import annotations

import re
import unicodedata

_BIDI_CONTROLS = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
_SUSPECT = re.compile(rf"[\x00-\x1f\x7f-\x9f\u2028\u2029{_BIDI_CONTROLS}\ud800-\udfff]|[^\x00-\u024f]")


def not_text(text: str, one_line: bool = False) -> str | None:
    """What is wrong with the first character of ``text`` that is not text, or None."""
    for found in _SUSPECT.finditer(text):
        char = found.group()
        if char in "\n\t" and not one_line:
            continue
        category = unicodedata.category(char)
        if char in "\n\t" or category in ("Cc", "Zl", "Zp", "Cs") or char in _BIDI_CONTROLS or category == "Cn":
            name = unicodedata.name(char, "a control character" if category == "Cc" else "unassigned")
            return f"U+{ord(char):04X} ({name.lower()}) is not text" + (": this is one line" if char in "\n\t" else "")
    return None


# What a terminal acts on rather than shows: every C0 control but the new line and the tab (an escape
# sequence retitles the window, clears the screen, colours what follows; a carriage return writes
# over the line), DEL, the C1 controls (U+009B is a CSI of its own), the line and paragraph
# separators, and the bidi overrides and isolates that show a line in another order than it is read.
_TERMINAL_CONTROLS = re.compile(rf"[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029{_BIDI_CONTROLS}]")


def for_terminal(text: str) -> str:
    """``text`` with each character a terminal would act on shown as its escape (``\\u001b``).

    What a command prints comes from data no gate has read (an earlier edition, a refused catalog), so
    every line printed goes through here. The escape is JSON's own, so a JSON report stays valid and
    reads back the very text."""
    return _TERMINAL_CONTROLS.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
