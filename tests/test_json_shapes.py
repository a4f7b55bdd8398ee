"""What the build reads back from ``_build/`` is trusted only in its declared shape."""

from __future__ import annotations

import json

import pytest

from rulebook.core.json_shapes import CatalogRecord, Findings, fits
from rulebook.publish.machinery.staging import JOURNAL, recover


@pytest.mark.parametrize("journal", [[["site", "site.2"]], "site.2", 7, {"site": ["site.2"]}])
def test_a_journal_of_another_shape_moves_nothing(tmp_path, journal):
    (tmp_path / "site.1").mkdir()
    (tmp_path / "site").symlink_to("site.1")
    (tmp_path / "site.2").mkdir()
    (tmp_path / JOURNAL).write_text(json.dumps(journal), encoding="utf-8")
    recover(tmp_path)
    assert (tmp_path / "site").resolve() == (tmp_path / "site.1").resolve()
    assert not (tmp_path / JOURNAL).exists()


def test_a_cached_catalog_or_finding_of_another_shape_is_refused():
    message = ["id", "string", None, ["fuzzy"], 3, [["rules/rake.yaml", 3]], [], [], []]
    assert fits(CatalogRecord, ["header", False, [["Language", "ro"]], [message], []])
    assert not fits(CatalogRecord, ["header", 0, [["Language", "ro"]], [message], []])      # fuzzy is no number
    assert not fits(CatalogRecord, ["header", False, [], [[[], *message[1:]]], []])        # a plural needs its id
    assert not fits(CatalogRecord, ["header", False, [], [message[:8]], []])
    assert fits(Findings, [["glossary", "'rake' must be translated as rake"]])
    assert not fits(Findings, [["glossary", 1]]) and not fits(Findings, [["a", "b", "c"]])
