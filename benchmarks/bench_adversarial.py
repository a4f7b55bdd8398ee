"""Is every check of the gate linear? Each fed 1 MB strings built to make a backtracking pattern slow.

A regular expression that backtracks can take quadratic (or worse) time on a string made for it:
one 400,000-character msgstr once held the gate past five minutes. This feeds every text check of
a translated message (and the search's pattern of readers' words) strings of about a million
characters, each shaped against one of the patterns, and prints the worst time of each check. A
check is marked SLOW, and the script exits 1, when one string takes it longer than the bound, or
when a string four times as long takes it more than eight times as long (a linear check takes four
times as long, a quadratic one sixteen): a SLOW line means a pattern to rewrite, not a slow machine.

    .venv/bin/python benchmarks/bench_adversarial.py [--size 1000000] [--bound 10]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def adversaries(size: int) -> dict[str, str]:
    """Strings of about ``size`` characters, each against a pattern's weak spot."""
    def repeat(unit: str, tail: str = "") -> str:
        return unit * (size // len(unit)) + tail
    return {
        "role (:a repeated)": repeat(":a"),
        "role without its backtick": repeat(":a-", "x"),
        "directive name without '::'": "<" + repeat("a", ":"),
        "tag opening on spaces": "<" + repeat(" ", "!"),
        "tag with slash and spaces": "<" + repeat(" /", "!"),
        "substitution never closed": repeat("|a"),
        "footnote never closed": repeat("[a", "]"),
        "entity never closed": repeat("&a"),
        "emphasis stars": repeat("*a"),
        "hyperlink underscores": repeat("a_"),
        "doubled word candidates": repeat("ab "),
        "one long word": repeat("a"),
        "spaces between two words": "a" + repeat(" ", "b"),
        "no-break spaces": repeat("\u00a0a"),
        "french marks": repeat("a:"),
        "guillemets": repeat("«a"),
        "braces": repeat("{"),
        "placeholders": repeat("{a}"),
        "digits": repeat("1a"),
        "hyphenated words": repeat("a-"),
        "apostrophes": repeat("a'"),
    }


def checks():
    """Each check of a msgstr against its msgid (the gate's), and the search's patterns."""
    from rulebook.gate.checks import _text_problems
    from rulebook.i18n.glossary import load_glossary
    from rulebook.i18n.catalogs import TRANSLATED
    from rulebook.core.model import replacement_fields
    from rulebook.i18n.search_terms import _synonym_source, with_poker_terms
    from rulebook.gate.textchecks import (digit_problem, doubled_problem, english_problem, french_typography_problem,
                                     glossary_problems, markup_problem)
    from sphinx.search.en import SearchEnglish

    glossary = load_glossary(ROOT, TRANSLATED)
    msgid = "The rake is {percent} of the pot, capped at {cap}."
    searched = with_poker_terms("en", SearchEnglish, [form for term in glossary for form in term.forms_in("en")])
    return {
        "digits": lambda text: digit_problem(msgid, text),
        "markup": lambda text: markup_problem(msgid, text),
        "glossary (fr)": lambda text: glossary_problems(glossary, "fr", msgid, text),
        "english": lambda text: english_problem(glossary.accepted_english("fr"), msgid, text),
        "doubled": lambda text: doubled_problem(msgid, text),
        "french typography": french_typography_problem,
        "placeholders": replacement_fields,
        "every check (fr)": lambda text: list(_text_problems((msgid,), (text,), "fr", glossary, False)),
        "every check (interface)": lambda text: list(_text_problems(("Search",), (text,), "hr", glossary, True)),
        "search: words split": searched(None).split,
        "search: readers' words": lambda text: _synonym_source({text[:2000]: "rake"}),
    }


def timed(check, text: str) -> float:
    start = time.perf_counter()
    try:
        check(text)
    except ValueError:
        pass   # refused (unbalanced braces): refused quickly is what is measured
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--bound", type=float, default=10.0, help="seconds one check may take on one string")
    args = parser.parse_args()
    slow = 0
    small, large = adversaries(args.size // 4), adversaries(args.size)
    for name, check in checks().items():
        worst, against, growth = 0.0, "", 0.0
        for label, text in large.items():
            took = timed(check, text)
            ratio = took / max(timed(check, small[label]), 1e-4) if took > 0.05 else 1.0
            if took > worst:
                worst, against = took, label
            growth = max(growth, ratio)
            if took > args.bound or ratio > 8:
                slow += 1
                print(f"SLOW  {name:<26} {took:8.2f} s  ({ratio:.1f}x a quarter of it)  on {label}", flush=True)
        print(f"{name:<28} worst {worst * 1000:8.1f} ms  on {against}; at most {growth:.1f}x a quarter of the string",
              flush=True)
    print(f"{slow} check(s) slow or worse than linear on a {args.size:,}-character string")
    return 1 if slow else 0


if __name__ == "__main__":
    sys.exit(main())
