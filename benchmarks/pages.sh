#!/usr/bin/env bash
# Lighthouse (npm, mobile preset) on the scorer's pages, against a `scorekeeper serve` of our own on a fresh
# SQLite database: the start page, a score sheet with 30 hands, and the hand form of that match.
#
#   benchmarks/pages.sh               run, print the figures, write them to docs/performance.md
#   benchmarks/pages.sh --no-docs     run and print only
#   PAGES_LANGUAGE=hr benchmarks/pages.sh
#                                     the same pages in another language (the phone's Accept-Language), run and
#                                     printed only; reports in $PAGES_OUT/hr
#
# Lighthouse is installed into benchmarks/.lighthouse on the first run (npm); later runs need no network.
# It drives Debian's Chromium (CHROME_PATH, default /usr/bin/chromium). Every Lighthouse run has a fixed
# time limit (LIGHTHOUSE_TIME_LIMIT seconds, default 150). Reports are kept in $PAGES_OUT
# (default test-artifacts/lighthouse). Exit status 1 when a target is missed:
# performance, accessibility and best-practices each >= 0.95; the hand form's first load <= 60 KB.
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
LH_DIR="$ROOT/benchmarks/.lighthouse"
LH_VERSION="${LIGHTHOUSE_VERSION:-12.8.2}"
LIGHTHOUSE="$LH_DIR/node_modules/.bin/lighthouse"
export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
TIME_LIMIT="${LIGHTHOUSE_TIME_LIMIT:-150}"
OUT="${PAGES_OUT:-$ROOT/test-artifacts/lighthouse}"
PY="$ROOT/.venv/bin/python"
[ -x "$PY" ] || PY="$(command -v python3)"
WRITE_DOCS=1
[ "${1:-}" = "--no-docs" ] && WRITE_DOCS=0
LANGUAGE="${PAGES_LANGUAGE:-}"
if [ -n "$LANGUAGE" ]; then
  WRITE_DOCS=0
  OUT="$OUT/$LANGUAGE"
fi

if [ ! -x "$CHROME_PATH" ]; then
  echo "pages.sh: no Chromium at $CHROME_PATH (set CHROME_PATH)" >&2
  exit 2
fi
if [ ! -x "$LIGHTHOUSE" ]; then
  echo "pages.sh: installing lighthouse@$LH_VERSION into benchmarks/.lighthouse"
  timeout 300 npm install --prefix "$LH_DIR" --no-audit --no-fund --loglevel=error "lighthouse@$LH_VERSION" >/dev/null
fi

WORK="$(mktemp -d)"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill "$SERVER_PID" 2>/dev/null || true
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT INT TERM

PORT="$("$PY" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
BASE="http://127.0.0.1:$PORT"
(cd "$ROOT" && SCOREKEEPER_DATABASE_URL="sqlite:///$WORK/pages.sqlite" SCOREKEEPER_SECRET_KEY="pages-benchmark" SCOREKEEPER_RATE_LIMITS=off \
  exec "$PY" -m scorekeeper.cli serve --host 127.0.0.1 --port "$PORT" --quiet) >"$WORK/serve.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null "$BASE/api/v1/variants" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/serve.log" >&2; exit 2; }
  sleep 0.1
done
curl -fsS -o /dev/null "$BASE/api/v1/variants" || { echo "pages.sh: the server did not answer" >&2; exit 2; }

# A Bela match with 30 hands through the JSON API (target raised so the game runs on through all 30).
read -r MATCH_ID EDIT_TOKEN < <("$PY" - "$BASE" <<'PY'
import json, sys, urllib.request

base = sys.argv[1]


def send(method, path, body, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, json.dumps(body).encode(), headers, method=method)
    with urllib.request.urlopen(request, timeout=30) as answer:
        return json.load(answer)


match = send("POST", "/api/v1/matches", {"variant": "bela", "players": ["Mike", "Yvonne"],
                                         "rules": {"target": 100000}, "best_of": 1})
for n in range(30):
    taker = n % 2
    mine = [90, 72, 64, 100, 81][n % 5]
    points = [mine, 152 - mine] if taker == 0 else [152 - mine, mine]
    hand = {"taker": taker, "contract": ["hearts", "spades", "clubs", "diamonds"][n % 4],
            "card_points": points, "last_trick": taker if n % 3 else 1 - taker}
    if n % 4 == 0:
        hand["melds"] = [[20], []] if taker == 0 else [[], [20]]
    if n % 6 == 0:
        hand["bela"] = [1, 0]
    send("POST", f"/api/v1/matches/{match['id']}/hands", hand, match["edit_token"])
print(match["id"], match["edit_token"])
PY
)

[ -n "${EDIT_TOKEN:-}" ] || { echo "pages.sh: could not create the match with 30 hands" >&2; exit 2; }

# This phone's key lives in the session cookie set by the join link; Lighthouse sends it as a header.
curl -fsS -o /dev/null -c "$WORK/cookies" "$BASE/m/$MATCH_ID/join?key=$EDIT_TOKEN"
SESSION="$(awk '$6 == "session" {print $7}' "$WORK/cookies")"
[ -n "$SESSION" ] || { echo "pages.sh: no session cookie from the join link" >&2; exit 2; }
HEADERS="$WORK/headers.json"
if [ -n "$LANGUAGE" ]; then
  printf '{"Cookie": "session=%s", "Accept-Language": "%s"}' "$SESSION" "$LANGUAGE" >"$HEADERS"
else
  printf '{"Cookie": "session=%s"}' "$SESSION" >"$HEADERS"
fi
hands="$(curl -fsS -H "Cookie: session=$SESSION" "$BASE/m/$MATCH_ID" | grep -c '<details class="hand' || true)"
[ "$hands" = "30" ] || { echo "pages.sh: the sheet shows $hands hands, not 30" >&2; exit 2; }

mkdir -p "$OUT"
run() {  # run NAME URL
  local name="$1" url="$2"
  echo "pages.sh: lighthouse $name ($url)"
  # The sheet keeps a live-update connection open (server-sent events): do not wait for the network to
  # fall quiet for long.
  timeout --kill-after=10 "$TIME_LIMIT" "$LIGHTHOUSE" "$url" \
    --quiet --output=json --output-path="$OUT/$name.json" \
    --only-categories=performance,accessibility,best-practices \
    --extra-headers="$HEADERS" --max-wait-for-load=20000 \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
--disable-background-networking --disable-component-update --disable-sync --disable-quic" \
    || { echo "pages.sh: lighthouse on $name failed or ran over ${TIME_LIMIT}s" >&2; return 1; }
}
status=0
run start "$BASE/" || status=1
run sheet "$BASE/m/$MATCH_ID" || status=1
run hand "$BASE/m/$MATCH_ID/hand" || status=1

"$PY" - "$OUT" "$ROOT/docs/performance.md" "$WRITE_DOCS" "$LH_VERSION" "$status" <<'PY' || status=1
import json, os, re, subprocess, sys
from pathlib import Path

out, docs, write_docs, version, status = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3] == "1", sys.argv[4], sys.argv[5]
PAGES = [("start", "start page `/`"), ("sheet", "score sheet, 30 hands `/m/<id>`"), ("hand", "hand form `/m/<id>/hand`")]
CATEGORIES = ["performance", "accessibility", "best-practices"]
SCORE_TARGET, BYTES_TARGET = 0.95, 60 * 1024

rows, misses, notes = [], [], []
breakdown = ""
for name, label in PAGES:
    path = out / f"{name}.json"
    if not path.exists():
        rows.append(f"| {label} | – | – | – | – | – | no report |")
        misses.append(f"{label}: no report")
        continue
    report = json.loads(path.read_text())
    scores = {c: report["categories"][c]["score"] for c in CATEGORIES}
    audits = report["audits"]
    weight = int(audits["total-byte-weight"]["numericValue"])
    requests = len(audits["network-requests"]["details"]["items"])
    lcp = audits["largest-contentful-paint"]["numericValue"]
    for c in CATEGORIES:
        if scores[c] is None or scores[c] < SCORE_TARGET:
            misses.append(f"{label}: {c} {scores[c]}")
            failing = [a["title"] for ref in report["categories"][c]["auditRefs"]
                       if ref["weight"] and (a := audits[ref["id"]])["score"] is not None and a["score"] < 1]
            notes.append(f"{label}, {c}: " + "; ".join(failing))
    if name == "hand":
        if weight > BYTES_TARGET:
            misses.append(f"{label}: first load {weight} bytes")
        items = audits["network-requests"]["details"]["items"]
        parts = ", ".join(f"{'HTML' if i == 0 else item['url'].rsplit('/', 1)[-1]} {item['transferSize'] / 1024:.1f} KB"
                          for i, item in enumerate(items))
        breakdown = f"The hand form's first load (the form of hand 31): {parts}."
    verdict = "ok" if not any(m.startswith(label) for m in misses) else "MISSED"
    rows.append(f"| {label} | {scores['performance']:.2f} | {scores['accessibility']:.2f} | "
                f"{scores['best-practices']:.2f} | {weight / 1024:.1f} KB ({requests} requests) | "
                f"{lcp / 1000:.1f} s | {verdict} |")

version_line = subprocess.run([os.environ["CHROME_PATH"], "--version"], capture_output=True, text=True).stdout
chrome = " ".join(version_line.split()[:2]) or "Chromium"
table = "\n".join(["| page | performance | accessibility | best practices | first load | LCP | targets |",
                   "| --- | ---: | ---: | ---: | ---: | ---: | --- |", *rows])
print(table)
for note in notes:
    print("below target:", note)

section = f"""## Pages (benchmarks/pages.sh)

Lighthouse {version} (npm, installed by the script into `benchmarks/.lighthouse`), mobile preset (default:
Moto G Power-sized screen, simulated slow 4G and 4× CPU slowdown), on {chrome} headless,
against `scorekeeper serve` on 127.0.0.1 with a fresh SQLite database. The sheet and the hand form are those
of a Bela match given 30 hands through the JSON API; the phone's key travels in the session cookie set by
the match's join link (`--extra-headers`). **Targets:** performance, accessibility and best practices each
≥ 0.95; the hand form's first load (Lighthouse's total byte weight, cold cache) ≤ 60 KB.

**Command:** `benchmarks/pages.sh` (each Lighthouse run is limited to `LIGHTHOUSE_TIME_LIMIT` seconds, 150
by default; the JSON reports go to `test-artifacts/lighthouse/`; the exit status is 1 when a target is missed).

{table}

{breakdown}
The server does not compress its answers: these are the uncompressed sizes plus headers.
"""
if misses:
    section += "\n**Below target:** " + "; ".join(misses) + ".\n"
    for note in notes:
        section += f"- {note}\n"
if status != "0":
    section += "\nA Lighthouse run failed or ran over its time limit: see the script's output.\n"

if write_docs:
    text = docs.read_text() if docs.exists() else "# Performance\n"
    pattern = re.compile(r"^## Pages \(benchmarks/pages\.sh\)\n.*?(?=^## |\Z)", re.S | re.M)
    if pattern.search(text):
        text = pattern.sub(lambda _: section + "\n", text).rstrip("\n") + "\n"
    else:
        text = text.rstrip("\n") + "\n\n" + section
    docs.parent.mkdir(parents=True, exist_ok=True)
    docs.write_text(text)
    print(f"wrote the section to {docs}")
sys.exit(1 if misses else 0)
PY
exit "$status"
