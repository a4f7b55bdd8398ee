"""Catalog merges never lose a translator's work; the gate sees what is missing."""

from __future__ import annotations

from pathlib import Path

from rulebook.i18n.catalogs import po_path, read_catalog, write_catalog
from tests.conftest import edit, run_rulebook as rulebook


def translate_everything(tree: Path, lang: str) -> dict:
    """Give every entry a recognisable translation; return msgctxt/msgid → msgstr."""
    path = po_path(tree, lang)
    catalog = read_catalog(path, lang)
    done = {}
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(f"{lang}:{message.id[1]}" for _ in range(catalog.num_plurals))
        else:
            message.string = f"{lang}:{message.id}"
        message.flags.discard("fuzzy")
        done[(message.context, message.id)] = message.string
    write_catalog(path, catalog)
    return done


def test_merge_after_source_edit_keeps_every_translation(tree):
    before = translate_everything(tree, "fr")
    rake = tree / "rules" / "rake.yaml"
    old_text = "No rake is taken from a hand that ends before the flop."
    edit(rake, old_text, "No rake is ever taken from a hand that ends before the flop is dealt.")
    edit(rake, "      - id: rake-cap-definition\n", "      - id: rake-cap-meaning\n")  # a renamed rule
    edit(tree / "locales" / "glossary.yaml", "rules: [rake-cap-definition]", "rules: [rake-cap-meaning]")  # its term's
    text = rake.read_text()
    start, end = text.index("  - id: chinese-poker\n"), text.index("\nnotes:")
    rake.write_text(text[:start] + text[end:])  # a removed section
    (tree / "executable_examples" / "rake.yaml").write_text(
        (tree / "executable_examples" / "rake.yaml").read_text().split("  - id: chinese-poker-two-hours")[0])
    assert rulebook(tree, "gettext").returncode == 0
    assert rulebook(tree, "update-po", "--lang", "fr").returncode == 0

    after = read_catalog(po_path(tree, "fr"), "fr")
    changed = after.get("No rake is ever taken from a hand that ends before the flop is dealt.", "no-flop-no-drop.text")
    assert changed.fuzzy and changed.string == f"fr:{old_text}"
    # The translator sees what the English was.
    assert f'#| msgid "{old_text}"\nmsgctxt "no-flop-no-drop.text"' in po_path(tree, "fr").read_text()

    renamed = after.get("What the cap is", "rake-cap-meaning.title")
    assert renamed.fuzzy and renamed.string == "fr:What the cap is"
    removed = after.obsolete[("Chinese poker is raked by time: {amount} per player per hour.", "chinese-poker-rake.text")]
    assert removed.string == "fr:Chinese poker is raked by time: {amount} per player per hour."

    kept = {m.string for m in after if m.id} | {m.string for m in after.obsolete.values()}
    lost = [key for key, string in before.items() if string not in kept]
    assert lost == []
    unchanged = {(m.context, m.id) for m in after if m.id and not m.fuzzy and m.string}
    touched = {"no-flop-no-drop.text", "rake-cap-definition.title", "rake-cap-definition.text",
               "chinese-poker.title", "chinese-poker-rake.title", "chinese-poker-rake.text",
               "chinese-poker-two-hours.text"}
    assert unchanged == {key for key in before if key[0] not in touched}


def test_update_is_idempotent(tree):
    assert rulebook(tree, "update-po").returncode == 0
    first = {lang: po_path(tree, lang).read_bytes() for lang in ("ro", "fr", "es", "hr")}
    assert rulebook(tree, "update-po").returncode == 0
    assert first == {lang: po_path(tree, lang).read_bytes() for lang in ("ro", "fr", "es", "hr")}


def test_extraction_gives_each_rule_string_its_rule_as_context(project):
    template = project.template
    contexts = {m.context for m in template if m.id}
    assert {"rake-rate.title", "rake-rate.text", "split-pot-capped.text", "rake-band-edges.column.pot"} <= contexts
    message = template.get("No rake is taken from a hand that ends before the flop.", "no-flop-no-drop.text")
    assert "rule no-flop-no-drop" in message.auto_comments


def test_gate_names_untranslated_fuzzy_and_placeholder_faults(tree):
    path = po_path(tree, "es")
    catalog = read_catalog(path, "es")
    catalog.get("No flop, no drop", "no-flop-no-drop.title").string = ""
    catalog.get("No rake is taken from a hand that ends before the flop.", "no-flop-no-drop.text").flags.add("fuzzy")
    rate = next(m for m in catalog if m.context == "rake-rate.title")
    rate.string = "El rake es siempre el {porcentaje} del bote"
    write_catalog(path, catalog)
    result = rulebook(tree, "check")
    assert result.returncode == 1
    lines = [line for line in result.stdout.splitlines() if "(es)" in line]
    po = "locales/es/LC_MESSAGES/rulebook.po"
    assert any(said.startswith(po) and "[untranslated] no-flop-no-drop (es): no-flop-no-drop.title" in said for said in lines)
    assert any(said.startswith(po) and "[fuzzy] no-flop-no-drop (es): no-flop-no-drop.text" in said for said in lines)
    assert any("[placeholders] rake-rate (es)" in said and "['{porcentaje}']" in said for said in lines)
    assert len(lines) == 3


def test_gate_sees_stale_catalogs_after_a_source_edit(tree):
    edit(tree / "rules" / "rake.yaml", "No rake is taken from a hand", "No rake at all is taken from a hand")
    result = rulebook(tree, "check")
    assert result.returncode == 1
    assert "locales/rulebook.pot:0: [stale]" in result.stdout
    assert "[stale] no-flop-no-drop (ro): no-flop-no-drop.text: source changed" in result.stdout


def test_a_merge_of_a_long_changed_message_stays_valid_gettext(tree):
    """Babel wraps a long previous msgid (#| msgid) inside its quotes; our writer must not."""
    from rulebook.i18n.catalogs import strict_catalog

    edit(tree / "executable_examples" / "holdem.yaml", "three hands are played in a row",
         "three hands are played one after another, in a row")
    assert rulebook(tree, "gettext").returncode == 0
    assert rulebook(tree, "update-po").returncode == 0
    for lang in ("ro", "fr", "es", "hr"):
        catalog = strict_catalog(tree, lang)   # msgfmt and Babel both accept it
        entry = next(m for m in catalog if m.context == "holdem-blinds-move-with-the-button.text")
        assert entry.fuzzy and "three hands are played in a row" in entry.previous_id[0]


def test_a_fuzzy_or_empty_entry_reads_as_the_english():
    """A translation waiting for review (fuzzy) or not yet written is never shown: the reader gets
    the English, singular and plural alike; a reviewed one is shown."""
    from babel.messages.catalog import Catalog

    from rulebook.i18n.catalogs import Translations

    catalog = Catalog(locale="fr")
    catalog.add("The cap", "Le plafond (à revoir)", context="rake-cap.title", flags=("fuzzy",))
    catalog.add("The rate", "", context="rake-rate.title")
    catalog.add("Search", "Rechercher")
    catalog.add(("{n} player", "{n} players"), ("{n} joueur (à revoir)", "{n} joueurs (à revoir)"), flags=("fuzzy",))
    tr = Translations("fr", catalog)
    assert tr.pgettext("rake-cap.title", "The cap") == "The cap"
    assert tr.pgettext("rake-rate.title", "The rate") == "The rate"
    assert tr.ngettext("{n} player", "{n} players", 1) == "{n} player"
    assert tr.ngettext("{n} player", "{n} players", 5) == "{n} players"
    assert tr.gettext("Search") == "Rechercher"


def test_our_word_split_is_babels():
    """``update-po`` wraps long lines with our linear ``WORD_SEP``: it must cut every line where
    Babel's own pattern does (the same bytes as before), on strings made of the characters its
    branches turn on and on every line of the project's catalogs."""
    import random

    from babel.messages import pofile

    from rulebook.i18n.catalogs import TRANSLATED, WORD_SEP, pot_path

    alphabet = ["a", "Z", "é", "ß", "1", "_", "-", "-", "<", "!", ".", ",", "'", '"', "&", "?", "«", " ", "\t", "\u00a0"]
    rng = random.Random(7)
    for _ in range(20_000):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))
        assert WORD_SEP.split(text) == pofile.WORD_SEP.split(text), text
    root = Path(__file__).resolve().parent.parent
    for path in [pot_path(root), *(po_path(root, lang) for lang in TRANSLATED)]:
        for line in path.read_text(encoding="utf-8").splitlines():
            assert WORD_SEP.split(line) == pofile.WORD_SEP.split(line), line


def test_update_po_wraps_a_400000_character_msgstr_of_angle_brackets_in_linear_time(tree):
    """One msgstr of 400,000 ``<`` (the gate reads it in about a second) once held ``update-po`` past
    two minutes: Babel's wrapping pattern tried every ``<`` against the rest of the run. Linear, it
    takes a few seconds; quadratic, more than half an hour: the bound tells one from the other on any
    machine without timing either."""
    import subprocess
    import sys

    from tests.conftest import ROOT

    edit(po_path(tree, "fr"), 'msgstr "Relances par multiples de"', 'msgstr "' + "<" * 400_000 + '"')
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), "update-po", "--lang", "fr"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert "<" * 400_000 in po_path(tree, "fr").read_text(encoding="utf-8")


def test_the_gate_holds_every_location_to_what_extraction_gives(tree: Path) -> None:
    """A ``#:`` line of the .pot or a .po naming a file that no longer exists (230 messages once cited
    14 such files, and the gate passed: it compared msgid and context only), or a line of an existing
    file that extraction no longer gives, is stale: one line naming the catalog, the entry's line and
    its rule. Kills: the gate comparing only msgid and msgctxt, never the locations."""
    from rulebook.i18n.catalogs import pot_path

    def moved(path: Path, new: str) -> int:
        edit(path, "#: rules/rake.yaml:16\n", f"#: {new}\n")
        return read_catalog(path).get("The rake is always {percent} of the pot", "rake-rate.title").lineno

    pot = moved(pot_path(tree), "rules/cash-rake.yaml:16")
    fr = moved(po_path(tree, "fr"), "rules/cash-rake.yaml:16")
    es = moved(po_path(tree, "es"), "rules/rake.yaml:17")
    result = rulebook(tree, "check")
    assert result.returncode == 1, result.stdout + result.stderr
    gone = "rake-rate.title: cites rules/cash-rake.yaml:16, a file that does not exist (extraction gives rules/rake.yaml:16)"
    assert f"locales/rulebook.pot:{pot}: [stale] rake-rate: {gone}: run `make gettext`" in result.stdout
    assert f"locales/fr/LC_MESSAGES/rulebook.po:{fr}: [stale] rake-rate (fr): {gone}: run `make update-po`" \
        in result.stdout
    assert (f"locales/es/LC_MESSAGES/rulebook.po:{es}: [stale] rake-rate (es): rake-rate.title: cites rules/rake.yaml:17, "
            "extraction gives rules/rake.yaml:16: run `make update-po`") in result.stdout
    assert result.stdout.splitlines()[-1].endswith(": 3 problem(s)"), result.stdout


def test_babels_extractor_for_the_yaml_gives_the_templates_messages(project):
    """``rulebook_yaml``, the Babel extractor pyproject registers (for ``pybabel extract`` and editors'
    tools), and the template the commands build from the loaded project are one extraction: for every
    rule, example and glossary file, the same messages, contexts, lines and translators' comments."""
    from babel.messages.extract import extract_from_file

    from rulebook.i18n.extract import extract_rules

    files = sorted({location for message in project.template for location, _ in message.locations
                    if location.endswith(".yaml")})
    assert any(f.startswith("rules/") for f in files) and any(f.startswith("executable_examples/") for f in files) \
        and "locales/glossary.yaml" in files, files
    for name in files:
        template = {(message.context, message.id, line, tuple(message.auto_comments))
                    for message in project.template for location, line in message.locations if location == name}
        extracted = {(context, msgid, line, tuple(comments)) for line, msgid, comments, context
                     in extract_from_file(extract_rules, str(project.root / name))}
        assert extracted == template, (name, sorted(extracted ^ template)[:3])
