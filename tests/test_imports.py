"""The code reads as a map: no import cycle between the project's modules, and no import of one
inside a function (the way a cycle is hidden rather than removed)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from rulebook.core.code import closure
from rulebook.publish.machinery.inputs import PRINTING

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("rulebook", "pokerrules")


def modules(root: Path) -> dict[str, Path]:
    """Module name → file, for every module of the project's packages under ``root``."""
    found = {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = path.relative_to(root).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def _imported(node: ast.AST, module: str, path: Path, known: dict[str, Path]) -> list[str]:
    """The project's modules an import statement imports (a name imported from a package that is a
    module of its own counts as that module)."""
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:   # relative: from the module's own package
            package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
            base = ".".join(package[:len(package) - node.level + 1] + ([base] if base else []))
        names = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
    else:
        return []
    return [name for name in names if name.split(".")[0] in PACKAGES]


def local_imports(root: Path) -> list[str]:
    """``file:line: module`` for each import of a project module inside a function."""
    known, found = modules(root), []
    for module, path in known.items():
        for function in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                for node in ast.walk(function):
                    found += [f"{path.relative_to(root)}:{node.lineno}: {name}"
                              for name in _imported(node, module, path, known)]
    return sorted(set(found))


def cycles(root: Path) -> list[list[str]]:
    """Each set of the project's modules that import one another, in a circle (Tarjan's strongly
    connected components; an import under ``TYPE_CHECKING`` or in a function counts too)."""
    known = modules(root)
    graph = {module: sorted({name for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                             for name in _imported(node, module, path, known) if name in known and name != module})
             for module, path in known.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in graph[module]:
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in graph:
        if module not in index:
            visit(module)
    return sorted(found)


def test_no_project_module_is_imported_inside_a_function():
    assert local_imports(ROOT) == []


def test_no_import_cycle_between_the_project_modules():
    assert cycles(ROOT) == []


def test_the_walk_finds_a_cycle_and_a_function_local_import(tmp_path):
    """What the two tests above look for is found where it is: a planted cycle through a relative
    import and a name imported from a package, and an import hidden in a method."""
    (tmp_path / "pokerrules").mkdir()
    (tmp_path / "pokerrules" / "__init__.py").write_text("", encoding="utf-8")
    package = tmp_path / "rulebook"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "archive.py").write_text("from rulebook import changes\n", encoding="utf-8")
    (package / "changes.py").write_text("from .render import PageRenderer\n", encoding="utf-8")
    (package / "render.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from rulebook.archive import Archived\n",
        encoding="utf-8")
    (package / "site.py").write_text(
        "import json\n\nclass Site:\n    def build(self):\n        import rulebook.printing\n", encoding="utf-8")
    (package / "printing.py").write_text("def pdf():\n    from rulebook.site import Site\n", encoding="utf-8")
    assert cycles(tmp_path) == [["rulebook.archive", "rulebook.changes", "rulebook.render"],
                                ["rulebook.printing", "rulebook.site"]]
    assert local_imports(tmp_path) == ["rulebook/printing.py:2: rulebook.site", "rulebook/site.py:5: rulebook.printing"]


CODE_MAP = ROOT / "docs" / "CODE_MAP.md"
# A layer's heading names the folder its modules are in: ``## core — `rulebook/core/`: …``.
_LAYER = re.compile(r"^## (?P<layer>.+?) — `(?P<folder>[\w/]+)/`")
_MODULE = re.compile(r"^- `(?P<module>[\w.]+)` — \S")


def layers(map_text: str) -> dict[str, int]:
    """Module → the position of its layer in the code map (the engine's package is 0). A module is
    named within its layer's folder, so the map's layers are the tree's folders: a module listed
    under ``rulebook/core/`` is ``rulebook.core.<name>``, and the folder's package is in its layer."""
    found: dict[str, int] = {}
    layer, package = -1, ""
    for line in map_text.splitlines():
        if heading := _LAYER.match(line):
            layer, package = layer + 1, heading["folder"].replace("/", ".")
            if "." in package:   # a folder of its own: its package (``__init__``) is of this layer
                found[package] = layer
        elif (listed := _MODULE.match(line)) and layer >= 0:
            name = listed["module"]
            if "." in package and name == package.rpartition(".")[2]:
                name = package   # the module its folder is named for: the package's own (``__init__``)
            elif name not in PACKAGES:
                name = f"{package}.{name}"
            assert name not in found or name == package, f"{name} is in the code map twice"
            found[name] = layer
    return found


def against_the_flow(root: Path, map_text: str) -> list[str]:
    """``module imports module, a later layer`` for each import that points back up the map,
    ``module: not in the code map`` for each module the map does not place where it is, and
    ``module: in the code map, not in the code`` for each the map places where none is."""
    known, placed = modules(root), layers(map_text)
    names = {module: module if module in placed else module.split(".")[0] for module in known}
    found = [f"{module}: not in the code map" for module in known
             if module.startswith("rulebook.") and module not in placed]
    found += [f"{module}: in the code map, not in the code" for module in placed if module not in known]
    for module, path in known.items():
        if names[module] not in placed:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for name in _imported(node, module, path, known):
                other = names.get(name, name.split(".")[0])
                if other in placed and placed[other] > placed[names[module]]:
                    found.append(f"{module} imports {name}, a later layer")
    return sorted(set(found))


def test_the_code_map_places_every_module_and_every_import_points_down_it():
    assert against_the_flow(ROOT, CODE_MAP.read_text(encoding="utf-8")) == []


def test_the_code_map_check_finds_an_unplaced_module_and_an_import_against_the_flow(tmp_path):
    """A module the map leaves out or places in another folder, a module the map lists that is not
    there, and an import of a later layer (and the engine importing the generator) are each found."""
    for package in (*PACKAGES, "rulebook/core", "rulebook/publish"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "pokerrules" / "engine.py").write_text("from rulebook.core.errors import ModelError\n", encoding="utf-8")
    (tmp_path / "rulebook" / "core" / "errors.py").write_text("from rulebook.publish import site\n", encoding="utf-8")
    (tmp_path / "rulebook" / "publish" / "site.py").write_text("from rulebook.core.errors import ModelError\n",
                                                               encoding="utf-8")
    (tmp_path / "rulebook" / "publish" / "stray.py").write_text("", encoding="utf-8")
    (tmp_path / "rulebook" / "core" / "lost.py").write_text("", encoding="utf-8")
    (tmp_path / "rulebook" / "cli.py").write_text("from rulebook.publish.site import build\n", encoding="utf-8")
    code_map = ("## engine — `pokerrules/`: the engine\n\n- `pokerrules` — the engine.\n\n"
                "## core — `rulebook/core/`: data\n\n- `errors` — the error.\n- `gone` — a module removed.\n\n"
                "## publish — `rulebook/publish/`: the site\n\n- `site` — the site.\n- `lost` — in core, not here.\n\n"
                "## cli — `rulebook/`: the commands\n\n- `cli` — the commands.\n")
    assert against_the_flow(tmp_path, code_map) == [
        "pokerrules.engine imports rulebook.core.errors, a later layer",
        "rulebook.core.errors imports rulebook.publish.site, a later layer",
        "rulebook.core.gone: in the code map, not in the code",
        "rulebook.core.lost: not in the code map",
        "rulebook.publish.lost: in the code map, not in the code",
        "rulebook.publish.stray: not in the code map",
    ]
    assert against_the_flow(tmp_path, code_map.replace("- `lost` — in core, not here.", "")
                            .replace("- `gone` — a module removed.", "- `lost` — found.")
                            .replace("- `site` — the site.", "- `site` — the site.\n- `stray` — placed.")) == [
        "pokerrules.engine imports rulebook.core.errors, a later layer",
        "rulebook.core.errors imports rulebook.publish.site, a later layer"]


def test_a_print_job_reads_no_code_of_the_site():
    """The code a print job's stamp digests (``machinery.inputs.print_code``: what printing imports,
    directly or not) holds nothing of ``publish/site/``, so an edit of the Sphinx extension, the
    pictures' page code or the search reprints no card and no PDF (the site is built after print and
    offers what it made). Before publish/ was split, printing imported site.py, and through it render,
    the Sphinx jobs and everything they import."""
    files = closure(ROOT, PRINTING)
    assert "rulebook/publish/print/printing.py" in files and "rulebook/publish/machinery/staging.py" in files
    assert sorted(name for name in files if name.startswith("rulebook/publish/site/")) == []
