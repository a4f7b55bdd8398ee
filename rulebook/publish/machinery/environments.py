"""Jinja environments: one per template folder and language, made once per project.

An environment holds what is the same for every page of a language (the loader, the escaping, the
language's gettext callables, its compiled templates); what belongs to one house or one page is
passed to each render. A build makes the ones its jobs use in the command's process, before the
jobs are forked (``rulebook.publish.site.builds``, ``rulebook.publish.print.printing``).

Compiled templates are also kept on disk (``bytecode_cache``): every Sphinx job runs in a fresh
process, which would otherwise compile the same templates again (a third of a second a job).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Callable

import jinja2

from rulebook.core.layout import generator_version
from rulebook.i18n.catalogs import Translations
from rulebook.project import Derived, Project

# Each template folder's escaping and whitespace: reST escapes every value as text (its ``finalize``,
# given by the site, ``rulebook.publish.site.builds.render``) and writes its own whitespace; HTML escapes every
# value for HTML.
OPTIONS: dict[str, dict[str, Any]] = {
    "rst": dict(autoescape=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True),
    "print": dict(autoescape=True),
    "site": dict(autoescape=True),
}
CACHE_VARIABLE = "RULEBOOK_JINJA_CACHE"

def environment(project: Project, folder: str, tr: Translations | None = None,
                finalize: Callable[[Any], str] | None = None) -> jinja2.Environment:
    """The environment of ``templates/<folder>`` in ``tr``'s language (None: a page that translates
    nothing), with the project's catalogs; ``finalize``: what every value printed becomes (a folder's
    is always the same one: the environment is made once per folder and language)."""
    return ENVIRONMENTS.of(project, (folder, tr.locale if tr is not None else None),
                           lambda: _environment(project, folder, tr, finalize))


def _environment(project: Project, folder: str, tr: Translations | None,
                 finalize: Callable[[Any], str] | None) -> jinja2.Environment:
    options = OPTIONS[folder] if finalize is None else {**OPTIONS[folder], "finalize": finalize}
    env = jinja2.Environment(loader=jinja2.FileSystemLoader([str(path) for path in project.templates(folder)]),
                             undefined=jinja2.StrictUndefined,
                             extensions=["jinja2.ext.i18n"] if tr is not None else [],
                             bytecode_cache=bytecode_cache(project.root, f"{folder}-{'i18n' if tr else 'plain'}"),
                             **options)
    env.globals["generator"] = f"pokerrulebook {generator_version()}"   # what made it, in a PDF's metadata
    if tr is not None:
        # added by the i18n extension, which the stubs of Environment do not know
        env.install_gettext_callables(tr.gettext, tr.ngettext, newstyle=False)  # type: ignore[attr-defined]
    return env


def bytecode_cache(root: Path, kind: str) -> jinja2.BytecodeCache | None:
    """Where the templates of one kind of environment (one set of options: the code Jinja makes
    depends on them) keep their compiled code between processes: ``_build/cache/jinja/<kind>-<Jinja's
    version>``, or under ``$RULEBOOK_JINJA_CACHE`` (the test suite's copies of the project share one,
    as they share the print cache). Jinja takes an entry only for the template file and source it was
    compiled from, so an edited template is compiled again; the folder is the build's own, trusted as
    Sphinx's pickled environment beside it is. None where it cannot be made (then every process compiles)."""
    folder = Path(os.environ.get(CACHE_VARIABLE) or root / "_build" / "cache" / "jinja") / f"{kind}-{jinja2.__version__}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(folder))


# Each template folder's environment in each language (None: a page that translates nothing), once per project.
ENVIRONMENTS: Derived[tuple[str, str | None], jinja2.Environment] = Derived("template environments")
