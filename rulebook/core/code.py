"""The code that made a result: a module's file and the files of every ``rulebook`` module it imports.

A remembered result (``rulebook.core.memo``) is worth only as much as the code that computed it: a
check changed to refuse more must not be answered by what the old check accepted. Its code is found
from the modules' sources (their imports, read with ``ast``, never run), at the top or inside a function.
"""

from __future__ import annotations

import ast
from pathlib import Path


def closure(root: Path, start: str) -> set[str]:
    """The files of ``start`` and of every ``rulebook`` module it imports, directly or not."""
    seen: set[str] = set()
    waiting = [start]
    while waiting:
        module = waiting.pop()
        path = file_of(root, module)
        if path is None or path in seen:
            continue
        seen.add(path)
        waiting += imports_of(root / path, module)
    return seen


def file_of(root: Path, module: str) -> str | None:
    relative = Path(*module.split("."))
    for candidate in (relative.with_suffix(".py"), relative / "__init__.py"):
        if (root / candidate).is_file():
            return candidate.as_posix()
    return None


def imports_of(path: Path, module: str) -> list[str]:
    """The ``rulebook`` modules a module imports, at its top or inside a function (and their packages)."""
    found = []
    for node in ast.walk(ast.parse(path.read_bytes(), str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:   # a relative import, from the module's own package
                package = module.split(".")[:len(module.split(".")) - node.level]
                base = ".".join([*package, *([base] if base else [])])
            found += [base, *(f"{base}.{alias.name}" for alias in node.names)]
    named = [name for name in found if name.split(".")[0] == "rulebook"]
    # Importing rulebook.core.x runs rulebook/__init__.py and rulebook/core/__init__.py first.
    return sorted({".".join(name.split(".")[:depth]) for name in named for depth in range(1, name.count(".") + 2)})
