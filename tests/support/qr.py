"""Reading our QR codes back as a phone's camera would: zbar's `zbarimg` decodes an image of the code.

`make test` installs it (Debian's zbar-tools) with the browser when run as root; without it the QR tests
skip, except where CI requires the browser tests (SCOREKEEPER_REQUIRE_BROWSER=1), where they fail.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ZBARIMG = "zbarimg"
MODULE = 8
"""Pixels per QR module when we rasterize an SVG ourselves."""


def require_decoder() -> str:
    """The path of zbarimg; skips (or fails, where CI requires it) when it is missing."""
    found = shutil.which(ZBARIMG)
    if found is None:
        reason = f"{ZBARIMG} is not installed (Debian's zbar-tools; `make test` installs it when run as root)"
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the QR tests are required but {reason}")
        pytest.skip(reason)
    return found


def decode(image: Path) -> list[str]:
    """Every QR code zbarimg reads in the image (PNG, PGM …), as text."""
    zbarimg = require_decoder()
    result = subprocess.run([zbarimg, "--quiet", "--raw", "--nodbus", str(image)],
                            capture_output=True, text=True, timeout=30, check=False)
    if result.returncode not in (0, 4):  # 4: the image was read and held no code
        raise AssertionError(f"zbarimg failed ({result.returncode}): {result.stderr}")
    return [line for line in result.stdout.splitlines() if line]


def rasterize(svg: str, path: Path) -> Path:
    """Draw the QR of our inline SVG (scorekeeper/qr.py: one ``Mx yhnv1Hxz`` rectangle for each run of dark
    modules along a row) on white, as a binary PGM image that zbarimg reads; a code drawn any other way fails
    here, loudly."""
    size = re.search(r'viewBox="0 0 (\d+) (\d+)"', svg)
    body = re.search(r'<path [^>]*\bd="([^"]*)"', svg)
    assert size and body, "not the SVG QR this module knows how to draw"
    modules = int(size.group(1))
    runs = re.findall(r"M(\d+) (\d+)h(\d+)v1H(\d+)z", body.group(1))
    assert runs and "".join(f"M{x} {y}h{n}v1H{x2}z" for x, y, n, x2 in runs) == body.group(1)
    assert all(x == x2 for x, _, _, x2 in runs)
    squares = [(int(x), int(y), int(x) + int(n), int(y) + 1) for x, y, n, _ in runs]
    width = modules * MODULE
    pixels = bytearray([255]) * (width * width)
    for x, y, x2, y2 in squares:
        for row in range(y * MODULE, y2 * MODULE):
            start = row * width
            pixels[start + x * MODULE:start + x2 * MODULE] = bytes((x2 - x) * MODULE)
    path.write_bytes(b"P5 %d %d 255\n" % (width, width) + bytes(pixels))
    return path
