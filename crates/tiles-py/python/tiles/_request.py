"""Sending a request to an operation and reading its response."""

import typing as _t

from . import _tiles


def ask(operation: str, **fields: _t.Any) -> dict[str, _t.Any]:
    """The response of ``operation`` to the request made of ``fields``, as a ``dict``: the
    fields cross into Rust as Python objects, the response comes back as dicts and lists (no
    JSON text on either side)."""
    return _tiles.call(operation, fields)
