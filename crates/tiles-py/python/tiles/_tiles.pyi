"""The native part of the package: the API crate's dispatcher and the list calls."""

class TilesError(ValueError):
    """An engine refused a request: the message names the field at fault."""

class BadRequest(TilesError):
    """A request that is not good: bad JSON, a field of the wrong kind, a tile that is not one."""

class UnknownOperation(TilesError):
    """An operation the engines do not have."""

def call(operation: str, request_json: str) -> str:
    """Answers one request to `operation`: the JSON response as text."""

def shanten(hands: list[str]) -> list[int]:
    """The shanten of each mahjong hand (the least over the forms; -1 complete)."""

def is_complete(hands: list[str]) -> list[bool]:
    """Whether each mahjong hand is complete."""

def operations() -> list[tuple[str, str]]:
    """Every operation: its name and what it answers."""
