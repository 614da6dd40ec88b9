"""The ``scorekeeper`` command: ``scorekeeper serve`` runs the app under gunicorn."""

from __future__ import annotations

import argparse
import os
import sys


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script."""
    parser = argparse.ArgumentParser(prog="scorekeeper")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="serve the app with gunicorn")
    serve.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    serve.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.command == "serve":
        os.execvp(sys.executable, [
            sys.executable, "-m", "gunicorn", "--bind", f"{args.host}:{args.port}",
            "--workers", str(args.workers), "scorekeeper.wsgi:app",
        ])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
