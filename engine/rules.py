"""The rule set the engine plays, built from a plain mapping (a parsed rule file).

The engine never reads YAML: callers hand :meth:`Rules.from_dict` the mapping they
loaded. The mapping is expected to have passed schema validation already, so this
module only fills defaults and converts names to tile codes; anything it still
cannot understand raises :class:`RulesError` with the field path.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from engine import tiles as T
from engine.capabilities import register

#: Values of modal fields the engine implements; anything else is reported by ``dslgen check``.
SUPPORTED_WILDCARD_TYPES = ("fixed", "random")
SUPPORTED_WILDCARD_BEHAVIORS = ("substitute",)
SUPPORTED_FAN_POLICIES = ("optimal",)
SUPPORTED_SCORING_MODES = ("fan_table",)
SUPPORTED_PLAYER_COUNTS = (4,)
JI_HU_MODES = ("any_fan", "shape_fan")


class RulesError(ValueError):
    """A rule mapping the engine cannot build; ``path`` is the dotted field path."""

    def __init__(self, path: str, message: str):
        self.path = path
        super().__init__(f"{path}: {message}")


@dataclass(frozen=True)
class FanSpec:
    """One row of ``fan_types``: a fan the variant scores."""

    name: str
    base_fan: int
    level: int = 0
    excludes: tuple[str, ...] = ()
    conflicts: tuple[str, ...] = ()
    condition: str = ""
    #: counted fan: what one occurrence is (``pung``, ``chow_pair``, ...); "" counts once.
    per: str = ""
    #: False: the fan scores but does not count toward ``win_min_fan`` (国标 花牌).
    toward_min_fan: bool = True
    #: readings with equal totals: prefer the one that counts this fan (国标 一色三同顺, 三同刻).
    prefer_on_tie: bool = False
    #: composite fans (清对 = 清一色 + 对对胡): the fans this one stands for (see engine.fans.composite).
    composite_of: tuple[str, ...] = ()
    #: the win scores the cap (天胡/地胡 at the cap) when this fan counts.
    at_cap: bool = False


@dataclass(frozen=True)
class WildcardRules:
    """``wildcard_rules``: which tiles are wild and how they score."""

    type: str = "fixed"  # fixed | random
    tiles: tuple[int, ...] = ()  # codes, for type fixed
    random_count: int = 1  # 1 = 正精 only, 2 = 正精 + 副精
    behavior: str = "substitute"
    fan_calculation_policy: str = "optimal"
    per_wildcard_in_win: int = 0


@dataclass(frozen=True)
class ActionOption:
    """One entry of ``self_action.options`` or ``others_reaction.options``."""

    action: str
    condition: str = ""
    priority: int = 0


@dataclass(frozen=True)
class Hook:
    """A ``scoring.pre_hooks`` entry."""

    name: str
    condition: str = ""
    description: str = ""
    #: what the hook charges per payer when the rule file declares it (查花猪); None = the hook's default.
    amount: int | None = None


@dataclass(frozen=True)
class FuFlag:
    """``phases[play].fu_flag``: the 过水 dirty flag."""

    type: str = "dirty_flag"
    set_on: str = "can_win_but_pass"
    clear_on: str = "next_discard_self"
    effect: str = "block_win_on_current_tile"


@dataclass(frozen=True)
class Phase:
    """One entry of ``phases``. ``options`` holds the raw mapping for phase types the flow reads itself."""

    name: str
    type: str
    action: str = ""
    next: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayRules:
    """The ``mahjong_turn`` phase, flattened for the flow."""

    turn_order: str = "counter_clockwise"
    parallel_elimination: bool = False
    on_draw_flower: str = "replace"
    on_empty_deck: str = "exhausted"
    self_actions: tuple[ActionOption, ...] = ()
    reactions: tuple[ActionOption, ...] = ()
    priority_policy: str = "highest_wins"
    on_win: str = "game_over"
    end_conditions: tuple[Mapping[str, Any], ...] = ()
    fu_flag: FuFlag | None = None

    def self_action(self, name: str) -> ActionOption | None:
        """The self action named ``name``, or None when the rules do not list it."""
        return next((a for a in self.self_actions if a.action == name), None)

    def reaction(self, name: str) -> ActionOption | None:
        """The reaction named ``name``, or None when the rules do not list it."""
        return next((a for a in self.reactions if a.action == name), None)


@dataclass(frozen=True)
class FlowerRules:
    """``flower_rules``: replacement timing and flower scoring."""

    on_draw: str = "replace_and_draw"
    replace_tiles: str = ""
    normal: int = 0
    matching_value: int = 0
    #: seat number (1-4, dealer = 1) -> flower codes that match that seat.
    matching: Mapping[int, tuple[int, ...]] = field(default_factory=dict)


@dataclass(frozen=True)
class Scoring:
    """``scoring``: the money math."""

    mode: str = "fan_table"
    max_cap: int | None = None
    self_draw_multiplier: int = 1
    discard_win_multiplier: int = 3
    dealer_multiplier: int = 1
    pre_hooks: tuple[Hook, ...] = ()
    #: a base every paying loser adds to the fan payment (国标 8).
    base_points: int = 0
    #: who pays the base on a discard win: ``payers`` (only the discarder) or ``all_losers``.
    base_paid_by: str = "payers"
    #: ``scoring.doubling`` (fan_stacking: double): points = base × 2^番.
    doubling: "Doubling" = field(default_factory=lambda: Doubling())
    #: ``scoring.kong_payments`` (刮风下雨, 退税, 呼叫转移); None = kongs are not paid.
    kong_payments: "KongPayments | None" = None


@dataclass(frozen=True)
class Doubling:
    """``scoring.doubling``: the base of a doubling table, its point cap and the 自摸 bonus.

    ``self_draw``: ``none``, ``add_base`` (自摸加底: one more base) or ``add_fan`` (自摸加番: one more 番).
    """

    base: int = 1
    max_points: int | None = None
    self_draw: str = "none"


@dataclass(frozen=True)
class KongPayments:
    """``scoring.kong_payments``: what each kong is paid when it is made (刮风下雨).

    ``ming_kong`` is paid by the discarder; ``an_kong`` and ``bu_kong`` by every seat still
    playing. ``refund`` (退税): at an exhaustive draw a seat that is not ready returns its kong
    income. ``transfer`` (呼叫转移): a win on the discard that follows a kong's replacement
    draw passes that kong's income to the winner.
    """

    ming_kong: int = 0
    an_kong: int = 0
    bu_kong: int = 0
    refund: bool = False
    transfer: bool = False

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
class WinCondition:
    """``win_condition``: conditions every win must meet, beyond its shape."""

    pair_must_be_258: bool = False
    #: fans that lift the 2/5/8 pair requirement (长沙's big wins).
    pair_258_exempt_fans: tuple[str, ...] = ()
    must_miss_suit: bool = False  # 缺一门: at most two of 万/条/筒 in hand and melds


@dataclass(frozen=True)
class Rules:
    """A complete variant. Build it with :meth:`from_dict`."""

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
    players: int = 4
    #: ``win_rule.ji_hu_dropped_by``: ``any_fan`` (鸡胡 only when no other fan) or ``shape_fan``
    #: (鸡胡 unless a hand-shape fan — structural or special — is recognised).
    ji_hu_dropped_by: str = "any_fan"
    #: ``settlement_items``: settlement beyond fans (精分, 抓鸟, 包赔…), see :mod:`engine.settlement_items`.
    settlement_items: tuple[SettlementItemSpec, ...] = ()
    raw: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)

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

    def deck(self) -> list[int]:
        """The tiles this variant deals from (wild tiles outside the base deck are added)."""
        extra: list[int] = []
        if self.wildcard and self.wildcard.type == "fixed":
            for t in self.wildcard.tiles:
                if T.is_honor(t) and not self.include_honors:
                    extra.extend([t] * 4)
        return T.build_deck(self.include_honors, self.include_flowers, extra)

    # --- construction --------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Build rules from a parsed rule file, filling the specification's defaults."""
        if not isinstance(data, Mapping):
            raise RulesError("", "规则文件顶层必须是映射")
        game = _map(data, "game")
        deck = _map(data, "deck")
        deal = _map(data, "deal")
        phases = tuple(_phase(p, i) for i, p in enumerate(data.get("phases") or []))
        play_phase = next((p for p in phases if p.type == "mahjong_turn"), None)
        if play_phase is None:
            raise RulesError("phases", "缺少 type: mahjong_turn 的对局阶段")
        players = _map(game, "players", "game.players")
        return cls(
            name=str(game.get("name", "")),
            requires=frozenset(str(r) for r in data.get("requires") or []),
            include_honors=bool(deck.get("include_honors", False)),
            include_flowers=bool(deck.get("include_flowers", False)),
            deck_total=int(deck.get("total", 108)),
            cards_per_player=int(deal.get("cards_per_player", 13)),
            dealer_extra=int(deal.get("dealer_extra", 1)),
            wildcard=_wildcard(data.get("wildcard_rules")),
            win_condition=_win_condition(data.get("win_condition") or {}),
            fans=tuple(_fan(f, i) for i, f in enumerate(data.get("fan_types") or [])),
            fan_stacking=str(data.get("fan_stacking", "add")),
            max_fan=_opt_int(data.get("max_fan")),
            win_min_fan=int(data.get("win_min_fan") or 0),
            ji_hu_self_draw_only=bool((data.get("win_rule") or {}).get("ji_hu_self_draw_only", False)),
            phases=phases,
            play=_play(play_phase),
            scoring=_scoring(data.get("scoring") or {}),
            flowers=_flowers(data.get("flower_rules")) if deck.get("include_flowers") else None,
            players=int(players.get("max", 4)),
            ji_hu_dropped_by=str((data.get("win_rule") or {}).get("ji_hu_dropped_by", "any_fan")),
            settlement_items=_settlement_items(data.get("settlement_items")),
            raw=data,
        )


# --- helpers ------------------------------------------------------------------

def _map(data: Mapping[str, Any], key: str, path: str | None = None) -> Mapping[str, Any]:
    value = data.get(key) or {}
    if not isinstance(value, Mapping):
        raise RulesError(path or key, "应当是映射")
    return value


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
        raise RulesError(f"fan_types[{i}]", "番型需要 name")
    return FanSpec(
        name=str(item["name"]),
        base_fan=int(item.get("base_fan", 0)),
        level=int(item.get("level", 0) or 0),
        excludes=_names(item.get("excludes")),
        conflicts=_names(item.get("conflicts")),
        condition=str(item.get("condition") or ""),
        per=str(item.get("per") or ""),
        toward_min_fan=bool(item.get("toward_min_fan", True)),
        prefer_on_tie=bool(item.get("prefer_on_tie", False)),
        composite_of=_names(item.get("composite_of")),
        at_cap=bool(item.get("at_cap", False)),
    )


def _wildcard(item: Any) -> WildcardRules | None:
    if not item:
        return None
    codes = []
    for i, name in enumerate(item.get("tiles") or []):
        try:
            codes.append(T.tile_from_name(str(name)))
        except T.TileParseError as exc:
            raise RulesError(f"wildcard_rules.tiles[{i}]", str(exc)) from None
    scoring = item.get("scoring") or {}
    return WildcardRules(
        type=str(item.get("type", "fixed")),
        tiles=tuple(codes),
        random_count=int(item.get("random_count", 1)),
        behavior=str(item.get("behavior", "substitute")),
        fan_calculation_policy=str(item.get("fan_calculation_policy", "optimal")),
        per_wildcard_in_win=int(scoring.get("per_wildcard_in_win", 0) or 0),
    )


def _win_condition(item: Mapping[str, Any]) -> WinCondition:
    return WinCondition(
        pair_must_be_258=bool(item.get("pair_must_be_258", False)),
        pair_258_exempt_fans=_names(item.get("pair_258_exempt_fans")),
        must_miss_suit=bool(item.get("must_miss_suit", False)),
    )


def _phase(item: Mapping[str, Any], i: int) -> Phase:
    if not isinstance(item, Mapping) or "name" not in item:
        raise RulesError(f"phases[{i}]", "阶段需要 name")
    return Phase(
        name=str(item["name"]),
        type=str(item.get("type", "auto")),
        action=str(item.get("action") or ""),
        next=item.get("next"),
        options=item,
    )


def _options(block: Mapping[str, Any] | None) -> tuple[ActionOption, ...]:
    return tuple(
        ActionOption(str(o["action"]), str(o.get("condition") or ""), int(o.get("priority", 0) or 0))
        for o in (block or {}).get("options") or []
    )


def _play(phase: Phase) -> PlayRules:
    raw = phase.options
    subs = raw.get("sub_phases") or {}
    draw = subs.get("draw") or {}
    reaction = subs.get("others_reaction") or {}
    fu = raw.get("fu_flag")
    return PlayRules(
        turn_order=str(raw.get("turn_order", "counter_clockwise")),
        parallel_elimination=bool(raw.get("parallel_elimination", False)),
        on_draw_flower=str(draw.get("on_draw_flower", "replace")),
        on_empty_deck=str(draw.get("on_empty_deck", "exhausted")),
        self_actions=_options(subs.get("self_action")),
        reactions=_options(reaction),
        priority_policy=str(reaction.get("priority_policy", "highest_wins")),
        on_win=str(reaction.get("on_win", "game_over")),
        end_conditions=tuple(raw.get("end_conditions") or ()),
        fu_flag=FuFlag(**{k: str(v) for k, v in fu.items()}) if isinstance(fu, Mapping) else None,
    )


def _scoring(item: Mapping[str, Any]) -> Scoring:
    return Scoring(
        mode=str(item.get("mode", "fan_table")),
        max_cap=_opt_int(item.get("max_cap")),
        self_draw_multiplier=int(item.get("self_draw_multiplier", 1)),
        discard_win_multiplier=int(item.get("discard_win_multiplier", 3)),
        dealer_multiplier=int(item.get("dealer_multiplier", 1)),
        base_points=int(item.get("base_points", 0) or 0),
        base_paid_by=str(item.get("base_paid_by") or "payers"),
        pre_hooks=tuple(
            Hook(str(h["name"]), str(h.get("condition") or ""), str(h.get("description") or ""),
                 _opt_int(h.get("amount")))
            for h in item.get("pre_hooks") or []
        ),
        doubling=_doubling(item.get("doubling") or {}),
        kong_payments=_kong_payments(item.get("kong_payments")),
    )


def _doubling(item: Mapping[str, Any]) -> Doubling:
    return Doubling(base=int(item.get("base", 1) or 1), max_points=_opt_int(item.get("max_points")),
                    self_draw=str(item.get("self_draw") or "none"))


def _kong_payments(item: Any) -> KongPayments | None:
    if not item:
        return None
    return KongPayments(ming_kong=int(item.get("ming_kong", 0) or 0), an_kong=int(item.get("an_kong", 0) or 0),
                        bu_kong=int(item.get("bu_kong", 0) or 0), refund=bool(item.get("refund", False)),
                        transfer=bool(item.get("transfer", False)))


def _settlement_items(value: Any) -> tuple[SettlementItemSpec, ...]:
    out = []
    for i, entry in enumerate(value or []):
        if not isinstance(entry, Mapping) or "item" not in entry:
            raise RulesError(f"settlement_items[{i}]", "结算项需要 item")
        pairs = tuple(sorted((str(k), tuple(v) if isinstance(v, list) else v)
                             for k, v in entry.items() if k != "item"))
        out.append(SettlementItemSpec(str(entry["item"]), pairs))
    return tuple(out)


def _flowers(item: Any) -> FlowerRules:
    item = item or {}
    scoring = item.get("scoring") or {}
    matching = scoring.get("matching") or {}
    mapping = {
        int(seat): tuple(T.tile_from_name(str(n)) for n in names)
        for seat, names in (matching.get("mapping") or {}).items()
    }
    return FlowerRules(
        on_draw=str(item.get("on_draw", "replace_and_draw")),
        replace_tiles=str(item.get("replace_tiles") or ""),
        normal=int(scoring.get("normal", 0) or 0),
        matching_value=int(matching.get("value", 0) or 0),
        matching=mapping,
    )


register("deck.generator_mahjong", "麻将牌库生成器", "按 include_honors / include_flowers 生成 108/136/144 张牌库，固定癞子牌不在牌库中时额外加入", "0.1.0", __name__)
