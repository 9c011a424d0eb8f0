"""Rule engines for tile and card games, exactly: Rummikub (``tiles.rummikub``), its action
puzzle (``tiles.rummikub_puzzle``), Five Up dominoes (``tiles.fiveup``), huxxy
(``tiles.huxxy``) and riichi mahjong (``tiles.mahjong``).

Each operation is a function whose keyword arguments are the request's fields and whose
result is a ``dict`` equal to the JSON response of the same operation in the ``tiles`` command
and its HTTP API. A request an engine refuses raises :class:`BadRequest` (a ``ValueError``)
with the engine's own message, naming the field at fault.
"""

from ._tiles import BadRequest, TilesError, UnknownOperation, __version__, operations
from . import fiveup, huxxy, mahjong, rummikub, rummikub_puzzle

__all__ = [
    "__version__",
    "BadRequest",
    "TilesError",
    "UnknownOperation",
    "operations",
    "fiveup",
    "huxxy",
    "mahjong",
    "rummikub",
    "rummikub_puzzle",
]
