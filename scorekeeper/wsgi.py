"""The WSGI application gunicorn serves."""

from . import create_app

app = create_app()
