"""Every large file of the site also published compressed, ``page.html.gz`` and ``page.html.br`` beside
``page.html``, so that any static web server sends the compressed bytes without compressing at each
request (nginx's ``gzip_static`` and ``brotli_static``: the README's lines).

A reader on a phone's data plan then downloads a quarter of a page, and a fifth of the calculators'
runtime. The bytes are the same from any build (gzip without a name or a time, brotli at a fixed
quality), so a build that changed nothing publishes nothing new; a file already compressed (a PDF, a
zip) is left alone, as is one too small to gain.
"""

from __future__ import annotations

import gzip
from collections.abc import Iterable
from pathlib import Path

import brotli

#: What compresses well: text, and the runtime's WebAssembly and memory snapshot.
KINDS = frozenset({".html", ".js", ".mjs", ".css", ".json", ".svg", ".xml", ".txt", ".webmanifest", ".wasm", ".bin"})
#: Smaller files gain nothing a reader notices (a request's headers weigh as much).
SMALLEST = 1024
#: A sibling is kept only when it saves at least this share of the file.
GAIN = 0.1
#: Compressed siblings' suffixes, as nginx looks for them.
SUFFIXES = (".gz", ".br")
# Brotli's quality 5 compresses within a few percent of its best (11) at a twentieth of the time: a
# clean build compresses some fifty megabytes.
_BROTLI_QUALITY = 5
_GZIP_LEVEL = 9


def compressed(data: bytes) -> dict[str, bytes]:
    """The siblings worth publishing for these bytes, by suffix: none when they would not gain."""
    found = {".gz": gzip.compress(data, _GZIP_LEVEL, mtime=0), ".br": brotli.compress(data, quality=_BROTLI_QUALITY)}
    return {suffix: made for suffix, made in found.items() if len(made) <= (1 - GAIN) * len(data)}


def wanted(path: Path) -> bool:
    """Whether a file is one to publish compressed too (not a sibling itself)."""
    return path.suffix in KINDS


def write_folder(folder: Path, leave: Iterable[str] = ()) -> None:
    """Beside every file of ``folder`` worth it, its compressed siblings, written only where missing or
    older than the file (an incremental build rewrites only what changed); a sibling whose file is gone,
    or no longer gains, is removed. ``leave``: top-level entries not to enter (another job's)."""
    skipped = set(leave)
    for path in sorted(folder.rglob("*")):
        if not path.is_file() or path.relative_to(folder).parts[0] in skipped:
            continue
        if path.suffix in SUFFIXES:
            original = path.with_suffix("")
            if not original.is_file() or not wanted(original):
                path.unlink()
            continue
        if not wanted(path):
            continue
        siblings = [path.with_name(path.name + suffix) for suffix in SUFFIXES]
        mtime = path.stat().st_mtime_ns
        if all(sibling.is_file() and sibling.stat().st_mtime_ns >= mtime for sibling in siblings):
            continue
        made = compressed(path.read_bytes()) if path.stat().st_size >= SMALLEST else {}
        for sibling, suffix in zip(siblings, SUFFIXES):
            if suffix in made:
                sibling.write_bytes(made[suffix])
            else:
                sibling.unlink(missing_ok=True)
