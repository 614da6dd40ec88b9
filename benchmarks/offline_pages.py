"""No signal at the table: what the offline work costs a first visit, and how long a phone with no
signal waits before it can score.

Two measurements, in Debian's Chromium (headless, through Playwright), against `scorekeeper serve` on fresh
SQLite files:

- **first visit, bytes**: the start page, a score sheet of 30 hands and that match's hand form, each opened in
  a new browser context (empty caches) with the phone's key in its cookie; every byte the page's own requests
  took on the wire (the DevTools protocol's ``encodedDataLength``: headers and bodies, as Lighthouse counts its
  total byte weight) until the network has been quiet for 2 s, the live sheet's event stream left out (it never
  ends). The service worker's own downloads (getting the phone ready: the match's pages and the engine's files)
  are its requests, not the page's, and come after the page has loaded. **Target:** each page no heavier than
  the same page of the commit before the phone's engine (``--baseline``, served from a git worktree in the same run) by
  more than 10 KB (+5 KB for the manifest, +5 KB for the worker).
- **no signal, seconds**: a phone made ready for a match (the sheet opened with a signal, "ready for no
  signal"), then cut off (Playwright's offline mode): from opening the sheet to its totals drawn by the engine
  on the phone, and from opening the hand form to the preview of a typed hand ("If you save now: …"). **Cold**:
  the first time in a new browser context; **warm**: the same again in that context. ``--runs`` times each;
  medians (no target: the engine's start is the cost; see benchmarks/offline_engine.py).

Usage::

    python benchmarks/offline_pages.py                 # both, against the commit before the phone's engine
    python benchmarks/offline_pages.py --runs 5 --json
    python benchmarks/offline_pages.py --baseline HEAD~3

Bounded: 2 × 3 page loads for the bytes, 2 × runs offline opens (each page load waits at most 120 s).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import HOST, ROOT, BenchmarkError, Server, free_port, machine  # noqa: E402

BASELINE = "31f8c69"
"""The last commit before the phone's engine (scorekeeper/offline)."""
ALLOWED = 10 * 1024
"""What a first visit may grow by: the manifest (+5 KB) and the worker (+5 KB)."""
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
WAIT = 120_000


def serve(folder: Path, name: str, source: Path) -> Server:
    """`scorekeeper serve` of the package in ``source`` (this checkout, or the baseline's worktree)."""
    port = free_port()
    env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{folder}/{name}.sqlite",
           "SCOREKEEPER_SECRET_KEY": "bench", "PYTHONPATH": str(source),
           "SCOREKEEPER_RATE_LIMITS": "off"}  # it creates matches faster than any table
    command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port", str(port), "--quiet"]
    # (``python -m`` puts its working folder first on the path: the server runs in ``source``.)
    return Server(name, command, port, env, folder, "/api/v1/variants", cwd=source)


def thirty_hands(server: Server) -> tuple[str, str]:
    """A Bela match of 30 hands through the API (as benchmarks/pages.sh makes it): its id and edit key."""
    match = server.json("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"],
                                                    "rules": {"target": 100000}, "best_of": 1})
    for n in range(30):
        taker = n % 2
        mine = [90, 72, 64, 100, 81][n % 5]
        hand = {"taker": taker, "card_points": [mine, 152 - mine] if taker == 0 else [152 - mine, mine],
                "last_trick": taker if n % 3 else 1 - taker}
        server.json("POST", f"/api/v1/matches/{match['id']}/hands", hand,
                    {"Authorization": f"Bearer {match['edit_token']}"})
    return match["id"], match["edit_token"]


def first_visit(browser: Browser, server: Server, path: str, key: tuple[str, str] | None) -> dict[str, Any]:
    """The bytes a first visit of ``path`` takes on the wire (the page's own requests), with the phone's key."""
    context = browser.new_context(**PHONE)
    try:
        if key:
            context.request.get(f"{server.url}/m/{key[0]}/join?key={key[1]}")
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        sizes: dict[str, float] = {}
        urls: dict[str, str] = {}
        session.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
        session.on("Network.loadingFinished",
                   lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(server.url + path, wait_until="load", timeout=WAIT)
        last, quiet_since = -1, time.monotonic()
        while time.monotonic() - quiet_since < 2:
            if len(sizes) != last:
                last, quiet_since = len(sizes), time.monotonic()
            page.wait_for_timeout(200)
        kept = {rid: size for rid, size in sizes.items() if "/events" not in urls.get(rid, "")}
        return {"bytes": int(sum(kept.values())), "requests": len(kept),
                "files": sorted({re.sub(r"^https?://[^/]+", "", urls.get(rid, "?")) for rid in kept})}
    finally:
        context.close()


def weights(browser: Browser, server: Server) -> dict[str, dict[str, Any]]:
    match = thirty_hands(server)
    return {"start page /": first_visit(browser, server, "/", None),
            "score sheet, 30 hands": first_visit(browser, server, f"/m/{match[0]}", match),
            "hand form": first_visit(browser, server, f"/m/{match[0]}/hand", match)}


def no_signal(browser: Browser, server: Server, runs: int) -> dict[str, list[float]]:
    """Seconds from opening the sheet (and the hand form) with no signal to the engine's figures on it."""
    found: dict[str, list[float]] = {"sheet cold": [], "sheet warm": [], "preview cold": [], "preview warm": []}
    for _ in range(runs):
        context = browser.new_context(**PHONE)
        try:
            match = thirty_hands(server)
            page = context.new_page()
            page.set_default_timeout(WAIT)
            page.goto(f"{server.url}/m/{match[0]}/join?key={match[1]}")
            page.locator("#offline-ready[data-ready='yes']").wait_for()
            context.set_offline(True)
            for heat in ("cold", "warm"):
                found[f"sheet {heat}"].append(timed(page, f"{server.url}/m/{match[0]}", sheet_drawn))
                found[f"preview {heat}"].append(timed(page, f"{server.url}/m/{match[0]}/hand", previewed))
        finally:
            context.close()
    return found


def timed(page: Page, url: str, until: Any) -> float:
    start = time.perf_counter()
    page.goto(url)
    until(page)
    return time.perf_counter() - start


def sheet_drawn(page: Page) -> None:
    page.locator("#live .sheet-actions .primary", has_text=re.compile(r"\d")).wait_for()


def previewed(page: Page) -> None:
    page.locator("#group-taker label.option").first.click()
    page.locator("#card_points-0").fill("90")
    page.locator("#card_points-1").fill("62")
    page.locator("#group-last_trick label.option").first.click()
    page.locator("#save-why", has_text="If you save now").wait_for()


def worktree(commit: str, folder: Path) -> Path:
    """The baseline's checkout, its catalogs compiled."""
    where = folder / "baseline"
    subprocess.run(["git", "worktree", "add", "--detach", str(where), commit], cwd=ROOT, check=True,
                   capture_output=True)
    subprocess.run([str(Path(sys.executable).parent / "pybabel"), "-q", "compile", "-d",
                    str(where / "scorekeeper" / "translations")], check=True, capture_output=True)
    return where


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", default=BASELINE)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary, sync_playwright() as playwright:
        folder = Path(temporary)
        base_tree = worktree(args.baseline, folder)
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            results: dict[str, Any] = {"machine": machine()}
            for name, source in (("baseline", base_tree), ("now", ROOT)):
                server = serve(folder, name, source)
                try:
                    results[name] = weights(browser, server)
                    if name == "now":
                        results["no signal"] = no_signal(browser, server, args.runs)
                finally:
                    server.stop()
        finally:
            browser.close()
            subprocess.run(["git", "worktree", "remove", "--force", str(base_tree)], cwd=ROOT, capture_output=True)
    missed = False
    if args.json:
        print(json.dumps(results, indent=2))
    print(f"first visit (bytes on the wire, the page's own requests), baseline {args.baseline} vs now:")
    for page_name, now in results["now"].items():
        before = results["baseline"][page_name]
        grown = now["bytes"] - before["bytes"]
        ok = grown <= ALLOWED
        missed |= not ok
        print(f"  {page_name:24} {before['bytes'] / 1024:7.1f} KB ({before['requests']} requests) → "
              f"{now['bytes'] / 1024:7.1f} KB ({now['requests']} requests): {grown / 1024:+.1f} KB "
              f"{'ok' if ok else 'MISSED (≤ +10 KB)'}")
    print("no signal (seconds, median of runs; all runs):")
    for name, values in results["no signal"].items():
        print(f"  {name:14} {statistics.median(values):6.2f} s   {', '.join(f'{v:.2f}' for v in values)}")
    return 1 if missed else 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchmarkError as error:
        sys.exit(f"offline_pages.py: {error}")
