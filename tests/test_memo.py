"""The gate's remembered results: they save time, never a problem."""

from __future__ import annotations

import json

from rulebook import memo
from rulebook.memo import Memo
from tests.conftest import edit, run_rulebook


def test_a_remembered_result_is_read_back_only_with_the_same_salt_and_shape(tmp_path):
    first = Memo(tmp_path, "probe", "salt-1")
    assert first("k", lambda: [("digits", "a number changed")]) == [["digits", "a number changed"]]
    first.save()
    memo._TABLES.clear()                                   # a new process
    calls = []
    again = Memo(tmp_path, "probe", "salt-1")
    assert again("k", lambda: calls.append(1) or []) == [["digits", "a number changed"]] and calls == []
    other = Memo(tmp_path, "probe", "salt-2")              # the glossary or the code changed
    assert other("k", lambda: []) == []
    other.save()
    assert [path.name.startswith("probe-") for path in tmp_path.iterdir()] == [True]   # the stale table is gone


def test_a_damaged_cache_is_ignored(tmp_path):
    table = Memo(tmp_path, "probe", "salt")
    path = table.path
    for damage in ("{not json", '["a list"]', '{"k": [["only one"]]}', '{"k": [[1, 2]]}', "[" * 100_000):
        path.write_text(damage, encoding="utf-8")
        memo._TABLES.clear()
        assert Memo(tmp_path, "probe", "salt")("k", lambda: [("checked", "again")]) == [["checked", "again"]]


def test_the_gate_finds_a_new_problem_after_a_clean_run_was_remembered(tree):
    assert run_rulebook(tree, "check").returncode == 0
    cached = list((tree / "_build" / "cache").glob("text-checks-fr-*.json"))
    assert len(cached) == 1 and len(json.loads(cached[0].read_text(encoding="utf-8"))) > 1000
    memo._TABLES.clear()                                   # as a new process would: from the file
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    edit(po, 'msgstr "Langue"', 'msgstr "Langue Langue"')
    result = run_rulebook(tree, "check")
    assert result.returncode == 1 and "[doubled] - (fr): Language: doubled word(s): langue" in result.stdout
