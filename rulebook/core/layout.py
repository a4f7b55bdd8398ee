"""Where a project's sources are: a room's own folder, and the shared rule library beside it.

This repository is the library's home: its ``rules/``, ``executable_examples/``, ``locales/`` and
``templates/`` are the library, and its houses publish from it in place. A room's own project (made by
``rulebook quickstart``) holds only its houses, its own parts, examples and catalogs, and overrides of
templates; the library comes from the installed package (``rulebook/library/``, copied there when the
wheel is built), or from the checkout the generator runs from. Each file keeps its path in the folder it
lives in (``rules/x.yaml``), so messages read the same in both; a room's file may not take a library
file's name.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent        # the rulebook package running now
INSTALLED = PACKAGE / "library"                          # the library, as the wheel installs it
CHECKOUT = PACKAGE.parent                                # a source checkout: the library's home
GLOSSARY = Path("locales") / "glossary.yaml"             # only the library has it (a room's is per house)


def generator_version() -> str:
    """The installed generator's version, its library's with it (the wheel's), or ``0+checkout`` without one."""
    try:
        return version("pokerrulebook")
    except PackageNotFoundError:
        return "0+checkout"


def library_home() -> Path:
    """The library the generator was installed with: the wheel's copy, else the checkout it runs from."""
    return INSTALLED if (INSTALLED / GLOSSARY).is_file() else CHECKOUT


@dataclass(frozen=True)
class Layout:
    """The project's folder (``root``: houses, build, its own parts) and the library's (``library``)."""

    root: Path
    library: Path

    @classmethod
    def of(cls, root: Path | str) -> "Layout":
        """A folder holding the shared glossary is the library's home; any other is a room's project."""
        root = Path(root).resolve()
        return cls(root, root if (root / GLOSSARY).is_file() else library_home())

    @property
    def room(self) -> bool:
        """Whether the project is a room's own, apart from the library."""
        return self.root != self.library

    def folders(self, name: str) -> list[Path]:
        """``name`` (``rules``, ``executable_examples``, ``templates``) in the library, then in the room."""
        return [self.library / name, self.root / name] if self.room else [self.root / name]

    def locate(self, rel: str | Path) -> Path:
        """A source file by its path in its folder: the room's own first, else the library's."""
        mine = self.root / rel
        return mine if not self.room or mine.exists() else self.library / rel

    def rel(self, path: Path) -> str:
        """A file's path in the folder it lives in (the room's, or the library's)."""
        for base in (self.root, self.library):
            if path.is_relative_to(base):
                return path.relative_to(base).as_posix()
        return str(path)

    def owns(self, rel: str) -> bool:
        """Whether a source file (by its path) is the room's own rather than the library's."""
        return not self.room or (self.root / rel).exists()
