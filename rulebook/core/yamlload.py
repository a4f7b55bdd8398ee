"""YAML loading that remembers where every value came from.

PyYAML forgets line numbers and silently keeps the last of two equal keys;
a rule editor needs both the line of a mistake and an error for a duplicate.
Mappings load as :class:`Map` and sequences as :class:`Seq`, each knowing the
line of itself and of every key or item.
"""

from __future__ import annotations

import hashlib
import pickle
import re
from pathlib import Path
from typing import Any

import yaml

from rulebook.core import sources
from rulebook.core.characters import not_text
from rulebook.core.errors import ModelError


class Map(dict[str | int, Any]):
    """A mapping with its line and the line of each key (text, or a seat number)."""

    line: int
    key_lines: dict[str | int, int]

    def line_of(self, key: str | int) -> int:
        return self.key_lines.get(key, self.line)


class Seq(list[Any]):
    """A sequence with its line and the line of each item."""

    line: int
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


def line_of_path(data: Any, path: tuple[str | int, ...]) -> int:
    """The line of the value a path of keys and indexes leads to (as far as it leads)."""
    line = getattr(data, "line", 1)
    for step in path:
        if isinstance(data, Map) and step in data:
            line, data = data.line_of(step), data[step]
        elif isinstance(data, Seq) and isinstance(step, int) and step < len(data):
            line, data = data.line_of(step), data[step]
        else:
            break
    return line



_constructor = yaml.constructor.SafeConstructor()

# Bounds on what a rule file may hold: a hostile file gets a clear error, never a hang.
MAX_FILE_BYTES = 2_000_000
MAX_DEPTH = 20
MAX_TEXT = 20_000          # characters in one string
MAX_NUMBER = 10**9         # no card-room number is larger


_INT, _FLOAT = "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)")

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when installed: the same rules, in C


def _refuse_aliases_and_depth(text: str, name: str) -> None:
    """Aliases (alias bombs, self-reference) and deep nesting are refused before any node is built."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        assert event.start_mark is not None   # the parser marks every event it yields
        line = event.start_mark.line + 1
        if isinstance(event, yaml.AliasEvent):
            raise ModelError(name, line, None, "YAML aliases (*name) are not allowed: write the value out")
        if getattr(event, "anchor", None) is not None:
            raise ModelError(name, line, None, "YAML anchors (&name) are not allowed: write the value out")
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ModelError(name, line, None, f"nested more than {MAX_DEPTH} levels deep")
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _build(node: yaml.Node, path: str) -> Any:
    line = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        result = Map()
        result.line, result.key_lines = line, {}
        for key_node, value_node in node.value:
            key = _build(key_node, path)
            key_line = key_node.start_mark.line + 1
            if not isinstance(key, (str, int)) or isinstance(key, bool):
                raise ModelError(path, key_line, None, f"key {key!r} is neither text nor a whole number")
            if key in result:
                raise ModelError(
                    path, key_line, _id_of(result),
                    f"duplicate key {key!r} (first on line {result.key_lines[key]})",
                )
            result[key] = _build(value_node, path)
            result.key_lines[key] = key_line
        return result
    if isinstance(node, yaml.SequenceNode):
        items = Seq(_build(item, path) for item in node.value)
        items.line = line
        items.item_lines = [item.start_mark.line + 1 for item in node.value]
        return items
    if isinstance(node, yaml.ScalarNode) and len(node.value) > MAX_TEXT:
        raise ModelError(path, line, None, f"a value longer than {MAX_TEXT:,} characters")
    if node.tag == _INT and not _DECIMAL.fullmatch(node.value) or node.tag == _FLOAT and re.search("[_:]", node.value):
        raise ModelError(path, line, None, f"the number {node.value[:40]} is not written in decimal (YAML reads "
                                           "010 as 8, 0x10 as 16 and 1:30 as 90): write it plainly, or quote it as text")
    try:
        value = _constructor.construct_object(node)
    except (ValueError, OverflowError, TypeError) as exc:
        raise ModelError(path, line, None, f"cannot read the value {node.value[:40]!r}: {exc}") from None
    if isinstance(value, float) and value != value:
        raise ModelError(path, line, None, "not a number (.nan) is not a value")
    if isinstance(value, (int, float)) and not isinstance(value, bool) and not abs(value) < MAX_NUMBER:
        raise ModelError(path, line, None, f"the number {node.value[:40]} is larger than any card-room number")
    if not isinstance(value, (str, int, float, bool, type(None))):
        raise ModelError(path, line, None, f"{type(value).__name__} values (dates, binary) are not used here: quote it as text")
    if isinstance(value, str) and (problem := not_text(value)):
        raise ModelError(path, line, None, problem)
    return value


def _id_of(mapping: dict[str | int, Any]) -> str | None:
    value = mapping.get("id")
    return value if isinstance(value, str) else None


# A process that loads the project again and again (the editors' preview) keeps each file's data by
# its bytes (``remember_parses``): a file unchanged since the last load is not parsed again. What is
# kept is the parse pickled in memory, by this process, from what ``_parse`` built (never read from a
# file): unpickled, each load gets its own copy, six times faster than ``copy.deepcopy`` makes one.
_PARSED: dict[tuple[str, bytes], bytes] | None = None
MAX_REMEMBERED = 1000   # files' parses kept at most (then forgotten all at once)


def remember_parses() -> None:
    """From now on, keep what each file parsed to, by its bytes, and give a copy of it back."""
    global _PARSED
    if _PARSED is None:
        _PARSED = {}


def load(path: Path, display: str | None = None) -> Any:
    """Load one YAML file; any syntax error becomes a one-line ModelError."""
    name = display or str(path)
    data = sources.read(Path(path), name, MAX_FILE_BYTES)
    if _PARSED is None:
        return _parse(data, name)
    key = (name, hashlib.blake2b(data, digest_size=16).digest())
    if key not in _PARSED:
        if len(_PARSED) > MAX_REMEMBERED:
            _PARSED.clear()
        _PARSED[key] = pickle.dumps(_parse(data, name), protocol=pickle.HIGHEST_PROTOCOL)
    return pickle.loads(_PARSED[key])   # a loader may change what it is given: never the kept one


def _parse(data: bytes, name: str) -> Any:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ModelError(name, data[:exc.start].count(b"\n") + 1, None,
                         f"byte {data[exc.start]:#x} is not UTF-8: save the file as UTF-8") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    try:
        _refuse_aliases_and_depth(text, name)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise ModelError(name, line, None, f"YAML syntax: {exc.problem}") from None
    except yaml.YAMLError as exc:
        raise ModelError(name, 0, None, f"YAML: {exc}") from None
    if node is None:
        raise ModelError(name, 1, None, "the file is empty")
    try:
        return _build(node, name)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise ModelError(name, mark.line + 1 if mark else 0, None, str(exc.problem)) from None
