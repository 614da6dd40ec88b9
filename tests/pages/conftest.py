"""The scorer's phone for the page tests: the test client with its session cookie."""

from __future__ import annotations

import pytest
from flask.testing import FlaskClient

from tests.support.pages import Phone


@pytest.fixture
def phone(client: FlaskClient) -> Phone:
    """A scorer's phone on the test's app."""
    return Phone(client)
