"""What a house offers for download: its printed rulebook and its table cards.

``rulebook.publish.print.printing`` makes the files, under ``_build/pdf`` and ``_build/cards``; the site copies
them into each house's language under ``downloads/`` and its downloads page lists them with their
size and paper. The file names are defined here once, for the printer and for the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Mapping

from rulebook.core.model import Rulebook
from rulebook.publish.print.paper import NAMES
from rulebook.reading.table_facts import table_rows

FOLDER = "downloads"   # under <house>/<lang>/ of the site


def stakes_slug(stakes: str) -> str:
    """A stakes row's name as a file name: ``1/3`` → ``1-3``."""
    return re.sub(r"[^0-9a-z]+", "-", stakes.lower()).strip("-")


def card_file(row: Mapping[str, Any]) -> str:
    return f"card-{stakes_slug(row['name'])}.pdf"


def sheet_file(row: Mapping[str, Any]) -> str:
    return f"sheet-{stakes_slug(row['name'])}.pdf"


def press_file(card: str) -> str:
    """A card's print shop edition, beside it: each face alone at its trim size with bleed and crop
    marks, in CMYK (PDF/X-4: rulebook.publish.print.paper)."""
    return f"{PRESS}/{card}"


PRESS = "press"
RAKE_FILE = "rake-bands.pdf"
RAKE_SHEET_FILE = "rake-bands-sheet.pdf"   # the rake card imposed on A4, front and back, for a print shop


def rulebook_file(lang: str) -> str:
    return f"rulebook-{lang}.pdf"


def redline_file(lang: str) -> str:
    """The edition's changes printed alone, beside the rulebook (made only when there is a previous edition)."""
    return f"redline-{lang}.pdf"


def short_form_file(lang: str) -> str:
    """The short form (``rulebook.publish.print.short_form``): the rules players meet most, on one or two A4 pages."""
    return f"short-form-{lang}.pdf"


def prints_rake_card(book: Rulebook) -> bool:
    """Whether the house has a rake card: its front is the house's band table (a room that takes no
    rake, or rakes a plain percentage, has none)."""
    return bool((book.house.get("rake") or {}).get("bands"))


def bilingual_languages(book: Rulebook) -> tuple[str, ...] | None:
    """The two languages of the house's two-sided card, if any: its language of authority, and the one it
    names for the back (``print: two_sided``), else English where it publishes English beside another."""
    official = book.house["official_language"]
    second = book.printing.two_sided or ("en" if official != "en" and "en" in book.languages else None)
    return (official, second) if book.runs_cash_games and second else None


@dataclass(frozen=True)
class Download:
    """One file offered to the reader: what it is, where the printer wrote it (relative to the
    build folder), its name in the site, the paper it is printed on, and its size and modification
    time (None: not built)."""

    kind: str                 # rulebook | redline | short-form | card | sheet | bilingual | bilingual-sheet | press | rake | rake-sheet | rake-press
    source: str
    name: str
    paper: str                # A4 | US Letter | A6 | A5 (rulebook.publish.print.paper.NAMES)
    stakes: Mapping[str, Any] | None = None
    size: int | None = None
    modified: int | None = None      # nanoseconds

    def located(self, printed: Mapping[str, Path]) -> Path:
        """Where the file is: under its kind's folder in ``printed`` (``cards``, ``pdf``: the ones
        this command staged, or the published ones)."""
        kind, _, rest = self.source.partition("/")
        return printed[kind] / rest


def downloads(book: Rulebook, lang: str, build: Path, printed: Mapping[str, Path] | None = None) -> list[Download]:
    """Every file a house offers in one language, in the order the page lists them: the rulebook, the
    redline of its edition and the short form, then per stakes its card, its sheet (two cards on A4) and its
    two-sided card, then the rake card and its sheet. (A file not printed has no size: a first edition has no
    redline.) ``printed``:
    where the cards and the PDFs are, if not published in ``build``."""
    printed = {"cards": build / "cards", "pdf": build / "pdf", **(printed or {})}
    house = book.id
    paper, card = NAMES[book.printing.paper], NAMES[book.printing.card]
    found = [Download("rulebook", f"pdf/{house}/{rulebook_file(lang)}", rulebook_file(lang), paper),
             Download("redline", f"pdf/{house}/{redline_file(lang)}", redline_file(lang), paper),
             Download("short-form", f"pdf/{house}/{short_form_file(lang)}", short_form_file(lang), paper)]
    pair = bilingual_languages(book)
    for row in table_rows(book):
        found.append(Download("card", f"cards/{house}/{lang}/{card_file(row)}", card_file(row), card, row))
        found.append(Download("sheet", f"cards/{house}/{lang}/{sheet_file(row)}", sheet_file(row), paper, row))
        if pair:
            both = "-".join(pair)
            found.append(Download("bilingual", f"cards/{house}/{both}/{card_file(row)}",
                                  card_file(row).replace(".pdf", f"-{both}.pdf"), card, row))
            found.append(Download("bilingual-sheet", f"cards/{house}/{both}/{sheet_file(row)}",
                                  sheet_file(row).replace(".pdf", f"-{both}.pdf"), paper, row))
        found.append(Download("press", f"cards/{house}/{lang}/{press_file(card_file(row))}",
                              card_file(row).replace(".pdf", f"-{PRESS}.pdf"), card, row))
    if prints_rake_card(book):
        found.append(Download("rake", f"cards/{house}/{lang}/{RAKE_FILE}", RAKE_FILE, card))
        found.append(Download("rake-sheet", f"cards/{house}/{lang}/{RAKE_SHEET_FILE}", RAKE_SHEET_FILE, paper))
        found.append(Download("rake-press", f"cards/{house}/{lang}/{press_file(RAKE_FILE)}",
                              RAKE_FILE.replace(".pdf", f"-{PRESS}.pdf"), card))
    return [Download(d.kind, d.source, d.name, d.paper, d.stakes, *_stat(d.located(printed))) for d in found]


def _stat(path: Path) -> tuple[int | None, int | None]:
    try:
        stat = path.stat()
    except OSError:
        return None, None
    return stat.st_size, stat.st_mtime_ns


def fingerprint(files: list[Download]) -> str:
    """What the site's copy of the files depends on: each file's name, size and time (a reprint
    changes them; an unchanged file is carried over by a hard link, keeping its time)."""
    return "\n".join(f"{item.name}\0{item.size}\0{item.modified}" for item in files)
