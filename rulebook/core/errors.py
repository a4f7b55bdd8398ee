"""The one error a user's mistake turns into: a single line naming file, line and rule."""

from __future__ import annotations

from dataclasses import dataclass


class ModelError(Exception):
    """Bad input, reported as ``file:line: rule <id>: what is wrong``."""

    def __init__(self, file: str, line: int, rule_id: str | None, message: str, what: str = "rule",
                 check: str | None = None):
        self.file, self.line, self.rule_id, self.message, self.what = file, line, rule_id, message, what
        self.check = check  # set when the input is readable but inconsistent (the gate's exit 1)
        super().__init__(str(self))

    def __reduce__(self) -> tuple[type[ModelError], tuple[str, int, str | None, str, str, str | None]]:
        """Raised in a worker process, it reaches the command as it was (its file, line and rule)."""
        return ModelError, (self.file, self.line, self.rule_id, self.message, self.what, self.check)

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:"
        who = f" {self.what} {self.rule_id}:" if self.rule_id else ""
        return f"{where}{who} {self.message}"


class ModelErrors(Exception):
    """Every mistake found in one pass, so an editor fixes them all at once."""

    def __init__(self, errors: list[ModelError]):
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class Problem:
    """An inconsistency the gate reports (exit 1): ``file:line: [check] rule-id (lang): message``."""

    file: str
    line: int
    check: str
    rule_id: str | None
    lang: str | None
    message: str

    def __str__(self) -> str:
        who = self.rule_id or "-"
        lang = f" ({self.lang})" if self.lang else ""
        return f"{self.file}:{self.line}: [{self.check}] {who}{lang}: {self.message}"
