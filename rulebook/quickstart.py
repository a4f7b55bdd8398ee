"""``rulebook quickstart``: a card room's own project, as ``sphinx-quickstart`` makes a documentation's.

The project holds the room's house (its file written from the same skeleton ``new-house`` writes, with
what the room said filled in), empty folders for its own parts, examples, catalogs and template
overrides, and the files of ``templates/project/`` (its Makefile, README, tests, CI workflow,
pre-commit hook), each with the room's name and id put in. The shared library stays in the installed
package: nothing of another room is copied into the project.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import yaml

from rulebook.core.houses import house_id_problem
from rulebook.core.languages import LANGUAGES
from rulebook.core.layout import generator_version, library_home

PROJECT = Path("templates") / "project"
SKELETON = Path("templates") / "house" / "house.yaml"
# Files of templates/project/ written under another name (a dotfile is not kept as one in a package).
RENAMED = {"gitignore": ".gitignore", "pre-commit-config.yaml": ".pre-commit-config.yaml",
           "github-workflows": ".github/workflows"}
FOLDERS = {
    "rules": "The room's own parts, one YAML file each (the format: `rulebook library --docs`, rules/README.md). "
             "A house publishes them, and the library's, by naming them under `parts:`.",
    "executable_examples": "Worked examples of the room's own rules, run against the engine by `make test` "
                           "(executable_examples/README.md).",
    "locales": "The room's catalogs, written by `make gettext update-po`: its own strings, and its own wording of a "
               "library rule (`rulebook update-po --own <rule-id>`).",
    "templates": "Overrides of the generator's templates, by the same path (templates/site/…, templates/print/…).",
}
PAPERS = ("A4", "letter")


@dataclass(frozen=True)
class Room:
    """What a room says of itself to start: the rest of its house file is still to write."""

    id: str
    name: str
    languages: tuple[str, ...]          # its language of authority first
    unit: str                           # chips, or its currency's ISO 4217 code
    title: str = "House rules"
    paper: str | None = None            # None: its territory's (CLDR)

    def problems(self) -> list[str]:
        """What keeps these answers from making a house, each said as the option to change."""
        found = []
        if problem := house_id_problem(self.id):
            found.append(f"--id {self.id!r} {problem}")
        if not self.languages or any(lang not in LANGUAGES for lang in self.languages) or \
                len(set(self.languages)) != len(self.languages):
            found.append(f"--languages {','.join(self.languages)!r}: each once, of {', '.join(LANGUAGES)}")
        if self.unit != "chips" and not re.fullmatch(r"[A-Z]{3}", self.unit):
            found.append(f"--unit {self.unit!r}: chips, or its currency's ISO 4217 code (three capital letters)")
        if self.paper is not None and self.paper not in PAPERS:
            found.append(f"--paper {self.paper!r}: {' or '.join(PAPERS)}")
        return found


def _flow(value: object) -> str:
    """A value as YAML writes it on one line (a name with a colon or a quote stays a name)."""
    return yaml.safe_dump(value, default_flow_style=True, allow_unicode=True, width=1 << 16).removesuffix("\n...\n").strip()


def named_skeleton(skeleton: str, house_id: str, name: str) -> str:
    """The house file's skeleton (``templates/house/house.yaml``) with a house's id and name in it, the name
    written as YAML reads it back (a colon or a quote in it stays part of the name)."""
    quoted = yaml.safe_dump(name, default_style='"', allow_unicode=True, width=1 << 16).strip()
    return skeleton.replace("@ID@", house_id).replace("name: @NAME@", f"name: {quoted}", 1).replace("@NAME@", name)


def house_file(skeleton: str, room: Room) -> str:
    """The skeleton with the room's answers in place, each comment kept (less its "to write")."""
    text = named_skeleton(skeleton, room.id, room.name).replace("`rulebook new-house", "`rulebook quickstart")
    answers = {"title": _flow(room.title), "languages": _flow(list(room.languages)),
               "unit": room.unit, "currency": room.unit, "official_language": room.languages[0],
               "announced_in": _flow([room.languages[0]])}
    for key, value in answers.items():
        line = re.compile(rf"^(\s*){key}:[ \t]*(?:[^#\n]*?)([ \t]+#[ \t]*)(?:to write: )?", re.M)
        found = line.search(text)
        if found:   # the value written, the comment kept where it was (less its "to write: ")
            column = found.end(2) - len(found.group(2).lstrip()) - found.start()   # where its comment starts
            said = f"{found.group(1)}{key}: {value}".ljust(column - 1)
            text = f"{text[:found.start()]}{said} {found.group(2).lstrip()}{text[found.end():]}"
    if room.paper:
        text = re.sub(r"^# print: \{paper: A4, card: A6\} *", lambda m: f"print: {{paper: {room.paper}}}".ljust(len(m.group(0))),
                      text, count=1, flags=re.M)
    return text


def quickstart(folder: Path, room: Room) -> list[Path]:
    """Write the room's project into ``folder`` (new, or empty); the files written."""
    library = library_home()
    written = []
    for path in sorted((library / PROJECT).rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:   # (the installer compiles the tests' module)
            rel = path.relative_to(library / PROJECT).as_posix()
            for old, new in RENAMED.items():
                rel = re.sub(rf"^{re.escape(old)}(?=/|$)", new, rel)
            text = path.read_text(encoding="utf-8").replace("@NAME@", room.name).replace("@ID@", room.id) \
                .replace("@VERSION@", generator_version())
            written.append(_write(folder / rel, text))
    skeleton = (library / SKELETON).read_text(encoding="utf-8")
    written.append(_write(folder / "houses" / room.id / "house.yaml", house_file(skeleton, room)))
    for name, what in FOLDERS.items():   # each with a line saying what it is for (and so kept by git)
        written.append(_write(folder / name / "README.md", f"# {name}/\n\n{what}\n"))
    written.append(_write(folder / "conf.py", (library / "conf.py").read_text(encoding="utf-8")))
    return written


def _write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path
