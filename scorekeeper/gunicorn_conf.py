"""gunicorn's configuration file for scorekeeper: what the app needs of its server, in one place.

``scorekeeper serve`` runs gunicorn with it, adding the address and the number of workers it was given; a host
can run gunicorn with it directly (its command line and ``GUNICORN_CMD_ARGS`` override anything set here)::

    gunicorn -c python:scorekeeper.gunicorn_conf --bind 127.0.0.1:5000 --workers 2 --access-logfile -

Loaded in gunicorn's master process, before it forks the workers and before the gevent worker patches the
standard library in each of them: so nothing here builds or imports the app (whose modules would then hold
locks and sockets made before the patch). The worker class and the logger are named for gunicorn to import;
the check of several workers reads only the configuration and the broker's rule (``live.workers_problem``).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gunicorn.arbiter import Arbiter

CHECKED = "SCOREKEEPER_GUNICORN_CONF"
"""Set in the environment as gunicorn loads this file: its workers (and the master, with ``--preload``) know
they run under this configuration; ``scorekeeper/wsgi.py`` warns when they do not."""
os.environ[CHECKED] = "1"

wsgi_app = "scorekeeper.wsgi:app"
bind = [f"{os.environ.get('HOST', '127.0.0.1')}:{os.environ.get('PORT', '5000')}"]
"""``scorekeeper serve``'s defaults (HOST, PORT); ``--bind`` on the command line overrides it."""
workers = int(os.environ.get("WEB_CONCURRENCY", "1"))
"""One unless told (``--workers``, WEB_CONCURRENCY); more than one needs SCOREKEEPER_REDIS_URL (on_starting)."""
# gevent: one worker holds thousands of open board streams without starving hand writes (psycopg 3 cooperates
# with gevent by itself; redis-py through the patched sockets), each stream a connection of its own. Its own
# error answers (a request line over 4 KB, too many headers …) are the API's JSON errors (workers.py).
worker_class = "scorekeeper.workers.JsonErrorWorker"
worker_connections = 4000
# The access log (``--access-logfile -`` or a path; none unless asked) with the secrets of edit, club,
# confirmation and board links blanked out (access_log.py).
logger_class = "scorekeeper.access_log.RedactingLogger"
loglevel = os.environ.get("SCOREKEEPER_LOG_LEVEL", "info").strip().lower() or "info"
"""As the app logs (SCOREKEEPER_LOG_LEVEL, default info; ``serve`` checks it and passes ``--log-level``)."""
# A stop waits this long for requests in flight; an open board stream never ends by itself (its page reconnects).
graceful_timeout = 5
# No control socket (gunicorn 25.1 on; older versions ignore the name): its one path per user is shared by every
# gunicorn that user runs, and it can add workers past the check of Redis below. systemd's signals and
# `scorekeeper serve` are how this server is managed.
control_socket_disable = True


def configured_redis_url() -> str | None:
    """SCOREKEEPER_REDIS_URL as the app will read it (``create_app``'s order for this key: the instance folder's
    ``config.py``, then the environment), without building the app."""
    if url := os.environ.get("SCOREKEEPER_REDIS_URL"):
        return url
    from flask import Flask

    # A bare Flask object of the app's name has the app's instance folder (an installed package's or the
    # checkout's); nothing of scorekeeper.app is imported.
    instance = Flask("scorekeeper.app", instance_relative_config=True)
    instance.config.from_pyfile("config.py", silent=True)
    return instance.config.get("REDIS_URL") or None


def on_starting(server: Arbiter) -> None:
    """Refuse several workers without Redis before listening or forking anything: each worker's in-process broker
    reaches only its own watchers, so a board on another worker would miss the hands recorded on this one."""
    if server.cfg.workers > 1:
        from scorekeeper.live import workers_problem

        if problem := workers_problem(server.cfg.workers, configured_redis_url()):
            raise SystemExit(problem)
