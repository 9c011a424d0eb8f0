"""Sending a request to an operation and reading its response."""

from __future__ import annotations

import json
from typing import Any

from . import _tiles


def ask(operation: str, **fields: Any) -> dict[str, Any]:
    """The response of ``operation`` to the request made of ``fields``, as a ``dict``."""
    return json.loads(_tiles.call(operation, json.dumps(fields)))
