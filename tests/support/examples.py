"""How many examples a property test tries: every one of them in CI (``.ci/run`` sets
SCOREKEEPER_HYPOTHESIS=ci), a tenth (at least 10) in a quick local ``make test``. The properties are the same
either way; CI only tries more inputs against them."""

from __future__ import annotations

import os

THOROUGH = os.environ.get("SCOREKEEPER_HYPOTHESIS", "quick") == "ci"


def examples(count: int) -> int:
    """``count`` examples in CI; a tenth of them (at least 10) elsewhere."""
    return count if THOROUGH else max(10, count // 10)
