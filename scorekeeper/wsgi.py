"""The WSGI application gunicorn serves (``scorekeeper serve`` runs it with ``scorekeeper/gunicorn_conf.py``)."""

import gc
import logging
import os
import sys

from .app import create_app

app = create_app()

# gunicorn without scorekeeper's configuration has none of what the app needs of its server: several workers are
# not checked for Redis (a board on one would miss the hands recorded on another), gunicorn's own errors are
# HTML pages, and an access log would keep the secrets of edit and board links. Say so in its log; the
# configuration (gunicorn_conf.py) marks the environment as gunicorn loads it.
if "gunicorn.arbiter" in sys.modules and not os.environ.get("SCOREKEEPER_GUNICORN_CONF"):
    logging.getLogger("gunicorn.error").warning(
        "scorekeeper: gunicorn runs without scorekeeper's configuration: start it with "
        "`gunicorn -c python:scorekeeper.gunicorn_conf` (the worker class, the redacting access log and the "
        "check that several workers have Redis), or run `scorekeeper serve`")

# What is loaded by now (modules, the app, its mappers) lives as long as the worker: keep it out of the
# collector's full passes, which would otherwise walk these ~100,000 objects every few dozen hand writes and
# hold every request meanwhile (50-150 ms each on a busy 2-CPU machine; docs/performance.md, live board).
gc.freeze()
