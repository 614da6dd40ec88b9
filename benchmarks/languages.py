"""Languages benchmark: what speaking a table's language costs a page, in bytes and in time.

**Targets:**

- weight: no language's page heavier than the English one by more than **4 KB** as it travels (gzip, as the
  proxy in front of the app sends HTML: docs/scaling.md), for the start page, the score sheet and the hand form
  of a Bela match of 30 hands, and its board; the CSS and JavaScript are the same files in every language.
  The uncompressed difference is shown too: Cyrillic takes two bytes a letter in UTF-8, so Bulgarian pages
  are the heaviest uncompressed;
- time: a board in another language ≤ **2×** the English one's (median), at 30 and at 150 hands. The English
  board reads the cached state; another language replays the match to say each explanation in it (the cache
  keeps the engine's English text only), so its cost grows with the match: measured, not hidden.

Everything runs in process (``create_app`` on a temporary SQLite file, migrated; the Flask test client), so the
figures are the app's own work without a network. Times are medians of ``--repeat`` reads per page and language,
the languages interleaved so the machine's noise falls on all of them alike; the ratio is against English,
measured in the same run.

Usage::

    python benchmarks/languages.py              # a table
    python benchmarks/languages.py --repeat 41 --json

The exit status is 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorekeeper.languages import LANGUAGES  # noqa: E402
from tests.support.app import migrated_app  # noqa: E402

WEIGHT_TARGET = 4 * 1024
TIME_TARGET = 2.0


def hand(n: int) -> dict[str, Any]:
    """The n-th hand of a long Bela match (made and bate hands, melds, bela; as benchmarks/pages.sh plays)."""
    taker = n % 2
    mine = [90, 72, 64, 100, 81][n % 5]
    points = [mine, 152 - mine] if taker == 0 else [152 - mine, mine]
    played: dict[str, Any] = {"taker": taker, "contract": ["hearts", "spades", "clubs", "diamonds"][n % 4],
                              "card_points": points, "last_trick": taker if n % 3 else 1 - taker}
    if n % 4 == 0:
        played["melds"] = [[20], []] if taker == 0 else [[], [20]]
    if n % 6 == 0:
        played["bela"] = [1, 0]
    return played


def match(client: Any, hands: int) -> tuple[str, str]:
    made = client.post("/api/v1/matches", json={"variant": "bela", "players": ["Mike", "Yvonne"],
                                                 "rules": {"target": 100000}, "best_of": 1}).get_json()
    for n in range(hands):
        answer = client.post(f"/api/v1/matches/{made['id']}/hands", json=hand(n),
                             headers={"Authorization": f"Bearer {made['edit_token']}"})
        assert answer.status_code == 201, answer.get_data(as_text=True)
    client.get(f"/m/{made['id']}/join?key={made['edit_token']}")
    return made["id"], made["view_token"]


def fetch(client: Any, path: str, language: str) -> bytes:
    answer = client.get(path, headers={"Accept-Language": language})
    assert answer.status_code == 200, (path, language, answer.status)
    return bytes(answer.get_data())


def weights(client: Any, match_id: str, view: str) -> list[dict[str, Any]]:
    pages = {"start page": "/", "score sheet": f"/m/{match_id}", "hand form": f"/m/{match_id}/hand",
             "board": f"/board/{view}"}
    rows = []
    for name, path in pages.items():
        sizes = {code: fetch(client, path, code) for code in LANGUAGES}
        packed = {code: len(gzip.compress(body, 6)) for code, body in sizes.items()}
        english = len(sizes["en"])
        heaviest = max((code for code in LANGUAGES if code != "en"), key=lambda code: packed[code])
        rows.append({"page": name, "english": english, "gzip_english": packed["en"],
                     "by_language": {code: len(body) - english for code, body in sizes.items()},
                     "gzip_by_language": {code: size - packed["en"] for code, size in packed.items()},
                     "heaviest": heaviest, "over": packed[heaviest] - packed["en"]})
    return rows


def timings(client: Any, view: str, repeat: int) -> dict[str, float]:
    path = f"/board/{view}"
    times: dict[str, list[float]] = {code: [] for code in LANGUAGES}
    for code in LANGUAGES:  # once each before timing: templates compiled, catalogs loaded
        fetch(client, path, code)
    for _ in range(repeat):
        for code in LANGUAGES:
            start = time.perf_counter()
            fetch(client, path, code)
            times[code].append(time.perf_counter() - start)
    return {code: statistics.median(values) * 1000 for code, values in times.items()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21, help="reads of each board per language (default 21)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    results: dict[str, Any] = {"weights": [], "times": {}}
    with tempfile.TemporaryDirectory() as folder, \
            migrated_app(f"sqlite:///{folder}/languages.sqlite", Path(folder)) as app:
        client = app.test_client()
        match_id, view = match(client, 30)
        results["weights"] = weights(client, match_id, view)
        for hands in (30, 150):
            _, board = (match_id, view) if hands == 30 else match(client, hands)
            results["times"][hands] = timings(client, board, args.repeat)
    misses = [f"{row['page']}: {row['heaviest']} is {row['over']} bytes over English (gzip)"
              for row in results["weights"]
              if row["over"] > WEIGHT_TARGET]
    for hands, medians in results["times"].items():
        worst = max((code for code in LANGUAGES if code != "en"), key=lambda code: medians[code])
        if medians[worst] > TIME_TARGET * medians["en"]:
            misses.append(f"board of {hands} hands: {worst} {medians[worst] / medians['en']:.2f}× English")
    results["misses"] = misses
    if args.json:
        print(json.dumps(results, indent=1))
        return 1 if misses else 0
    print("| page | English (gzip) | " + " | ".join(f"{code}: gzip (raw)" for code in LANGUAGES if code != "en")
          + " | target |")
    print("| --- | ---: | " + " | ".join("---:" for _ in range(len(LANGUAGES) - 1)) + " | --- |")
    for row in results["weights"]:
        cells = " | ".join(f"{row['gzip_by_language'][code]:+,} ({row['by_language'][code]:+,})"
                           for code in LANGUAGES if code != "en")
        verdict = "ok" if row["over"] <= WEIGHT_TARGET else "MISSED"
        print(f"| {row['page']} | {row['english']:,} B ({row['gzip_english']:,} B) | {cells} | {verdict} |")
    print()
    print("| board, median ms | " + " | ".join(LANGUAGES) + " | worst ÷ English |")
    print("| --- | " + " | ".join("---:" for _ in LANGUAGES) + " | ---: |")
    for hands, medians in results["times"].items():
        worst = max(medians[code] for code in LANGUAGES if code != "en")
        print(f"| {hands} hands | " + " | ".join(f"{medians[code]:.2f}" for code in LANGUAGES)
              + f" | {worst / medians['en']:.2f}× |")
    for miss in misses:
        print("MISSED:", miss)
    return 1 if misses else 0


if __name__ == "__main__":
    sys.exit(main())
