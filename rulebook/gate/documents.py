"""Each house's rulebook quotes its own documents, word for word (docs/DESIGN.md, principle 7).

A house names its documents (``documents:``, files in its folder); every part it publishes cites one
of them (``source:``), and every rule it states quotes, under ``excerpt:``, passages that stand in that
document verbatim (spacing aside) and names a heading of it (``source:``). So a translation, a
paraphrase or another house's words can never pass for the house's own, and the gate, not only the
tests, says so. The one exception is the game itself (a part's ``game: true``: the hand rankings, the
betting structures): a house that does not name the document those rules were written from publishes
them as the game's rules, claiming no passage of another house's documents.
"""

from __future__ import annotations

from rulebook.core.errors import Problem
from rulebook.core.model import Rulebook
from rulebook.core.references import normal
from rulebook.project import Project


def document_problems(project: Project) -> list[Problem]:
    """Every part a house publishes cites one of its documents, and every rule it states quotes it."""
    problems = []
    for house_id, view in project.houses.items():
        book = view.editors_book
        texts = {name: normal(text) for name, text in book.documents.items()}
        for part in book.parts:
            document = texts.get(part.source)
            own = [rule for rule in part.rules if not rule.of_the_game_for(texts)]   # the game's quote no document of its
            if document is None and own:
                named = ", ".join(sorted(texts)) or "none"
                problems.append(Problem(part.file, 1, "document", part.id, None,
                                        f"part {part.id!r} cites {part.source}, which is not a document of house "
                                        f"{house_id} ({book.house_file}, documents: {named}): name it there and put "
                                        f"it in houses/{house_id}/, or leave the part out"))
                continue
            for rule in own:
                if rule.see or rule.is_proposal or document is None:
                    continue   # a reference quotes nothing; a proposal states what no document says
                if not rule.excerpts:
                    problems.append(Problem(rule.file, rule.line, "document", rule.id, None,
                                            f"quotes no passage of {part.source} (excerpt:)"))
                for excerpt in rule.excerpts:
                    if normal(excerpt) not in document:
                        problems.append(Problem(rule.file, rule.line, "document", rule.id, None,
                                                f"its excerpt {normal(excerpt)[:60]!r}… is not in {part.source} "
                                                f"(house {house_id}) word for word: copy it from the document"))
                if rule.source and normal(rule.source) not in document:
                    problems.append(Problem(rule.file, rule.line, "document", rule.id, None,
                                            f"its source {rule.source[:60]!r} is no heading of {part.source} "
                                            f"(house {house_id})"))
        problems += _coverage(book, texts)
    return problems


def _coverage(book: Rulebook, texts: dict[str, str]) -> list[Problem]:
    """Which passages became which rules: every section a house lists of its document is in it, and is
    stated by a rule the house publishes (its ``source``), so no passage of the house's is left out."""
    cited: dict[str, set[str]] = {}
    for part in book.parts:
        for rule in part.rules:
            cited.setdefault(part.source, set()).add(normal(rule.source))
    problems = []
    for name, (listing, headings) in book.sections.items():
        for heading, line in headings:
            if normal(heading) not in texts.get(name, ""):
                problems.append(Problem(listing, line, "document", book.id, None,
                                        f"{heading[:60]!r} is no heading of {name}"))
            elif normal(heading) not in cited.get(name, set()):
                problems.append(Problem(listing, line, "document", book.id, None,
                                        f"the passage {heading[:60]!r} of {name} is stated by no rule house "
                                        f"{book.id} publishes: write its rule (source: the heading), or take it "
                                        "off this list if it holds no rule"))
    return problems
