"""Text as reST (``rulebook.publish.site.rst``): whatever a string holds, it reaches the page as one line of text."""

from __future__ import annotations

import pytest

from docutils import nodes

from rulebook.publish.site.rst import heading, rst_text
from rulebook.publish.site.rules import words

# Every line boundary docutils knows (``str.splitlines``'), and the other white space around them.
BREAKS = ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", " \n\t "]


@pytest.mark.parametrize("brk", BREAKS, ids=[" ".join(f"U+{ord(c):04X}" for c in b) for b in BREAKS])
def test_a_line_break_in_text_never_reaches_the_rest(brk: str) -> None:
    """A line break in a string (a title, a translation, a value) is one space in its reST: a break
    would end a paragraph, or make ``.. raw::`` on the next line a directive. Kills: ``rst_text``
    keeping line breaks."""
    text = f"Pot{brk}.. raw:: html"
    assert len(rst_text(text).splitlines()) == 1
    said = list(words(f"{{link}}{brk}{text}", {"link": nodes.Text("x")}))   # a rule's sentence, as nodes
    assert "".join(said) == "x Pot .. raw:: html" and all(isinstance(node, nodes.Text) for node in said)
    assert len(heading(text, "=").splitlines()) == 2   # the title and its underline
    assert rst_text(text) == r"Pot \.\. raw\:\: html"
    assert heading(text, "=") == "Pot \\.\\. raw\\:\\: html\n" + "=" * len(r"Pot \.\. raw\:\: html")
