"""Where the house's numbers come from, for its editors (``references:`` of the house file).

Beside each rule, the editors' edition shows the reference of every house number the rule quotes:
the passage of the house's documents it comes from, or, for numbers the documents do not give, a
proposal with its reason. The status page lists every reference, and the proposed numbers among the
proposals, so that a number the house's documents never gave is never a page without a proposal.
The reader's edition shows none of it. Every word is a ``nodes.Text``: no passage is read as markup.
"""

from __future__ import annotations

from docutils import nodes

from rulebook.core.model import Rule
from rulebook.core.references import Reference
from rulebook.publish.site.rst import one_line
from rulebook.publish.site.rules import Page, paragraph

# The paragraph beside a rule saying where a group of its numbers comes from (CSS class).
NUMBER_SOURCE = "number-source"


def reference_nodes(page: Page, reference: Reference) -> nodes.Element:
    """One reference: its passage, or (a proposal, marked as the rules' proposals are) why the house
    states numbers its documents do not give."""
    _ = page.tr.gettext
    if reference.proposed is None:
        return paragraph(nodes.Text(one_line(
            # Translators: the editors' edition: where a group of the house file's numbers comes from,
            # {key} the group's name there ("stakes.rake"), {passage} as the house file writes it (quoting
            # the house's documents in their language).
            _("Source of the numbers {key}: {passage}").format(key=reference.key,
                                                                           passage=reference.passage))),
            classes=(NUMBER_SOURCE,))
    said = one_line(
        # Translators: the editors' edition, after "Proposed:": {key} is a group of the house file's numbers ("stakes.rake").
        _("The house's documents do not give the numbers {key}: its house file states them.").format(key=reference.key))
    why = one_line(_("Why:")) + " " + one_line(reference.proposed or "")
    return nodes.container("", paragraph(nodes.strong("", one_line(_("Proposed:"))), nodes.Text(f" {said}\n{why}")),
                           classes=["proposed", NUMBER_SOURCE])


def rule_references(page: Page, stated: Rule) -> list[nodes.Element]:
    """Beside a rule (editors): the reference of each house number it quotes."""
    return [reference_nodes(page, reference) for reference in page.book.references_quoted(stated)]
