"""The digits' font (static/fonts/, written by tests/support/digits_font.py): each ASCII digit drawn as its
Arabic-Indic digit, the very glyph of DejaVu Sans (regular and bold), under a name of scorekeeper's own as the
Bitstream Vera licence asks, with its notices; served, and kept by an installed phone for no signal."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient
from fontTools.ttLib import TTFont

from scorekeeper.views.offline import PRECACHED
from tests.support.digits_font import ARABIC_INDIC, DEJAVU, WEIGHTS, path_of


def outline(font: TTFont, glyph: str) -> list[tuple[int, int]]:
    return [tuple(point) for point in font["glyf"][glyph].getCoordinates(font["glyf"])[0]]


@pytest.mark.parametrize("weight", list(WEIGHTS))
def test_each_ascii_digit_is_drawn_as_its_arabic_indic_digit(weight: int) -> None:
    with TTFont(path_of(weight)) as font:
        check_font(font, weight)


def check_font(font: TTFont, weight: int) -> None:
    cmap = font.getBestCmap()
    for offset, code in enumerate(ARABIC_INDIC):
        assert cmap[0x30 + offset] == cmap[code], chr(0x30 + offset)
    assert font["OS/2"].usWeightClass == weight
    named = {record.nameID: record.toUnicode() for record in font["name"].names}
    assert named[1] == "scorekeeper digits"
    # The licence: a changed font is named without "Bitstream" or "Vera" (nor DejaVu's name), and keeps the notices.
    for name_id in (1, 4, 6):
        assert not any(word in named[name_id] for word in ("Bitstream", "Vera", "DejaVu")), named[name_id]
    assert named[0].startswith("Copyright (c) 2003 by Bitstream, Inc.") and "trademark" in named[0]
    source = DEJAVU / WEIGHTS[weight]
    if not source.is_file():
        pytest.skip("Debian's fonts-dejavu-core is not installed (make browser installs it)")
    with TTFont(source) as dejavu:
        for code in ARABIC_INDIC:
            assert outline(font, cmap[code]) == outline(dejavu, dejavu.getBestCmap()[code]), hex(code)


def test_the_fonts_are_served_and_kept_for_no_signal(client: FlaskClient) -> None:
    for weight in WEIGHTS:
        name = f"fonts/{path_of(weight).name}"
        assert name in PRECACHED
        with client.get(f"/static/{name}") as answer:
            assert answer.status_code == 200 and answer.get_data() == path_of(weight).read_bytes()
