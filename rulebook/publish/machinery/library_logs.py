"""What the libraries a command runs log: only what went wrong reaches the editor's terminal.

WeasyPrint logs every step of every page it prints (``weasyprint.progress``), and fontTools what it
subsets, at INFO; nothing prints them while no one listens to the root logger. But a library may
set the root logger up as it is imported: accessible-pygments (a dependency of the theme, which
Pygments imports when Sphinx asks for a style) calls ``logging.basicConfig(level=INFO)``, and from
then on each page WeasyPrint printed in that process (a link preview's picture) wrote seven lines
of its steps on stderr. So a command sets the root logger up itself, first (a later
``basicConfig`` then does nothing), and a successful build says only its summary.

A library's warnings are not said: the printed rulebook is printed with the site's own stylesheets,
and WeasyPrint names each of their screen-only properties as it ignores them (``overflow-x``,
``@media (prefers-color-scheme: dark)``…), at every print. Its errors are (a picture, a stylesheet or
a font it could not load, so the print lacks it): one line each on stderr, naming the library,
escaped for the terminal (``for_terminal``), never a traceback. Sphinx logs through each job's own
streams (a warning there is the job's failure, told in the project's lines), not through this logger.
"""

from __future__ import annotations

import logging
import sys

from rulebook.core.characters import for_terminal


class _OneLine(logging.Handler):
    """A library's error in one line on the current stderr: ``weasyprint: <what it said>``."""

    def emit(self, record: logging.LogRecord) -> None:
        try:
            said = " ".join(record.getMessage().split())
            print(for_terminal(f"{record.name.partition('.')[0]}: {said}"), file=sys.stderr)
        except Exception:   # a record that cannot be said: logging's own report, never the command's end
            self.handleError(record)


def quiet() -> None:
    """The root logger, before any library sets it up: errors only, one line each."""
    root = logging.getLogger()
    if not any(isinstance(handler, _OneLine) for handler in root.handlers):
        root.addHandler(_OneLine(logging.ERROR))
    root.setLevel(logging.ERROR)
