"""Reading one file: the errors found in it, collected so that a load reports them all."""

from __future__ import annotations

from typing import Any

from rulebook.core.errors import ModelError
from rulebook.core.schema import problems


class Reader:
    """Collects the errors of one file, each naming its line and the rule (or note, house, example)."""

    def __init__(self, file: str, errors: list[ModelError], what: str = "rule"):
        self.file, self.errors, self.what = file, errors, what

    def error(self, line: int, rule_id: str | None, message: str, check: str | None = None) -> None:
        self.errors.append(ModelError(self.file, line, rule_id, message, self.what, check))

    def fields(self, data: Any, line: int, rule_id: str | None, what: str, record: type) -> dict[str, Any] | None:
        """``data`` as a dict when it is the declared ``record`` (:mod:`rulebook.core.schema`); else None,
        each problem reported at its line."""
        found = problems(record, data, line, what)
        for at, message in found:
            self.error(at, rule_id, message)
        return None if found else dict(data)
