"""What a fan looks at: the win's context and one concrete decomposition of the hand.

:class:`WinContext` is the contract the game flow and ``dslgen hand`` fill in.
:class:`HandFacts` is derived once per decomposition so that every recognizer is a
few set or tuple operations.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import memo
from engine import tiles as T
from engine.melds import Meld


@dataclass(frozen=True)
class WinContext:
    """Everything about a win that the tiles alone do not say.

    ``concealed`` holds the concealed tiles including the winning tile (wild tiles
    keep their own codes); ``seat`` and ``dealer`` are 0-3 with seat 0 east;
    ``flowers`` are the flower tiles the winner has set aside.
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    wild_codes: frozenset[int] = frozenset()
    self_drawn: bool = False
    kong_replacement: bool = False  # 杠上开花
    last_tile: bool = False  # 海底捞月
    robbing_kong: bool = False  # 抢杠胡
    first_turn: bool = False  # 天胡 (dealer) / 地胡 (others)
    seat: int = 0
    dealer: int = 0
    flowers: tuple[int, ...] = ()
    kong_discard: bool = False  # 杠上炮: a win on the discard that followed a kong's replacement draw
    #: the winner's seat wind (0 东 1 南 2 西 3 北); None: the seat's place after the dealer (dealer = 东).
    seat_wind: int | None = None
    #: the prevalent (round) wind, 0 东 1 南 2 西 3 北.
    round_wind: int = 0
    #: 和绝张: the winning tile is the last of its four copies not yet visible (discards, melds).
    fourth_tile: bool = False
    #: the winner declared a ready hand before winning (亮倒 and other declarations).
    ready_declared: bool = False
    #: the dealer's streak of repeated deals before this hand (连庄).
    streak: int = 0
    #: seats still playing when the win is made (血战: fewer after each win); 0 when unknown.
    players_in: int = 0
    #: the tile flipped to make the wild tiles (翻牌定精 / 定金), None when none was flipped.
    indicator: int | None = None
    #: the winner's own discards still in its discard pile (claimed ones are gone).
    discards: tuple[int, ...] = ()
    #: every seat's declarations (报听, 飘 …) as ``((name, value), …)``, by seat; empty when none are known.
    declarations: tuple[tuple[tuple[str, int], ...], ...] = ()
    #: the seat whose discard (or added kong tile) is won on; None for a self-drawn win or when unknown.
    discarder: int | None = None
    #: the kinds the table's flips tagged (``reveal[].kinds``), ``(name, codes)`` in file order.
    tags: tuple[tuple[str, tuple[int, ...]], ...] = ()
    #: the tiles flipped so far, ``(moment, codes)`` (``reveal[].at``).
    revealed: tuple[tuple[str, tuple[int, ...]], ...] = ()
    #: every indicator flipped so far, and the hidden indicators under them, for ``indicators`` /
    #: ``hidden_indicators``.
    indicators: tuple[int, ...] = ()
    hidden_indicators: tuple[int, ...] = ()
    #: the marked copies among the winner's tiles , by tile code (``marked``).
    marked: tuple[int, ...] = ()
    #: the win comes within one go-around of the winner's last declaration, no call in between .
    declaration_turn: bool = False
    #: the table's repeat counters for this hand.
    honba: int = 0
    #: every tile the winner discarded this hand, claimed ones included (``discarded``).
    discarded: tuple[int, ...] = ()
    #: the tiles the winner's hand before the win waits on (``waits``; filled when the rules read it).
    waits: tuple[int, ...] = ()
    #: other seats' tiles that completed the winner's shape and that it did not win on, since its own last
    #: discard, and since its hand was locked by a declaration (``passed(discard)`` / ``passed(lock)``).
    passed: tuple[int, ...] = ()
    passed_locked: tuple[int, ...] = ()
    #: tiles still to be drawn from the wall at that moment (``wall_left``); 0 when unknown.
    wall_left: int = 0

    @property
    def own_wind(self) -> int:
        """The seat wind (0-3): ``seat_wind``, or the seat's place counted from the dealer."""
        return (self.seat - self.dealer) % 4 if self.seat_wind is None else self.seat_wind

    @property
    def wild_count(self) -> int:
        """Wild tiles in the winning hand (``wild_codes`` and the separate tiles 50-59):
        concealed ones plus any laid down in melds."""
        wild = self.wild_codes
        if not wild and max(self.concealed, default=0) < T.WILDCARD_BASE and (
                not self.melds or max([max(m.tiles, default=0) for m in self.melds]) < T.WILDCARD_BASE):
            return 0
        n = sum(1 for t in self.concealed if t in wild or t >= T.WILDCARD_BASE)
        for m in self.melds:
            n += sum(1 for t in m.tiles if t in wild or t >= T.WILDCARD_BASE)
        return n

    @property
    def open_melds(self) -> int:
        """Melds that broke concealment (吃, 碰, 明杠, 加杠; an 暗杠 does not)."""
        return sum(1 for m in self.melds if not m.is_concealed)


#: a group's tiles -> (rank bits, suit bits, wind tiles, dragon tiles, tile kinds mask)
_TILES_INFO: dict[tuple[int, ...], tuple[int, int, int, int, int]] = memo.table("fans.facts.tiles_info")


def _tiles_info(tiles: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    ranks = suit_bits = winds = dragons = kinds = 0
    for t in tiles:
        if t >= T.COUNT_SIZE:
            raise IndexError(f"tile code {t} is not a tile identity")
        kinds |= 1 << t
        if t < 30:
            ranks |= 1 << t % 10
            if t % 10:
                suit_bits |= 1 << t // 10
        elif 31 <= t <= 34:
            winds += 1
        elif t >= 35:
            dragons += 1
    info = _TILES_INFO[tiles] = (ranks, suit_bits, winds, dragons, kinds)
    return info


#: suit bit set -> frozenset of the suits
_SUITS = tuple(frozenset(s for s in (0, 1, 2) if bits >> s & 1) for bits in range(8))


class HandFacts:
    """One decomposition of the winning hand, pre-digested for the recognizers.

    Tile identities are those *after* wild substitution, so a wild tile standing
    for 5万 counts as 5万 everywhere (a wildcard may complete 清一色).
    """

    __slots__ = ("ctx", "decomposition", "shape", "standard", "tiles", "_counts", "suits", "honors",
                 "winds", "dragons", "sets", "pair", "pungs", "chows", "wild_count", "open_melds", "recognized",
                 "ranks", "_sets", "placement", "kinds", "kongs", "pung_kinds", "starts_memo", "quantity_cache", "fan_total", "fan_level", "payer_dealer")

    def __init__(self, ctx: WinContext, decomposition, wild_count: int | None = None):
        self.ctx = ctx
        self.decomposition = decomposition
        shape = decomposition.shape
        self.shape: str = shape
        #: True for the 4-sets-plus-pair shape.
        self.standard: bool = shape == "standard"
        tiles: list[int] = []
        sets = []
        pair = 0
        pungs: list[int] = []
        chows: list[int] = []
        ranks = suit_bits = winds = dragons = kinds = kongs = pung_kinds = 0
        for g in decomposition.groups:
            gt = g.tiles
            tiles += gt
            info = _TILES_INFO.get(gt)
            if info is None:
                info = _tiles_info(gt)
            ranks |= info[0]
            suit_bits |= info[1]
            winds += info[2]
            dragons += info[3]
            kinds |= info[4]
            kind = g.kind
            if kind == "pair":
                if pair == 0:
                    pair = gt[0]
            elif kind == "chow":
                sets.append(g)
                chows.append(min(gt))
            elif kind in ("pung", "kong"):
                sets.append(g)
                pungs.append(gt[0])
                pung_kinds |= 1 << gt[0]
                if kind == "kong":
                    kongs += 1
            else:
                sets.append(g)
        self.tiles: tuple[int, ...] = tuple(tiles)
        self._counts: list[int] | None = None
        #: suits present (0 万, 1 条, 2 筒).
        self.suits = _SUITS[suit_bits]
        #: bit r set when a suited tile of rank r is present.
        self.ranks: int = ranks
        #: bit t set when tile kind t is present.
        self.kinds: int = kinds
        #: kongs among the reading's groups.
        self.kongs: int = kongs
        #: bit t set when a pung or kong of tile kind t is among the reading's groups.
        self.pung_kinds: int = pung_kinds
        self.winds = winds
        self.dragons = dragons
        self.honors = winds + dragons
        self.sets = tuple(sets)
        #: the pair of a standard (or knitted-straight) hand, 0 when the shape has none.
        self.pair = pair if shape in ("standard", "knitted_straight", "double_dragon") else 0
        self.pungs = tuple(pungs)
        self.chows = tuple(chows)
        self.wild_count = ctx.wild_count if wild_count is None else wild_count
        #: melds that broke concealment (吃, 碰, 明杠, 加杠).
        self.open_melds = ctx.open_melds if ctx.melds else 0
        #: names of the declared fans recognised (read by fallback fans).
        self.recognized: frozenset[str] = frozenset()
        self._sets = None
        #: the lowest tile of the suited groups by kind, kept by the ``series`` tests of this reading.
        self.starts_memo: dict = {}
        #: index in ``decomposition.groups`` of the group the winning tile completes, when the rules make the
        #: placement part of the reading (``hand_value.placements``); None otherwise.
        self.placement: int | None = None
        #: values of the file's declared quantities (``hand_value.quantities``) for this reading.
        self.quantity_cache: dict | None = None
        #: set once the fans are counted, for ``fan_total`` / ``fan_level`` / ``payer_dealer``.
        self.fan_total = 0
        self.fan_level = 0
        self.payer_dealer = False

    @property
    def combinations(self):
        """The combination fans of this reading, counted under the 国标 principles
        (:func:`engine.fans.combinations.count`), computed once."""
        if self._sets is None:
            from engine.fans.combinations import count

            self._sets = count(self)
        return self._sets

    @property
    def counts(self) -> list[int]:
        """Counting array (length ``tiles.COUNT_SIZE``) of every tile after substitution."""
        if self._counts is None:
            counts = [0] * T.COUNT_SIZE
            for t in self.tiles:
                counts[t] += 1
            self._counts = counts
        return self._counts

    def distinct(self) -> list[int]:
        """Tile identities present, ascending."""
        c = self.counts
        return [t for t in range(T.COUNT_SIZE) if c[t]]
