"""QR codes as inline SVG (the only module that imports qrcode; no Pillow needed)."""

from __future__ import annotations

from markupsafe import Markup
from qrcode import QRCode

QUIET_ZONE = 4
"""Modules of white around the code, as the standard asks, so a phone finds it on a busy page."""


def _runs(matrix: list[list[bool]]) -> str:
    """The dark modules as one path, a rectangle for each run of them along a row (``M4 4h7v1H4z``): the same
    pixels as a square per module (qrcode's SvgPathImage), in under half the bytes, on every page that shows a
    code (a sheet has three)."""
    parts = []
    for y, row in enumerate(matrix):
        x = 0
        while x < len(row):
            if not row[x]:
                x += 1
                continue
            start = x
            while x < len(row) and row[x]:
                x += 1
            parts.append(f"M{start} {y}h{x - start}v1H{start}z")
    return "".join(parts)


def qr_svg(url: str, label: str) -> Markup:
    """An inline SVG QR code of ``url``, black on a white quiet zone so phones read it in a dim room; it scales
    with the page (CSS sets its size) and says what it is for screen readers."""
    code = QRCode(border=QUIET_ZONE)
    code.add_data(url)
    code.make(fit=True)
    matrix = code.get_matrix()
    size = len(matrix)
    return Markup(
        '<svg role="img" aria-label="{label}" class="qr" version="1.1" viewBox="0 0 {size} {size}" '
        'shape-rendering="crispEdges" xmlns="http://www.w3.org/2000/svg"><rect width="100%" height="100%" '
        'fill="#fff"/><path fill="#000" d="{path}"/></svg>'
    ).format(label=label, size=size, path=_runs(matrix))
