"""What the offline reader's worker is given to keep (rulebook.publish.site.offline), read from the published
site: every language's list names its pages and what they load exactly as they ask for it, its rules'
addresses and printed files; the house's and the root's lists; no source map, licence or unused file;
and a new edition a new version. (The worker itself, in Chromium: tests/browser/test_offline_and_motion.py.)"""

from __future__ import annotations

import json
import re
from pathlib import Path

from rulebook.publish.site import offline, rules_json, runtime


def _list(folder: Path) -> dict:
    return json.loads((folder / offline.LIST).read_text(encoding="utf-8"))


def _loaded(page: Path) -> set[str]:
    """What a page loads, as it asks for it (its scripts' and stylesheets' addresses, queries kept)."""
    html = page.read_text(encoding="utf-8")
    return set(re.findall(r'<script[^>]* src="([^":]+)"', html)) | \
        set(re.findall(r'<link rel="stylesheet"[^>]* href="([^":]+)"', html))


def test_each_language_lists_its_pages_and_what_they_load_as_they_ask_for_it(built_site, project):
    for house_id, view in project.houses.items():
        for lang in view.book.languages:
            folder = built_site / house_id / lang
            data = _list(folder)
            files = set(data["files"])
            assert data["lang"] == lang and data["languages"] == list(view.book.languages)
            pages = {path.name for path in folder.glob("*.html")}
            assert {"index.html", "search.html", "glossary.html", "404.html", "genindex.html"} <= pages <= files
            for page in pages:   # the worker fetches what the page fetched: the browser's copy, not a second one
                loaded = {name.removeprefix(f"/{house_id}/{lang}/") for name in _loaded(folder / page)}   # the 404 page's
                assert loaded <= files, (house_id, lang, page, loaded - files)
            assert {"searchindex.js", "manifest.webmanifest"} <= files
            assert any(name.startswith("_static/rule_index.js?v=") for name in files)
            assert all((folder / name.split("?")[0]).is_file() for name in files)
            # Nothing a reader never loads: source maps, licences, the theme's unused files, folders kept apart.
            assert not [name for name in files if re.search(r"\.map$|LICENSE|debug\.css|basic\.css|\.(gz|br)$", name)]
            assert not any(name.startswith(("downloads/", "edition/", "r/", "preview/")) for name in files)
            assert rules_json.FILE not in files   # data for other programs: no page loads it


def test_each_rule_address_and_printed_file_is_listed(built_site, project):
    for house_id, view in project.houses.items():
        folder = built_site / house_id / view.book.languages[0]
        data = _list(folder)
        addresses = {path.relative_to(folder).as_posix() for path in (folder / "r").glob("*.html")}
        assert set(data["rules"]) == addresses and addresses
        for address, target in data["rules"].items():   # where the address's page leads
            assert f'url=../{target}"' in (folder / address).read_text(encoding="utf-8"), address
        printed = {path.relative_to(folder).as_posix() for path in (folder / "downloads").glob("*.pdf")}
        assert set(data["downloads"]) == printed and printed
        assert f'href="{data["downloads"][0]}"' in (folder / "downloads.html").read_text(encoding="utf-8")


def test_the_calculators_runtime_is_listed_where_the_house_offers_calculators(built_site, project):
    found = runtime.runtime(project.root)
    for house_id, view in project.houses.items():
        folder = built_site / house_id / view.book.languages[0]
        expected = [f"../../{name}" for name in found.starting] if (folder / "calculators.html").is_file() else []
        assert _list(folder)["runtime"] == expected
        assert all((folder / name).resolve().is_file() for name in expected)
    assert any(_list(built_site / house / "en")["runtime"] for house in project.houses)


def test_the_house_and_the_root_list_what_the_worker_checks_at_each_visit(built_site, project):
    for house_id, view in project.houses.items():
        house = _list(built_site / house_id)
        assert house["languages"] == {lang: _list(built_site / house_id / lang)["version"] for lang in view.book.languages}
    root = _list(built_site)
    assert root["files"] == ["index.html", "404.html", "favicon.svg"]
    worker = (built_site / offline.WORKER).read_text(encoding="utf-8")
    assert worker == Path(offline.__file__).with_name("offline_worker.js").read_text(encoding="utf-8")
    assert offline.root_written(built_site)


def test_each_languages_old_worker_lets_go(built_site, project):
    """The worker an earlier edition registered in each language's folder is replaced by one that
    keeps nothing and unregisters itself."""
    for house_id, view in project.houses.items():
        script = (built_site / house_id / view.book.languages[0] / offline.WORKER).read_text(encoding="utf-8")
        assert "unregister()" in script and "cache.add" not in script and "fetch" not in script


def _language(tmp_path: Path) -> Path:
    (tmp_path / "_static").mkdir(parents=True, exist_ok=True)
    (tmp_path / "index.html").write_text('<link rel="stylesheet" href="_static/a.css?v=1"><script src="_static/a.js">'
                                         '</script><a href="downloads/card.pdf">card</a>', encoding="utf-8")
    (tmp_path / "downloads.html").write_text('<a href="downloads/card.pdf">card</a>', encoding="utf-8")
    (tmp_path / "downloads").mkdir(exist_ok=True)
    (tmp_path / "downloads" / "card.pdf").write_bytes(b"%PDF")
    (tmp_path / "_static" / "a.css").write_text("a", encoding="utf-8")
    (tmp_path / "_static" / "a.js").write_text("a", encoding="utf-8")
    (tmp_path / "_static" / "a.js.map").write_text("{}", encoding="utf-8")
    return tmp_path


def _version(folder: Path, rules: dict[str, str] | None = None) -> str:
    offline.write(folder, "Rules", "Club", "Rules", "en", ("en", "fr"), rules or {"r/1.html": "index.html#one"}, [])
    return _list(folder)["version"]


def test_a_new_edition_is_a_new_version_of_the_list(tmp_path):
    folder = _language(tmp_path)
    first = _version(folder)
    data = _list(folder)
    assert data["files"] == ["_static/a.css?v=1", "_static/a.js", "downloads.html", "index.html"]
    assert data["downloads"] == ["downloads/card.pdf"]
    assert _version(folder) == first   # nothing changed: the same version
    (folder / "_static" / "a.css").write_text("b", encoding="utf-8")
    second = _version(folder)
    assert second != first   # a file's bytes
    assert _version(folder, {"r/1.html": "index.html#two"}) != second   # where a rule's address leads


def test_the_house_list_changes_with_any_of_its_languages(tmp_path):
    for lang in ("en", "fr"):
        _version(_language(tmp_path / lang))
    first = offline.house_list(tmp_path)
    assert first is not None and json.loads(first)["languages"].keys() == {"en", "fr"}
    (tmp_path / "fr" / "index.html").write_text("edition 2", encoding="utf-8")
    _version(tmp_path / "fr")
    assert offline.house_list(tmp_path) != first
    assert offline.house_list(tmp_path / "fr" / "_static") is None
