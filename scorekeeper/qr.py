"""QR codes as inline SVG (the only module that imports qrcode; no Pillow needed)."""

from __future__ import annotations

import io
import re

import qrcode
import qrcode.image.svg
from markupsafe import Markup


def qr_svg(url: str, label: str) -> Markup:
    """An inline SVG QR code of ``url``, black on a white quiet zone so phones read it in a dim room."""
    image = qrcode.make(url, image_factory=qrcode.image.svg.SvgPathImage, box_size=10, border=4)
    buffer = io.BytesIO()
    image.save(buffer)
    svg = buffer.getvalue().decode()
    svg = re.sub(r"^<\?xml[^>]*>\s*", "", svg)
    # Scale with the page (CSS sets the size), and say what it is for screen readers.
    size_attributes = r'width="[^"]*" height="[^"]*"'
    svg = re.sub(size_attributes, f'role="img" aria-label="{Markup.escape(label)}" class="qr"', svg, count=1)
    svg = svg.replace("<path ", '<rect width="100%" height="100%" fill="#fff"/><path fill="#000" ', 1)
    return Markup(svg)
