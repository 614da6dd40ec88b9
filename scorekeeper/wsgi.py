"""The WSGI application gunicorn serves."""

import gc
import sys
from types import FrameType

from . import live
from .app import create_app

app = create_app()


def _gunicorn_workers() -> int | None:
    """How many workers the gunicorn loading this module was told to run (``-w``, ``WEB_CONCURRENCY``, a config
    file); None when gunicorn is not loading it. Gunicorn imports the app from its application object's
    ``wsgi()`` (in each worker, or in the master with ``--preload``), so that object is on the stack."""
    if "gunicorn.app.base" not in sys.modules:
        return None
    from gunicorn.app.base import BaseApplication

    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        owner = frame.f_locals.get("self")
        if isinstance(owner, BaseApplication) and getattr(owner, "cfg", None) is not None:
            return int(owner.cfg.workers)
        frame = frame.f_back
    return None


# Several gunicorn workers each have their own in-process broker: without Redis a board would miss the
# hands recorded on another worker. `scorekeeper serve` refuses that before starting gunicorn; gunicorn
# started directly is refused here, as its workers load the app (the master then stops: "App failed to load").
_workers = _gunicorn_workers()
_problem = None if _workers is None else live.workers_problem(_workers, app.config.get("REDIS_URL"))
if _problem:
    from gunicorn.errors import AppImportError

    raise AppImportError(_problem)

# What is loaded by now (modules, the app, its mappers) lives as long as the worker: keep it out of the
# collector's full passes, which would otherwise walk these ~100,000 objects every few dozen hand writes and
# hold every request meanwhile (50-150 ms each on a busy 2-CPU machine; docs/performance.md, live board).
gc.freeze()
