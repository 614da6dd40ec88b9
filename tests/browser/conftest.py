"""Browser tests: Debian's Chromium driven by Playwright at a phone's size, against `scorekeeper serve`.

Only the tests under tests/browser need Chromium: without it they skip, unless CI requires them
(SCOREKEEPER_REQUIRE_BROWSER=1, then a missing browser fails). The page tests (tests/pages) never wait on it."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import BrowserContext, BrowserType, Page, expect

from tests.support.browser import CHROMIUM, PHONE, WITH_SERVICE_WORKER
from tests.support.servers import LiveServer, start_server, stop_server

# What a page shows is asserted with patience: on a shared 2-CPU machine running the whole suite at once, a Save
# can take longer than Playwright's 5 s default though nothing is wrong. Speed is measured in benchmarks/, not here.
expect.set_options(timeout=15_000)


def pytest_runtest_setup(item: pytest.Item) -> None:
    """Skip without Chromium, unless CI requires the browser tests (then a missing browser fails). Checked before
    any fixture is set up: the session's browser is launched before a test's own fixtures, so a fixture here
    would come too late and the missing browser would show as an error instead of a skip."""
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("SCOREKEEPER_REQUIRE_BROWSER") == "1":
            pytest.fail(f"the browser tests are required but {CHROMIUM} is missing")
        pytest.skip(f"{CHROMIUM} is not installed (make test installs it when run as root)")


SHARED_MEMORY = Path("/dev/shm")
"""Where Chromium's processes share what they draw and send each other. Playwright tells Chromium to use files in
/tmp instead (``--disable-dev-shm-usage``), for containers whose /dev/shm is 64 MB; where it is as large as a
browser needs, Chromium's own default is kept: measured on the start and hand-form tests (three runs each way),
the browser process spent about 15% less CPU and the two files ran about 9% sooner."""


def _shared_memory_is_enough() -> bool:
    try:
        return shutil.disk_usage(SHARED_MEMORY).free >= 1 << 30
    except OSError:
        return False


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Debian's Chromium, never a downloaded browser, with the flags this machine needs."""
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"],
        **({"ignore_default_args": ["--disable-dev-shm-usage"]} if _shared_memory_is_enough() else {}),
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """A phone held in one hand: 390×844, touch; on its first visit, before any service worker is installed.
    A page controlled by the service worker gets ready for no signal at once, in the background: it downloads
    the engine (6.7 MB) and starts it (Pyodide, seconds of CPU) while the test goes on. Only the tests of no
    signal, of getting ready for it and of the pages the phone draws need that (they are marked
    ``KEEPS_FOR_NO_SIGNAL``, tests/support/browser.py, or start from a phone already ready, ``ready_phone``); the
    others would spend most of their time on it."""
    return {**browser_context_args, "viewport": PHONE, "has_touch": True, "is_mobile": True,
            "device_scale_factor": 2, "service_workers": "block"}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """One real `scorekeeper serve` for the session (with pytest-xdist, for each worker), on a fresh SQLite
    database: starting one takes a second or two. Each test makes its own matches, clubs and tournaments, and
    reads only what it made."""
    where = tmp_path_factory.mktemp("served")
    live = start_server(f"sqlite:///{where / 'web.sqlite'}", where)
    yield live
    stop_server(live)


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[LiveServer]:
    """A real `scorekeeper serve` of the test's own, for a test that stops it."""
    live = start_server(f"sqlite:///{tmp_path / 'web.sqlite'}", tmp_path)
    yield live
    if live.process.poll() is None:
        stop_server(live)


def _phone_on(profile: Path, browser_type: BrowserType, launch_args: dict[str, Any],
              context_args: dict[str, Any]) -> BrowserContext:
    """A phone's browser (the session's phone settings, its service worker allowed) on the profile folder."""
    return browser_type.launch_persistent_context(str(profile), **launch_args,
                                                  **{**context_args, **WITH_SERVICE_WORKER})


@pytest.fixture(scope="session")
def ready_profile(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                  browser_context_args: dict[str, Any], server: LiveServer,
                  tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A phone's browser profile (its service worker, Cache Storage, IndexedDB and compiled code) that got ready
    for no signal on the start page, as a person does with "Get ready for no signal": made once per test process,
    then copied for each test that starts from a ready phone (``ready_phone``). The download and the engine's first
    start, which take seconds of CPU each time, are tested in test_ready_for_no_signal and test_offline_pace."""
    folder = tmp_path_factory.mktemp("ready-phone") / "profile"
    phone = _phone_on(folder, browser_type, browser_type_launch_args, browser_context_args)
    try:
        page = phone.pages[0] if phone.pages else phone.new_page()
        page.goto(server.url + "/")
        get_ready = page.locator("#get-ready")
        get_ready.get_by_role("button", name="Get ready for no signal").click()
        expect(get_ready).to_have_attribute("data-ready", "yes", timeout=180_000)
    finally:
        phone.close()
    return folder


@pytest.fixture
def ready_phone(browser_type: BrowserType, browser_type_launch_args: dict[str, Any],
                browser_context_args: dict[str, Any], ready_profile: Path, tmp_path: Path) -> Iterator[BrowserContext]:
    """A phone of the test's own that is already ready for no signal: a copy of ``ready_profile`` in its own
    browser. It has no match yet; the test's matches get ready as on any phone (their pages kept in seconds)."""
    copy = tmp_path / "phone"
    shutil.copytree(ready_profile, copy, ignore=shutil.ignore_patterns("Singleton*"))
    phone = _phone_on(copy, browser_type, browser_type_launch_args, browser_context_args)
    yield phone
    phone.close()


@pytest.fixture
def ready_page(ready_phone: BrowserContext) -> Page:
    """The ready phone's tab."""
    return ready_phone.pages[0] if ready_phone.pages else ready_phone.new_page()
