"""What a build published, said in one line per house and language: which of its parts were rebuilt
and which were kept as published, and where they are (a successful build otherwise prints nothing)."""

from __future__ import annotations

from pathlib import Path

# The parts of a house's language a build makes, in the order the line names them.
PARTS = ("site", "cards", "PDFs")


class Report:
    """Each house's language → each part of it → rebuilt (True) or kept (False)."""

    def __init__(self) -> None:
        self._done: dict[tuple[str, str], dict[str, bool]] = {}

    def record(self, house: str, lang: str, part: str, rebuilt: bool) -> None:
        """One job's part: rebuilt by this build, or kept as published (a part made by two jobs, a
        rulebook and its short form, is rebuilt if either was)."""
        parts = self._done.setdefault((house, lang), {})
        parts[part] = parts.get(part, False) or rebuilt

    def lines(self, build: Path) -> list[str]:
        """``club/ro: site rebuilt, cards kept, PDFs kept → _build/site/club/ro/``, in reading order."""
        found = []
        for (house, lang), parts in sorted(self._done.items()):
            said = ", ".join(f"{part} {'rebuilt' if parts[part] else 'kept'}" for part in PARTS if part in parts)
            found.append(f"{house}/{lang}: {said} → {build / ('site' if 'site' in parts else 'cards') / house / lang}/")
        return found
