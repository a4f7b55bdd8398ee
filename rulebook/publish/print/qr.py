"""A QR code for a printed card: its address, drawn by segno (a maintained, pure-Python encoder).

The code is a ``data:`` URI of an SVG image, so a template puts it in an ``<img src>`` attribute,
escaped there like any other text, and WeasyPrint draws it as vectors: crisp at any size. The
address is only encoded in the image, never written into the card's markup.
"""

from __future__ import annotations

import base64

import segno

from rulebook.publish.print.paper import press_colours

from rulebook.publish.editions.archive import Place


def qr_image(address: str, press: bool = False) -> str:
    """The QR code of ``address`` as an SVG ``data:`` URI, error correction M (a worn or creased card
    still reads), with the standard's quiet zone of four modules around it; ``press``: its black and
    white in the print shop's inks (``device-cmyk``), not RGB."""
    code = segno.make(address, error="m", boost_error=False)
    if not press:
        return code.svg_data_uri(border=4, dark="#000", light="#fff")
    svg = press_colours(code.svg_inline(border=4, dark="#000", light="#fff"))
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def card_address(place: Place, page: str, anchor: str | None = None) -> str | None:
    """Where a card's QR code leads: a page of the house's rulebook in the card's language (and a
    rule on it); None when the house has not said where its site is published (``base_url``)."""
    url = place.url(page)
    return f"{url}#{anchor}" if url and anchor else url
