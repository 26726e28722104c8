"""The API's paths as its OpenAPI document lists them: what each serves and what its GET reads.

Read once, when first needed (the app's routes are all in place by then); shared by the methods
middleware (middleware/methods.py) and the API cache's keys (cache/keys.py).
"""

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from fastapi import FastAPI
from starlette.routing import compile_path


@dataclass(frozen=True)
class ApiPath:
    regex: re.Pattern[str]
    methods: frozenset[str]
    query_names: frozenset[str]  # the query parameters its GET operation declares


def query_names(operation: dict[str, Any]) -> frozenset[str]:
    return frozenset(p["name"] for p in operation.get("parameters", []) if p["in"] == "query")


def api_paths(app: FastAPI) -> Callable[[], list[ApiPath]]:
    @cache
    def table() -> list[ApiPath]:
        return [
            ApiPath(
                compile_path(template)[0],
                frozenset(method.upper() for method in operations),
                query_names(operations.get("get", {})),
            )
            for template, operations in app.openapi()["paths"].items()
        ]

    return table
