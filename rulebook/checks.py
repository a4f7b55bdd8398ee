"""The consistency gate: the model, and every catalog against the current sources.

Each problem is one line, ``file:line: [check] rule-id (lang): message``, so an
editor or a CI log points straight at what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog

from rulebook.examples import WorkedExample, engine_namespace, run
from rulebook.i18n import TRANSLATED, entry_state, extract, po_path, pot_path, read_catalog
from rulebook.model import Rulebook, placeholders
from rulebook.textchecks import Term, digit_problem, glossary_problems, load_glossary, markup_problem


@dataclass(frozen=True)
class Problem:
    file: str
    line: int
    check: str
    rule_id: str | None
    lang: str | None
    message: str

    def __str__(self) -> str:
        who = self.rule_id or "-"
        lang = f" ({self.lang})" if self.lang else ""
        return f"{self.file}:{self.line}: [{self.check}] {who}{lang}: {self.message}"


def _rule_of(context: str | None, comments: list[str]) -> str | None:
    for comment in comments:
        if comment.startswith("rule "):
            return comment[5:]
    return None


def check_template(root: Path, template: Catalog) -> list[Problem]:
    """The committed .pot must be what extraction gives now."""
    path = pot_path(root)
    rel = str(path.relative_to(root))
    if not path.exists():
        return [Problem(rel, 0, "stale", None, None, "missing: run `make gettext`")]
    committed = read_catalog(path)
    now = {(m.id, m.context) for m in template if m.id}
    then = {(m.id, m.context) for m in committed if m.id}
    if now != then:
        return [Problem(rel, 0, "stale", None, None,
                        f"out of date ({len(now - then)} new, {len(then - now)} gone): run `make gettext`")]
    return []


def check_catalog(root: Path, lang: str, template: Catalog, glossary: list[Term]) -> list[Problem]:
    """Completeness of one language: every current message translated, none fuzzy."""
    path = po_path(root, lang)
    rel = str(path.relative_to(root))
    if not path.exists():
        return [Problem(rel, 0, "missing", None, lang, "no catalog: run `make update-po`")]
    catalog = read_catalog(path, lang)
    problems = []
    for source in template:
        if not source.id:
            continue
        rule = _rule_of(source.context, source.auto_comments)
        where = source.locations[0] if source.locations else (rel, 0)
        entry = catalog.get(source.id, source.context)
        label = source.context or (source.id if isinstance(source.id, str) else source.id[0])
        if entry is None:
            stale = source.context and any(m.context == source.context for m in catalog)
            problems.append(Problem(
                where[0], where[1], "stale" if stale else "missing", rule, lang,
                f"{label}: source changed, catalog not updated (run `make update-po`)" if stale
                else f"{label}: not in the catalog (run `make update-po`)",
            ))
            continue
        state = entry_state(entry)
        if state == "fuzzy":
            problems.append(Problem(rel, entry.lineno, "fuzzy", rule, lang, f"{label}: fuzzy translation, review it"))
        elif state == "untranslated":
            problems.append(Problem(rel, entry.lineno, "untranslated", rule, lang, f"{label}: not translated"))
        else:
            ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
            for string in entry.string if isinstance(entry.string, tuple) else (entry.string,):
                for check, message in _text_problems(ids, string, lang, glossary):
                    problems.append(Problem(rel, entry.lineno, check, rule, lang, f"{label}: {message}"))
    return problems


def _text_problems(ids: tuple[str, ...], string: str, lang: str, glossary: list[Term]):
    """What is wrong with one msgstr, judged against its msgid (the plural msgid for plurals)."""
    source = ids[-1]
    wanted = sorted(set(placeholders(source)))
    try:
        got = sorted(set(placeholders(string)))
    except ValueError:
        got = ["<unbalanced braces>"]
    if got != wanted:
        yield "placeholders", f"placeholders {got} differ from the source's {wanted}"
    if len(ids) == 1 and (problem := digit_problem(source, string)):
        yield "digits", problem
    if problem := markup_problem(source, string):
        yield "markup", problem
    for problem in glossary_problems(glossary, lang, source, string):
        yield "glossary", problem


def check_examples(book: Rulebook, examples: list[WorkedExample]) -> list[Problem]:
    """The engine is the referee: every check of every example must agree with it."""
    namespace = engine_namespace(book.house)
    problems = []
    for example in examples:
        for outcome in run(example, namespace):
            if outcome.ok:
                continue
            if outcome.error:
                message = f"{outcome.call} cannot run: {outcome.error}"
            else:
                message = f"{outcome.call} gives {outcome.actual!r}, the example says {outcome.expected!r}"
            problems.append(Problem(example.file, outcome.check.line, "example", example.rule, None,
                                    f"example {example.id}: {message}"))
    return problems


def run_checks(root: Path, book: Rulebook, examples: list[WorkedExample]) -> tuple[list[Problem], Catalog]:
    """Every problem of the tree, and the template catalog they were judged against."""
    template = extract(root)
    glossary = load_glossary(root / "locales" / "glossary.yaml", TRANSLATED)
    problems = check_examples(book, examples)
    problems += check_template(root, template)
    for lang in TRANSLATED:
        problems += check_catalog(root, lang, template, glossary)
    return problems, template
