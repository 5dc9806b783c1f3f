"""The rule set the engine plays, built from a plain mapping (a parsed rule file).

The engine never reads YAML: callers hand :meth:`Rules.from_dict` the mapping they
loaded. Loading fills the specification's documented defaults (:mod:`engine.defaults`;
the engine keeps no second table of them), converts names to tile codes and validates
what the engine must know by name (:mod:`engine.validation`): anything it cannot play
raises one :class:`RulesError` listing every problem with its field path.

A :class:`Rules` is an immutable, hashable value: two loads of the same mapping are
equal, caches key on it, and :meth:`Rules.to_dict` gives back the normalised mapping
(defaults filled) that rebuilds it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine import defaults as D
from engine import tiles as T
from engine import table_rules
from engine.capabilities import register
from engine.errors import Problem, RulesError
from engine.frozen import FrozenMap, freeze, thaw

__all__ = ["Rules", "RulesError", "Problem"]

#: Values of modal fields the engine implements; anything else is reported by ``dslgen check``.
SUPPORTED_WILDCARD_TYPES = ("fixed", "random")
SUPPORTED_WILDCARD_BEHAVIORS = ("substitute",)
SUPPORTED_FAN_POLICIES = ("optimal",)
SUPPORTED_SCORING_MODES = ("fan_table",)
SUPPORTED_PLAYER_COUNTS = (2, 3, 4)
#: ``deck.suits`` names -> suit index (tile code = 10 × suit + rank).
SUIT_NAMES = {"万": 0, "条": 1, "筒": 2}
JI_HU_MODES = ("any_fan", "shape_fan")
#: ``game.seating``: who deals the first hand, who deals the next one.
FIRST_DEALERS = ("random", "seat_0")
NEXT_DEALERS = ("stay_on_win", "rotate", "winner", "stay_on_win_or_ready")
#: ``win_condition.ready``: a hand is ready when a tile makes a legal win, or completes a winning shape
READY_MODES = ("win", "shape")
#: ``scoring.discard_paid_by``: who pays a discard win.
DISCARD_PAYERS = ("discarder", "all_losers")


@dataclass(frozen=True)
class FanSpec:
    """One row of ``fan_types``: a fan the variant scores."""

    name: str
    base_fan: int
    level: int
    excludes: tuple[str, ...]
    conflicts: tuple[str, ...]
    condition: str
    #: counted fan: what one occurrence is (``pung``, ``chow_pair``, ...); "" counts once.
    per: str
    #: False: the fan scores but does not count toward ``win_min_fan`` (国标 花牌).
    toward_min_fan: bool
    #: readings with equal totals: prefer the one that counts this fan (国标 一色三同顺, 三同刻).
    prefer_on_tie: bool
    #: composite fans (清对 = 清一色 + 对对胡): the fans this one stands for (see engine.fans.composite).
    composite_of: tuple[str, ...]
    #: the win scores the cap (天胡/地胡 at the cap) when this fan counts.
    at_cap: bool
    #: the file's own definition (an expression of :mod:`engine.lang`); "" names a library fan.
    when: str = ""
    #: the fan's value when the hand has open melds ; None: ``base_fan`` either way.
    open_fan: int | None = None


@dataclass(frozen=True)
class WildcardRules:
    """``wildcard_rules``: which tiles are wild and how they score."""

    type: str  # fixed | random
    tiles: tuple[int, ...]  # codes, for type fixed
    random_count: int  # 1 = 正精 only, 2 = 正精 + 副精
    behavior: str
    fan_calculation_policy: str
    per_wildcard_in_win: int
    #: ``indicator_offsets``: for type random, the wild tiles as steps after the flipped one (0 = itself);
    #: empty: ``random_count`` (1 = the next tile, 2 = the next two)
    offsets: tuple[int, ...] = ()


@dataclass(frozen=True)
class ActionOption:
    """One entry of ``self_action.options`` or ``others_reaction.options``."""

    action: str
    condition: str
    priority: int


@dataclass(frozen=True)
class Hook:
    """A ``scoring.pre_hooks`` entry."""

    name: str
    condition: str
    description: str
    #: what the hook charges per payer when the rule file declares it (查花猪); None = the hook's default.
    amount: int | None


@dataclass(frozen=True)
class FuFlag:
    """``phases[play].fu_flag``: the 过水 dirty flag."""

    type: str
    set_on: str
    clear_on: str
    effect: str


@dataclass(frozen=True)
class Phase:
    """One entry of ``phases``. ``options`` holds the raw mapping for phase types the flow reads itself."""

    name: str
    type: str
    action: str
    next: str | None
    options: Mapping[str, Any]


@dataclass(frozen=True)
class PlayRules:
    """The ``mahjong_turn`` phase, flattened for the flow."""

    turn_order: str
    parallel_elimination: bool
    on_draw_flower: str
    on_empty_deck: str
    self_actions: tuple[ActionOption, ...]
    reactions: tuple[ActionOption, ...]
    priority_policy: str
    on_win: str
    #: 血流成河: may a winner who stays kong (``keep_waits``: only a kong after which it waits on the same tiles)
    stay_kong: str
    end_conditions: tuple[Mapping[str, Any], ...]
    fu_flag: FuFlag | None

    def self_action(self, name: str) -> ActionOption | None:
        """The self action named ``name``, or None when the rules do not list it."""
        return next((a for a in self.self_actions if a.action == name), None)

    def reaction(self, name: str) -> ActionOption | None:
        """The reaction named ``name``, or None when the rules do not list it."""
        return next((a for a in self.reactions if a.action == name), None)


@dataclass(frozen=True)
class FlowerRules:
    """``flower_rules``: replacement timing and flower scoring."""

    on_draw: str
    replace_tiles: str
    normal: int
    matching_value: int
    #: seat number (1-4, dealer = 1) -> flower codes that match that seat.
    matching: Mapping[int, tuple[int, ...]]


@dataclass(frozen=True)
class Scoring:
    """``scoring``: the money math."""

    mode: str
    max_cap: int | None
    self_draw_multiplier: int
    discard_win_multiplier: int
    dealer_multiplier: int
    pre_hooks: tuple[Hook, ...]
    #: a base every paying loser adds to the fan payment (国标 8).
    base_points: int
    #: who pays the base on a discard win: ``payers`` (only the discarder) or ``all_losers``.
    base_paid_by: str
    #: who pays a discard win: ``discarder`` (放炮者一家付) or ``all_losers`` (every other player still in).
    discard_paid_by: str
    #: ``scoring.doubling`` (fan_stacking: double): points = base × 2^番.
    doubling: "Doubling"
    #: ``scoring.kong_payments`` (刮风下雨, 退税, 呼叫转移); None = kongs are not paid.
    kong_payments: "KongPayments | None"


@dataclass(frozen=True)
class Doubling:
    """``scoring.doubling``: the base of a doubling table, its point cap and the 自摸 bonus.

    ``self_draw``: ``none``, ``add_base`` (自摸加底: one more base) or ``add_fan`` (自摸加番: one more 番).
    """

    base: int
    max_points: int | None
    self_draw: str


@dataclass(frozen=True)
class KongPayments:
    """``scoring.kong_payments``: what each kong is paid when it is made (刮风下雨).

    ``ming_kong`` is paid by the discarder; ``an_kong`` and ``bu_kong`` by every seat still
    playing. ``refund`` (退税): at an exhaustive draw a seat that is not ready returns its kong
    income. ``transfer`` (呼叫转移): a win on the discard that follows a kong's replacement
    draw passes that kong's income to the winner.
    """

    ming_kong: int
    an_kong: int
    bu_kong: int
    refund: bool
    transfer: bool

    def amount(self, kind: str) -> int:
        """The declared amount of a kong of ``kind`` (an action name: ming_kong, an_kong, bu_kong)."""
        return int(getattr(self, kind, 0) or 0)


@dataclass(frozen=True)
class SettlementItemSpec:
    """One ``settlement_items`` entry: the registered item's name and its parameters (lists as tuples)."""

    name: str
    pairs: tuple[tuple[str, Any], ...] = ()

    @property
    def params(self) -> dict[str, Any]:
        """The declared parameters as a mapping."""
        return {k: list(v) if isinstance(v, tuple) else v for k, v in self.pairs}


@dataclass(frozen=True)
class Seating:
    """``game.seating``: the seats' winds, the first dealer and who deals the next hand.

    ``seat_winds[i]`` is the wind (0 东 … 3 北) of the seat ``i`` places after the dealer in turn
    order; None gives 东南西北 in order (three players 东南西, two players 东南).
    """

    seat_winds: tuple[int, ...] | None
    first_dealer: str
    next_dealer: str

    def wind(self, seat: int, dealer: int, players: int, step: int = 1) -> int:
        """The wind of ``seat`` when ``dealer`` deals (``step`` −1 for clockwise play)."""
        position = ((seat - dealer) * step) % players
        return self.seat_winds[position] if self.seat_winds else position


@dataclass(frozen=True)
class LiangDao:
    """``liang_dao``: how 亮倒 is played (see :mod:`engine.game.liangdao`; the money is the ``liang_dao``
    settlement item). ``expose``: ``all`` or ``wait_tiles``; ``kongs``: ``keep_wait`` or ``none``."""

    expose: str
    kongs: str


@dataclass(frozen=True)
class Declaration:
    """One ``declarations`` entry: a choice a player announces (see :mod:`engine.game.declarations`).

    ``at``: ``start`` (each seat chooses one of ``choices`` after the deal, before the first draw) or
    ``discard`` (announced with a discard; with ``ready`` only when the hand left is ready). ``condition``:
    an expression (part-1 language, state scope) over the seat at that moment (``first_turn``, ``dealer``…).
    ``locks``: ``none`` or ``hand`` (only draw-and-discard, a win or a kong as ``kongs`` says). ``exposes``:
    ``nothing``, ``waits``, ``wait_tiles`` or ``hand``. ``stake``: the chosen value is the seat's 飘 stake.
    ``deposit``: points the declaring seat puts into the table pot (the hand's first winner takes it).
    ``action``: the action name that makes it (``declare``; ``liang_dao`` for the instance the ``liang_dao``
    block describes) and ``option_condition`` that action option's condition string."""

    name: str
    at: str
    condition: str = ""
    choices: tuple[int, ...] = ()
    ready: bool = True
    locks: str = "none"
    kongs: str = "keep_wait"
    exposes: str = "nothing"
    stake: bool = False
    #: points the declaring seat puts into the table pot (``engine.game.pot``); 0: none
    deposit: int = 0
    action: str = "declare"
    option_condition: str = ""


@dataclass(frozen=True)
class WinCondition:
    """``win_condition``: conditions every win must meet, beyond its shape."""

    pair_must_be_258: bool
    #: fans that lift the 2/5/8 pair requirement (长沙's big wins).
    pair_258_exempt_fans: tuple[str, ...]
    must_miss_suit: bool  # 缺一门: at most two of 万/条/筒 in hand and melds
    must_open: bool = False  # 开口: at least one exposed meld (chow, pung, 明杠/加杠) at the win
    #: ``require``: expressions every win must satisfy (``max_suit(hand) >= 8``).
    require: tuple[str, ...] = ()
    #: ``shapes``: winning shapes the file declares, ``(name, expression)`` (十三烂, 嚦咕嚦咕).
    shapes: tuple[tuple[str, str], ...] = ()
    #: ``ready``: what makes a hand ready at the end of a hand — ``win`` (a tile makes a legal win) or
    #: ``shape`` (a tile completes a winning shape, fans and requirements not asked)
    ready: str = "win"


@dataclass(frozen=True)
class HandValueSpec:
    """``hand_value``: numbers computed on each scored reading, how readings are ranked by
    them, and what each payer pays — all expressions of :mod:`engine.lang` (see :mod:`engine.fans.hand_value`)."""

    #: the placement of the winning tile (which group it completes) is part of a reading.
    placements: bool
    #: ``(name, expression)`` in file order; a quantity may read the ones declared before it.
    quantities: tuple[tuple[str, str], ...]
    #: expressions compared (largest first) to choose the reading, before the fan total.
    rank: tuple[str, ...]
    #: what the discarder pays on a discard win, and what each other player pays on a self-drawn win.
    discarder: str
    self_draw: str
    #: quantities ``dslgen hand`` shows beside the fans.
    show: tuple[str, ...] = ()


@dataclass(frozen=True)
class TileRestriction:
    """One ``tile_restrictions`` entry: the tiles (an expression of type 牌集) the listed actions may not use."""

    tiles: str
    actions: tuple[str, ...]


@dataclass(frozen=True, eq=False)
class Rules:
    """A complete variant. Build it with :meth:`from_dict`; equal and hashed by its normalised mapping."""

    name: str
    requires: frozenset[str]
    include_honors: bool
    include_flowers: bool
    deck_total: int
    cards_per_player: int
    dealer_extra: int
    wildcard: WildcardRules | None
    win_condition: WinCondition
    fans: tuple[FanSpec, ...]
    fan_stacking: str
    max_fan: int | None
    win_min_fan: int
    ji_hu_self_draw_only: bool
    phases: tuple[Phase, ...]
    play: PlayRules
    scoring: Scoring
    flowers: FlowerRules | None
    players: int
    #: ``win_rule.ji_hu_dropped_by``: ``any_fan`` (鸡胡 only when no other fan) or ``shape_fan``
    #: (鸡胡 unless a hand-shape fan — structural or special — is recognised).
    ji_hu_dropped_by: str
    #: ``settlement_items``: settlement beyond fans (精分, 抓鸟, 包赔…), see :mod:`engine.settlement_items`.
    settlement_items: tuple[SettlementItemSpec, ...]
    #: ``game.seating``: seat winds, the first dealer, who deals next (see :class:`Seating`).
    seating: Seating
    #: ``deck.suits`` (suit indices) and ``deck.honors`` (codes): a partial deck; None = by include_honors.
    suits: tuple[int, ...] | None = None
    #: ``payments``: the file's own payment formulas (:class:`engine.payments.model.Payment`), in order.
    payments: tuple = ()
    honor_tiles: tuple[int, ...] | None = None
    #: ``deck.tiles``: the tile kinds listed one by one (four of each); overrides suits / honors.
    tile_list: tuple[int, ...] | None = None
    #: ``liang_dao``: how a declared ready hand (亮倒) is played; its documented defaults when omitted.
    liang_dao: LiangDao = LiangDao("wait_tiles", "keep_wait")
    #: ``tile_restrictions``: tiles that may not be discarded, claimed, ponged, konged or won on.
    tile_restrictions: tuple[TileRestriction, ...] = ()
    #: ``declarations``: what players may announce (报听, 飘 …); see :mod:`engine.game.declarations`.
    declarations: tuple[Declaration, ...] = ()
    #: ``reveal`` and ``table_events`` (:mod:`engine.table_rules`): flipped tiles and the kinds they tag;
    #: the reserved tail, the last-tiles phase and immediate wins.
    reveals: tuple[table_rules.Reveal, ...] = ()
    table_events: table_rules.TableEvents = table_rules.TableEvents()
    #: ``hand_value``: declared quantities, reading order and payments; None when the file has none.
    hand_value: HandValueSpec | None = None
    #: ``deck.marked``: the marked copies of the deck (red fives), one code per copy.
    marked: tuple[int, ...] = ()
    #: The normalised mapping (defaults filled, frozen) every field above was read from.
    raw: Mapping[str, Any] = field(default_factory=FrozenMap, compare=False, repr=False)

    def __hash__(self) -> int:
        return hash(self.raw)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Rules) and self.raw == other.raw)

    def __copy__(self) -> "Rules":
        return self

    def __deepcopy__(self, memo: dict) -> "Rules":
        return self

    def to_dict(self) -> dict[str, Any]:
        """The normalised rule mapping (documented defaults filled in); ``from_dict`` of it is an equal value."""
        return thaw(self.raw)

    # --- derived views -------------------------------------------------
    def fan(self, name: str) -> FanSpec | None:
        """The declared fan named ``name``, or None."""
        return next((f for f in self.fans if f.name == name), None)

    @property
    def fan_names(self) -> frozenset[str]:
        """Names of every declared fan."""
        return frozenset(f.name for f in self.fans)

    def allows(self, capability: str) -> bool:
        """True when ``requires`` lists ``capability``."""
        return capability in self.requires

    @property
    def tile_kinds(self) -> tuple[int, ...]:
        """Every tile kind (no flowers) of the base deck, ascending: 万条筒 and the honors it holds."""
        if self.tile_list is not None:
            return self.tile_list
        if self.suits is None and self.honor_tiles is None:
            return T.PLAYABLE if self.include_honors else T.SUITED
        suits = self.suits if self.suits is not None else (0, 1, 2)
        honors = self.honor_tiles if self.honor_tiles is not None else (T.HONORS if self.include_honors else ())
        return tuple(sorted([10 * s + r for s in suits for r in range(1, 10)] + list(honors)))

    @property
    def win_size(self) -> int:
        """Tiles of a complete hand, melds counted as three: 14 (13-tile hands) or 17 (16-tile hands:
        five melds and a pair)."""
        return self.cards_per_player + 1

    def deck(self) -> list[int]:
        """The tiles this variant deals from (wild tiles outside the base deck are added)."""
        if self.suits is not None or self.honor_tiles is not None or self.tile_list is not None:
            kinds = self.tile_kinds
            deck = [t for t in kinds for _ in range(4)]
            if self.include_flowers:
                deck.extend(T.FLOWERS)
            if self.wildcard and self.wildcard.type == "fixed":
                deck.extend(t for t in self.wildcard.tiles if t not in kinds for _ in range(4))
            return deck
        extra: list[int] = []
        if self.wildcard and self.wildcard.type == "fixed":
            for t in self.wildcard.tiles:
                if T.is_honor(t) and not self.include_honors:
                    extra.extend([t] * 4)
        return T.build_deck(self.include_honors, self.include_flowers, extra)

    # --- construction --------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], *, validate: bool = True) -> "Rules":
        """Build rules from a parsed rule file, filling the specification's defaults, and validate them.

        Raises :class:`RulesError` listing every problem (unknown fan, capability,
        condition, action or hook; dangling ``excludes``; a phase graph with no end; ...).
        ``validate=False`` only builds (for a checker that reports each problem itself).
        """
        if not isinstance(data, Mapping):
            raise RulesError((), "规则文件顶层必须是映射")
        filled = D.fill(data)
        try:
            rules = cls._build(filled)
        except RulesError:
            raise
        except (TypeError, ValueError, KeyError, AttributeError, OverflowError) as exc:
            raise RulesError((), f"规则映射的结构不正确：{exc}") from None
        if not validate:  # for checkers that report each problem themselves (``dslgen check``)
            return rules
        from engine.validation import problems

        found = problems(rules)
        if found:
            raise RulesError.of(found)
        return rules

    @classmethod
    def _build(cls, data: dict[str, Any]) -> "Rules":
        game = _map(data, "game")
        deck = _map(data, "deck")
        deal = _map(data, "deal")
        phases = tuple(_phase(p, i) for i, p in enumerate(data.get("phases") or []))
        play_phase = next((p for p in phases if p.type == "mahjong_turn"), None)
        if play_phase is None:
            raise RulesError(("phases",), "缺少 type: mahjong_turn 的对局阶段")
        players = _map(game, "players", ("game", "players"))
        return cls(
            name=str(_need(game, "name", ("game",))),
            requires=frozenset(str(r) for r in data.get("requires") or []),
            include_honors=bool(_need(deck, "include_honors", ("deck",))),
            include_flowers=bool(_need(deck, "include_flowers", ("deck",))),
            deck_total=int(_need(deck, "total", ("deck",))),
            cards_per_player=int(deal["cards_per_player"]),
            dealer_extra=int(deal["dealer_extra"]),
            wildcard=_wildcard(data.get("wildcard_rules")),
            win_condition=_win_condition(_map(data, "win_condition")),
            fans=tuple(_fan(f, i) for i, f in enumerate(data.get("fan_types") or [])),
            fan_stacking=str(_need(data, "fan_stacking", ())),
            max_fan=_opt_int(data["max_fan"]),
            win_min_fan=int(data["win_min_fan"] or 0),
            ji_hu_self_draw_only=bool(_map(data, "win_rule")["ji_hu_self_draw_only"]),
            phases=phases,
            play=_play(play_phase),
            scoring=_scoring(_map(data, "scoring")),
            flowers=_flowers(data.get("flower_rules")) if deck.get("include_flowers") else None,
            players=int(_need(players, "max", ("game", "players"))),
            ji_hu_dropped_by=str(_map(data, "win_rule")["ji_hu_dropped_by"]),
            settlement_items=_settlement_items(data["settlement_items"]),
            payments=_payments(data.get("payments")),
            suits=_suits(deck.get("suits")),
            honor_tiles=_honor_tiles(deck.get("honors")),
            tile_list=_tile_list(deck.get("tiles")),
            seating=_seating(game.get("seating"), int(_need(players, "max", ("game", "players")))),
            liang_dao=_liang_dao(data.get("liang_dao")),
            tile_restrictions=tuple(TileRestriction(str(r.get("tiles") or ""), _names(r.get("actions")))
                                    for r in data.get("tile_restrictions") or () if isinstance(r, Mapping)),
            declarations=_declarations(data.get("declarations")),
            reveals=table_rules.reveals(data.get("reveal")),
            table_events=table_rules.table_events(data.get("table_events")),
            hand_value=_hand_value(data.get("hand_value")),
            marked=_marked(deck.get("marked")),
            raw=freeze(data),
        )


# --- helpers ------------------------------------------------------------------

def _map(data: Mapping[str, Any], key: str, path: tuple | None = None) -> Mapping[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, Mapping):
        raise RulesError(path or (key,), "应当是映射")
    return value


def _need(data: Mapping[str, Any], key: str, path: tuple) -> Any:
    """A required field (the specification gives it no default)."""
    if key not in data:
        raise RulesError((*path, key), "缺少必填字段")
    return data[key]


def _opt_int(value: Any) -> int | None:
    return None if value is None else int(value)


def _names(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def _fan(item: Mapping[str, Any], i: int) -> FanSpec:
    if not isinstance(item, Mapping) or "name" not in item:
        raise RulesError(("fan_types", i), "番型需要 name")
    return FanSpec(
        name=str(item["name"]),
        base_fan=int(_need(item, "base_fan", ("fan_types", i))),
        level=int(item["level"] or 0),
        excludes=_names(item["excludes"]),
        conflicts=_names(item["conflicts"]),
        condition=str(item["condition"] or ""),
        per=str(item["per"] or ""),
        toward_min_fan=bool(item["toward_min_fan"]),
        prefer_on_tie=bool(item["prefer_on_tie"]),
        composite_of=_names(item["composite_of"]),
        at_cap=bool(item["at_cap"]),
        when=str(item.get("when") or ""),
        open_fan=_opt_int(item.get("open_fan")),
    )


def _hand_value(item: Any) -> HandValueSpec | None:
    if not item:
        return None
    if not isinstance(item, Mapping):
        raise RulesError(("hand_value",), "应当是映射")
    quantities = item.get("quantities") or {}
    if not isinstance(quantities, Mapping):
        raise RulesError(("hand_value", "quantities"), "应当是 名字: 表达式 的映射")
    pay = item.get("payments") or {}
    return HandValueSpec(
        placements=bool(item.get("placements")),
        quantities=tuple((str(k), str(v)) for k, v in quantities.items()),
        rank=_names(item.get("rank")),
        discarder=str(pay.get("discarder") or ""),
        self_draw=str(pay.get("self_draw") or ""),
        show=_names(item.get("show")),
    )


def _wildcard(item: Any) -> WildcardRules | None:
    if not item:
        return None
    codes = []
    for i, name in enumerate(item.get("tiles") or []):
        try:
            codes.append(T.tile_from_name(str(name)))
        except T.TileParseError as exc:
            raise RulesError(("wildcard_rules", "tiles", i), str(exc)) from None
    scoring = item["scoring"]
    return WildcardRules(
        type=str(_need(item, "type", ("wildcard_rules",))),
        tiles=tuple(codes),
        random_count=int(item["random_count"]),
        behavior=str(item["behavior"]),
        fan_calculation_policy=str(item["fan_calculation_policy"]),
        per_wildcard_in_win=int(scoring["per_wildcard_in_win"] or 0),
        offsets=tuple(int(x) for x in item.get("indicator_offsets") or ()),
    )


def _win_condition(item: Mapping[str, Any]) -> WinCondition:
    return WinCondition(
        pair_must_be_258=bool(item["pair_must_be_258"]),
        pair_258_exempt_fans=_names(item["pair_258_exempt_fans"]),
        must_miss_suit=bool(item["must_miss_suit"]),
        must_open=bool(item["must_open"]),
        require=_names(item.get("require")),
        shapes=tuple((str(s.get("name") or ""), str(s.get("when") or "")) for s in item.get("shapes") or ()
                     if isinstance(s, Mapping)),
        ready=str(item["ready"]),
    )


def _phase(item: Mapping[str, Any], i: int) -> Phase:
    if not isinstance(item, Mapping) or "name" not in item:
        raise RulesError(("phases", i), "阶段需要 name")
    return Phase(
        name=str(item["name"]),
        type=str(_need(item, "type", ("phases", i))),
        action=str(item.get("action") or ""),
        next=item["next"],
        options=freeze(item),
    )


def _options(block: Mapping[str, Any] | None) -> tuple[ActionOption, ...]:
    return tuple(
        ActionOption(str(o["action"]), str(o["condition"] or ""), int(o["priority"] or 0))
        for o in (block or {}).get("options") or []
    )


def _play(phase: Phase) -> PlayRules:
    raw = phase.options
    subs = raw.get("sub_phases") or {}
    draw = subs.get("draw") or {}
    reaction = subs.get("others_reaction") or {}
    fu = raw.get("fu_flag")
    return PlayRules(
        turn_order=str(raw["turn_order"]),
        parallel_elimination=bool(raw["parallel_elimination"]),
        on_draw_flower=str(draw.get("on_draw_flower", D.default("phases[].sub_phases.draw.on_draw_flower"))),
        on_empty_deck=str(draw.get("on_empty_deck", D.default("phases[].sub_phases.draw.on_empty_deck"))),
        self_actions=_options(subs.get("self_action")),
        reactions=_options(reaction),
        priority_policy=str(reaction.get("priority_policy", D.default("phases[].sub_phases.others_reaction.priority_policy"))),
        on_win=str(reaction.get("on_win", D.default("phases[].sub_phases.others_reaction.on_win"))),
        stay_kong=str(reaction.get("stay_kong", D.default("phases[].sub_phases.others_reaction.stay_kong"))),
        end_conditions=tuple(raw.get("end_conditions") or ()),  # frozen with the phase
        fu_flag=FuFlag(**{k: str(v) for k, v in fu.items()}) if isinstance(fu, Mapping) else None,
    )


def _scoring(item: Mapping[str, Any]) -> Scoring:
    return Scoring(
        mode=str(_need(item, "mode", ("scoring",))),
        max_cap=_opt_int(item["max_cap"]),
        self_draw_multiplier=int(item["self_draw_multiplier"]),
        discard_win_multiplier=int(item["discard_win_multiplier"]),
        dealer_multiplier=int(item["dealer_multiplier"]),
        base_points=int(item["base_points"] or 0),
        base_paid_by=str(item["base_paid_by"]),
        discard_paid_by=str(item["discard_paid_by"]),
        pre_hooks=tuple(
            Hook(str(h["name"]), str(h["condition"] or ""), str(h["description"] or ""), _opt_int(h["amount"]))
            for h in item["pre_hooks"] or []
        ),
        doubling=_doubling(item.get("doubling")),
        kong_payments=_kong_payments(item.get("kong_payments")),
    )


def _marked(value: Any) -> tuple[int, ...]:
    """``deck.marked``: the marked copies, one tile per entry (repeated tiles are more copies)."""
    out: list[int] = []
    for i, text in enumerate(value or ()):
        try:
            tiles = T.parse_tiles(str(text))
        except T.TileParseError as exc:
            raise RulesError(("deck", "marked", i), str(exc)) from None
        if len(tiles) != 1 or not (T.is_suited(tiles[0]) or T.is_honor(tiles[0])):
            raise RulesError(("deck", "marked", i), "每项写一张数牌或字牌，如 5m")
        out.append(tiles[0])
    for t in set(out):
        if out.count(t) > 4:
            raise RulesError(("deck", "marked"), f"{T.tile_name(t)} 带标记的超过 4 张")
    return tuple(sorted(out))


def _tile_list(value: Any) -> tuple[int, ...] | None:
    """``deck.tiles``: strings in the hand notation (``123456789s``, ``中发白``), every kind four times."""
    if value is None:
        return None
    out: set[int] = set()
    for i, text in enumerate([value] if isinstance(value, str) else value):
        try:
            tiles = T.parse_tiles(str(text))
        except T.TileParseError as exc:
            raise RulesError(("deck", "tiles", i), str(exc)) from None
        for t in tiles:
            if not (T.is_suited(t) or T.is_honor(t)):
                raise RulesError(("deck", "tiles", i), f"{T.tile_name(t)} 不是数牌或字牌（花牌用 include_flowers）")
            out.add(t)
    if not out:
        raise RulesError(("deck", "tiles"), "牌张列表是空的")
    return tuple(sorted(out))


def _seating(value: Any, players: int) -> Seating:
    item = value if isinstance(value, Mapping) else {}
    winds = item.get("seat_winds")
    codes = None
    if winds is not None:
        codes = []
        for i, name in enumerate(winds):
            try:
                code = T.tile_from_name(str(name))
            except T.TileParseError as exc:
                raise RulesError(("game", "seating", "seat_winds", i), str(exc)) from None
            if code not in T.WINDS:
                raise RulesError(("game", "seating", "seat_winds", i), f"{name} 不是风牌（东南西北）")
            codes.append(code - T.EAST)
        if len(codes) != players or len(set(codes)) != len(codes):
            raise RulesError(("game", "seating", "seat_winds"), f"要为 {players} 个座位各写一个不同的风（从庄家起按行牌顺序）")
    # an absent ``seating`` block is not filled (no default of its own): its fields' documented defaults apply
    first = item["first_dealer"] if "first_dealer" in item else D.default("game.seating.first_dealer")
    after = item["next_dealer"] if "next_dealer" in item else D.default("game.seating.next_dealer")
    return Seating(tuple(codes) if codes is not None else None, str(first), str(after))


def _doubling(item: Any) -> Doubling:
    # an omitted scoring.doubling plays its documented defaults (used only under fan_stacking: double)
    item = D.fill({"scoring": {"doubling": item or {}}})["scoring"]["doubling"]
    return Doubling(base=int(item["base"]), max_points=_opt_int(item["max_points"]), self_draw=str(item["self_draw"]))


def _liang_dao(item: Any) -> LiangDao:
    # an omitted liang_dao block plays its documented defaults (used only when self_action lists liang_dao)
    item = D.fill({"liang_dao": item if isinstance(item, Mapping) else {}})["liang_dao"]
    return LiangDao(expose=str(item["expose"]), kongs=str(item["kongs"]))


def _declarations(value: Any) -> tuple[Declaration, ...]:
    out = []
    for i, entry in enumerate(value or []):
        if not isinstance(entry, Mapping) or not entry.get("name") or not entry.get("at"):
            raise RulesError(("declarations", i), "声明需要 name 和 at")
        choices = entry.get("choices")
        if choices is not None and (not isinstance(choices, list)
                                    or not all(isinstance(c, int) and not isinstance(c, bool) for c in choices)):
            raise RulesError(("declarations", i, "choices"), "choices 应当是整数列表，如 [0, 1, 2, 3]")
        at = str(entry["at"])
        out.append(Declaration(
            name=str(entry["name"]), at=at, condition=str(entry.get("condition") or ""),
            choices=tuple(choices) if choices is not None else ((0, 1) if at == "start" else ()),
            ready=bool(entry["ready"]), locks=str(entry["locks"]), kongs=str(entry["kongs"]),
            exposes=str(entry["exposes"]), stake=bool(entry["stake"]), deposit=_deposit(entry, i)))
    return tuple(out)


def _deposit(entry: Mapping[str, Any], i: int) -> int:
    value = entry["deposit"]
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise RulesError(("declarations", i, "deposit"), "deposit 应当是不小于 0 的整数（声明时交到场上的点数）")
    return value


def _kong_payments(item: Any) -> KongPayments | None:
    if not item:
        return None
    item = D.fill({"scoring": {"kong_payments": item}})["scoring"]["kong_payments"]
    return KongPayments(ming_kong=int(item["ming_kong"]), an_kong=int(item["an_kong"]), bu_kong=int(item["bu_kong"]),
                        refund=bool(item["refund"]), transfer=bool(item["transfer"]))
def _suits(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    out = []
    for i, name in enumerate(value):
        if str(name) not in SUIT_NAMES:
            raise RulesError(("deck", "suits", i), f"花色应当是 万 / 条 / 筒，不是 {name!r}")
        out.append(SUIT_NAMES[str(name)])
    return tuple(sorted(set(out)))


def _honor_tiles(value: Any) -> tuple[int, ...] | None:
    if value is None:
        return None
    out = []
    for i, name in enumerate(value):
        try:
            code = T.tile_from_name(str(name))
        except T.TileParseError as exc:
            raise RulesError(("deck", "honors", i), str(exc)) from None
        if not T.is_honor(code):
            raise RulesError(("deck", "honors", i), f"{name} 不是字牌")
        out.append(code)
    return tuple(sorted(set(out)))


_PAYMENT_KEYS = ("name", "zh", "when", "payer", "receiver", "if", "amount", "combine", "liable")


def _payments(value: Any) -> tuple:
    """``payments``: each entry a formula (:mod:`engine.payments`); compiling it is validation's business
    (:func:`engine.validation.payment_problems`)."""
    from engine.payments.model import Payment

    if value is None:
        return ()
    if not isinstance(value, list):
        raise RulesError(("payments",), "payments 应当是列表，每项一个支付公式")
    out = []
    for i, entry in enumerate(value):
        if not isinstance(entry, Mapping):
            raise RulesError(("payments", i), "每个支付公式是一个映射：name、when、amount，可选 payer、receiver、if、combine、liable")
        unknown = [k for k in entry if k not in _PAYMENT_KEYS]
        if unknown:
            raise RulesError(("payments", i, unknown[0]),
                             f"支付公式没有字段 {unknown[0]}（可用字段：{'、'.join(_PAYMENT_KEYS)}）")
        for key in ("name", "when", "amount"):
            if key not in entry:
                raise RulesError(("payments", i), f"支付公式缺少 {key}")
        payment = Payment(name=str(entry["name"]), when=str(entry["when"]), amount=str(entry["amount"]),
                          payer=str(entry.get("payer") or ""), receiver=str(entry.get("receiver") or ""),
                          condition=str(entry.get("if") or ""), combine=str(entry.get("combine") or "add"),
                          liable=str(entry.get("liable") if entry.get("liable") is not None else ""),
                          zh=str(entry.get("zh") or entry["name"]), where=("payments", i))
        out.append(payment)
    return tuple(out)


def _settlement_items(value: Any) -> tuple[SettlementItemSpec, ...]:
    out = []
    for i, entry in enumerate(value or []):
        if not isinstance(entry, Mapping) or "item" not in entry:
            raise RulesError(("settlement_items", i), "结算项需要 item")
        pairs = tuple(sorted((str(k), tuple(v) if isinstance(v, list) else v)
                             for k, v in entry.items() if k != "item"))
        out.append(SettlementItemSpec(str(entry["item"]), pairs))
    return tuple(out)


def _flowers(item: Any) -> FlowerRules:
    item = D.fill({"flower_rules": item or {}})["flower_rules"]  # an omitted flower_rules plays its defaults
    scoring = item["scoring"]
    matching = scoring["matching"]
    mapping = {
        int(seat): tuple(T.tile_from_name(str(n)) for n in names)
        for seat, names in (matching["mapping"] or {}).items()
    }
    return FlowerRules(
        on_draw=str(item["on_draw"]),
        replace_tiles=str(item["replace_tiles"] or ""),
        normal=int(scoring["normal"] or 0),
        matching_value=int(matching["value"] or 0),
        matching=FrozenMap(mapping),
    )


register("deck.generator_mahjong", "麻将牌库生成器", "按 include_honors / include_flowers 生成 108/136/144 张牌库，或按 deck.suits / deck.honors 生成缺门、少字的牌库（72/84/64… 张），固定癞子牌不在牌库中时额外加入", "0.1.0", __name__)
