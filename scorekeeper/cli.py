"""The ``scorekeeper`` command: ``serve`` migrates the database, then serves with gunicorn."""

from __future__ import annotations

import argparse
import importlib.util
import logging
import os
import sys

from .logs import SettingError, settings


def upgrade_database() -> None:
    """Bring the configured database to the newest schema (Alembic, through Flask-Migrate)."""
    from flask_migrate import upgrade

    from .app import MIGRATIONS, create_app

    if not (MIGRATIONS / "env.py").is_file():
        # Alembic would only say "Path doesn't exist"; say which install is incomplete instead.
        raise SystemExit(f"scorekeeper: no migrations at {MIGRATIONS}: this install lacks them "
                         "(build the wheel from the repository's top level, where setup.py carries them)")
    app = create_app()
    with app.app_context():
        upgrade(directory=str(MIGRATIONS))


def refuse_unshared_workers(workers: int) -> None:
    """Exit, saying why and what to set, when ``workers`` gunicorn workers could not carry live updates to one
    another's watchers (several workers without SCOREKEEPER_REDIS_URL): before migrating or serving anything."""
    from .app import create_app
    from .live import workers_problem

    if workers > 1 and (problem := workers_problem(workers, create_app().config.get("REDIS_URL"))):
        raise SystemExit(problem)


CONFIG = "python:scorekeeper.gunicorn_conf"
"""gunicorn's configuration file (scorekeeper/gunicorn_conf.py): the worker class, its connections, the redacting
logger, the check that several workers have Redis. ``serve`` adds only the address, the workers and the log."""


def gunicorn_command(host: str, port: int, workers: int, app: str = "scorekeeper.wsgi:app",
                     quiet: bool = False) -> list[str]:
    """The gunicorn command line ``serve`` runs (shared with the benchmarks' baseline); ``quiet``: no access log."""
    # The access log blanks out the secrets of edit, club, confirmation and board links (access_log.py); its logger
    # writes gunicorn's lines as SCOREKEEPER_LOG_FORMAT says (plain or JSON), at SCOREKEEPER_LOG_LEVEL.
    level = settings(os.environ)[0]
    access_log = [] if quiet else ["--access-logfile", "-"]
    return [sys.executable, "-m", "gunicorn", "--config", CONFIG, "--bind", f"{host}:{port}",
            "--workers", str(workers), "--log-level", level, *access_log, app]


def worker_count(text: str) -> int:
    """``--workers`` (or WEB_CONCURRENCY, its default): a whole number of at least 1."""
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"the number of workers (--workers, or WEB_CONCURRENCY) must be a whole "
                                         f"number of at least 1, not {text!r}")
    return int(text)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``scorekeeper`` console script."""
    parser = argparse.ArgumentParser(prog="scorekeeper", description="Keep score of Bela, Klaberjass, Clobby, Belote.")
    commands = parser.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="migrate the database, then serve with gunicorn")
    serve.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    serve.add_argument("--port", type=int, default=int(os.environ.get("PORT", "5000")))
    serve.add_argument("--workers", type=worker_count, default=os.environ.get("WEB_CONCURRENCY") or "1",
                       help="gunicorn workers (default: WEB_CONCURRENCY, else 1); several need SCOREKEEPER_REDIS_URL")
    serve.add_argument("--quiet", action="store_true", help="no access log")
    commands.add_parser("upgrade", help="migrate the database to the newest schema")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            if importlib.util.find_spec("gunicorn") is None or importlib.util.find_spec("gevent") is None:
                sys.exit("scorekeeper serve needs gunicorn and gevent, the [serve] extra: "
                         "pip install 'scorekeeper[serve]'")
            refuse_unshared_workers(args.workers)
        upgrade_database()
        command = gunicorn_command(args.host, args.port, args.workers, quiet=args.quiet) \
            if args.command == "serve" else []
    except SettingError as error:  # a setting of the environment it cannot run with: say which, and why
        raise SystemExit(f"scorekeeper: {error}") from None
    if args.command == "serve":
        logging.getLogger("scorekeeper.cli").info("scorekeeper: serving on http://%s:%s", args.host, args.port)
        os.execvp(command[0], command)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
