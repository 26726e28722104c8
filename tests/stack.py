"""Reaching one layer of a built app's middleware stack, to read or set its state in a test."""

from typing import Any, TypeVar

from fastapi import FastAPI

T = TypeVar("T")


def middleware_of(app: FastAPI, kind: type[T]) -> T:
    """The app's ``kind`` layer; the stack is built on the app's first request."""
    layer: Any = app.middleware_stack
    while not isinstance(layer, kind):
        layer = layer.app
    return layer
