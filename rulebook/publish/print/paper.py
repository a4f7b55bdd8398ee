"""Paper: the sizes a house prints on (``print:`` in its house file), how a table card is laid on a
sheet, and the print shop's page.

A card is cut to A6 or A5; a sheet is the house's paper (A4 or US letter) holding as many cards as fit
side by side at their true size with crop marks, turned landscape when two fit across it, imposed from
the card's own PDF (its faces drawn again, not laid out again: a third of a card's printing saved). The print
shop's edition sets each face alone on a page the size of the card (its trim box), with 3 mm of bleed
and crop marks beyond the bleed, in the press's colours (PDF/X-4, CMYK with the press's output
profile). Every size is CSS written here, after ``templates/print/card.css``: the stylesheet says how a
card looks, this module how large its paper is.
"""

from __future__ import annotations

import hashlib
import io
import re
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

from rulebook.core.records import PrintChoice

# Width × height in millimetres, portrait.
SIZES = {"A4": (210.0, 297.0), "letter": (215.9, 279.4), "A6": (105.0, 148.0), "A5": (148.0, 210.0)}
NAMES = {"A4": "A4", "letter": "US Letter", "A6": "A6", "A5": "A5"}   # as readers and print shops know them
GUTTER = 12.0    # between two cards on a sheet
BLEED = 3.0      # the print shop's bleed round a card's trim
MARK_GAP = 4.0   # from the trim to a crop mark: outside the bleed
MARK = 5.0       # a crop mark's length
MARGIN = MARK_GAP + MARK + 1.0   # what a card needs round it on a sheet or a press page
# The press's output condition: the CMYK profile of the press the colours are meant for, embedded as
# the PDF/X output intent (Debian's libgs-common: a SWOP coated press).
PRESS_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")


@dataclass(frozen=True)
class Sheet:
    """A sheet as laid out: its page size in mm (turned as printed) and each card slot's top-left corner."""

    width: float
    height: float
    slots: tuple[tuple[float, float], ...]

    @property
    def landscape(self) -> bool:
        return self.width > self.height


def card_size(choice: PrintChoice) -> tuple[float, float]:
    return SIZES[choice.card]


def sheet(choice: PrintChoice) -> Sheet:
    """The house's paper with its cards centred on it: two side by side on the paper turned landscape
    when they fit there with their crop marks, else one on the paper upright. Centred, the layout is
    symmetric about both axes, so a back page's cards lie behind the front's after the flip."""
    card_w, card_h = card_size(choice)
    short, long = SIZES[choice.paper]
    if 2 * card_w + GUTTER + 2 * MARGIN <= long and card_h + 2 * MARGIN <= short:
        width, height = long, short
        left = (width - 2 * card_w - GUTTER) / 2
        top = (height - card_h) / 2
        return Sheet(width, height, ((left, top), (left + card_w + GUTTER, top)))
    width, height = short, long
    return Sheet(width, height, (((width - card_w) / 2, (height - card_h) / 2),))


def card_css(choice: PrintChoice) -> str:
    """The sizes of the house's cards, sheets and press pages, after card.css."""
    card_w, card_h = card_size(choice)
    laid = sheet(choice)
    slots = "".join(f".slot-{index} {{ left: {left:.2f}mm; top: {top:.2f}mm; }}\n"
                    for index, (left, top) in enumerate(laid.slots, start=1))
    return (f"@page {{ size: {card_w}mm {card_h}mm; }}\n"
            f"@page sheet {{ size: {laid.width}mm {laid.height}mm; }}\n"
            f"@page press {{ size: {card_w}mm {card_h}mm; bleed: {MARGIN}mm; }}\n"
            f".face, .slot {{ width: {card_w}mm; height: {card_h}mm; }}\n"
            f".sheet {{ width: {laid.width}mm; height: {laid.height}mm; }}\n{slots}")


def book_css(choice: PrintChoice) -> str:
    """The printed rulebook's paper, after rulebook.css (which sets its margins)."""
    width, height = SIZES[choice.paper]
    return f"@page {{ size: {width}mm {height}mm !important; }}"


def press_colours(text: str) -> str:
    """CSS (or SVG) with every ``#rgb`` / ``#rrggbb`` colour written as the press's ``device-cmyk()``:
    a print shop's file holds no RGB. Grey goes to black ink alone; a colour to its plain CMYK
    separation (the output profile says how the press prints it)."""
    def cmyk(found: re.Match) -> str:
        digits = found.group(1)
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        r, g, b = (int(digits[i:i + 2], 16) / 255 for i in (0, 2, 4))
        k = 1 - max(r, g, b)
        if k >= 1:
            return "device-cmyk(0 0 0 1)"
        c, m, y = ((1 - value - k) / (1 - k) for value in (r, g, b))
        if max(c, m, y) - min(c, m, y) < 0.02:   # a grey: black ink alone
            c = m = y = 0
        return "device-cmyk({:.3g} {:.3g} {:.3g} {:.3g})".format(c, m, y, k)

    return re.sub(r"(?<![&\w])#([0-9a-fA-F]{6}|[0-9a-fA-F]{3})\b", cmyk, text)


def press_css(css: str) -> str:
    """A card's stylesheet for the print shop: its colours in CMYK, and the press's output profile
    (named with its digest, so that a changed profile prints the files again)."""
    profile = PRESS_PROFILE.read_bytes() if PRESS_PROFILE.is_file() else b""
    if not profile:
        raise FileNotFoundError(f"{PRESS_PROFILE}: the press's CMYK profile is missing (install Debian's libgs-common: "
                                "make debian)")
    return (f"/* output profile sha256 {hashlib.sha256(profile).hexdigest()} */\n"
            f"@color-profile device-cmyk {{ src: url({PRESS_PROFILE.as_uri()}); components: c, m, y, k; }}\n"
            + press_colours(css))


def press_boxes(pdf) -> None:
    """Each press page's bleed box 3 mm round its trim box (WeasyPrint sets it as far as the crop marks), and
    no art box beside the trim box (PDF/X has a page declare one or the other)."""
    import pydyf

    bleed = BLEED * 72 / 25.4
    for page in pdf.objects:
        if isinstance(page, pydyf.Dictionary) and page.get("Type") == "/Page" and "TrimBox" in page:
            left, top, right, bottom = page["TrimBox"]
            page["BleedBox"] = pydyf.Array([left - bleed, top - bleed, right + bleed, bottom + bleed])
            page.pop("ArtBox", None)


def fixed_identity(pdf, identity: str) -> None:
    """The XMP document id PDF/X asks for, made from ``identity`` (the digest of what the file is printed
    from) instead of WeasyPrint's random one: the same card prints the same bytes in any build."""
    import uuid

    import pydyf

    reference = pdf.catalog["Metadata"]   # "21 0 R", as pydyf writes a reference (bytes)
    number = int((reference.decode("ascii") if isinstance(reference, bytes) else str(reference)).split()[0])
    stream = pdf.objects[number]
    assert isinstance(stream, pydyf.Stream)
    fixed = f"xmp.did:{uuid.uuid5(uuid.NAMESPACE_OID, identity)}"
    stream.stream = [re.sub(rb"xmp\.did:[0-9a-f-]{36}", fixed.encode("ascii"), part if isinstance(part, bytes)
                            else str(part).encode("utf-8")) for part in stream.stream]


PT = 72 / 25.4   # PDF points in a millimetre


def impose(card: bytes, laid: Sheet, size: tuple[float, float], flip: str) -> bytes:
    """A card's sheet made from the card's own PDF: each of its pages (a face) drawn on a page of the
    house's paper in every slot of ``laid``, as the same vector drawing (the face is one form object the
    slots draw again, not a second layout of its text), with crop marks as card.css draws them beside
    the press's cards (0.25 pt, 5 mm long, 4 mm outside the trim). The card's title, author, subject,
    dates and language carry over; the printer is asked to print at size and, for two faces, two-sided
    with the ``flip`` that keeps the backs upright (``printing.duplex_flip``)."""
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (ArrayObject, DecodedStreamObject, DictionaryObject, FloatObject, NameObject,
                               TextStringObject)

    reader = PdfReader(io.BytesIO(card))
    writer = PdfWriter()
    card_w, card_h = size
    marks = _marks(laid, card_w, card_h)
    for page in reader.pages:
        face = DecodedStreamObject()
        contents = page.get_contents()
        face.set_data(contents.get_data() if contents is not None else b"")
        face.update({NameObject("/Type"): NameObject("/XObject"), NameObject("/Subtype"): NameObject("/Form"),
                     NameObject("/BBox"): ArrayObject(FloatObject(value) for value in page.mediabox),
                     NameObject("/Resources"): page["/Resources"].clone(writer)})
        sheet = writer.add_blank_page(laid.width * PT, laid.height * PT)
        sheet[NameObject("/Resources")] = DictionaryObject({NameObject("/XObject"): DictionaryObject(
            {NameObject("/Face"): writer._add_object(face.flate_encode())})})
        drawn = [f"q 1 0 0 1 {left * PT:.3f} {(laid.height - top - card_h) * PT:.3f} cm /Face Do Q"
                 for left, top in laid.slots]
        content = DecodedStreamObject()
        content.set_data("\n".join([*drawn, "0 g", *marks]).encode("ascii"))
        sheet[NameObject("/Contents")] = writer._add_object(content.flate_encode())
    made: dict[str, Any] = dict(reader.metadata or {})
    made["/Producer"] = f"{made.get('/Producer', '')}; imposed by pypdf {version('pypdf')}".lstrip("; ")
    writer.add_metadata(made)
    preferences = DictionaryObject({NameObject("/PrintScaling"): NameObject("/None")})
    if len(reader.pages) > 1:
        preferences[NameObject("/Duplex")] = NameObject(flip)
    writer.root_object[NameObject("/ViewerPreferences")] = preferences
    if "/Lang" in reader.root_object:
        writer.root_object[NameObject("/Lang")] = TextStringObject(str(reader.root_object["/Lang"]))
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _marks(laid: Sheet, card_w: float, card_h: float) -> list[str]:
    """The crop marks of every slot of a sheet, as PDF rectangles filled black: at each corner one along
    the trim's top or bottom line and one along its left or right line, beyond the margin a print shop cuts in."""
    thin = 0.25   # pt
    marks = []
    for left, top in laid.slots:
        for x in (left, left + card_w):
            for y in (top, top + card_h):
                outward_x = -1 if x == left else 1
                outward_y = -1 if y == top else 1
                # the horizontal mark: on the trim's line, from MARK_GAP to MARK_GAP + MARK beyond its side
                start = x + outward_x * MARK_GAP if outward_x > 0 else x - MARK_GAP - MARK
                line = (laid.height - y) * PT - (0 if outward_y > 0 else thin)
                marks.append(f"{start * PT:.3f} {line:.3f} {MARK * PT:.3f} {thin} re f")
                # the vertical mark: on the trim's side, above its top or below its bottom
                start_y = y - MARK_GAP - MARK if outward_y < 0 else y + MARK_GAP
                column = x * PT - (thin if outward_x > 0 else 0)
                marks.append(f"{column:.3f} {(laid.height - start_y - MARK) * PT:.3f} {thin} {MARK * PT:.3f} re f")
    return marks
