"""``rulebook`` command line: check, gettext, update-po, site, preview, cards, pdf, new-house,
fidelity, changes, edition, quickstart, runtime, library.

A user's mistake ends in one line per problem and a non-zero exit, never a
traceback: 2 for input that cannot be read, 1 for an inconsistency; and a fault of the
machine (a full or read-only disk, a path of the wrong kind in the build folder) in one line
naming the path and what to do, exit 3 (``rulebook.publish.machinery.faults``).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Iterator, NoReturn, TextIO

from babel.messages.catalog import Catalog

from rulebook.core import yamlload
from rulebook.core.characters import for_terminal
from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.houses import house_id_problem, shown_id
from rulebook.core.layout import Layout, generator_version
from rulebook import quickstart
from rulebook.i18n.catalogs import (LANGUAGES, TRANSLATED, entry_state, merge, new_catalog, po_path, pot_path, read_catalog,
                                    rule_of, strict_catalog, write_catalog)
from rulebook.project import Project
from rulebook.editions import load_at, tag_edition
from rulebook.reading.changes import compare, redline
from rulebook.gate.checks import Problem, name_problem, run_checks
from rulebook.gate.coherence import confirm_notes
from rulebook.gate.fidelity import departures
from rulebook.gate.reports import FORMATS, render
from rulebook.gate.status import all_status, unpublished_in
from rulebook.gate.translator_notes import annotated
from rulebook.publish.machinery import faults, library_logs, lock
from rulebook.publish.site import runtime
from rulebook.publish.build import build_site, print_rulebooks
from rulebook.publish.preview import Preview
from rulebook.publish.print.printing import build_cards
from rulebook.publish.machinery.report import Report
from rulebook.publish.site.builds import build_all, write_root


def _say(text: object = "", file: TextIO | None = None, end: str = "\n", flush: bool = False) -> None:
    """Print to the editor's terminal: every line a command prints passes here, its control characters
    shown escaped (``for_terminal``), as it may quote data no gate has read (an earlier edition)."""
    print(for_terminal(str(text)), file=file, end=end, flush=flush)


def _print_errors(errors: list[ModelError]) -> None:
    for error in errors:
        _say(error, file=sys.stderr)


def _rules_line(library) -> str:
    variants = library.variants()
    stated_in_variants = sum(1 for names in variants.values() if names)
    return f"{len(variants)} rules ({stated_in_variants} stated in variants)"


class Stop(Exception):
    """A command ends here, its report printed, with this exit code (``main`` returns it)."""

    def __init__(self, code: int):
        super().__init__(code)
        self.code = code


def _load(root: Path, form: str = "text") -> Project:
    """The project; or one line per mistake and Stop: 2 unreadable, 1 inconsistent (``_refuse``)."""

    try:
        return Project.load(root)
    except (ModelError, ModelErrors) as exc:
        _refuse(exc, form)


def _refuse(exc: ModelError | ModelErrors, form: str) -> NoReturn:
    """Report the mistakes that stopped a command and Stop: 2 if any input cannot be read, else 1. In a
    report for tools (``check --format json|github|junit``), the mistakes are the report's problems
    whatever they are, an unreadable input's with the check "unreadable", so that a tool reading the
    report always gets its format."""
    errors = exc.errors if isinstance(exc, ModelErrors) else [exc]
    if isinstance(exc, ModelError) and form == "text":
        raise exc   # a single mistake: ``main`` prints it as it is
    code = 1 if all(error.check for error in errors) else 2
    if code == 1 or form != "text":
        _report([Problem(e.file, e.line, e.check or "unreadable", e.rule_id, None, e.message) for e in errors], [], form)
    else:
        _print_errors(errors)
    raise Stop(code)


def _houses(project: Project, args: argparse.Namespace) -> tuple[str, ...]:
    """The houses named by --house (every house without it); Stop(2) for one it does not know."""
    unknown = [house for house in args.house or () if house not in project.houses]
    if unknown:
        _say(f"no house {unknown[0]!r} (houses: {', '.join(project.houses)})", file=sys.stderr)
        raise Stop(2)
    return tuple(args.house or project.houses)


def _loaded(root: Path, args: argparse.Namespace) -> tuple[Project, tuple[str, ...]]:
    """The project and the houses asked for, without the gate (for reports)."""
    project = _load(root)
    return project, _houses(project, args)


def _gated(root: Path, args: argparse.Namespace) -> tuple[Project, tuple[str, ...]]:
    """The project and the houses to publish (--house, or every house) if the gate passes;
    otherwise its report and Stop(1). Every publishing command starts here."""

    project = _load(root)
    problems = run_checks(project)
    if problems:
        _report(problems, [], "text", "nothing was published")
        raise Stop(1)
    return project, _houses(project, args)


def cmd_check(root: Path, args: argparse.Namespace) -> int:

    project = _load(root, args.format)
    try:
        problems = run_checks(project)
    except (ModelError, ModelErrors) as exc:   # an input only the gate reads (the template, an edition)
        _refuse(exc, args.format)
    template = project.template
    _report(problems, all_status(project), args.format,
            f"{len(project.houses)} houses, {_rules_line(project.library)}, {len(project.examples)} examples, "
            f"{sum(1 for m in template if m.id)} messages")
    return 1 if problems else 0


def _report(problems: list, status: list, form: str, scope: str = "") -> None:
    _say(render(form, problems, status, scope), end="")


def cmd_gettext(root: Path, args: argparse.Namespace) -> int:
    project = _load(root)
    template = annotated(project)
    write_catalog(pot_path(root), template)
    _say(f"{pot_path(root).relative_to(root)}: {sum(1 for message in template if message.id)} messages")
    return 0


def cmd_update_po(root: Path, args: argparse.Namespace) -> int:
    """Merge the template into each catalog; a catalog that cannot be read is left untouched."""
    try:
        template = read_catalog(pot_path(root))
        catalogs = {lang: strict_catalog(root, lang) for lang in args.lang or TRANSLATED}
    except ModelErrors as exc:
        _print_errors(exc.errors)
        return 2
    try:   # which entries each language's readers see (a project that cannot load yet counts them all)
        project: Project | None = Project.load(root)
    except (ModelError, ModelErrors):
        project = None
    if args.own:
        unknown = sorted(set(args.own) - {rule.id for rule in project.library.rules}) if project else args.own
        if unknown or project is None or not project.where.room:
            _say(f"--own {unknown[0]}: no library rule of that id" if unknown else
                 "--own is for a room's own project: here the library's catalogs are the ones to edit", file=sys.stderr)
            return 2
    # the library's strings of the rules a room asks to word its own way (--own)
    own = {m.context for m in project.template if m.id and rule_of(m) in set(args.own)} if args.own and project else set()
    for lang, existing in catalogs.items():
        path = po_path(root, lang)
        publishing = None if project is None else \
            frozenset(house_id for house_id, view in project.houses.items() if lang in view.book.languages)
        if project is not None and project.where.room:
            if not publishing and existing is None:
                continue   # a room's catalogs are of the languages it publishes
            # the room's own strings, and the library's it translates its own way (their English as it is now):
            # those its catalog has, and those of the rules it asks to (--own)
            template = annotated(project, {m.context for m in existing or () if m.id} | own)
        catalog = merge(existing, template, publishing) if existing is not None else new_catalog(lang, template, publishing)
        if own and project is not None:
            _start_from_the_library(catalog, project.catalogs.get(lang), own)
        write_catalog(path, catalog)
        messages = [m for m in catalog if m.id]
        unshown = unpublished_in(project, lang) if project is not None else frozenset()
        missing = sum(1 for m in messages if entry_state(m) != "translated" and m.context not in unshown)
        left = sum(1 for m in messages if entry_state(m) != "translated" and m.context in unshown)
        aside = f" ({left} more that only houses publishing other languages show)" if left else ""
        _say(f"{path.relative_to(root)}: {len(messages)} messages, {missing} to translate or review{aside}")
    return 0


def _start_from_the_library(catalog: Catalog, shown: Catalog | None, contexts: set[str | None]) -> None:
    """A room's new entries of library strings it words its own way start from the library's translation,
    fuzzy: its translator rewords them, and the gate asks until each is reviewed."""
    for entry in catalog:
        if entry.id and entry.context in contexts and entry_state(entry) == "untranslated" and shown is not None:
            found = shown.get(entry.id, entry.context)
            if found is not None and entry_state(found) == "translated":
                entry.string = found.string
                entry.flags.add("fuzzy")


@contextlib.contextmanager
def _publishing(root: Path, args: argparse.Namespace) -> Iterator[tuple[Project, tuple[str, ...], Path]]:
    """For a publishing command: its build folder locked (a second build waits), then the project
    read and gated, and the houses asked for (``_gated``)."""

    build = args.build_dir or root / "_build"
    with lock.held(build):
        project, houses = _gated(root, args)
        faults.at("loaded")
        yield project, houses, build


def cmd_site(root: Path, args: argparse.Namespace) -> int:

    with _publishing(root, args) as (project, houses, build):
        languages = tuple(args.lang or LANGUAGES)
        if args.builder == "html":   # the published site, with the cards and PDFs it offers
            report = Report()
            if not build_site(project, languages, build, houses, report):
                return 1
            for line in report.lines(build.relative_to(root) if build.is_relative_to(root) else build):
                _say(line)
            return 0
        return 0 if build_all(project, languages, args.builder, build, houses) else 1


def cmd_site_root(root: Path, args: argparse.Namespace) -> int:
    """A site assembled from houses built apart (each by `rulebook site --house <id>`, one per CI runner,
    its ``_build/site/<id>`` copied into one folder): the root page, robots.txt and sitemaps, the 404
    pages and the calculators' runtime written beside them, from the houses the folder holds."""
    project = _gated(root, args)[0]
    site = args.site
    missing = [house for house in project.houses if not (site / house).is_dir()]
    if not site.is_dir() or missing:
        _say(f"{site}: no folder of house {', '.join(missing) or '(any)'} in it: copy each house's "
              "_build/site/<house> there first", file=sys.stderr)
        return 2
    write_root(project, site, runtime.runtime(project.root), root / "_build")
    _say(f"{site}: the root page, robots.txt, the 404 pages and the runtime, for {', '.join(project.houses)}")
    return 0


def cmd_preview(root: Path, args: argparse.Namespace) -> int:
    """The editors' preview (``rulebook.publish.preview``): the gate's report at every change, as here."""

    refused: list[int] = []

    def gated() -> Project | None:
        try:
            return _gated(root, args)[0]
        except Stop as stop:   # its report is printed; the last preview stands
            refused.append(stop.code)
            return None

    preview = Preview(root, gated, tuple(args.house or ()) or None, tuple(args.lang or LANGUAGES),
                      args.build_dir or root / "_build")
    if args.once:
        ok = preview.update()
        _say(f"preview: {preview.folder / 'site'}" if ok else "preview: not rebuilt")
        return 0 if ok else (refused[-1] if refused else 1)
    preview.watch(args.port, lambda line: _say(line, flush=True))
    return 0


def cmd_cards(root: Path, args: argparse.Namespace) -> int:

    with _publishing(root, args) as (project, houses, build):
        written = build_cards(project, build, tuple(args.lang or LANGUAGES), houses)
    _say(f"{len(written)} card PDFs in {build / 'cards'}")
    return 0


def cmd_pdf(root: Path, args: argparse.Namespace) -> int:

    with _publishing(root, args) as (project, houses, build):
        printed = print_rulebooks(project, build, tuple(args.lang or LANGUAGES), houses)
    for path in printed or []:
        _say(path)
    return 0 if printed is not None else 1


def cmd_fidelity(root: Path, args: argparse.Namespace) -> int:
    """Per house, the rules whose text in its language of authority departs most from the house's
    own words, each with the editorial decisions recorded about it (``rulebook.gate.fidelity``)."""

    project, houses = _loaded(root, args)
    report = {}
    for house_id in houses:
        found = departures(project, house_id)
        report[house_id] = found
        if args.format == "text":
            lang = project.houses[house_id].book.house["official_language"]
            _say(f"{house_id}: the {min(args.top, len(found))} of {len(found)} rules (in {lang}, the house's language, "
                  f"from a document in {lang}) whose {lang} text departs most from the house's own words; "
                  "the share of its words the document uses, then the decisions recorded:")
            for departure in found[:args.top]:
                decided = "; ".join(departure.decisions) or "no editorial decision recorded"
                _say(f"  {departure.overlap:4.0%}  {departure.rule_id}: {decided}")
    if args.format == "json":
        _say(json.dumps({house: [{"rule": d.rule_id, "overlap": round(d.overlap, 3), "decisions": list(d.decisions)}
                                  for d in found[:args.top]] for house, found in report.items()},
                         ensure_ascii=False, indent=1))
    return 0


def cmd_edition(root: Path, args: argparse.Namespace) -> int:
    """``edition tag <house>``: record the house's edition in force as the git tag ``<house>/edition-<n>``."""

    project, _ = _gated(root, argparse.Namespace(house=[args.house]))
    tag = tag_edition(project, args.house)
    _say(f"{tag}: tagged; the next edition's changes page compares with it")
    return 0


def cmd_changes(root: Path, args: argparse.Namespace) -> int:
    """What changed in each house since a git ref: text for a CI log, JSON for a PR comment."""

    project, houses = _loaded(root, args)
    old = load_at(root, args.since)
    missing = [house for house in houses if house not in old.houses]
    if missing and args.house:
        _say(f"house {missing[0]!r} is not in {args.since}", file=sys.stderr)
        return 2
    found = [compare(old, project, house, args.lang, args.since) for house in houses if house not in missing]
    if args.format == "json":
        _say(_plain(json.dumps({"since": args.since, "lang": args.lang, "houses": [c.as_json() for c in found],
                                 "new_houses": missing}, ensure_ascii=False, indent=2)))
        return 0
    for changes in found:
        _say(_plain("\n".join(_changes_lines(changes))))
    for house in missing:
        _say(f"{house}: a new house, not in {args.since}")
    return 0


def _plain(text: str) -> str:
    """A report for a CI log or a pull request's comment: the no-break spaces that keep a number with its
    unit on a page (``formatting.unbroken``) as the plain spaces a reader of a log or a script expects."""
    return text.replace("\u00a0", " ").replace("\u202f", " ")


def _changes_lines(changes) -> list[str]:
    """One house's changes for a CI log; a text change as a word diff ([-old-]{+new+})."""

    def words(old: str, new: str) -> str:
        return " ".join(text if kind == "same" else f"[-{text}-]" if kind == "del" else f"{{+{text}+}}"
                        for kind, text in redline(old, new))

    def edition(number, day) -> str:
        return f"edition {number} ({day.isoformat()})" if number and day else f"edition {number}"

    count = len(changes.rules) + len(changes.parameters) + len(changes.examples)
    lines = [f"{changes.house_id} ({changes.lang}): {edition(changes.previous_edition, changes.previous_effective)} "
             f"at {changes.since} -> {edition(changes.edition, changes.effective)}: {count} change(s)"]
    for change in changes.rules:
        title = change.new_title if change.new_title is not None else change.old_title
        number = change.old_number if change.new_number is None else change.new_number
        was = f", was {change.old_number}" if change.old_number and change.new_number not in (None, change.old_number) else ""
        lines.append(f"  {change.kind:<9} {change.rule_id} ({change.part_id}) {number or '-'}{was}: {title}")
        if change.kind == "removed":
            lines.append(f"            was: {change.old_text}")
        elif change.kind == "changed":
            if change.old_title != change.new_title:
                lines.append(f"            title: {words(change.old_title, change.new_title)}")
            if change.old_text != change.new_text:
                lines.append(f"            text: {words(change.old_text, change.new_text)}")
    for parameter in changes.parameters:
        lines.append(f"  parameter {parameter.path}: {parameter.label}: {parameter.old} -> {parameter.new}")
        if parameter.rules:
            lines.append(f"            quoted by: {', '.join(rule_id for rule_id, _, _ in parameter.rules)}")
        if parameter.cards:
            lines.append(f"            on cards: {', '.join(parameter.cards)}")
    for example in changes.examples:
        results = "; ".join(f"{name}: {old} -> {new}" for name, old, new in example.results)
        lines.append(f"  example   {example.example_id} (rule {example.rule_id}): {results}")
    return lines


NEW_HOUSE_HEADER = """\
# {name}: a house of its own, started from {source}'s file (`rulebook new-house`).
# Every key of a house file is here; change what differs for this room:
#   name, city, contact   who the house is (shown on every page, card and PDF)
#   title                 the rulebook's title, in English (the catalogs translate it)
#   unit, money           chips (tournament chips) or the ISO 4217 code of its currency, and how
#                         its amounts are written (by symbol or by name)
#   parts                 the library parts (rules/<part>.yaml) it publishes, in reading order
#   parameters            its numbers and policies, judged by the engine (pokerrules.House):
#                         currency, official_language (the text that prevails), announced_in,
#                         stakes (one row per game), rake (caps, bands, ...), times, betting, showdown
# Rules quote these parameters by placeholder, so every page, card and example follows an edit.
# The format is in houses/README.md.
"""


def cmd_new_house(root: Path, args: argparse.Namespace) -> int:
    """A new house folder, its file copied from an existing house with a new identity: the values
    written by the YAML emitter in place of the source's (its comments and layout kept), and the
    file read back before it is kept."""

    if problem := house_id_problem(args.id):   # before any path is made of it
        _say(f"house id {shown_id(args.id)} {problem}", file=sys.stderr)
        return 2
    target = root / "houses" / args.id / "house.yaml"
    if problem := name_problem(args.name):
        _say(f"--name {args.name!r}: {problem}", file=sys.stderr)
        return 2
    if target.exists():
        _say(f"{target.relative_to(root)} exists already", file=sys.stderr)
        return 2
    if args.source is None:
        return _new_skeleton(root, target, args.id, args.name)
    source = root / "houses" / args.source / "house.yaml"
    if (unfit := house_id_problem(args.source)) or not source.exists():
        where = "houses/<house-id>/house.yaml" if unfit else f"houses/{args.source}/house.yaml"
        _say(f"no house {shown_id(args.source)} to start from ({where})", file=sys.stderr)
        return 2
    shown = str(source.relative_to(root))
    if not isinstance(yamlload.load(source, shown), dict):   # a file that is not a house's: one line, exit 2
        _say(f"{shown}:1: not a house file (a mapping of name, title, parts, parameters...)", file=sys.stderr)
        return 2
    text = source.read_text(encoding="utf-8").removeprefix("\ufeff")
    body = _without_opening_comments(_with_identity(text, {"name": args.name, "city": None, "contact": None}))
    target.parent.mkdir(parents=True, exist_ok=True)
    written = NEW_HOUSE_HEADER.format(name=args.name, source=args.source) + body
    target.write_text(written, encoding="utf-8")
    try:
        kept = yamlload.load(target, str(target.relative_to(root)))["name"] == args.name
    except ModelError:
        kept = False
    if not kept:
        target.unlink()
        _say(f"{shown}: its 'name' could not be replaced in place: write {target.relative_to(root)} by hand",
              file=sys.stderr)
        return 2
    # The documents the copied file names (and their lists of passages) come with it: the rules it
    # publishes quote them, and a house's documents live in its own folder.
    named = yamlload.load(target, str(target.relative_to(root))).get("documents") or []
    for name in (name for name in named if isinstance(name, str) and "/" not in name and not name.startswith(".")):
        for file in (source.parent / name, source.parent / f"{Path(name).stem}.sections.yaml"):
            if file.is_file() and not file.is_symlink():
                shutil.copyfile(file, target.parent / file.name)
    _say(f"{target.relative_to(root)}: written; edit it, then run `make gettext update-po check`")
    return 0


NEXT_STEPS = """\
{file}: written, a house of its own with nothing of another's. Next:
  1. put the room's own documents in houses/{id}/ and read them;
  2. fill in each key marked "to write" (`rulebook check` lists those still to write, with their lines);
  3. write its own rules as a part (rules/README.md) and list the library parts it publishes;
  4. `make gettext update-po` (rulebook gettext, rulebook update-po), translate its strings into the languages
     it publishes, then `make check site` (rulebook check, rulebook site --house {id})."""


def _new_skeleton(root: Path, target: Path, house_id: str, name: str) -> int:
    """A house file with every key and no value of another house's (``templates/house/house.yaml``):
    the room's identity and choices still to write, said by ``rulebook check`` all at once."""
    written = quickstart.named_skeleton((Layout.of(root).library / quickstart.SKELETON).read_text(encoding="utf-8"), house_id, name)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(written, encoding="utf-8")
    _say(NEXT_STEPS.format(file=target.relative_to(root), id=house_id))
    return 0


def _with_identity(text: str, identity: dict[str, str | None]) -> str:
    """The house file's text with the values of its top-level keys in ``identity`` replaced, each as
    the YAML emitter writes it (a key the file lacks is added at its end)."""
    import yaml

    node = yaml.compose(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    assert node is not None   # the file read as a mapping above: never empty
    spans = {key.value: (value.start_mark.index, value.end_mark.index) for key, value in node.value
             if isinstance(key, yaml.ScalarNode) and key.value in identity}
    for key, value in sorted(identity.items(), key=lambda item: -spans.get(item[0], (len(text),))[0]):
        emitted = "null" if value is None else yaml.safe_dump(value, default_style='"', allow_unicode=True,
                                                                width=float("inf")).strip()
        if key in spans:   # the value, and the comment after it (which spoke of the source's)
            start, end = spans[key]
            old = text[start:end]
            comment = re.match(r"[ \t]*#[^\n]*", text[end:]) if not old.endswith("\n") else None
            text = text[:start] + emitted + old[len(old.rstrip("\n")):] + text[end + (comment.end() if comment else 0):]
        else:
            text = text.rstrip("\n") + f"\n{key}: {emitted}\n"
    return text


def _without_opening_comments(text: str) -> str:
    """The text from its first line that is not a comment (the source's own header is replaced)."""
    lines = text.splitlines(keepends=True)
    first = next((index for index, line in enumerate(lines) if not line.startswith("#")), len(lines))
    return "".join(lines[first:])


def cmd_quickstart(root: Path, args: argparse.Namespace) -> int:
    """A card room's own project in a new or empty folder (``rulebook.quickstart``): what it is not given as
    an option is asked, as ``sphinx-quickstart`` asks, when someone is there to answer."""
    folder = (root / args.folder).resolve()
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        _say(f"{args.folder}: not an empty folder; a project is started in a new or empty one", file=sys.stderr)
        return 2
    asked = {"id": "The room's id (lower-case words joined by hyphens, e.g. riverside)",
             "name": "The room's name, as its cards print it", "languages": "Its languages, its language of "
             "authority first (en, fr, es, ro, hr)", "unit": "Its money, by its ISO 4217 code (three capital letters), or chips"}
    for key, question in asked.items():
        if getattr(args, key) is None:
            if not sys.stdin.isatty():
                _say(f"--{key} is needed: {question.lower()}", file=sys.stderr)
                return 2
            setattr(args, key, input(f"> {question}: ").strip())
    room = quickstart.Room(args.id, args.name, tuple(lang.strip() for lang in args.languages.split(",") if lang.strip()),
                           args.unit, args.title, args.paper)
    if problems := room.problems():
        for problem in problems:
            _say(problem, file=sys.stderr)
        return 2
    written = quickstart.quickstart(folder, room)
    _say(f"{args.folder}: {len(written)} files written, the project of {room.name}. Next: cd {args.folder}, "
         f"read README.md, and fill in houses/{room.id}/house.yaml (`make check` lists what is still to write).")
    return 0


def cmd_runtime(root: Path, args: argparse.Namespace) -> int:
    """The floor calculators' runtime installed into the project's runtime/ as the library pins it (npm ci)."""
    library = Layout.of(root).library
    target = root / "runtime"
    target.mkdir(exist_ok=True)
    if library != root:
        for name in ("package.json", "package-lock.json"):
            shutil.copyfile(library / "runtime" / name, target / name)
    try:
        runtime.runtime(root)
        _say(f"runtime/node_modules: Pyodide {runtime.pinned_version(root)} is installed already")
        return 0
    except ModelError:
        pass   # not installed, or not as the library pins it now
    npm = shutil.which("npm")
    if npm is None:
        _say("npm is needed to install the calculators' runtime: install it (Debian: apt-get install npm)", file=sys.stderr)
        return 2
    done = subprocess.run([npm, "ci", "--prefix", str(target), "--ignore-scripts", "--no-audit", "--no-fund"],
                          capture_output=True, text=True)
    if done.returncode:
        _say(done.stderr.strip() or done.stdout.strip(), file=sys.stderr)
        return 2
    (target / "node_modules" / ".ready").touch()
    _say(f"runtime/node_modules: Pyodide {runtime.pinned_version(root)} installed")
    return 0


def cmd_library(root: Path, args: argparse.Namespace) -> int:
    """The shared library's parts a house may publish (``parts:``), with their titles, or (``--docs``) where
    the formats' documentation is."""
    layout = Layout.of(root)
    if args.docs:
        for name in ("houses/README.md", "rules/README.md", "executable_examples/README.md", "locales/README.md"):
            _say(f"{name}: {layout.library / name}")
        return 0
    for path in sorted((layout.library / "rules").glob("*.yaml")):
        data = yamlload.load(path, f"rules/{path.name}")
        if isinstance(data, dict) and isinstance(data.get("id"), str):
            kind = "the game's rules" if data.get("game") else "a room's rules"
            _say(f"{data['id']}: {data.get('title', '')} ({kind}, {sum(len(s.get('rules') or []) for s in data.get('sections') or [] if isinstance(s, dict))} rules)")
    _say(f"the library of pokerrulebook {generator_version()}, at {layout.library}")
    return 0


def cmd_notes(root: Path, args: argparse.Namespace) -> int:
    """``notes confirm``: an editor has read each named note (or every note, ``--all``) against the rules
    it discusses as they are now; their digests are recorded in the note, and it is no longer stale."""

    project = _load(root)
    known = {note.id for note in project.library.notes}
    unknown = sorted(set(args.note) - known)
    if unknown or not (args.note or args.all):
        _say(f"no editorial note {unknown[0]!r}" if unknown else "name the notes to confirm, or --all", file=sys.stderr)
        return 2
    confirmed = confirm_notes(project.library, None if args.all else set(args.note))
    _say(f"{len(confirmed)} note(s) confirmed against the rules they discuss")
    return 0


def main(argv: list[str] | None = None) -> int:
    library_logs.quiet()   # before any library sets the root logger up: a successful build says only its summary
    parser = argparse.ArgumentParser(prog="rulebook", description="A card room's rulebook: checked, translated, "
                                     "published as a site, table cards and PDFs. Start a room's project with "
                                     "`rulebook quickstart <folder>`.")
    parser.add_argument("--root", type=Path, default=Path.cwd(), help="project folder (default: here)")
    commands = parser.add_subparsers(dest="command", required=True)
    check = commands.add_parser("check", help="the consistency gate, without building the site")
    check.add_argument("--format", choices=FORMATS, default="text",
                       help="text (default), json (docs/check-report.schema.json), github (a pull request's "
                            "annotations), or junit (XML test report)")
    commands.add_parser("gettext", help="extract locales/rulebook.pot")
    update = commands.add_parser("update-po", help="merge the template into every language")
    update.add_argument("--lang", action="append", choices=TRANSLATED)
    update.add_argument("--own", action="append", metavar="RULE",
                        help="in a room's project: translate a library rule its own way (its strings added to the "
                             "room's catalogs, which then replace the library's translation)")
    site_root = commands.add_parser("site-root", help="write the site's own pages beside houses built apart")
    site_root.add_argument("--site", type=Path, required=True, help="the folder holding each house's site")
    site_root.set_defaults(house=None)
    site = commands.add_parser("site", help="build the site for every language")
    site.add_argument("--lang", action="append", choices=LANGUAGES)
    site.add_argument("--builder", default="html",
                      help="html (the reader's edition, _build/site), review (the editors' edition, _build/review), "
                           "doctest, or another Sphinx builder")
    site.add_argument("--build-dir", type=Path, default=None, help="default: _build")
    site.add_argument("--house", action="append", help="a house id (default: every house)")
    preview = commands.add_parser("preview", help="the reader's edition of what changed, rebuilt as files are "
                                                   "saved and served with live reload (never published)")
    preview.add_argument("--lang", action="append", choices=LANGUAGES)
    preview.add_argument("--house", action="append", help="a house id (default: every house)")
    preview.add_argument("--build-dir", type=Path, default=None, help="default: _build (the preview is in its preview/)")
    preview.add_argument("--port", type=int, default=8000, help="the local port to serve on (default: 8000; 0: any)")
    preview.add_argument("--once", action="store_true", help="build once and stop, without serving")
    for name, text in (("cards", "table cards and sheets as PDF"), ("pdf", "the printable rulebook per language")):
        command = commands.add_parser(name, help=text)
        command.add_argument("--lang", action="append", choices=LANGUAGES)
        command.add_argument("--build-dir", type=Path, default=None, help="default: _build")
        command.add_argument("--house", action="append", help="a house id (default: every house)")
    fidelity = commands.add_parser("fidelity", help="the rules whose text of authority departs most from the "
                                                    "house's own words, with the decisions recorded")
    fidelity.add_argument("--house", action="append", help="a house id (default: every house)")
    fidelity.add_argument("--top", type=int, default=10, help="how many rules per house (default: 10)")
    fidelity.add_argument("--format", choices=("text", "json"), default="text")
    new = commands.add_parser("new-house", help="start a new house: a skeleton of its own, or a copy of another")
    new.add_argument("id", help="the new house's id: lower-case words joined by hyphens")
    new.add_argument("--from", dest="source", default=None,
                     help="a house to copy (its numbers, parts and choices) instead of the empty skeleton")
    new.add_argument("--name", default="New card room", help="the new house's name")
    start = commands.add_parser("quickstart", help="start a card room's own project in a new folder")
    start.add_argument("folder", type=Path, help="the project's folder (new, or empty)")
    start.add_argument("--id", default=None, help="the room's id: lower-case words joined by hyphens")
    start.add_argument("--name", default=None, help="the room's name")
    start.add_argument("--languages", default=None, help="its languages, its language of authority first: en,fr")
    start.add_argument("--unit", default=None, help="its currency's ISO 4217 code (three capital letters), or chips")
    start.add_argument("--title", default="House rules", help="its rulebook's title, in English (default: House rules)")
    start.add_argument("--paper", default=None, choices=quickstart.PAPERS, help="its paper (default: its territory's)")
    commands.add_parser("runtime", help="install the floor calculators' runtime (Pyodide) into runtime/, by npm")
    library = commands.add_parser("library", help="the shared library's parts a house may publish")
    library.add_argument("--docs", action="store_true", help="where the formats are documented")
    changes = commands.add_parser("changes", help="what changed since an earlier edition (a git ref)")
    changes.add_argument("--since", required=True, help="a git ref: the tag of an edition (club/edition-1), a branch, a commit")
    changes.add_argument("--house", action="append", help="a house id (default: every house)")
    changes.add_argument("--lang", choices=LANGUAGES, default="en", help="the language of texts and values (default: en)")
    changes.add_argument("--format", choices=("text", "json"), default="text")
    editions = commands.add_parser("edition", help="record a house's edition in git")
    actions = editions.add_subparsers(dest="action", required=True)
    tag = actions.add_parser("tag", help="tag the current commit as <house>/edition-<n>, n from the house file")
    tag.add_argument("house", help="the house id")
    notes = commands.add_parser("notes", help="editorial notes: confirm one still holds after its rules changed")
    note_actions = notes.add_subparsers(dest="action", required=True)
    confirm = note_actions.add_parser("confirm", help="record that the notes were read against their rules as they are")
    confirm.add_argument("note", nargs="*", help="the notes' ids")
    confirm.add_argument("--all", action="store_true", help="every note")
    args = parser.parse_args(argv)
    handler = {"check": cmd_check, "gettext": cmd_gettext, "update-po": cmd_update_po, "site": cmd_site, "site-root": cmd_site_root,
               "preview": cmd_preview,
               "cards": cmd_cards, "pdf": cmd_pdf, "new-house": cmd_new_house, "fidelity": cmd_fidelity,
               "changes": cmd_changes, "edition": cmd_edition, "notes": cmd_notes, "quickstart": cmd_quickstart,
               "runtime": cmd_runtime, "library": cmd_library}
    try:
        return handler[args.command](args.root.resolve(), args)
    except Stop as stop:
        return stop.code
    except ModelError as exc:
        _say(exc, file=sys.stderr)
        return 1 if exc.check else 2
    except faults.Refused as exc:
        print(exc, file=sys.stderr)
        return faults.CODE
    except OSError as exc:   # the machine's fault (a full or read-only disk, a path of the wrong kind): one line
        print(faults.explained(exc), file=sys.stderr)
        return faults.CODE
    except KeyboardInterrupt:
        _say("rulebook: interrupted; nothing half-done was published (what was published before stands)",
              file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
