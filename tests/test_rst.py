"""Words on a page (``rulebook.publish.site.rst``): whatever a string holds, it reaches the page as one line of
text in a node, and a page's reST template prints ids and digests only."""

from __future__ import annotations

import pytest

from docutils import nodes

from rulebook.publish.site.rst import Markup, ident, source_value
from rulebook.publish.site.rules import words

# Every line boundary docutils knows (``str.splitlines``'), and the other white space around them.
BREAKS = ["\n", "\r", "\r\n", "\v", "\f", "\x1c", "\x1d", "\x1e", "\x85", "\u2028", "\u2029", " \n\t "]


@pytest.mark.parametrize("brk", BREAKS, ids=[" ".join(f"U+{ord(c):04X}" for c in b) for b in BREAKS])
def test_a_line_break_in_text_never_reaches_the_page(brk: str) -> None:
    """A line break in a string (a title, a translation, a value) is one space in its node: in a reST
    source a break would end a paragraph, or make ``.. raw::`` on the next line a directive. Kills:
    ``one_line`` keeping line breaks."""
    text = f"Pot{brk}.. raw:: html"
    said = list(words(f"{{link}}{brk}{text}", {"link": nodes.Text("x")}))   # a rule's sentence, as nodes
    assert "".join(said) == "x Pot .. raw:: html" and all(isinstance(node, nodes.Text) for node in said)


@pytest.mark.parametrize("text", ["Pot\n.. raw:: html", "Rake-ul", "a b", "`x <javascript:y>`__", "True", "{page}"])
def test_a_rest_template_prints_no_words(text: str) -> None:
    """What a reST template prints is an id or a digest; words printed there (a translation, a title)
    are refused, never escaped into the page's source. Kills: ``source_value`` passing text through."""
    with pytest.raises(ValueError, match="words are nodes"):
        source_value(text)
    assert source_value("3f2a9c0d41") == "3f2a9c0d41" and source_value(ident("rake")) == "rake"
    assert source_value(Markup("at-the-table calculators")) == "at-the-table calculators" and source_value(None) == ""
