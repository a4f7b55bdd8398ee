"""The rules as the search finds them: one entry per rule (and per page), read from the doctrees.

Sphinx's index knows pages; a reader searching "tapis" wants the rule. Each page's rules (a section
holding a ``rules.rule`` node, which the ``rulebook:rule`` directive of this domain makes) are kept with their title, the part they belong
to and their text, and written for the search page as data. The browser ranks them all together
(``static/rule_search.js``) with the language's own word splitting and stemming, so the rule is found
wherever its page comes in Sphinx's order.

The entries are kept in the build environment by a small domain (as ``sphinx.ext.duration`` keeps its
durations): pickled with it, forgotten for a page that is read again or removed, merged from parallel
readers, and dropped whole when their shape changes (``RuleIndexDomain.data_version``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence, Set
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import Directive
from sphinx.addnodes import pending_xref
from sphinx.builders import Builder
from sphinx.domains import Domain
from sphinx.environment import BuildEnvironment

from rulebook.publish.site import pages, parts, rules

Entry = dict[str, str]

def _rule_of(section: nodes.section) -> rules.rule | None:
    """The rule a section states (its ``rule`` node), or None: a page's sections of rules, a part's
    place for a rule stated elsewhere (the search lists the rule itself), the changes page's entries."""
    found = next((child for child in section.children if isinstance(child, rules.rule)), None)
    return None if found is None or found["reference"] else found


def _is_example(node: nodes.Node) -> bool:
    return isinstance(node, nodes.container) and "example" in node["classes"]


def _words(node: nodes.Node) -> str:
    """A node's text as readers see it: never docutils' own reports (a system message), nor the
    markup of a picture (raw HTML: the example's sentence says the same in words)."""
    if isinstance(node, (nodes.system_message, nodes.raw)):
        return ""
    hidden = (nodes.system_message, nodes.raw)
    if next(node.findall(lambda found: isinstance(found, hidden)), None) is None:
        return node.astext()
    node = node.deepcopy()
    for report in list(node.findall(lambda found: isinstance(found, hidden))):
        if report.parent is not None:
            report.parent.remove(report)
    return node.astext()


def _own_text(section: nodes.section, examples: bool = False) -> str:
    """The section's words outside its title, id line, notes (the page's notice of authority) and
    subsections, on one line: its worked examples, or the rest."""
    children = [grandchild if isinstance(child, rules.rule) else child for child in section.children
                for grandchild in (child.children if isinstance(child, rules.rule) else [child])]
    kept = [_words(child) for child in children
            if not isinstance(child, (nodes.title, nodes.section, nodes.target, nodes.Admonition))
            and not (isinstance(child, nodes.paragraph) and rules.META in child["classes"])
            and _is_example(child) == examples]
    return " ".join(" ".join(kept).split())


def _title(section: nodes.Element) -> str:
    return next((_words(child) for child in section.children if isinstance(child, nodes.title)), "")


def entries(doctree: nodes.document) -> list[dict[str, str]]:
    """The page (its first section) and each of its rules: anchor, title, the heading of the
    section it is in (what the rule is about, in the rulebook's own words), text and worked examples."""
    found = []
    for number, section in enumerate(doctree.findall(nodes.section)):
        if not (number == 0 or _rule_of(section)) or not section["ids"]:
            continue
        entry = {"id": "" if number == 0 else section["ids"][0], "title": _title(section), "text": _own_text(section)}
        if number and (examples := _own_text(section, examples=True)):
            entry["examples"] = examples
        parent = section.parent
        if number and isinstance(parent, nodes.section) and isinstance(parent.parent, nodes.section):
            entry["section"] = _title(parent)
        found.append(entry)
    return found


def with_readers_words(pages: list[tuple[str, list[Entry]]], about: Mapping[str, Sequence[str]]
                       ) -> list[tuple[str, list[Entry]]]:
    """Each rule with what readers say about it in their own words (``about``: rule id → phrases: how
    readers ask about it, from the glossaries' ``asked``, and the meaning of a term it says what it
    is), which the search weighs as the rule's title: "are the cards that would have come shown"
    finds the rule against rabbit hunting, whose text says "rabbit hunting"."""
    return [(name, [{**entry, "about": " · ".join(about[entry["id"]])} if entry["id"] and about.get(entry["id"])
                    else entry for entry in entries]) for name, entries in pages]


def script(pages: list[tuple[str, list[dict[str, str]]]], labels: Mapping[str, str | Mapping[str, str]]) -> str:
    """The index as a script that hands it to the search page, its pages in the rulebook's order
    (which breaks ties); the texts are JSON, never code.

    ``<`` and the line separators are escaped, so no text can end the script or break the line.
    """
    data = json.dumps({"labels": labels, "pages": pages}, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    for raw, escaped in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                         ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        data = data.replace(raw, escaped)
    return f"RuleSearch.setIndex({data});\n"


class RuleIndexDomain(Domain):
    """Each page's search entries (``entries``), kept between builds with the environment."""

    name = "rulebook"
    label = "Rulebook rule index"
    directives: ClassVar[dict[str, type[Directive]]] = {
        "part": parts.PartDirective, "authority": parts.AuthorityDirective, "glossary": pages.GlossaryDirective,
        "at-the-table": pages.AtTheTableDirective, "calculators": pages.CalculatorsDirective,
        "home": pages.HomeDirective, "status": pages.StatusDirective, "changes": pages.ChangesDirective,
        "downloads": pages.DownloadsDirective}
    initial_data: ClassVar[dict[str, Any]] = {"rules": {}}
    data_version = 1   # raised whenever an entry's shape changes: a stored index is then read again

    @property
    def rules(self) -> dict[str, list[Entry]]:
        """Page name → its entries, in the order the pages were read."""
        return self.data.setdefault("rules", {})

    def note_page(self, docname: str, doctree: nodes.document) -> None:
        self.rules[docname] = entries(doctree)

    def clear_doc(self, docname: str) -> None:
        self.rules.pop(docname, None)

    def resolve_any_xref(self, env: BuildEnvironment, fromdocname: str, builder: Builder, target: str,
                         node: pending_xref, contnode: nodes.Element) -> list[tuple[str, nodes.reference]]:
        return []   # the index names no object a cross-reference could reach

    def merge_domaindata(self, docnames: Set[str], otherdata: dict[str, Any]) -> None:
        """Pages read by parallel readers join the main environment's."""
        for docname in docnames:
            if docname in otherdata["rules"]:
                self.rules[docname] = otherdata["rules"][docname]
