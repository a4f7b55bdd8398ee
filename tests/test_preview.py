"""The editors' preview: only what an edit reaches is rebuilt, into its own folder, never published;
the gate's messages are the same as a build's; the pages it serves reload themselves."""

from __future__ import annotations

import urllib.request

from conftest import run_rulebook
from rulebook.publish.preview import RELOAD_SCRIPT, VERSION_PATH, affected, serve, with_reload

HOUSES, LANGUAGES = ("club", "casino"), ("ro", "en", "fr", "es", "hr")


def test_a_catalog_reaches_its_language_a_house_file_its_house_anything_else_everything(tmp_path):
    po = tmp_path / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    assert affected(tmp_path, [po], HOUSES, LANGUAGES) == {"club": ("fr",), "casino": ("fr",)}
    assert affected(tmp_path, ["locales/hr/glossary.yaml", "houses/casino/house.yaml"], HOUSES, LANGUAGES) == \
        {"club": ("hr",), "casino": LANGUAGES}
    for shared in ("rules/rake.yaml", "templates/rst/part.rst.jinja", "locales/glossary.yaml", "rulebook/publish/site/builds.py",
                   "locales/rulebook.pot", "conf.py"):
        assert affected(tmp_path, ["locales/fr/LC_MESSAGES/rulebook.po", shared], HOUSES, LANGUAGES) == \
            {house: LANGUAGES for house in HOUSES}, shared


def test_an_edit_outside_what_is_previewed_rebuilds_nothing(tmp_path):
    assert affected(tmp_path, ["locales/ro/LC_MESSAGES/rulebook.po"], HOUSES, ("fr",)) == {}
    assert affected(tmp_path, ["houses/casino/house.yaml"], ("club",), LANGUAGES) == {}


def test_a_served_page_carries_the_reload_script_and_the_file_does_not(tmp_path):
    page = b"<html><body><p>x</p></body></html>"
    assert with_reload(page) == b"<html><body><p>x</p>" + RELOAD_SCRIPT + b"</body></html>"
    assert with_reload(b"<p>no body</p>") == b"<p>no body</p>" + RELOAD_SCRIPT
    (tmp_path / "club").mkdir()
    (tmp_path / "club" / "index.html").write_bytes(page)
    (tmp_path / "style.css").write_bytes(b"p{}")
    builds = [3]
    server = serve(tmp_path, lambda: builds[0], 0)
    try:
        base = f"http://127.0.0.1:{server.server_address[1]}"
        served = urllib.request.urlopen(f"{base}/club/").read()
        assert RELOAD_SCRIPT in served and served.replace(RELOAD_SCRIPT, b"") == page
        assert urllib.request.urlopen(f"{base}/style.css").read() == b"p{}"
        assert urllib.request.urlopen(f"{base}{VERSION_PATH}").read() == b"3"
        builds[0] = 4
        assert urllib.request.urlopen(f"{base}{VERSION_PATH}").read() == b"4"
    finally:
        server.shutdown()
    assert (tmp_path / "club" / "index.html").read_bytes() == page


def test_the_preview_builds_into_its_own_folder_and_a_refused_edit_leaves_it_standing(tree, tmp_path):
    build = tmp_path / "build"
    done = run_rulebook(tree, "preview", "--once", "--house", "club", "--lang", "fr", "--build-dir", str(build))
    assert done.returncode == 0, done.stderr
    page = build / "preview" / "site" / "club" / "fr" / "rake.html"
    assert page.is_file() and not (build / "preview" / "site" / "casino").exists()
    assert not (build / "site").exists() and not (build / "cards").exists() and not (build / "pdf").exists()
    before = page.read_bytes()
    po = tree / "locales" / "fr" / "LC_MESSAGES" / "rulebook.po"
    text = po.read_text(encoding="utf-8")
    at = text.index("msgstr", text.index('msgctxt "rake-split-pot.text"'))
    po.write_text(text[:at] + text[at:].replace("{low_split_cap}", "{low_split_kap}", 1), encoding="utf-8")
    refused = run_rulebook(tree, "preview", "--once", "--house", "club", "--lang", "fr", "--build-dir", str(build))
    assert refused.returncode == 1
    assert "[placeholders] rake-split-pot (fr)" in refused.stdout and "preview: not rebuilt" in refused.stdout
    assert page.read_bytes() == before


def test_the_preview_parses_again_only_the_files_that_changed(tmp_path, monkeypatch):
    """Loaded at every change, a file with the same bytes is not parsed again; what a load is given is
    its own copy (a loader that changes it changes nothing of the next load), and an edit is read."""
    from rulebook.core import yamlload

    monkeypatch.setattr(yamlload, "_PARSED", None)
    yamlload.remember_parses()
    path = tmp_path / "part.yaml"
    path.write_text("rules:\n  - id: a\n    text: One.\n", encoding="utf-8")
    parsed = []
    real = yamlload._parse
    monkeypatch.setattr(yamlload, "_parse", lambda data, name: parsed.append(name) or real(data, name))
    first = yamlload.load(path, "part.yaml")
    first["rules"][0]["text"] = "changed by a loader"
    second = yamlload.load(path, "part.yaml")
    assert parsed == ["part.yaml"]
    assert second == {"rules": [{"id": "a", "text": "One."}]} and second["rules"].line_of(0) == 2
    path.write_text("rules:\n  - id: a\n    text: Two.\n", encoding="utf-8")
    assert yamlload.load(path, "part.yaml")["rules"][0]["text"] == "Two."
    assert parsed == ["part.yaml", "part.yaml"]
