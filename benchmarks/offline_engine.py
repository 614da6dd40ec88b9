"""The phone's engine: what it costs to download, to start and to use, in this machine's Chromium.

Starts `scorekeeper serve` on a fresh SQLite file, opens one of its pages (the rules page: engine.js added as
templates/_macros/engine.html adds it) in Debian's Chromium (headless, through Playwright) and measures:

- **bytes** of the engine's download (Pyodide's five files, the packed engine, one language's catalog): as the
  app sends them (it does not compress: every file but the zip travels raw), and as gzip at level 6 would
  send them (a proxy in front, as docs/scaling.md's; nginx's ``gzip_comp_level 6``, with ``application/wasm``
  in its ``gzip_types``, which nginx leaves out by default);
- **start, cold**: from ``load()`` to ready in a new browser context (an empty HTTP cache), ``--starts`` times;
- **start, warm**: the same page opened again in the same context (the HTTP cache holds the files, the app
  answers 304 to its checks; Chromium may also keep the compiled WebAssembly), ``--starts`` times;
- **scoring a hand, warm**: ``preview`` of the hand form's fields after a 30-hand match, as the page sees it
  (message to the worker and back), ``--repeat`` times. **Target ≤ 50 ms** (median);
- **replaying a 100-hand match**: ``replay`` of a Bela match of 100 hands, explanations said in Croatian,
  ``--repeat`` times. **Target ≤ 1 s** (median).

The baseline, timed in the same run: the same ``preview`` and ``replay`` (scorekeeper/offline/worker.py) in
this CPython, as the server runs them. Medians; the best beside them. Exit status 1 when a target is missed.

Usage::

    python benchmarks/offline_engine.py            # a table
    python benchmarks/offline_engine.py --json
    python benchmarks/offline_engine.py --starts 5 --repeat 50

Bounded: (2 × starts) Pyodide starts and 2 × repeat questions; about a minute with the defaults.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import statistics
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.common import HOST, BenchmarkError, Server, free_port, machine  # noqa: E402
from benchmarks.engine import endless_rules, make_hand  # noqa: E402
from scorekeeper.offline import worker  # noqa: E402

CHROMIUM = "/usr/bin/chromium"
SCORE_TARGET_MS = 50.0
REPLAY_TARGET_MS = 1000.0
LANGUAGE = "hr"
CATALOG = ROOT / "scorekeeper" / "translations" / LANGUAGE / "LC_MESSAGES" / "messages.mo"
SEED = 2026

ADD_ENGINE = """async () => {
  const urls = await (await fetch("/engine/files.json")).json();
  const tag = document.createElement("script");
  tag.src = urls.script;
  Object.assign(tag.dataset, {worker: urls.worker, pyodide: urls.pyodide, engine: urls.engine,
                              catalogs: urls.catalogs});
  await new Promise((done, failed) => { tag.onload = done; tag.onerror = failed; document.head.append(tag); });
}"""
START = """async (language) => {
  const started = performance.now();
  await window.scorekeeperEngine.load();
  const ready = performance.now();
  // The first question in the phone's language also fetches its catalog: counted apart.
  await window.scorekeeperEngine.replay({variant: "bela", players: ["A", "B"]}, [], language);
  return {ready: ready - started, first_answer: performance.now() - ready};
}"""
TIMED = """async ([name, args, repeat]) => {
  const engine = window.scorekeeperEngine;
  await engine[name](...args);
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const started = performance.now();
    await engine[name](...args);
    times.push(performance.now() - started);
  }
  return times;
}"""


def the_match(hands: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A Bela match of ``hands`` legal hands that never ends (benchmarks/engine.py's), as the API gives it."""
    import random

    rules = endless_rules("bela")
    rng = random.Random(f"{SEED}:bela")
    inputs = [make_hand(rng, rules) for _ in range(hands)]
    match = {"variant": "bela", "rules": rules.as_dict(), "players": ["Mike", "Yvonne"], "first_dealer": 0}
    return match, [{"number": n, "input": hand, "voided": False} for n, hand in enumerate(inputs, 1)]


FIELDS = {"taker": "1", "card_points-0": "60", "card_points-1": "92", "last_trick": "1", "melds-1": "20"}
"""A hand as the hand form posts it."""


def download(base: str) -> list[dict[str, Any]]:
    """Each file of the engine's download: its bytes as the app sends them, and gzipped at level 6."""
    with urllib.request.urlopen(base + "/engine/files.json", timeout=10) as answer:
        urls = json.loads(answer.read())
    rows = []
    for url in [*urls["files"][2:], urls["catalog_files"][LANGUAGE], urls["worker"], urls["script"]]:
        with urllib.request.urlopen(base + url, timeout=30) as answer:
            body = answer.read()
            encoding = answer.headers.get("Content-Encoding") or "none"
        rows.append({"file": url.rsplit("/", 1)[-1], "sent": len(body), "gzip": len(gzip.compress(body, 6)),
                     "encoding": encoding})
    return rows


def median_best(times: Sequence[float]) -> tuple[float, float]:
    return statistics.median(times), min(times)


def cpython(run: Callable[[], object], repeat: int) -> list[float]:
    """Wall times of ``run`` in this process, ms, after one warm-up."""
    run()
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        times.append((time.perf_counter() - started) * 1000)
    return times


def measure(starts: int, repeat: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    if not os.access(CHROMIUM, os.X_OK):
        raise BenchmarkError(f"{CHROMIUM} is not installed")
    match30, hands30 = the_match(30)
    match100, hands100 = the_match(100)
    worker.load_catalog(LANGUAGE, str(CATALOG))
    baseline_preview = cpython(lambda: worker.preview(match30, hands30, FIELDS, None, LANGUAGE), repeat)
    baseline_replay = cpython(lambda: worker.replay(match100, hands100, LANGUAGE), repeat)
    with tempfile.TemporaryDirectory(prefix="offline-engine-") as folder:
        port = free_port()
        env = {**os.environ, "SCOREKEEPER_DATABASE_URL": f"sqlite:///{folder}/bench.sqlite",
               "SCOREKEEPER_SECRET_KEY": "bench",
               "SCOREKEEPER_RATE_LIMITS": "off"}  # it creates matches faster than any table
        command = [sys.executable, "-m", "scorekeeper.cli", "serve", "--host", HOST, "--port", str(port), "--quiet"]
        server = Server("scorekeeper", command, port, env, Path(folder), "/api/v1/variants")
        try:
            files = download(server.url)
            cold: list[dict[str, float]] = []
            warm: list[dict[str, float]] = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(
                    executable_path=CHROMIUM,
                    args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                          "--disable-background-networking", "--disable-component-update", "--disable-sync"])
                page = None
                for start in range(starts):
                    # A new context has an empty HTTP cache: a cold start; the same page opened again in it, warm.
                    context = browser.new_context(viewport={"width": 390, "height": 844})
                    page = context.new_page()
                    page.set_default_timeout(180_000)
                    for kind in (cold, warm):
                        page.goto(server.url + "/rules")
                        page.evaluate(ADD_ENGINE)
                        kind.append(page.evaluate(START, LANGUAGE))
                    if start < starts - 1:
                        context.close()
                assert page is not None
                scoring = page.evaluate(TIMED, ["preview", [match30, hands30, FIELDS, None, LANGUAGE], repeat])
                replays = page.evaluate(TIMED, ["replay", [match100, hands100, LANGUAGE], repeat])
                # Scored on the phone as on the server (the figures would mean nothing otherwise).
                on_phone = page.evaluate("([m, h, l]) => window.scorekeeperEngine.replay(m, h, l)",
                                         [match100, hands100, LANGUAGE])
                if on_phone != json.loads(json.dumps(worker.replay(match100, hands100, LANGUAGE))):
                    raise BenchmarkError("the phone's replay differs from the server's")
                browser.close()
        finally:
            server.stop()
    score_ms, score_best = median_best(scoring)
    replay_ms, replay_best = median_best(replays)
    return {
        "files": files,
        "bytes_sent": sum(f["sent"] for f in files),
        "bytes_gzip": sum(f["gzip"] for f in files),
        "start_cold_ms": median_best([s["ready"] for s in cold]),
        "start_warm_ms": median_best([s["ready"] for s in warm]),
        "catalog_first_answer_ms": statistics.median(s["first_answer"] for s in cold),
        "score_hand_ms": (score_ms, score_best),
        "score_hand_cpython_ms": median_best(baseline_preview),
        "replay_100_ms": (replay_ms, replay_best),
        "replay_100_cpython_ms": median_best(baseline_replay),
        "starts": starts,
        "repeat": repeat,
        "passed": {"score": score_ms <= SCORE_TARGET_MS, "replay": replay_ms <= REPLAY_TARGET_MS},
    }


def report(figures: dict[str, Any]) -> str:
    lines = ["| file | as the app sends it | gzip -6 (a proxy) |", "| --- | ---: | ---: |"]
    for row in figures["files"]:
        lines.append(f"| {row['file']} | {row['sent']:,} B | {row['gzip']:,} B |")
    lines.append(f"| **engine's download** | **{figures['bytes_sent']:,} B** | **{figures['bytes_gzip']:,} B** |")
    lines += ["", "| measure | phone (Chromium, Pyodide), median (best) | CPython, median (best) | target | result |",
              "| --- | ---: | ---: | --- | --- |"]

    def pair(values: tuple[float, float]) -> str:
        return f"{values[0]:,.1f} ms ({values[1]:,.1f})"

    lines.append(f"| start, cold (empty cache), ×{figures['starts']} | {pair(figures['start_cold_ms'])} | | | |")
    lines.append(f"| start, warm (HTTP cache), ×{figures['starts']} | {pair(figures['start_warm_ms'])} | | | |")
    lines.append(f"| first answer in {LANGUAGE} (its catalog fetched) | "
                 f"{figures['catalog_first_answer_ms']:,.1f} ms | | | |")
    passed = figures["passed"]
    lines.append(f"| scoring a hand (preview after 30 hands), ×{figures['repeat']} | "
                 f"{pair(figures['score_hand_ms'])} | "
                 f"{pair(figures['score_hand_cpython_ms'])} | ≤ {SCORE_TARGET_MS:g} ms | "
                 f"{'pass' if passed['score'] else 'FAIL'} |")
    lines.append(f"| replaying 100 hands ({LANGUAGE}), ×{figures['repeat']} | {pair(figures['replay_100_ms'])} | "
                 f"{pair(figures['replay_100_cpython_ms'])} | ≤ {REPLAY_TARGET_MS:g} ms | "
                 f"{'pass' if passed['replay'] else 'FAIL'} |")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--starts", type=int, default=3, help="cold and warm starts of the engine (default 3)")
    parser.add_argument("--repeat", type=int, default=50, help="timed questions of each kind (default 50)")
    args = parser.parse_args(argv)
    if not 1 <= args.starts <= 10 or not 1 <= args.repeat <= 500:
        parser.error("keep it bounded: --starts 1..10, --repeat 1..500")
    figures = measure(args.starts, args.repeat)
    if args.json:
        print(json.dumps({"machine": machine(), **figures}, indent=2))
    else:
        info = machine()
        print(f"The phone's engine; {info['cpus']} CPUs ({info['cpu']}), load average {info['load_average']}, "
              f"Chromium at {CHROMIUM}")
        print(report(figures))
    return 0 if all(figures["passed"].values()) else 1


if __name__ == "__main__":
    sys.exit(main())
