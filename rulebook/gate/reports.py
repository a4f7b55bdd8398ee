"""The gate's report in each form its readers take: text for a terminal, JSON for tools (its schema is
docs/check-report.schema.json), GitHub workflow commands for a pull request's annotations, and JUnit
XML for the CIs that read test reports (GitLab, Jenkins and others).

Every form is written from the same list of problems and language rows, so no form can report
what another leaves out.
"""

from __future__ import annotations

import dataclasses
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Callable, Sequence

from rulebook.core.errors import Problem
from rulebook.gate.checks import CATALOG_CHECKS, MODEL_CHECKS
from rulebook.gate.status import LanguageStatus

FORMATS = ("text", "json", "github", "junit")
# The JUnit suite of the problems that are no one language's (the model, the houses, the template).
ALL_LANGUAGES = "all languages"


def render(form: str, problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str = "") -> str:
    """The report in ``form`` (one of ``FORMATS``), ending in a newline."""
    return _WRITERS[form](problems, status, scope)


def _text(problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str) -> str:
    return "\n".join([*map(str, problems), *_summary(problems, status, scope)]) + "\n"


def _summary(problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str) -> list[str]:
    """The count of problems for all languages, then each language's, then in all."""
    by_lang = Counter(problem.lang for problem in problems)
    return [f"all languages: {by_lang.get(None, 0)} problem(s)",
            *(f"{row.lang}: {by_lang.get(row.lang, 0)} problem(s); {row.translated}/{row.total} translated, "
              f"{row.fuzzy} fuzzy, {row.missing} missing" for row in status),
            f"{scope + ': ' if scope else ''}{len(problems)} problem(s)"]


def _json(problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str) -> str:
    return json.dumps({
        "problems": [dataclasses.asdict(problem) for problem in problems],
        "languages": [dict(dataclasses.asdict(row), missing=row.missing) for row in status],
    }, ensure_ascii=False, indent=2) + "\n"


# GitHub's workflow commands (actions/toolkit, command.ts): a message escapes %, CR and LF; a
# property's value escapes , and : besides, which would otherwise end it.
_DATA_ESCAPES = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A"})
_PROPERTY_ESCAPES = str.maketrans({"%": "%25", "\r": "%0D", "\n": "%0A", ":": "%3A", ",": "%2C"})


def workflow_command(command: str, properties: dict[str, str], message: str) -> str:
    """One GitHub workflow command line: ``::command key=value,…::message``, each part escaped."""
    listed = ",".join(f"{key}={value.translate(_PROPERTY_ESCAPES)}" for key, value in properties.items())
    return f"::{command}{' ' + listed if listed else ''}::{message.translate(_DATA_ESCAPES)}"


def _title(problem: Problem) -> str:
    """What an annotation is headed with: the check, and the rule and language when there are."""
    return " ".join(filter(None, (f"[{problem.check}]", problem.rule_id, problem.lang and f"({problem.lang})")))


def _github(problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str) -> str:
    """Every problem an error annotation on its file and line (on the file alone when it has no line),
    then the text report's summary as a notice, so the job's log still says how far each language is."""
    lines = []
    for problem in problems:
        where = {"file": problem.file} | ({"line": str(problem.line)} if problem.line > 0 else {})
        lines.append(workflow_command("error", where | {"title": _title(problem)}, problem.message))
    lines.append(workflow_command("notice", {"title": "rulebook check"}, "\n".join(_summary(problems, status, scope))))
    return "\n".join(lines) + "\n"


def _junit(problems: Sequence[Problem], status: Sequence[LanguageStatus], scope: str) -> str:
    """A test suite per language (and one for all languages), a test case per check in it, a failure
    per problem. Checks that found nothing are passing cases, so a CI counts what passed too."""
    suites: dict[str | None, dict[str, list[Problem]]] = {None: {check: [] for check in MODEL_CHECKS}}
    for row in status:
        suites[row.lang] = {check: [] for check in CATALOG_CHECKS}
    for problem in problems:
        suites.setdefault(problem.lang, {}).setdefault(problem.check, []).append(problem)
    root = ET.Element("testsuites", name="rulebook check", tests=str(sum(map(len, suites.values()))),
                      failures=str(len(problems)))
    for lang, cases in suites.items():
        suite = ET.SubElement(root, "testsuite", name=lang or ALL_LANGUAGES, tests=str(len(cases)),
                              failures=str(sum(map(len, cases.values()))), errors="0", skipped="0")
        for check, found in cases.items():
            case = ET.SubElement(suite, "testcase", name=check, classname=f"rulebook.check.{lang or 'all'}")
            for problem in found:
                failure = ET.SubElement(case, "failure", message=_xml_text(problem.message), type=problem.check)
                failure.text = _xml_text(str(problem))
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


# What XML 1.0 cannot hold even escaped (control characters a refused translation may carry).
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _xml_text(text: str) -> str:
    """``text`` with each character XML cannot hold shown as its code point (U+0007)."""
    return _NOT_XML.sub(lambda match: f"U+{ord(match[0]):04X}", text)


_WRITERS: dict[str, Callable[[Sequence[Problem], Sequence[LanguageStatus], str], str]] = {
    "text": _text, "json": _json, "github": _github, "junit": _junit}
