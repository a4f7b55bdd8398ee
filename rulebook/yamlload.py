"""YAML loading that remembers where every value came from.

PyYAML forgets line numbers and silently keeps the last of two equal keys;
a rule editor needs both the line of a mistake and an error for a duplicate.
Mappings load as :class:`Map` and sequences as :class:`Seq`, each knowing the
line of itself and of every key or item.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from rulebook.errors import ModelError


class Map(dict):
    """A mapping with its line and the line of each key (text, or a seat number)."""

    line: int
    key_lines: dict[str | int, int]

    def line_of(self, key: str | int) -> int:
        return self.key_lines.get(key, self.line)


class Seq(list):
    """A sequence with its line and the line of each item."""

    line: int
    item_lines: list[int]

    def line_of(self, index: int) -> int:
        return self.item_lines[index] if index < len(self.item_lines) else self.line


_constructor = yaml.constructor.SafeConstructor()


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
        result = Seq(_build(item, path) for item in node.value)
        result.line = line
        result.item_lines = [item.start_mark.line + 1 for item in node.value]
        return result
    return _constructor.construct_object(node)


def _id_of(mapping: dict) -> str | None:
    value = mapping.get("id")
    return value if isinstance(value, str) else None


def load(path: Path, display: str | None = None) -> Any:
    """Load one YAML file; any syntax error becomes a one-line ModelError."""
    name = display or str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise ModelError(name, 0, None, f"cannot read: {exc.strerror}") from None
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        raise ModelError(name, line, None, f"YAML syntax: {exc.problem}") from None
    if node is None:
        raise ModelError(name, 1, None, "the file is empty")
    try:
        return _build(node, name)
    except yaml.constructor.ConstructorError as exc:
        mark = exc.problem_mark
        raise ModelError(name, mark.line + 1 if mark else 0, None, str(exc.problem)) from None
