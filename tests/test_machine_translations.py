"""Seeds 001 and 002 are machine translations of seed 000: the gate must reject them for their real faults."""

from __future__ import annotations

import subprocess
import sys

import yaml

from tests.conftest import ROOT, set_translations

FIXTURE = ROOT / "tests" / "fixtures" / "machine_translations.yaml"


def problems_with_machine_translations(tree) -> dict[tuple[str, str], list[str]]:
    """(lang, context) → the gate's messages for that entry."""
    pasted = yaml.safe_load(FIXTURE.read_text(encoding="utf-8"))
    set_translations(tree, pasted)
    result = subprocess.run([sys.executable, "-m", "rulebook", "--root", str(tree), "check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 1
    found: dict[tuple[str, str], list[str]] = {}
    for line in result.stdout.splitlines():
        for lang, entries in pasted.items():
            for context in entries:
                if f"({lang}): {context}: " in line:
                    found.setdefault((lang, context), []).append(line.split(f"{context}: ", 1)[1])
    assert set(found) == {(lang, context) for lang, entries in pasted.items() for context in entries}
    return found


def test_machine_translations_are_rejected_for_their_real_faults(tree):
    found = problems_with_machine_translations(tree)
    fr, es = (lambda c: found[("fr", c)]), (lambda c: found[("es", c)])

    # "Râteau" (a garden rake) for the house's rake: the glossary's word to avoid.
    assert "'RÂTEAU' is not how 'rake' is said in this rulebook (use 'rake')" in fr("rake.title")
    assert "'rake' must be translated as rake / rakes" in fr("rake.title")
    assert "'rake' must be translated as rake / rakes" in fr("chinese-poker-rake.text")
    # "*tête 10lei": the cap became a head, the numbers are typed in, and the asterisk is markup.
    cap = fr("rake-cap-by-players.text")
    assert any(m.startswith("placeholders [] differ from the source's") for m in cap)
    assert "adds the number(s) 10, 15, 2, 20, 30, 4, 5, 9 (numbers come from placeholders)" in cap
    assert "adds markup * (translations are plain text)" in cap
    # "un seul tableau": the board became a table; the 5 % and the caps are typed in.
    split = fr("rake-split-pot.text")
    assert "'board' must be translated as board / boards" in split
    assert "adds the number(s) 10, 15, 5 (numbers come from placeholders)" in split
    # "parier deux fois": betting twice instead of running the board twice, with 400 typed in.
    twice = fr("deal-twice-minimum-pot.text")
    assert "'board' must be translated as board / boards" in twice
    assert "adds the number(s) 400 (numbers come from placeholders)" in twice
    # "pot latéral" is not the side pot of a French card room.
    assert "'side pot' must be translated as pot secondaire / pots secondaires" in fr("main-and-side-pots.title")

    # "RASTRILLO – MACETA DIVIDIDA" (a garden rake and a split flower pot) for "Split pot on a single board".
    title = es("rake-split-pot.title")
    assert "'pot' must be translated as bote / botes" in title and "'board' must be translated as board / boards" in title
    assert "'main pot' must be translated as bote principal / botes principales" in es("main-and-side-pots.title")
    # "un solo tablero", "límite" for the cap, numbers typed in.
    split = es("rake-split-pot.text")
    assert "'board' must be translated as board / boards" in split and "'cap' must be translated as tope / topes" in split
    assert "adds the number(s) 10, 15, 5 (numbers come from placeholders)" in split
    # "apuestan dos veces ... en la primera mesa": betting twice, and the first board became a table.
    twice = es("deal-twice-rake.text")
    assert "'board' must be translated as board / boards" in twice
    assert "adds the number(s) 20, 30 (numbers come from placeholders)" in twice
    assert "adds the number(s) 1, 100 (numbers come from placeholders)" in es("chinese-poker-rake.text")
