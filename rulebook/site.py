"""The published site: one Sphinx build per language, and the language chooser."""

from __future__ import annotations

import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import jinja2
from rulebook.i18n import LANGUAGES, language_choices


# The printed rulebook is made from a single page in Sphinx's plain theme: a screen
# theme's fixed-height layout does not paginate.
PRINT_OPTIONS = {"singlehtml": ["-D", "html_theme=basic"]}


def sphinx_command(root: Path, build: Path, lang: str, builder: str, out: Path) -> list[str]:
    return [
        sys.executable, "-m", "sphinx", "-b", builder, "-q", "-W", "--keep-going",
        "-c", str(root), "-D", f"language={lang}", *PRINT_OPTIONS.get(builder, []),
        "-d", str(build / "doctrees" / builder / lang),
        str(build / "src" / lang), str(out),
    ]


def build_language(root: Path, build: Path, lang: str, builder: str = "html") -> subprocess.CompletedProcess:
    (build / "src" / lang).mkdir(parents=True, exist_ok=True)
    out = build / ("site" if builder == "html" else builder) / lang
    return subprocess.run(sphinx_command(root, build, lang, builder, out), capture_output=True, text=True)


def build_all(root: Path, languages: tuple[str, ...] = LANGUAGES, builder: str = "html",
              build: Path | None = None) -> bool:
    """Build every language, as many at once as there are cores; True if all passed."""
    build = build or root / "_build"
    workers = max(1, min(len(languages), os.cpu_count() or 1))
    with ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda lang: (lang, build_language(root, build, lang, builder)), languages))
    ok = True
    for lang, result in results:
        output = (result.stdout + result.stderr).strip()
        if output:
            print(f"[{lang}] {output}", file=sys.stderr)
        if result.returncode != 0:
            print(f"{builder} build of {lang!r} failed (exit {result.returncode})", file=sys.stderr)
            ok = False
    if ok and builder == "html":
        write_chooser(root, build, languages)
    return ok


def write_chooser(root: Path, build: Path, languages: tuple[str, ...]) -> Path:
    """The root page where a reader picks a language, each named in its own tongue."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(root / "templates" / "site")),
                             autoescape=True)
    html = env.get_template("index.html.jinja").render(languages=language_choices(languages))
    path = build / "site" / "index.html"
    path.write_text(html, encoding="utf-8")
    return path
