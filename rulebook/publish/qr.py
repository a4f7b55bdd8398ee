"""A QR code for a printed card: its address, drawn by segno (a maintained, pure-Python encoder).

The code is a ``data:`` URI of an SVG image, so a template puts it in an ``<img src>`` attribute,
escaped there like any other text, and WeasyPrint draws it as vectors: crisp at any size. The
address is only encoded in the image, never written into the card's markup.
"""

from __future__ import annotations

import segno

from rulebook.publish.web import Place


def qr_image(address: str) -> str:
    """The QR code of ``address`` as an SVG ``data:`` URI, error correction M (a worn or creased card
    still reads), with the standard's quiet zone of four modules around it."""
    return segno.make(address, error="m", boost_error=False).svg_data_uri(border=4, dark="#000", light="#fff")


def card_address(place: Place, page: str, anchor: str | None = None) -> str | None:
    """Where a card's QR code leads: a page of the house's rulebook in the card's language (and a
    rule on it); None when the house has not said where its site is published (``base_url``)."""
    url = place.url(page)
    return f"{url}#{anchor}" if url and anchor else url
