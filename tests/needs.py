"""What a test does when a server it needs (PostgreSQL, nginx) is not installed."""

import os
from typing import NoReturn

import pytest


def unavailable(message: str) -> NoReturn:
    """A failure under CI (which installs everything), a skip on a developer's machine."""
    if os.environ.get("CI"):
        pytest.fail(message)
    pytest.skip(message)
