"""What the print builder (``rulebook.publish.site.printed``) hands to print: the reader's edition of one
house in one language as the printed documents are assembled from it, written by Sphinx as
``print.json`` beside the single page's images and styles, and read back by the print job.

Every piece is HTML the builder wrote from the rulebook's nodes for print (each part a section of class
``print-part`` opening with its page's marker, links leading where the printed document can follow
them, borrowed words and headings' last words marked): print only puts its own pages (cover, contents,
rules by number, index) between the pieces, never reads or rewrites them.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

FILE = "print.json"


@dataclass(frozen=True)
class SinglePage:
    """``body``: the rulebook's body in four pieces, cut where print adds its own pages: before the
    title (the cover goes there), from the title to the first part (the contents), the parts (the rules
    by number and the index follow them), and the rest. ``pages``: the printed pages in order (the
    ``document-<page>`` anchors), ``titles`` each one's title as text; ``redline``: the changes page
    printed alone (its headings a level up, its links within itself), None for a first edition;
    ``rules``: the short form's rules, each as the rulebook prints it."""

    title: str
    stylesheets: tuple[str, ...]
    body: tuple[str, str, str, str]
    pages: tuple[str, ...]
    titles: dict[str, str]
    redline: str | None
    rules: dict[str, str]

    def write(self, folder: Path) -> None:
        (folder / FILE).write_text(json.dumps(asdict(self), ensure_ascii=False, sort_keys=True), encoding="utf-8")

    @classmethod
    def read(cls, folder: Path) -> SinglePage:
        """The pieces Sphinx wrote in ``folder``; a missing or malformed file is a fault of the build, said in a line."""
        path = folder / FILE
        try:
            found = json.loads(path.read_text(encoding="utf-8"))
            body = tuple(str(piece) for piece in found["body"])
            if len(body) != 4:
                raise ValueError("its body is not in four pieces")
            return cls(str(found["title"]), tuple(map(str, found["stylesheets"])), (body[0], body[1], body[2], body[3]),
                       tuple(map(str, found["pages"])), {str(k): str(v) for k, v in found["titles"].items()},
                       None if found["redline"] is None else str(found["redline"]),
                       {str(k): str(v) for k, v in found["rules"].items()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"{path}: the single page to print is unreadable ({exc}); build it again") from None
