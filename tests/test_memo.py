"""The gate's remembered results: they save time, never a problem."""

from __future__ import annotations

import json

from rulebook.core import memo
from rulebook.core.memo import Memo
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
    assert len(list(tmp_path.glob("probe-*"))) == 1       # the stale table is gone


def test_a_damaged_cache_is_ignored(tmp_path):
    table = Memo(tmp_path, "probe", "salt")
    path = table.path
    for damage in ("{not json", '["a list"]', '{"k": [["only one"]]}', '{"k": [[1, 2]]}', "[" * 100_000,
                   '{"k": ["0", [["checked", "by hand"]]]}', '{"k": ' + "[" * 5000 + "]" * 5000 + "}"):
        path.write_text(damage, encoding="utf-8")
        memo._TABLES.clear()
        assert Memo(tmp_path, "probe", "salt")("k", lambda: [("checked", "again")]) == [["checked", "again"]]


def test_a_result_edited_by_hand_is_ignored_and_computed_again(tmp_path):
    """Each result is stored beside a digest of itself: an edited one is no longer the code's answer."""
    first = Memo(tmp_path, "probe", "salt")
    first("k", lambda: [("doubled", "repeated word")])
    first.save()
    table = json.loads(first.path.read_text(encoding="utf-8"))
    table["k"][1] = []                                     # "no problem", written by hand
    first.path.write_text(json.dumps(table), encoding="utf-8")
    memo._TABLES.clear()
    assert Memo(tmp_path, "probe", "salt")("k", lambda: [("doubled", "again")]) == [["doubled", "again"]]


def test_a_result_is_remembered_by_the_code_that_made_it(tmp_path, monkeypatch):
    """A changed line of the code that computes a result (the gate's modules, or any they import) is
    another table: what the old checker accepted is never the new one's answer."""
    Memo(tmp_path, "probe", "salt")("k", lambda: [])
    before = Memo(tmp_path, "probe", "salt").path
    monkeypatch.setattr(memo, "code_digest", lambda modules, directory=None: "a checker changed to refuse all")
    memo._TABLES.clear()
    assert Memo(tmp_path, "probe", "salt").path != before
    assert Memo(tmp_path, "probe", "salt")("k", lambda: [("refused", "every catalog")]) == [["refused", "every catalog"]]


def test_the_gates_code_is_every_gate_module_and_what_it_imports(tmp_path):
    from rulebook.core.code import closure
    from tests.conftest import ROOT

    files = set().union(*(closure(ROOT, module) for module in memo.GATE))
    assert {"rulebook/gate/textchecks.py", "rulebook/i18n/catalogs.py", "rulebook/core/memo.py"} <= files
    assert not any(name.startswith("rulebook/publish/") for name in files)


def test_the_gate_finds_a_new_problem_after_a_clean_run_was_remembered(tree):
    assert run_rulebook(tree, "check").returncode == 0
    cached = list((tree / "_build" / "cache").glob("text-checks-fr-*.json"))
    assert len(cached) == 1 and len(json.loads(cached[0].read_text(encoding="utf-8"))) > 1000
    memo._TABLES.clear()                                   # as a new process would: from the file
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    edit(po, 'msgstr "Langue"', 'msgstr "Langue Langue"')
    result = run_rulebook(tree, "check")
    assert result.returncode == 1 and "[doubled] - (fr): Language: repeated word(s): langue" in result.stdout


def test_a_remembered_problem_edited_by_hand_never_lets_the_gate_pass(tree):
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    edit(po, 'msgstr "Langue"', 'msgstr "Langue Langue"')
    assert run_rulebook(tree, "check").returncode == 1
    [cached] = (tree / "_build" / "cache").glob("text-checks-fr-*.json")
    table = json.loads(cached.read_text(encoding="utf-8"))
    for key, entry in table.items():                       # every remembered problem, removed by hand
        table[key] = [entry[0], []] if entry and isinstance(entry[0], str) else []   # (beside its digest, or alone)
    cached.write_text(json.dumps(table), encoding="utf-8")
    memo._TABLES.clear()
    result = run_rulebook(tree, "check")
    assert result.returncode == 1 and "[doubled] - (fr): Language: repeated word(s): langue" in result.stdout


def test_a_catalog_read_back_from_the_cache_is_the_catalog_parsed(tree):
    """The cached form of an accepted catalog gives the same messages, header and .po text."""
    import io

    from babel.messages.pofile import write_po

    from rulebook.i18n import catalogs

    cache = tree / "_build" / "cache"
    for lang in catalogs.TRANSLATED:
        parsed = catalogs.strict_catalog(tree, lang, cache)
        catalogs._ACCEPTED.clear()
        memo._TABLES.clear()                                  # a new process: from the file only
        cached = catalogs.strict_catalog(tree, lang, cache)
        assert cached is not parsed and len(cached) == len(parsed) > 1000
        fields = ("id", "string", "context", "flags", "lineno", "locations", "auto_comments", "user_comments",
                  "previous_id")
        assert [[getattr(m, f) for f in fields] for m in cached] == [[getattr(m, f) for f in fields] for m in parsed]
        assert (cached.num_plurals, cached.plural_expr, cached.mime_headers) == \
               (parsed.num_plurals, parsed.plural_expr, parsed.mime_headers)
        written = []
        for catalog in (parsed, cached):
            out = io.BytesIO()
            write_po(out, catalog, width=0, include_previous=True)
            written.append(out.getvalue())
        assert written[0] == written[1]


def test_a_changed_catalog_is_never_answered_from_the_cache(tree):
    from rulebook.i18n import catalogs

    cache = tree / "_build" / "cache"
    assert catalogs.strict_catalog(tree, "fr", cache) is not None
    catalogs._ACCEPTED.clear()
    memo._TABLES.clear()
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    edit(po, 'msgstr "Langue"', 'msgstr Langue')                  # no longer gettext
    result = run_rulebook(tree, "check")
    assert result.returncode == 2 and "rulebook.po:" in result.stderr


def test_a_new_folder_gets_the_table_even_when_every_result_was_in_memory(tmp_path):
    first = Memo(tmp_path / "a", "probe", "salt")
    first("k", lambda: [])
    first.save()
    second = Memo(tmp_path / "b", "probe", "salt")              # the same process, another project
    second("k", lambda: [("never", "computed")])
    second.save()
    assert (tmp_path / "b" / first.path.name).is_file()
