"""The glossary's loader reports every mistake of its files at once, each on its own line."""

from __future__ import annotations

from rulebook.i18n.catalogs import TRANSLATED
from tests.conftest import edit, line_of, run_rulebook

GLOSSARY = "locales/glossary.yaml"


def test_every_mistake_of_the_english_glossary_is_reported(tree):
    edit(tree / GLOSSARY, "    note: The house's share of a pot.\n", "    note: ' '\n")
    edit(tree / GLOSSARY, "rules: [rake-cap-definition]", "rules: 'x y'")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2
    rake, cap = line_of(tree / GLOSSARY, "- id: rake", whole=True), line_of(tree / GLOSSARY, "rules: 'x y'", whole=True)
    assert f"{GLOSSARY}:{rake}: term rake: each term needs a 'note' saying what it means" in run.stderr
    assert f"{GLOSSARY}:{cap}: term cap: 'rules' must be a list of rule ids" in run.stderr


def test_every_mistake_of_every_language_glossary_is_reported(tree):
    first, second = (f"locales/{lang}/glossary.yaml" for lang in TRANSLATED[:2])
    edit(tree / first, "terms:\n", "terms:\n  no-such-term: [x]\n")
    edit(tree / second, "terms:\n", "terms:\n  no-such-term: [x]\n")
    edit(tree / second, "  main-pot:", "  side-pot-twice:")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2
    for where in (first, second):
        assert f"{where}:{line_of(tree / where, 'no-such-term: [x]', whole=True)}: 'no-such-term' is not a term of " \
               f"{GLOSSARY}" in run.stderr
    assert f"{second}:{line_of(tree / second, 'side-pot-twice:')}: 'side-pot-twice' is not a term of" in run.stderr
    assert f"term main-pot: term 'main-pot' has no {TRANSLATED[1]} forms" in run.stderr


def test_readers_words_name_rules_of_the_library_as_lists_of_phrases(tree):
    """``asked`` (how readers ask about a rule, for the search) names rules of the library, each with
    a list of phrases, in the English glossary and in a language's: each mistake on its line."""
    where = f"locales/{TRANSLATED[0]}/glossary.yaml"
    edit(tree / GLOSSARY, "\nasked:\n", "\nasked:\n  no-such-rule: [what players say]\n")
    edit(tree / where, "  undercall: [", "  undercall: 'not a list'\n  Not-An-Id: [x]\n  no-rabbit-hunting-twice: [")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2
    wrong = line_of(tree / where, "undercall: 'not a list'", whole=True)
    assert f"{where}:{wrong}: asked 'undercall' must be a list of words" in run.stderr, run.stderr
    assert f"{where}:{line_of(tree / where, 'Not-An-Id: [x]', whole=True)}: 'asked': 'Not-An-Id' must be a rule id" in run.stderr
    edit(tree / where, "  undercall: 'not a list'\n  Not-An-Id: [x]\n  no-rabbit-hunting-twice: [", "  undercall: [")
    run = run_rulebook(tree, "check")
    assert run.returncode == 2
    line = line_of(tree / GLOSSARY, "no-such-rule: [what players say]", whole=True)
    assert f"{GLOSSARY}:{line}: rule no-such-rule: readers' words are 'asked' of it, but it is not in the rule library" \
        in run.stderr, run.stderr
