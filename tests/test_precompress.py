"""Every large file of the site published compressed beside it (rulebook.publish.machinery.precompress): the same
bytes from any build, kept in step with the file, never for a file that gains nothing."""

from __future__ import annotations

import gzip
import os

import brotli

from rulebook.publish.machinery import precompress

TEXT = "<p>Rule 38: the smallest raise is the last full raise.</p>\n" * 200


def test_siblings_decompress_to_the_file_and_are_the_same_bytes_each_time(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(TEXT, encoding="utf-8")
    precompress.write_folder(tmp_path)
    first = {suffix: (tmp_path / f"page.html{suffix}").read_bytes() for suffix in precompress.SUFFIXES}
    assert gzip.decompress(first[".gz"]) == brotli.decompress(first[".br"]) == page.read_bytes()
    for suffix in precompress.SUFFIXES:
        (tmp_path / f"page.html{suffix}").unlink()
    precompress.write_folder(tmp_path)
    assert {suffix: (tmp_path / f"page.html{suffix}").read_bytes() for suffix in precompress.SUFFIXES} == first


def test_a_changed_file_is_compressed_again_and_a_removed_ones_siblings_go(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(TEXT, encoding="utf-8")
    precompress.write_folder(tmp_path)
    later = os.stat(tmp_path / "page.html.gz").st_mtime_ns + 1_000_000_000
    page.write_text(TEXT.replace("38", "39"), encoding="utf-8")
    os.utime(page, ns=(later, later))
    precompress.write_folder(tmp_path)
    assert gzip.decompress((tmp_path / "page.html.gz").read_bytes()) == page.read_bytes()
    assert brotli.decompress((tmp_path / "page.html.br").read_bytes()) == page.read_bytes()
    page.unlink()
    precompress.write_folder(tmp_path)
    assert list(tmp_path.iterdir()) == []


def test_no_sibling_for_a_small_file_a_pdf_or_what_does_not_compress(tmp_path):
    (tmp_path / "small.js").write_text("let a = 1;\n", encoding="utf-8")
    (tmp_path / "card.pdf").write_text(TEXT, encoding="utf-8")
    (tmp_path / "noise.bin").write_bytes(os.urandom(20_000))
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "page.html").write_text(TEXT, encoding="utf-8")
    precompress.write_folder(tmp_path, leave=["other"])
    assert sorted(path.name for path in tmp_path.rglob("*")) == ["card.pdf", "noise.bin", "other", "page.html", "small.js"]


def test_every_large_file_of_the_published_site_has_its_siblings(built_site):
    missing = []
    for path in built_site.rglob("*"):
        if path.is_file() and precompress.wanted(path) and path.stat().st_size >= 4 * precompress.SMALLEST:
            for suffix in precompress.SUFFIXES:
                sibling = path.with_name(path.name + suffix)
                if not sibling.is_file():
                    missing.append(sibling.relative_to(built_site).as_posix())
    assert missing == []
    page = built_site / "club" / "fr" / "rake.html"
    assert gzip.decompress(page.with_name("rake.html.gz").read_bytes()) == page.read_bytes()
