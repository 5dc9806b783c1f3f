"""Tile codes, names and the notation designers type.

A tile is a plain ``int`` (the reference encoding):

* 万 (characters) 1-9, 条 (bamboo) 11-19, 筒 (dots) 21-29
* 东 南 西 北 中 发 白 = 31-37
* 春 夏 秋 冬 梅 兰 竹 菊 = 41-48
* separate wildcard tiles 50-59

Counting arrays are lists of length :data:`COUNT_SIZE` indexed by tile code, so
``counts[tile]`` needs no translation table.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.errors import EngineError

MAN, SOU, PIN = 0, 1, 2
SUITS = (MAN, SOU, PIN)
SUIT_CHARS = "msp"
SUIT_NAMES = ("万", "条", "筒")

EAST, SOUTH, WEST, NORTH, RED, GREEN, WHITE = range(31, 38)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, GREEN, WHITE)
HONORS = WINDS + DRAGONS
FLOWERS = tuple(range(41, 49))
WILDCARD_BASE = 50
WILDCARDS = tuple(range(50, 60))

SUITED = tuple(10 * s + r for s in SUITS for r in range(1, 10))
#: The 34 playable tile kinds (suited + honors), in code order.
PLAYABLE = SUITED + HONORS
TERMINALS = tuple(t for t in SUITED if t % 10 in (1, 9))
ORPHANS = TERMINALS + HONORS
#: Counting arrays cover every code up to the last honor.
COUNT_SIZE = 38

HONOR_CHARS = "东南西北中发白"
FLOWER_CHARS = "春夏秋冬梅兰竹菊"
#: Alternative names designers use for honors, flowers and wildcards.
ALIASES = {
    "红中": RED, "中": RED, "发财": GREEN, "发": GREEN, "白板": WHITE, "白": WHITE,
    "东风": EAST, "南风": SOUTH, "西风": WEST, "北风": NORTH,
}
_SUIT_LETTERS = {"m": MAN, "w": MAN, "s": SOU, "t": SOU, "p": PIN, "b": PIN}
_SUIT_WORDS = {"万": MAN, "条": SOU, "索": SOU, "筒": PIN, "饼": PIN}
WILDCARD_CHAR = "癞"


class TileParseError(EngineError, ValueError):
    """Raised for notation that is not a tile list; names the character and its position."""

    def __init__(self, text: str, position: int, reason: str):
        self.text = text
        self.position = position
        self.char = text[position] if 0 <= position < len(text) else ""
        super().__init__(f"第 {position + 1} 个字符 {self.char!r} 无法识别：{reason}")


def tile(suit: int, rank: int) -> int:
    """Code of the suited tile ``rank`` (1-9) of ``suit`` (MAN, SOU or PIN)."""
    return 10 * suit + rank


def suit_of(t: int) -> int:
    """Suit of a suited tile (0 万, 1 条, 2 筒); -1 for honors, flowers and wildcards."""
    return t // 10 if t < 30 else -1


def rank_of(t: int) -> int:
    """Rank 1-9 of a suited tile; 0 otherwise."""
    return t % 10 if t < 30 else 0


def is_suited(t: int) -> bool:
    """True for 万, 条 and 筒 tiles."""
    return 0 < t < 30 and t % 10 != 0


def is_honor(t: int) -> bool:
    """True for winds and dragons (31-37)."""
    return 31 <= t <= 37


def is_flower(t: int) -> bool:
    """True for the eight flower tiles (41-48)."""
    return 41 <= t <= 48


def is_wildcard_code(t: int) -> bool:
    """True for the separate wildcard tiles 50-59 (not for a 红中 made wild by the rules)."""
    return 50 <= t <= 59


def is_terminal(t: int) -> bool:
    """True for suited 1s and 9s."""
    return is_suited(t) and t % 10 in (1, 9)


def is_orphan(t: int) -> bool:
    """True for terminals and honors (幺九牌)."""
    return is_terminal(t) or is_honor(t)


def next_in_cycle(t: int) -> int:
    """The tile after ``t`` in its cycle, as indicators count: suited 1→…→9→1 within the suit,
    东→南→西→北→东 among winds, 中→发→白→中 among dragons."""
    if is_suited(t):
        return t + 1 if rank_of(t) < 9 else t - 8
    if t in WINDS:
        return WINDS[(WINDS.index(t) + 1) % 4]
    if t in DRAGONS:
        return DRAGONS[(DRAGONS.index(t) + 1) % 3]
    raise ValueError(f"tile {t} cannot be a wildcard indicator")


def tile_name(t: int) -> str:
    """Chinese display name: ``1万``, ``东``, ``春``, ``癞``."""
    if is_suited(t):
        return f"{rank_of(t)}{SUIT_NAMES[suit_of(t)]}"
    if is_honor(t):
        return HONOR_CHARS[t - 31]
    if is_flower(t):
        return FLOWER_CHARS[t - 41]
    if is_wildcard_code(t):
        return WILDCARD_CHAR
    raise ValueError(f"not a tile code: {t}")


def tile_from_name(name: str) -> int:
    """Code for one tile written in any accepted notation (``5m``, ``5万``, ``红中``, ``春``)."""
    if name in ALIASES:
        return ALIASES[name]
    tiles = parse_tiles(name)
    if len(tiles) != 1:
        raise TileParseError(name, 0, "应当恰好是一张牌")
    return tiles[0]


def parse_tiles(text: str) -> list[int]:
    """Parse designer notation into tile codes, in the order written.

    Accepts compact groups (``123m456s789p``, letters ``m/w`` 万, ``s/t`` 条,
    ``p/b`` 筒, groups may repeat), honors and flowers as characters
    (``东东中``, ``春梅``), the spelled form (``1万2万3条``), ``癞`` or ``*`` for a
    separate wildcard tile, and ignores spaces and commas.
    """
    result: list[int] = []
    pending: list[tuple[int, int]] = []  # (rank, position) digits awaiting a suit
    i = 0
    n = len(text)
    while i < n:
        ch = text[i]
        if ch.isdigit():
            rank = int(ch)
            if rank == 0:
                raise TileParseError(text, i, "点数必须是 1-9")
            pending.append((rank, i))
        elif ch.lower() in _SUIT_LETTERS or ch in _SUIT_WORDS:
            if not pending:
                raise TileParseError(text, i, "花色字母前缺少点数，例如 123m")
            suit = _SUIT_LETTERS.get(ch.lower(), _SUIT_WORDS.get(ch))
            result.extend(tile(suit, r) for r, _ in pending)
            pending.clear()
        elif pending:
            raise TileParseError(text, i, "点数后应是花色（m/s/p 或 万/条/筒）")
        elif text.startswith("红中", i) or text.startswith("发财", i) or text.startswith("白板", i):
            result.append(ALIASES[text[i:i + 2]])
            i += 1
        elif ch in HONOR_CHARS:
            result.append(31 + HONOR_CHARS.index(ch))
        elif ch in FLOWER_CHARS:
            result.append(41 + FLOWER_CHARS.index(ch))
        elif ch in (WILDCARD_CHAR, "*"):
            result.append(WILDCARD_BASE)
        elif ch in " ,，、\t":
            pass
        else:
            raise TileParseError(text, i, "不是牌的写法（示例：123m456s789p 东东 春）")
        i += 1
    if pending:
        raise TileParseError(text, pending[-1][1], "点数后缺少花色（m/s/p 或 万/条/筒）")
    return result


def format_tiles(tiles: Iterable[int]) -> str:
    """Compact, sorted notation: ``123m456s789p东东中春癞``."""
    ordered = sorted(tiles)
    out: list[str] = []
    for s in SUITS:
        ranks = "".join(str(rank_of(t)) for t in ordered if suit_of(t) == s and is_suited(t))
        if ranks:
            out.append(ranks + SUIT_CHARS[s])
    out.extend(tile_name(t) for t in ordered if not is_suited(t))
    return "".join(out)


def to_counts(tiles: Iterable[int]) -> list[int]:
    """Counting array (length COUNT_SIZE) of the suited and honor tiles in ``tiles``."""
    counts = [0] * COUNT_SIZE
    for t in tiles:
        counts[t] += 1
    return counts


def from_counts(counts: list[int]) -> list[int]:
    """Sorted tile list of a counting array."""
    return [t for t in range(COUNT_SIZE) for _ in range(counts[t])]


def build_deck(include_honors: bool, include_flowers: bool, extra: Iterable[int] = ()) -> list[int]:
    """The full deck, sorted: four of every suited (and honor) tile, one of each flower, then ``extra``."""
    kinds = PLAYABLE if include_honors else SUITED
    deck = [t for t in kinds for _ in range(4)]
    if include_flowers:
        deck.extend(FLOWERS)
    deck.extend(extra)
    return deck
