"""Catalogs through translators' own tools (issue 33): Poedit, Weblate and Lokalize re-wrap lines,
sort entries, rewrite the header, drop previous msgids and may write CRLF. Such a catalog passes the
gate exactly when its translations do (a bad placeholder is reported as in the project's own
format), and ``rulebook update-po`` (what ``make update-po`` runs) gives back the committed file
byte for byte. gettext's own checker (``msgfmt --check-format``) agrees with the gate on placeholders.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from conftest import ROOT, copy_sources, run_rulebook
from rulebook.i18n.catalogs import TRANSLATED, po_path, pot_path, read_catalog, write_catalog

LANG = "ro"
# An entry flagged python-brace-format whose msgstr uses {amount} (twice).
BAD_CONTEXT = "tournament-ambiguous-bet-five.text"
PLACEHOLDER = re.compile(r"\{[A-Za-z_]\w*(?:[:!][^{}]*)?\}")

pytestmark = pytest.mark.skipif(shutil.which("msgcat") is None, reason="gettext (Debian package) not installed")


def msgcat(*options: str) -> Callable[[bytes], bytes]:
    """A rewrite as gettext's msgcat (the engine of Poedit's and Lokalize's saving) does it."""
    def run(data: bytes) -> bytes:
        return subprocess.run(["msgcat", *options, "-"], input=data, capture_output=True, check=True).stdout
    return run


def header(credit: str = "", **fields: str) -> Callable[[bytes], bytes]:
    """The header fields a tool rewrites on saving (and one it adds, X-Generator); ``credit``, the
    translator's line some tools add to the header's comment."""
    def run(data: bytes) -> bytes:
        head, _, body = data.partition(b"\n\n")
        if credit:
            head = head.replace(b'\nmsgid ""', f"\n# {credit}\nmsgid \"\"".encode(), 1)
        for name, value in fields.items():
            name = name.replace("_", "-")
            line = f'"{name}: {value}\\n"'.encode()
            head, found = re.subn(rf'^"{name}: .*"$'.encode(), lambda _, line=line: line, head, flags=re.M)
            if not found:
                head += b"\n" + line
        return head + b"\n\n" + body
    return run


def toolkit(data: bytes) -> bytes:
    """Read and written back by translate-toolkit, the library Weblate and Pootle save catalogs with."""
    po = pytest.importorskip("translate.storage.po")
    return bytes(po.pofile(data))


def crlf(data: bytes) -> bytes:
    return data.replace(b"\n", b"\r\n")


def without_previous(data: bytes) -> bytes:
    return re.sub(rb"^#\|.*\n", b"", data, flags=re.M)


ROUND_TRIPS: dict[str, Callable[[bytes], bytes]] = {
    "rewrapped at 60": msgcat("--width=60"),
    "rewrapped at 79": msgcat("--width=79"),
    "not wrapped": msgcat("--no-wrap"),
    "sorted": msgcat("--sort-output"),
    "sorted by file": msgcat("--sort-by-file"),
    "Poedit's header": header(Last_Translator="Ana Pop <ana@example.org>", PO_Revision_Date="2026-11-30 18:02+0200",
                              X_Generator="Poedit 3.4.2", Language_Team="Romanian"),
    "Lokalize's header": header("Ivan Horvat <ivan@example.org>, 2026.", Last_Translator="Ivan Horvat <ivan@example.org>",
                                PO_Revision_Date="2026-11-30 18:02+0100", X_Generator="Lokalize 23.08.5",
                                Language_Team="Croatian <kde-i18n-doc@kde.org>"),
    "Weblate's header": header(Last_Translator="Ana Pop <ana@example.org>", PO_Revision_Date="2026-11-30 16:02+0000",
                               X_Generator="Weblate 5.8", Language_Team="Romanian <https://weblate.example.org/>",
                               Plural_Forms="nplurals=3; plural=n==1 ? 0 : (n==0 || (n%100 > 0 && n%100 < 20)) ? 1 : 2;"),
    "a new revision date only": header(PO_Revision_Date="2026-11-30 18:02+0200"),
    "previous msgids dropped": without_previous,
    "CRLF line ends": crlf,
    "translate-toolkit": toolkit,
    "Weblate's whole save": lambda data: crlf(toolkit(msgcat("--no-wrap", "--sort-output")(
        header(X_Generator="Weblate 5.8", Last_Translator="Ana Pop <ana@example.org>")(data)))),
}


@pytest.fixture(scope="module")
def source_tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_sources(tmp_path_factory.mktemp("round-trip"))


@pytest.fixture
def catalog(source_tree: Path) -> Path:
    """The Romanian catalog of the copy, as committed (put back before each test)."""
    path = po_path(source_tree, LANG)
    shutil.copy(po_path(ROOT, LANG), path)
    return path


def bad_placeholder(path: Path, old: str = "{amount}", new: str = "{suma}") -> None:
    """One msgstr with a placeholder renamed (or dropped), written in the project's own format."""
    entries = read_catalog(path, LANG)
    entry = entries.get(next(m.id for m in entries if m.context == BAD_CONTEXT), BAD_CONTEXT)
    assert old in entry.string
    entry.string = entry.string.replace(old, new)
    write_catalog(path, entries)


def problems(tree: Path) -> tuple[int, list[str]]:
    """The gate's exit code and its problems, each without its file and line (which a re-wrap moves)."""
    run = run_rulebook(tree, "check")
    lines = [re.sub(r"^\S+:\d+: ", "", line) for line in (run.stdout + run.stderr).splitlines()
             if re.match(r"^\S+\.po:\d+: ", line)]
    return run.returncode, lines


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_a_round_trip_is_accepted_and_restored_byte_for_byte(source_tree: Path, catalog: Path, name: str) -> None:
    original = catalog.read_bytes()
    catalog.write_bytes(ROUND_TRIPS[name](original))
    assert problems(source_tree) == (0, [])
    assert run_rulebook(source_tree, "update-po", "--lang", LANG).returncode == 0
    assert catalog.read_bytes() == original


@pytest.fixture(scope="module")
def with_bad_placeholder(source_tree: Path) -> tuple[bytes, tuple[int, list[str]]]:
    """The committed Romanian catalog with one placeholder renamed, and what the gate says of it."""
    path = po_path(source_tree, LANG)
    shutil.copy(po_path(ROOT, LANG), path)
    bad_placeholder(path)
    said = problems(source_tree)
    assert said[0] == 1 and any("[placeholders]" in line and BAD_CONTEXT in line for line in said[1])
    return path.read_bytes(), said


@pytest.mark.parametrize("name", ROUND_TRIPS)
def test_a_bad_placeholder_fails_the_same_way_after_a_round_trip(source_tree: Path, catalog: Path, name: str,
                                                                 with_bad_placeholder) -> None:
    original, expected = with_bad_placeholder
    catalog.write_bytes(ROUND_TRIPS[name](original))
    assert problems(source_tree) == expected
    assert run_rulebook(source_tree, "update-po", "--lang", LANG).returncode == 0
    assert catalog.read_bytes() == original


def test_a_fuzzy_entry_stays_fuzzy_when_its_previous_msgid_is_dropped(source_tree: Path, catalog: Path) -> None:
    """A tool that drops ``#|`` loses the old English (nothing else holds it): the entry stays fuzzy,
    with its translation, and the gate says so as before."""
    entries = read_catalog(catalog, LANG)
    entry = entries.get(next(m.id for m in entries if m.context == BAD_CONTEXT), BAD_CONTEXT)
    entry.flags.add("fuzzy")
    entry.previous_id = ["The blinds are {small_blind} and {big_blind}."]
    write_catalog(catalog, entries)
    assert b"#| msgid" in catalog.read_bytes()
    before = problems(source_tree)
    assert before[0] == 1 and any("[fuzzy]" in line for line in before[1])
    catalog.write_bytes(without_previous(catalog.read_bytes()))
    assert problems(source_tree) == before
    run_rulebook(source_tree, "update-po", "--lang", LANG)
    after = read_catalog(catalog, LANG).get(entry.id, BAD_CONTEXT)
    assert after.fuzzy and after.string == entry.string


def test_update_po_leaves_every_committed_catalog_as_it_is(source_tree: Path) -> None:
    """The committed catalogs are update-po's own output: the fixed point every round trip returns to."""
    for lang in TRANSLATED:
        shutil.copy(po_path(ROOT, lang), po_path(source_tree, lang))
    assert run_rulebook(source_tree, "update-po").returncode == 0
    for lang in TRANSLATED:
        assert po_path(source_tree, lang).read_bytes() == po_path(ROOT, lang).read_bytes(), lang


# -- flags, and gettext's own checker -------------------------------------------------------------

def _catalogs() -> dict[str, Catalog]:
    found = {"template": read_po(pot_path(ROOT).open("rb"))}
    found.update({lang: read_po(po_path(ROOT, lang).open("rb")) for lang in TRANSLATED})
    return found


@pytest.mark.parametrize("name", ["template", *TRANSLATED])
def test_every_entry_with_a_placeholder_is_flagged_python_brace_format(name: str) -> None:
    entries = [m for m in _catalogs()[name] if m.id]
    with_placeholder = [m for m in entries
                        if any(PLACEHOLDER.search(text) for text in (m.id if isinstance(m.id, tuple) else (m.id,)))]
    assert with_placeholder
    assert [m.context or m.id for m in with_placeholder if "python-brace-format" not in m.flags] == []
    assert [m.context or m.id for m in entries if "python-brace-format" in m.flags and m not in with_placeholder] == []


@pytest.mark.parametrize("lang", TRANSLATED)
def test_msgfmt_accepts_every_committed_catalog(lang: str) -> None:
    result = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(po_path(ROOT, lang))],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize("new", ["{suma}", ""], ids=["renamed", "dropped"])
def test_msgfmt_and_the_gate_agree_on_a_bad_placeholder(source_tree: Path, catalog: Path, new: str) -> None:
    def msgfmt() -> subprocess.CompletedProcess:
        return subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(catalog)],
                              capture_output=True, text=True, env={"LC_ALL": "C", "PATH": "/usr/bin:/bin"})
    assert msgfmt().returncode == 0 and problems(source_tree)[0] == 0
    bad_placeholder(catalog, new=new)
    found = msgfmt()
    assert found.returncode != 0 and "amount" in found.stderr
    code, lines = problems(source_tree)
    assert code == 1 and any("[placeholders]" in line and BAD_CONTEXT in line for line in lines)


# -- the translators' notes ------------------------------------------------------------------------

def test_each_rule_string_says_where_it_appears(project) -> None:
    """Read from the project: each house's number, title and page for the rule; the cards for a title."""
    from rulebook.reading.table_facts import titled_on_cards
    from rulebook.reading import Reading
    from rulebook.gate.translator_notes import annotated

    template = annotated(project)
    checked = 0
    for house_id in project.houses:
        reading = Reading.of(project, house_id, "en")
        cards = titled_on_cards(reading)
        for rule_id, (part_id, rule) in list(reading.placed.items())[::15]:
            entry = template.get(rule.title.text, rule.title.context)
            assert entry.auto_comments[0] == f"rule {rule_id}"
            assert f"{house_id}, rule {reading.number_of(rule_id)}: {reading.title(rule)}" in entry.auto_comments
            assert f"{house_id}, on the site: {house_id}/en/{part_id}.html#{rule_id}" in entry.auto_comments
            checked += 1
        for rule_id, printed in cards.items():
            rule = reading.placed[rule_id][1]
            notes = " ".join(template.get(rule.title.text, rule.title.context).auto_comments)
            assert f"{house_id}, its number and title printed on: {', '.join(printed)}" in notes
    assert checked > 10
    catalog = read_po(po_path(ROOT, "ro").open("rb"))
    assert any("/ro/" in comment for m in catalog for comment in m.auto_comments)
    # Each address a page the house publishes: in Romanian where it publishes Romanian, else the template's.
    for house_id, lang in addresses(catalog):
        assert lang == "ro" if "ro" in project.houses[house_id].book.languages \
            else lang in project.houses[house_id].book.languages, (house_id, lang)


def addresses(catalog: Catalog) -> set[tuple[str, str]]:
    """The (house, language) of every site address a catalog's notes name, a note written on two lines
    (its address alone on the second) included."""
    return {(found[1], found[2]) for m in catalog for comment in m.auto_comments
            if (found := re.search(r"(?<!\S)([\w-]+)/([a-z]{2})/[\w.-]+\.html(?:#[\w-]+)?$", comment))}


def test_a_room_s_notes_name_its_pages_in_a_language_only_where_it_publishes_it(tree: Path) -> None:
    """The test room publishes English and Spanish: the Spanish catalog names its Spanish pages, the
    Romanian one its English pages, not Romanian ones it has not (``update-po`` named harbour/ro/…)."""
    from conftest import add_room

    add_room(tree, "harbour", translated=False)
    assert run_rulebook(tree, "gettext").returncode == 0 and run_rulebook(tree, "update-po").returncode == 0
    for lang, wanted in (("es", "es"), ("ro", "en"), ("hr", "en")):
        found = {site for house_id, site in addresses(read_catalog(po_path(tree, lang), lang)) if house_id == "harbour"}
        assert found == {wanted}, (lang, found)
    assert {site for house_id, site in addresses(read_catalog(po_path(tree, "ro"), "ro")) if house_id == "club"} == {"ro"}


def test_a_note_written_on_two_lines_names_the_catalogs_page(tmp_path: Path) -> None:
    """A note longer than a catalog's line (a room with a long name) is written with its address on a
    line of its own, which the template is read back with: that address too is the language's
    (``update-po`` left northern-lights/en/… in the French catalog of a room publishing French)."""
    from rulebook.i18n.catalogs import new_catalog

    room = "a-room-with-a-long-name"
    note = f"{room}, on the site: {room}/en/{room}-rules.html#{room}-floor-decisions-are-final"
    template = Catalog(fuzzy=False)
    template.add("The floor's decisions are final.", context=f"{room}-floor.text", auto_comments=[f"rule {room}-floor", note])
    write_catalog(tmp_path / "rulebook.pot", template)
    assert note not in (tmp_path / "rulebook.pot").read_text(encoding="utf-8")      # written on two lines
    catalog = new_catalog("fr", read_catalog(tmp_path / "rulebook.pot"), {room})
    assert addresses(catalog) == {(room, "fr")}
    assert addresses(new_catalog("ro", read_catalog(tmp_path / "rulebook.pot"), {"club"})) == {(room, "en")}


def test_a_msgid_with_a_line_break_is_flagged_no_wrap(project) -> None:
    from rulebook.gate.translator_notes import annotated

    template = Catalog(fuzzy=False)
    for message in project.template:
        if message.id:
            template[message.id] = message.clone()
    template.add("First line\nsecond line", context="a.text", auto_comments=["rule a"])
    flagged = annotated(dataclasses.replace(project, template=template))
    assert "no-wrap" in flagged.get("First line\nsecond line", "a.text").flags
    assert not [m.context or m.id for m in flagged if m.id and "no-wrap" in m.flags and "\n" not in str(m.id)]
