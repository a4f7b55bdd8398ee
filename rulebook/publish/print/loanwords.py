"""Foreign words in print: each language's poker words borrowed from English and the glossary's
cells in the rulebook's other languages, marked so that no language's hyphenation patterns split them.

Romanian and Croatian patterns hyphenate an English word as if it were their own ("rai-se-ul",
"stradd-le", "Misde-al"). A word the glossary gives in English form in a language (``raise``,
``straddle``) is printed as ``<span lang="en" class="loanword">``; a borrowed
word inflected in the language (``raise-ul``, ``raiseom``) as ``<span class="loanword">``; the
print style sheet hyphenates neither. The glossary's cell for each other language carries its
``lang``. The page's markup is untouched: only its text between tags is read.

The space before a marked word goes inside its span (``este<span …> misdeal</span>``): WeasyPrint
breaks a line wrongly when the text before a span exactly fills it ("O" alone on a line, the rest of
the sentence below), never when the break opportunity is inside the span.
"""

from __future__ import annotations

import re
from markupsafe import escape

from rulebook.i18n.glossary import Glossary, glossary_languages

_WORD = re.compile(r"[^\W\d_]+(?:['\u2019-][^\W\d_]+)*")
_TAG = re.compile(r"(<[^>]*>)")
_SKIPPED = ("code", "pre", "style", "script", "title", "head", "svg")   # text that is not prose, or not printed (a picture's words are its own)


def mark_foreign(html: str, lang: str, glossary: Glossary) -> str:
    """The page (HTML of the language ``lang``) with its borrowed words and the glossary's cells in
    other languages marked (see the module's docstring)."""
    return _glossary_cells(_loanwords(html, glossary.borrowed(lang)), lang)


def _loanwords(html: str, words: dict[str, bool]) -> str:
    if not words:
        return html
    pieces = _TAG.split(html)
    skipped = 0
    for index, piece in enumerate(pieces):
        if index % 2:   # a tag: entering or leaving text that is not prose
            name = re.match(r"<(/?)([a-zA-Z0-9]+)", piece)
            if name and name.group(2).lower() in _SKIPPED and not piece.endswith("/>"):
                skipped += -1 if name.group(1) else 1
            continue
        if skipped <= 0 and piece:
            pieces[index] = _SPACE_BEFORE.sub(r"\2\1", _WORD.sub(lambda found: _marked(found.group(), words), piece))
    return "".join(pieces)


# A space, then a marked word's opening tag: the space moved inside it (see the module's docstring).
_SPACE_BEFORE = re.compile(r"( )(<span (?:lang=\"en\" )?class=\"loanword\">)")


def _marked(word: str, words: dict[str, bool]) -> str:
    english = words.get(word.lower())
    if english is None:
        return word
    return f'<span lang="en" class="loanword">{word}</span>' if english else f'<span class="loanword">{word}</span>'


def _glossary_cells(html: str, lang: str) -> str:
    """Each body cell of the glossary's table after the meaning, with the language it is in."""
    others = glossary_languages(lang)[1:]

    def row(found: re.Match) -> str:
        cells = iter(range(-2, len(others)))
        return re.sub(r"<td\b", lambda _: (f'<td lang="{escape(others[n])}"' if 0 <= (n := next(cells, -1)) < len(others)
                                          else "<td"), found.group())

    def table(found: re.Match) -> str:
        return re.sub(r"<tbody>.*?</tbody>", lambda body: re.sub(r"<tr\b.*?</tr>", row, body.group(), flags=re.S),
                      found.group(), flags=re.S)

    return re.sub(r'<table class="glossary\b.*?</table>', table, html, flags=re.S)
