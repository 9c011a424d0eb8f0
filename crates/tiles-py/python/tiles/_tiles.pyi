"""The native part of the package: the API crate's dispatcher and the list calls."""

class TilesError(ValueError):
    """An engine refused a request: the message names the field at fault."""

class BadRequest(TilesError):
    """A request that is not good: bad JSON, a field of the wrong kind, a tile that is not one."""

class UnknownOperation(TilesError):
    """An operation the engines do not have."""

from typing import Any, Mapping, Sequence, Union

__version__: str

def call(operation: str, request: Mapping[str, Any]) -> Any:
    """Answers one request to `operation` (its fields as a dict): the response as dicts and lists."""

def call_json(operation: str, request_json: str) -> str:
    """Answers one request given as JSON text: the response's JSON text."""

def score(
    *,
    hand: str,
    win: str,
    melds: Sequence[Mapping[str, str]] = ...,
    tsumo: bool = False,
    riichi: bool = False,
    double_riichi: bool = False,
    ippatsu: bool = False,
    rinshan: bool = False,
    chankan: bool = False,
    haitei: bool = False,
    houtei: bool = False,
    tenhou: bool = False,
    chiihou: bool = False,
    seat_wind: str = "E",
    round_wind: str = "E",
    dora_indicators: Union[str, Sequence[str]] = ...,
    ura_indicators: Union[str, Sequence[str]] = ...,
    honba: int = 0,
    riichi_sticks: int = 0,
    rules: Union[str, Mapping[str, Any]] = "tenhou",
    kita: int = 0,
    players: Union[int, None] = None,
    renhou: bool = False,
) -> MahjongScore:
    """A winning hand's yaku, han, fu, limit and payments."""

class MahjongScore:
    """A winning hand's score; `to_dict()` is the `mahjong/score` response."""

    han: int
    fu: int
    yakuman: int
    yaku: list[tuple[str, int]]
    limit: Union[str, None]
    total: int
    points: dict[str, int]
    fu_parts: list[dict[str, Any]]
    base: int
    reading: str
    wait: str
    hand: str
    def to_dict(self) -> dict[str, Any]: ...
    def __getitem__(self, key: str) -> Any: ...

class MahjongScoreBatch(Sequence[Union[MahjongScore, dict[str, str]]]):
    """`score_many`'s answers: each a `MahjongScore` or `{"error": message}`, made when read."""

    han: list[int]
    fu: list[int]
    yakuman: list[int]
    total: list[int]
    base: list[int]
    scored: list[bool]
    errors: list[tuple[int, str]]
    def __len__(self) -> int: ...
    def __getitem__(self, index: Any) -> Any: ...
    def to_list(self) -> list[Union[MahjongScore, dict[str, str]]]: ...

def score_many(requests: Sequence[Mapping[str, Any]]) -> MahjongScoreBatch:
    """`mahjong/score` for each request, on every core; a refused one is `{"error": message}`."""

def analyze_many(hands: Sequence[Union[str, Mapping[str, Any]]]) -> list[dict[str, Any]]:
    """`mahjong/analyze` for each hand, on every core; a refused one is `{"error": message}`."""

def shanten(hands: list[str]) -> list[int]:
    """The shanten of each mahjong hand (the least over the forms; -1 complete)."""

def is_complete(hands: list[str]) -> list[bool]:
    """Whether each mahjong hand is complete."""

def operations() -> list[tuple[str, str]]:
    """Every operation: its name and what it answers."""

def encoding_info() -> dict[str, Any]:
    """The action ids and observation planes of `tiles.mahjong.encoding`: `name`, `actions`, `channels`, `columns`."""

def action_name(id: int) -> str:
    """The readable name of an action id (`discard 5m`, `chi 4-5-6m taking 4m`, `pass`)."""
