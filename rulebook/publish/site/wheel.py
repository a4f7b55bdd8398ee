"""The engine as a wheel, built from this repository's ``pokerrules`` at build time, for the floor
calculators to install in the reader's browser (``rulebook.publish.site.runtime``): the very package the build
imports, the one every worked example was checked against.

Pure Python, written with the standard library's ``zipfile``: the same sources give the same bytes
(sorted entries, fixed times and modes), so a build that changed nothing publishes nothing new.
"""

from __future__ import annotations

import base64
import hashlib
import io
import zipfile
from pathlib import Path

import pokerrules

NAME = "pokerrules"
#: The wheel's version: the engine's contract, not an edition (the file name carries no date).
VERSION = "1.0"
FILE = f"{NAME}-{VERSION}-py3-none-any.whl"
_DIST_INFO = f"{NAME}-{VERSION}.dist-info"
_EPOCH = (1980, 1, 1, 0, 0, 0)   # the earliest time a zip entry can hold: no build's time in the bytes


def _record_hash(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")


ENGINE = Path(pokerrules.__file__).parent


def contents() -> dict[str, bytes]:
    """The wheel's files by their path inside it: the engine's modules and its metadata."""
    files = {f"{NAME}/{path.name}": path.read_bytes() for path in sorted(ENGINE.glob("*.py"))}
    files[f"{_DIST_INFO}/METADATA"] = (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {VERSION}\n"
                                       "Summary: The card room's reference poker engine\n").encode("utf-8")
    files[f"{_DIST_INFO}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: rulebook.publish.site.wheel\nRoot-Is-Purelib: true\n"
                                    b"Tag: py3-none-any\n")
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{_DIST_INFO}/RECORD"] = (record + f"{_DIST_INFO}/RECORD,,\n").encode("utf-8")
    return files


def build() -> bytes:
    """The wheel's bytes, the same for the same sources."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as wheel:
        for name, data in contents().items():
            entry = zipfile.ZipInfo(name, date_time=_EPOCH)
            entry.compress_type = zipfile.ZIP_DEFLATED
            entry.external_attr = 0o644 << 16
            wheel.writestr(entry, data, compresslevel=9)
    return out.getvalue()
