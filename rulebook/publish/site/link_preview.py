"""The picture a link preview shows (``og:image``): the rulebook's title and the house's name in the
page's language, 1200×630 pixels, one per house and language.

Previews refuse SVG, so it is a PNG. WeasyPrint (already the printer of the PDFs and cards) prints
it as one PDF page of that size and ``pdftoppm`` (poppler-utils, a Debian package the build already
has) turns the page into pixels: no imaging library to pin for one picture. An ``og:image`` must be
an absolute address, so a house without a ``base_url`` gets neither the picture nor the tag. Its
file is named by the digest of what it shows (``preview/<digest>.png``): it is made again only when
the title or the name changes, and a crawler that kept the old one sees a new address.
"""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from markupsafe import escape

FOLDER = "preview"
WIDTH, HEIGHT = 1200, 630


@dataclass(frozen=True)
class Picture:
    """A preview picture: its file inside the language's folder, and its text (the ``og:image:alt``)."""

    file: str
    title: str
    house: str

    @property
    def alt(self) -> str:
        return f"{self.title} \u2013 {self.house}"


def picture(title: str, house: str, lang: str) -> Picture:
    """The picture of a rulebook ``title`` of ``house`` in ``lang``, named by what it shows."""
    digest = hashlib.sha256(repr((title, house, lang, WIDTH, HEIGHT, _PAGE)).encode()).hexdigest()[:16]
    return Picture(f"{FOLDER}/{digest}.png", title, house)


# The page: the title large, the house's name under it, on the site's colours.
_PAGE = """<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8"><style>
@page {{ size: {width}px {height}px; margin: 0; }}
body {{ margin: 0; width: {width}px; height: {height}px; display: flex; flex-direction: column;
  justify-content: center; padding: 0 90px; box-sizing: border-box; background: #0b4f9c; color: #fff;
  font-family: "DejaVu Sans", sans-serif; }}
h1 {{ font-size: 72px; line-height: 1.15; margin: 0 0 36px 0; }}
p {{ font-size: 44px; margin: 0; opacity: 0.9; }}
</style></head><body><h1>{title}</h1><p>{house}</p></body></html>"""


def write(folder: Path, shown: Picture, lang: str) -> Path:
    """Make ``shown`` in ``folder`` unless it is there already; remove the pictures it replaces."""
    target = folder / shown.file
    for stale in (folder / FOLDER).glob("*.png"):
        if stale != target:
            stale.unlink()
    if target.is_file():
        return target
    from weasyprint import HTML   # imported only by the builds that make a picture

    target.parent.mkdir(parents=True, exist_ok=True)
    page = _PAGE.format(lang=escape(lang), width=WIDTH, height=HEIGHT, title=escape(shown.title),
                        house=escape(shown.house))
    with tempfile.TemporaryDirectory() as work:
        pdf = Path(work) / "preview.pdf"
        HTML(string=page).write_pdf(pdf)
        # 96 pixels to the inch: one CSS pixel is one pixel of the picture.
        subprocess.run(["pdftoppm", "-png", "-r", "96", "-singlefile", str(pdf), str(Path(work) / "preview")],
                       check=True, capture_output=True)
        shutil.move(Path(work) / "preview.png", target)
    return target
