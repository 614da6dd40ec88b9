"""The app installs on a phone: Chromium finds nothing missing (its own check, the DevTools protocol's
``Page.getInstallabilityErrors``), the manifest names the app in the phone's language with icons that exist, and
the service worker takes charge of the pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.support.browser import KEEPS_FOR_NO_SIGNAL, shot
from tests.support.servers import LiveServer

pytestmark = [pytest.mark.browser, KEEPS_FOR_NO_SIGNAL]


def controlled(page: Page) -> None:
    """Wait until the service worker controls the page (it claims its pages as soon as it is active)."""
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller !== null",
                           timeout=30_000)


def test_chromium_finds_the_app_installable(browser_type: Any, browser_type_launch_args: dict[str, Any],
                                            server: LiveServer, tmp_path: Path) -> None:
    # A profile of its own, as a phone's browser has: Playwright's usual contexts are incognito, where Chromium
    # installs nothing whatever the app does.
    context = browser_type.launch_persistent_context(str(tmp_path / "profile"), **browser_type_launch_args,
                                                     viewport={"width": 390, "height": 844})
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        controlled(page)
        session = context.new_cdp_session(page)
        errors = session.send("Page.getInstallabilityErrors")["installabilityErrors"]
        assert errors == [], errors
        manifest = session.send("Page.getAppManifest")
        assert manifest["errors"] == [], manifest["errors"]
    finally:
        context.close()


def test_the_manifest_speaks_the_phone_language_and_its_icons_are_served(page: Page, server: LiveServer) -> None:
    answer = page.request.get(server.url + "/manifest.webmanifest", headers={"Accept-Language": "hr"})
    manifest = answer.json()
    assert manifest["lang"] == "hr"
    assert manifest["display"] == "standalone"
    assert manifest["description"] != page.request.get(server.url + "/manifest.webmanifest").json()["description"]
    for icon in manifest["icons"]:
        image = page.request.get(server.url + icon["src"])
        assert image.ok and image.headers["content-type"] == "image/png"


def test_a_page_the_phone_never_kept_says_so_with_no_signal(page: Page, server: LiveServer) -> None:
    page.goto(server.url + "/")
    controlled(page)
    page.reload()  # kept as the service worker answers it
    page.context.set_offline(True)
    page.goto(server.url + "/rules/belote")
    expect(page.get_by_role("heading", name="No signal")).to_be_visible()
    shot(page, "offline-page-never-kept")
    # The start page was kept on the first visit: it opens with no signal.
    page.goto(server.url + "/")
    expect(page.get_by_role("button", name="Start the match")).to_be_visible()
