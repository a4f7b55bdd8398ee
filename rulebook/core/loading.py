"""Loading the project's rules: the library's parts and every house's rulebook, every mistake of
every file reported together (:class:`ModelErrors`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from rulebook.core.errors import ModelError, ModelErrors
from rulebook.core.layout import Layout
from rulebook.core.houses import house_messages, read_house, resolve_values
from rulebook.core.parts import PartLoader
from rulebook.core.records import Library, Message, Part, Rulebook, Slot
from rulebook.core.yamlload import Map


def _misplaced_houses(root: Path) -> Iterator[ModelError]:
    """A house file anywhere but ``houses/<id>/house.yaml``: only those are houses, and one elsewhere
    (``houses/a/b/house.yaml``) would otherwise be left out without a word."""
    houses = root / "houses"
    for folder, folders, files in os.walk(houses):   # a linked folder is listed, not entered
        folders.sort()
        if "house.yaml" in files and Path(folder).parent != houses:
            path = Path(folder) / "house.yaml"
            where = f"houses/{path.parent.name}/house.yaml" if Path(folder) != houses else "houses/<house-id>/house.yaml"
            yield ModelError(path.relative_to(root).as_posix(), 1, None,
                             f"a house file is read only one folder under houses/: move it to {where}", "house")


def _undefined_uses(parts: dict[str, Part], defined: dict[str, Slot]) -> Iterator[ModelError]:
    """Each ``use:`` of a rule no part defines: judged apart, once every part has loaded."""
    for part in parts.values():
        for section in part.sections:
            for slot in section.slots:
                if slot.rule_id not in defined:
                    yield ModelError(part.file, slot.line, slot.rule_id, f"use of rule {slot.rule_id!r}, "
                                     "which no part defines", "rule")


def _dangling_notes(parts: dict[str, Part], houses: list[Rulebook], layout: Layout) -> Iterator[ModelError]:
    """Each note about a rule or for a house that does not exist: judged apart, once the whole library has
    loaded. (In a room's project, the library's notes name the houses of the library's home, not its own.)"""
    rule_ids = {rule.id for part in parts.values() for rule in part.rules}
    house_ids = {book.id for book in houses}
    for part in parts.values():
        for note in part.notes:
            for rule_id in note.rules:
                if rule_id not in rule_ids:
                    yield ModelError(part.file, note.line, note.id, f"note about rule {rule_id!r}, which does not exist", "note")
            for house_id in note.houses if layout.owns(part.file) else ():
                if house_id not in house_ids:
                    yield ModelError(part.file, note.line, note.id, f"note for house {house_id!r}, which does not exist", "note")


def load_library(root: Path | str | Layout) -> Library:
    """Load and validate ``rules/`` (the library, and a room's own parts beside it) and
    ``houses/*/house.yaml``; ModelErrors lists every mistake.

    Each part file is read once; each house's numbers are then resolved for every
    rule and note of the parts it publishes, so a part shared by two houses is
    checked against both. In a room's project the library's parts it does not publish, and the
    library's notes for other houses, are simply not its concern.
    """
    layout = root if isinstance(root, Layout) else Layout.of(root)
    root = layout.root
    loader = PartLoader(root / "rules", layout)
    parts = {}
    paths = [path for folder in layout.folders("rules") for path in sorted(folder.glob("*.yaml"))]
    loader.errors.extend(_taken_names(layout, "rules"))
    for path in paths:
        part = loader.part(path, None)
        if part is not None:
            parts[part.id] = part
    houses = []
    house_paths = sorted((root / "houses").glob("*/house.yaml"))
    loader.errors.extend(_misplaced_houses(root))
    if not house_paths:
        loader.errors.append(ModelError("houses", 0, None, "no house: add houses/<house-id>/house.yaml", "house"))
    unreadable = {path.stem for path in paths} - set(parts)  # already reported
    defined = {slot.rule_id: slot for part in parts.values() for section in part.sections
               for slot in section.slots if slot.variants}
    if not loader.errors:
        loader.errors.extend(_undefined_uses(parts, defined))
    for path in house_paths:
        book = read_house(loader, path, parts, unreadable, defined)
        if book is not None:
            houses.append(book)
    published = {part.id for book in houses for part in book.parts}
    for part in parts.values() if len(houses) == len(house_paths) else ():  # a broken house file publishes nothing
        if part.id not in published and layout.owns(part.file):
            loader.errors.append(ModelError(part.file, 1, None, f"part {part.id!r} is published by no house "
                                            "(list it under 'parts' in a house file)", "part"))
    if not loader.errors:   # a part that failed to load would dangle them all
        loader.errors.extend(_dangling_notes(parts, houses, layout))
    for book in houses:
        resolve_values(book, loader.errors)
    if loader.errors:
        raise ModelErrors(loader.errors)
    order = [part_id for book in houses for part_id in (p.id for p in book.parts)]
    library_order = sorted(parts.values(), key=lambda part: (order.index(part.id) if part.id in order else len(order), part.id))
    return Library(tuple(library_order), tuple(houses), root, layout)


def _taken_names(layout: Layout, folder: str) -> Iterator[ModelError]:
    """A room's file named as one of the library's: the two would be one file to every message."""
    if layout.room:
        for path in sorted((layout.root / folder).glob("*.yaml")):
            if (layout.library / folder / path.name).exists():
                yield ModelError(f"{folder}/{path.name}", 1, None, f"the library has a file {folder}/{path.name}: "
                                 "give yours another name", "part")


def load_rulebook(root: Path | str, house_id: str | None = None) -> Rulebook:
    """One house's rulebook (the first house when none is named), from the project folder."""
    library = load_library(root)
    return library.house(house_id) if house_id else library.houses[0]



def read_messages(path: Path) -> Iterator[Message]:
    """The translatable strings of one rules file, for the catalog extractor.

    Reads the file as the full load does (same contexts, same lines) but
    without the house data, so extraction never depends on house values.
    """
    path = Path(path).resolve()
    loader = PartLoader(path.parent)
    data = loader.load_yaml(path)
    if isinstance(data, Map) and "parts" in data and "parameters" in data:
        if isinstance(data.get("title"), str):
            yield from (message for message in house_messages(data, loader.rel(path)) if message)
    elif isinstance(data, Map) and "sections" in data:
        part = loader.part(path, None)
        if part is not None:
            yield from part.messages()
    if loader.errors:
        raise ModelErrors(loader.errors)
