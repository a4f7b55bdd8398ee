"""The wheel carries the shared rule library as package data (``rulebook/library/``).

The library's home is this repository's top level (``rules/``, ``executable_examples/``, ``locales/``,
``templates/``, ``runtime/``'s pins), where its two reference houses publish from it in place; a room's
own project reads it from the installed package instead (``rulebook.core.layout``). An editable install
reads the checkout itself, so nothing is copied for one.
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
# Each folder of the library, and the files of it the package carries (never the runtime's node_modules).
LIBRARY = {
    "rules": ("*.yaml", "README.md"),
    "executable_examples": ("*.yaml", "README.md"),
    "locales": ("glossary.yaml", "README.md", "*/glossary.yaml", "*/LC_MESSAGES/rulebook.po", "rulebook.pot"),
    "templates": ("**/*",),
    "runtime": ("package.json", "package-lock.json"),
    "houses": ("README.md",),   # the house file's format (the reference houses stay here)
    ".": ("conf.py",),          # the Sphinx configuration a room's project starts with
}


class BuildWithLibrary(build_py):
    """build_py, then the library copied into the built package."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return
        target = Path(self.build_lib) / "rulebook" / "library"
        shutil.rmtree(target, ignore_errors=True)
        for folder, patterns in LIBRARY.items():
            for pattern in patterns:
                for path in sorted((HERE / folder).glob(pattern)):
                    if path.is_file() and "__pycache__" not in path.parts:
                        out = target / path.relative_to(HERE)
                        out.parent.mkdir(parents=True, exist_ok=True)
                        shutil.copy2(path, out)


setup(cmdclass={"build_py": BuildWithLibrary})
