"""Browser tests: Debian's Chromium driven by Playwright at a phone's size, against `scorekeeper serve`."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import LiveServer, start_server, stop_server

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PHONE = {"width": 390, "height": 844}


@pytest.fixture(autouse=True)
def _chromium_present() -> None:
    """Skip without Chromium, unless CI requires the browser tests (then a missing browser fails)."""
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser tests are required but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it when run as root)")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, never a downloaded browser, with the flags this machine needs."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone held in one hand: 390×844, touch."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2}


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real `scorekeeper serve` on a fresh SQLite database."""
    live = start_server(f"sqlite:///{tmp_path / 'web.sqlite'}", tmp_path)
    yield live
    stop_server(live)


def shot(page: Any, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
