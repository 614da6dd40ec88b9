"""The WSGI application gunicorn serves."""

import gc

from .app import create_app

app = create_app()

# What is loaded by now (modules, the app, its mappers) lives as long as the worker: keep it out of the
# collector's full passes, which would otherwise walk these ~100,000 objects every few dozen hand writes and
# hold every request meanwhile (50-150 ms each on a busy 2-CPU machine; docs/performance.md, live board).
gc.freeze()
