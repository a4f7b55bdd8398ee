"""The HTML our prints are made from, and plain WeasyPrint of it: the printed peer of ``bench_sphinx.py``.

    python benchmarks/print_html.py capture <tree> <folder>   # every card's and rulebook's HTML
    python benchmarks/print_html.py print <folder> <kind> <house> <label> <out> [<name>...]

``capture`` runs ``rulebook cards`` and ``rulebook pdf`` over ``tree`` (into ``<folder>/build``) with
the step that prints replaced by one that writes each document's HTML, its base address and its
stylesheet to ``<folder>/<kind>/<house>/<label>/`` (``manifest.json``): exactly what WeasyPrint is
handed. ``print`` makes each document of one job (a house's language, or language pair; only those
``name``d, if any) into a PDF with nothing else but what the published file is: a printed rulebook
tagged for screen readers as ours are (the same output; cards are not tagged); no check that a card's
text fits, no stamps, no publishing.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def capturing(folder: Path):
    """A stand-in for ``rulebook.publish.print.printing._write_pages`` that keeps each document's HTML under
    ``folder`` instead of printing it (it takes every parameter the real one takes: a test checks)."""

    def write_html(project, build, kind, house_id, label, pages, base, stylesheet=None, origins=None, limits=None,
                   fit=None, styles=None, imposed=None):
        if fit is not None:   # a card's faces set at the type the print finds for them: the peer prints the same
            from weasyprint import HTML

            from weasyprint import CSS

            def render(html, name=None):
                own = [CSS(string=styles[name])] if styles and name in styles else []
                return HTML(string=html, base_url=str(base)).render(stylesheets=own)

            pages = {name: fit(name, html, lambda html, name=name: render(html, name))[0] for name, html in pages.items()}
        where = folder / kind / house_id / label
        where.mkdir(parents=True, exist_ok=True)
        manifest = where / "manifest.json"
        documents = json.loads(manifest.read_text(encoding="utf-8")) if manifest.exists() else []
        for name, html in sorted(pages.items()):
            page = where / f"{len(documents)}.html"
            page.write_text(html, encoding="utf-8")
            sheet = stylesheet
            if styles and name in styles:   # a card's own style sheet: handed to WeasyPrint beside its page
                sheet = where / f"{len(documents)}.css"
                sheet.write_text(styles[name], encoding="utf-8")
            documents.append({"name": name, "html": page.name, "base": str(base),
                              "stylesheet": str(sheet) if sheet else None})
        manifest.write_text(json.dumps(documents, indent=1), encoding="utf-8")
        return list(pages), "captured"

    return write_html


def capture(tree: Path, folder: Path) -> None:
    from rulebook.publish.print import printing
    from rulebook.cli import main

    printing._write_pages = capturing(folder)   # the forked print jobs see it too
    for command in ("cards", "pdf"):
        if main(["--root", str(tree), command, "--build-dir", str(folder / "build")]) != 0:
            sys.exit(f"capture: rulebook {command} failed")


def plain_print(folder: Path, kind: str, house: str, label: str, out: Path, names: list[str]) -> None:
    from weasyprint import CSS, HTML

    where = folder / kind / house / label
    for number, document in enumerate(json.loads((where / "manifest.json").read_text(encoding="utf-8"))):
        if names and document["name"] not in names:
            continue
        stylesheets = [CSS(filename=document["stylesheet"])] if document["stylesheet"] else []
        html = (where / document["html"]).read_text(encoding="utf-8")
        HTML(string=html, base_url=document["base"]).write_pdf(out / f"{house}-{label}-{number}.pdf",
                                                               stylesheets=stylesheets, pdf_tags=kind == "pdf")


if __name__ == "__main__":
    if sys.argv[1] == "capture":
        capture(Path(sys.argv[2]), Path(sys.argv[3]))
    else:
        plain_print(Path(sys.argv[2]), sys.argv[3], sys.argv[4], sys.argv[5], Path(sys.argv[6]), sys.argv[7:])
