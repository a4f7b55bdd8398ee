"""The gate's machine-readable reports (``rulebook check --format json|github|junit``), each read back
as its reader would: JSON against its published schema, JUnit XML by a JUnit library, workflow
commands by their grammar. Two broken trees, run once per format: one whose input cannot be read
(a house file that is not YAML), one with a catalog problem (a lost placeholder), a model problem
(an example the engine contradicts) and a template problem (a .pot that is not gettext).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from junitparser import Failure, JUnitXml

from rulebook.core.errors import Problem
from rulebook.i18n.catalogs import TRANSLATED
from rulebook.gate import checks
from rulebook.gate.checks import CATALOG_CHECKS, MODEL_CHECKS
from rulebook.gate.reports import FORMATS, render, workflow_command
from tests.conftest import ROOT, copy_sources, edit, run_rulebook
from tests.test_gate import set_msgstr

# One worker runs the broken trees' commands once for every test here (not once per worker).
pytestmark = pytest.mark.xdist_group("reports")

SCHEMA = json.loads((ROOT / "docs" / "check-report.schema.json").read_text(encoding="utf-8"))

# A workflow command (docs.github.com, "Workflow commands for GitHub Actions"): ::name key=value,…::message,
# where no value holds an unescaped , or : and no part a line break.
COMMAND = re.compile(r"::(?P<name>error|warning|notice)(?: (?P<props>[a-z]+=[^,:\r\n]*(?:,[a-z]+=[^,:\r\n]*)*))?::(?P<message>[^\r\n]*)")


def _unescape(text: str) -> str:
    return re.sub(r"%(25|0D|0A|3A|2C)", lambda m: {"25": "%", "0D": "\r", "0A": "\n", "3A": ":", "2C": ","}[m[1]], text)


def _runs(tree: Path) -> dict:
    return {form: run_rulebook(tree, "check", "--format", form) for form in FORMATS}


@pytest.fixture(scope="module")
def inconsistent(tmp_path_factory):
    """A lost placeholder in the Spanish catalog, an example the engine contradicts, and a template
    that is not gettext (extraction writes it anew: a problem, not an unreadable input)."""
    tree = copy_sources(tmp_path_factory.mktemp("inconsistent"))
    edit(tree / "locales" / "rulebook.pot", "\nmsgid ", "\nmsgid_broken ")
    edit(tree / "executable_examples" / "rake.yaml", "      rake: 4 money\n", "      rake: 5 money\n")
    set_msgstr(tree, "es", "chinese-poker-rake.text", "El póker chino paga rake por tiempo: una ficha por jugador y hora.")
    return _runs(tree)


@pytest.fixture(scope="module")
def unreadable(tmp_path_factory):
    """A house file that is not YAML: the project cannot be loaded."""
    tree = copy_sources(tmp_path_factory.mktemp("unreadable"))
    edit(tree / "houses" / "club" / "house.yaml", "parts:", "parts: [")
    return _runs(tree)


# What a terminal acts on rather than shows: escape sequences (a window title, clear screen, a colour),
# a C1 CSI, DEL, a carriage return and a right-to-left override.
CONTROLS = "\x1b]0;pwned\x07\x1b[2J\x1b[31m\x9b\x7f\r\u202e"
RAW = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def shown_escaped(text: str) -> str:
    """``text`` as the commands print it: each control character as its escape (\\u001b)."""
    return RAW.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


@pytest.fixture(scope="module")
def controlled(tmp_path_factory):
    """A Romanian title holding markup with terminal controls in it, which the markup check quotes."""
    tree = copy_sources(tmp_path_factory.mktemp("controlled"))
    set_msgstr(tree, "ro", "rake-cap-definition.title", f"Ce este <b{CONTROLS}> cap-ul")
    return _runs(tree)


@pytest.fixture(params=["inconsistent", "unreadable"])
def runs(request):
    return request.getfixturevalue(request.param)


def _problems(runs: dict) -> list[Problem]:
    return [Problem(**problem) for problem in json.loads(runs["json"].stdout)["problems"]]


def test_every_format_exits_as_the_text_does(runs):
    codes = {form: run.returncode for form, run in runs.items()}
    assert set(codes.values()) == {runs["text"].returncode} and runs["text"].returncode in (1, 2), codes
    assert all(run.stderr == "" for form, run in runs.items() if form != "text"), {f: r.stderr for f, r in runs.items()}


def test_each_kind_of_problem_is_found(inconsistent, unreadable):
    checks = {(p.check, p.lang, p.file) for p in _problems(inconsistent)}
    assert ("placeholders", "es", "locales/es/LC_MESSAGES/rulebook.po") in checks
    assert ("example", None, "executable_examples/rake.yaml") in checks
    assert ("stale", None, "locales/rulebook.pot") in checks
    assert {(p.check, p.file) for p in _problems(unreadable)} == {("unreadable", "houses/club/house.yaml")}
    # The text report lists the same problems, one line each.
    assert [str(p) for p in _problems(inconsistent)] == inconsistent["text"].stdout.splitlines()[:len(_problems(inconsistent))]


def test_json_validates_against_its_schema(runs):
    report = json.loads(runs["json"].stdout)
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    jsonschema.validate(report, SCHEMA)
    assert report["problems"]
    assert SCHEMA["properties"]["languages"]["items"]["properties"]["lang"]["enum"] == list(TRANSLATED)


def test_the_schema_refuses_what_is_not_a_report():
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"problems": [{"file": "rules/rake.yaml", "line": "3"}], "languages": []}, SCHEMA)


def read_junit(report: str) -> JUnitXml:
    """The report as a CI reads the file it was saved to: bytes (lxml, when installed, refuses a
    str that declares its encoding)."""
    return JUnitXml.fromstring(report.encode("utf-8"))


def test_junit_reads_back_with_a_failure_per_problem(runs):
    problems = _problems(runs)
    xml = read_junit(runs["junit"].stdout)
    failures = [(suite.name, case.name, result.message) for suite in xml for case in suite
                for result in case.result if isinstance(result, Failure)]
    assert sorted(failures) == sorted((p.lang or "all languages", p.check, p.message) for p in problems)
    cases = [(suite.name, case.name) for suite in xml for case in suite]
    assert len(cases) == len(set(cases)), "one test case per check and language"
    assert xml.failures == sum(suite.failures for suite in xml) == len(problems)


def test_junit_lists_the_checks_that_passed(inconsistent):
    xml = read_junit(inconsistent["junit"].stdout)
    suites = {suite.name: {case.name: case.is_passed for case in suite} for suite in xml}
    assert set(suites) == {"all languages", *TRANSLATED}
    assert set(CATALOG_CHECKS) <= set(suites["fr"]) and all(suites["fr"].values())
    assert set(MODEL_CHECKS) <= set(suites["all languages"])
    assert not suites["es"]["placeholders"] and suites["es"]["missing"]


def test_github_lines_are_workflow_commands(runs):
    problems = _problems(runs)
    lines = runs["github"].stdout.splitlines()
    assert len(lines) == len(problems) + 1   # and a notice: the summary
    parsed = [COMMAND.fullmatch(line) for line in lines]
    assert all(parsed), [line for line, match in zip(lines, parsed) if not match]
    errors = [match for match in parsed if match["name"] == "error"]
    annotated = [(dict(_split(match["props"])), _unescape(match["message"])) for match in errors]
    assert annotated == [({"file": p.file, **({"line": str(p.line)} if p.line else {}),
                           "title": " ".join(filter(None, (f"[{p.check}]", p.rule_id, p.lang and f"({p.lang})")))},
                          p.message) for p in problems]
    assert parsed[-1]["name"] == "notice" and _unescape(parsed[-1]["message"]).endswith(f"{len(problems)} problem(s)")


def _split(props: str):
    for pair in props.split(","):
        key, _, value = pair.partition("=")
        yield key, _unescape(value)


def test_workflow_command_escaping():
    """%, CR and LF in the message; those and , and : in a property's value (actions/toolkit's rules)."""
    line = workflow_command("error", {"file": "a,b:c.po", "title": "50% done\r\n"}, "100%: a\r\nb, c")
    assert line == "::error file=a%2Cb%3Ac.po,title=50%25 done%0D%0A::100%25: a%0D%0Ab, c"
    assert COMMAND.fullmatch(line)
    assert workflow_command("warning", {}, "plain") == "::warning::plain"


def test_a_problem_without_a_line_is_annotated_on_its_file():
    problem = Problem("locales/rulebook.pot", 0, "stale", None, None, "out of date: run `make gettext`")
    [error, _notice] = render("github", [problem], [], "").splitlines()
    assert error.startswith("::error file=locales/rulebook.pot,title=[stale]::"), error


def test_junit_holds_a_control_character_as_its_code_point():
    problem = Problem("locales/fr/LC_MESSAGES/rulebook.po", 9, "characters", "r", "fr", "bell \x07 <here> & \"there\"")
    xml = read_junit(render("junit", [problem], [], ""))
    [failure] = [result for suite in xml for case in suite for result in case.result]
    assert failure.message == "bell U+0007 <here> & \"there\""


def test_the_catalog_checks_are_all_named():
    """Every check ``check_catalog`` can report is listed, so JUnit's passing cases are the real ones."""
    source = Path(checks.__file__).read_text(encoding="utf-8")
    catalog = source[source.index("def check_catalog("):source.index("def check_examples(")]
    named = set(re.findall(r'yield "([a-z-]+)"', catalog)) | set(re.findall(r'Problem\([^()]*?, "([a-z-]+)"', catalog))
    assert named and named <= set(CATALOG_CHECKS), named - set(CATALOG_CHECKS)


def test_control_characters_in_a_problem_reach_no_terminal(controlled):
    """The gate quotes what it refuses; in every format, a control character in it is shown escaped,
    never sent as it is to the editor's terminal (and the JSON still reads back the very text)."""
    for form, run in controlled.items():
        assert run.returncode == 1, (form, run)
        assert not RAW.findall(run.stdout + run.stderr), (form, RAW.findall(run.stdout + run.stderr))
    assert f"adds markup <b{shown_escaped(CONTROLS)}>" in controlled["text"].stdout
    messages = [problem["message"] for problem in json.loads(controlled["json"].stdout)["problems"]]
    assert any(f"<b{CONTROLS}>" in message for message in messages), messages
