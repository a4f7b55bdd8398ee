"""Babel extractor for the rule YAML, registered as ``rulebook_yaml``.

Babel's contract (``babel/messages/extract.py``): a generator of
``(lineno, funcname, message, comments)``. Each rule string is yielded as a
``pgettext`` call so its rule id becomes the msgctxt, and the comment tells
the translator which rule and which values the placeholders stand for.
"""

from __future__ import annotations

from typing import Any, BinaryIO, Iterator

from pathlib import Path

from rulebook.core import examples, model
from rulebook.i18n.catalogs import RULE_NOTE
from rulebook.i18n.glossary import load_glossary, load_house_glossary


def extract_rules(
    fileobj: BinaryIO, keywords: Any, comment_tags: Any, options: dict
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    path = Path(fileobj.name)
    if path.name == "glossary.yaml":   # the shared glossary (locales/), or a house's own (houses/<id>/)
        if path.parent.parent.name == "houses":
            root = path.parents[2]
            meanings = load_house_glossary(root, path.parent.name, load_glossary(root, ()), None).messages()
        else:
            meanings = [meaning for term in load_glossary(path.parent.parent, ()) for meaning in term.messages()]
        for line, context, note, comments in meanings:
            yield line, "pgettext", (context, note), comments
        return
    if path.parent.name == "executable_examples":
        messages = examples.read_messages(path, f"executable_examples/{path.name}")
    else:
        messages = model.read_messages(path)
    for message in messages:
        comments = [f"{RULE_NOTE}{message.rule_id}"] if message.rule_id else []
        comments += message.hints
        yield message.line, "pgettext", (message.context, message.text), comments
