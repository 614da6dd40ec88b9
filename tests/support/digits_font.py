"""The font that writes a page's digits the Arabic-Indic way (٠١٢٣٤٥٦٧٨٩) for a table that chose so: DejaVu Sans's
own Arabic-Indic digits (regular and bold), cut down to those ten glyphs and drawn for the ASCII digits 0–9.

A page with the choice (``<html data-digits="arab">``) puts this face first for U+0030–0039 only (``unicode-range``
in static/css/app.css), so every digit it shows becomes Arabic-Indic wherever it comes from: the server's drawing,
the phone's own drawing with no signal, a live update written by a script. What the page holds stays ASCII (a
field's value, an address, the API), so nothing that reads the numbers changes.

The fonts in static/fonts/ are written by ``python -m tests.support.digits_font --write`` from Debian's
fonts-dejavu-core (DejaVu's licence allows changed fonts under another name: they are called "scorekeeper digits";
static/fonts/LICENSE), and tests/pages/test_digits.py checks them against it.
"""

from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

DEJAVU = Path("/usr/share/fonts/truetype/dejavu")
"""Where Debian's fonts-dejavu-core puts DejaVu Sans."""
FONTS = Path(__file__).resolve().parents[2] / "static" / "fonts"
WEIGHTS = {400: "DejaVuSans.ttf", 700: "DejaVuSans-Bold.ttf"}
"""Each weight the pages write digits in, and the DejaVu face it is cut from."""
FAMILY = "scorekeeper digits"
NOTICE = ("Copyright (c) 2003 by Bitstream, Inc. All Rights Reserved. Bitstream Vera is a trademark of Bitstream, "
          "Inc. DejaVu changes are in public domain. Cut for scorekeeper: static/fonts/LICENSE.")
"""The copyright and trademark notices the Bitstream Vera licence asks every copy to carry."""
ARABIC_INDIC = range(0x0660, 0x066A)
"""ARABIC-INDIC DIGIT ZERO … NINE."""


def path_of(weight: int) -> Path:
    return FONTS / f"arabic-indic-digits-{weight}.ttf"


def cut(source: Path, weight: int) -> TTFont:
    """DejaVu's Arabic-Indic digits alone, each also drawn for its ASCII digit, under scorekeeper's own name."""
    font = TTFont(source)
    options = subset.Options()
    options.glyph_names = True
    options.name_IDs = []
    options.layout_features = []
    options.notdef_outline = True
    cutter = subset.Subsetter(options)
    cutter.populate(unicodes=list(ARABIC_INDIC))
    cutter.subset(font)
    for table in font["cmap"].tables:
        if table.isUnicode():
            for offset, code in enumerate(ARABIC_INDIC):
                table.cmap[0x30 + offset] = table.cmap[code]
    style = "Bold" if weight == 700 else "Regular"
    names = font["name"]
    for name_id, value in ((0, NOTICE), (1, FAMILY), (2, style), (4, f"{FAMILY} {style}"),
                           (6, f"scorekeeper-digits-{style}")):
        names.setName(value, name_id, 3, 1, 0x409)
        names.setName(value, name_id, 1, 0, 0)
    font["OS/2"].usWeightClass = weight
    return font


def write() -> None:
    FONTS.mkdir(exist_ok=True)
    for weight, name in WEIGHTS.items():
        cut(DEJAVU / name, weight).save(path_of(weight))
        print(f"{path_of(weight)}: {path_of(weight).stat().st_size} bytes")


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python -m tests.support.digits_font --write")
    write()
