"""The capability registry: what this engine can actually do.

Each capability is registered by the module that implements it, next to its
code (``register(...)`` at import time), so an unimplemented capability is never
listed. :func:`registry` imports every implementing module first, so the answer
does not depend on what the caller happened to import.

Next to the registrations is the one table of which rule-file feature needs which
capability (:data:`NEEDS`, :func:`needed`) and which fans need which winning shape
(:data:`SHAPE_FANS`, :data:`SHAPE_CAPABILITIES`): the solver, ``dslgen check`` and
the drafter all read it.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Callable, Mapping


@dataclass(frozen=True)
class Capability:
    """One engine capability a rule file can ask for in ``requires``."""

    id: str
    name: str  # Chinese, shown to designers
    description: str  # Chinese
    since: str
    module: str  # where the code lives, e.g. "engine.solver.special"


_REGISTRY: dict[str, Capability] = {}

#: Modules that register capabilities. Importing them fills the registry.
IMPLEMENTING_MODULES = (
    "engine.rules",
    "engine.solver",
    "engine.fans",
    "engine.settlement",
    "engine.settlement_items",
    "engine.game",
)


def register(id: str, name: str, description: str, since: str, module: str) -> Capability:
    """Register a capability; the same id twice is a programming error."""
    if id in _REGISTRY and _REGISTRY[id].module != module:
        raise ValueError(f"capability {id!r} registered twice ({_REGISTRY[id].module}, {module})")
    cap = Capability(id, name, description, since, module)
    _REGISTRY[id] = cap
    return cap


def registry() -> dict[str, Capability]:
    """Every registered capability by id, after importing all implementing modules."""
    for mod in IMPLEMENTING_MODULES:
        try:
            importlib.import_module(mod)
        except ModuleNotFoundError as exc:
            if exc.name != mod:
                raise
    return dict(sorted(_REGISTRY.items()))


def get(id: str) -> Capability | None:
    """The capability ``id``, or None when the engine does not implement it."""
    return registry().get(id)


# --- which rule-file feature needs which capability ------------------------------------------

#: Capabilities every variant needs (the flow's basics); the drafter always lists them.
BASELINE = ("deck.generator_mahjong", "meldsolver.standard_win", "phase.mahjong_turn", "phase.priority_arbitration",
            "scoring.fan_table")

#: Winning shapes a declared fan implies, by :class:`engine.solver.Shapes` field: the fan names (canonical,
#: or a word that opens a shape by itself) whose library entry says ``opens = <shape>`` (or
#: ``opens.<word> = <shape>``: 将将胡, a name of 将一色, opens the all-2/5/8 shape; the name 将一色 does not). Filled by :mod:`engine.fans.library` when the standard library loads; synonyms follow through
#: :func:`shape_of_fan`.
SHAPE_FANS: dict[str, frozenset[str]] = {}
#: The capability that enables each winning shape.
SHAPE_CAPABILITIES: dict[str, str] = {
    "seven_pairs": "meldsolver.seven_pairs",
    "thirteen_orphans": "meldsolver.thirteen_orphans",
    "honors_knitted": "meldsolver.all_orphans",
    "knitted_straight": "meldsolver.combo_dragon",
    "double_dragon": "meldsolver.double_dragon",
    "all_258": "meldsolver.all_258",
}

Path = tuple  # a field path: ("phases", 1, "fu_flag")


def shape_of_fan(name: str) -> str | None:
    """The winning shape (a :class:`engine.solver.Shapes` field) a declared fan name opens, or None.

    The name itself when :data:`SHAPE_FANS` lists it (将将胡), else its canonical name in the fan
    registry (七小对 → 七对 → ``seven_pairs``), else, for a published composite the registry does not
    know (:data:`engine.fans.composite.KNOWN`), the shape of its first part that opens one (龙七对).
    """
    from engine.fans.composite import KNOWN  # the fan registry imports this module
    from engine.fans.registry import lookup

    for field, names in SHAPE_FANS.items():
        if name in names:
            return field
    unit = lookup(name)
    if unit is not None:
        return next((field for field, names in SHAPE_FANS.items() if unit.name in names), None)
    return next((s for s in map(shape_of_fan, KNOWN.get(name, ())) if s), None)


@dataclass(frozen=True)
class Need:
    """A rule-file feature and the capability it needs.

    ``find`` takes the rule mapping and returns the field path of the feature's first
    use, or None when the file does not use it. ``dslgen check`` (C501/C502) and the
    drafter read :data:`NEEDS`; nothing else keeps this knowledge.
    """

    capability: str
    feature: str  # Chinese, shown in messages
    find: Callable[[Mapping[str, Any]], Path | None]


def _at(data: Any, *path: Any) -> Any:
    node = data
    for part in path:
        if isinstance(part, int):
            node = node[part] if isinstance(node, (list, tuple)) and -len(node) <= part < len(node) else None
        else:
            node = node.get(part) if isinstance(node, Mapping) else None
    return node


def _play(data: Mapping[str, Any]) -> tuple[int, Mapping[str, Any]] | None:
    phases = _at(data, "phases")
    for i, p in enumerate(phases if isinstance(phases, (list, tuple)) else ()):
        if isinstance(p, Mapping) and p.get("type") == "mahjong_turn":
            return i, p
    return None


def _flag(*path: str) -> Callable[[Mapping[str, Any]], Path | None]:
    return lambda data: tuple(path) if _at(data, *path) is True else None


def _present(*path: str) -> Callable[[Mapping[str, Any]], Path | None]:
    return lambda data: tuple(path) if _at(data, *path) else None


def _shape(field: str) -> Callable[[Mapping[str, Any]], Path | None]:
    """A finder for the first fan row whose name opens the winning shape ``field``."""
    def find(data: Mapping[str, Any]) -> Path | None:
        rows = _at(data, "fan_types")
        for i, row in enumerate(rows if isinstance(rows, (list, tuple)) else ()):
            name = row.get("name") if isinstance(row, Mapping) else None
            if isinstance(name, str) and shape_of_fan(name) == field:
                return ("fan_types", i, "name")
        return None

    return find


def _fans(names: frozenset[str]) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        from engine.fans.registry import lookup  # the fan registry imports this module

        rows = _at(data, "fan_types")
        for i, row in enumerate(rows if isinstance(rows, (list, tuple)) else ()):
            name = row.get("name") if isinstance(row, Mapping) else None
            if isinstance(name, str):
                unit = lookup(name)
                if name in names or (unit is not None and unit.name in names):
                    return ("fan_types", i, "name")
        return None

    return find


def _play_key(key: str, truthy: bool = True) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        play = _play(data)
        if play is None:
            return None
        value = play[1].get(key)
        return ("phases", play[0], key) if (value is True if truthy else value is not None) else None

    return find


def _play_phase(data: Mapping[str, Any]) -> Path | None:
    play = _play(data)
    return ("phases", play[0], "type") if play else None


def _phase_type(kind: str) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        phases = _at(data, "phases")
        for i, p in enumerate(phases if isinstance(phases, (list, tuple)) else ()):
            if isinstance(p, Mapping) and p.get("type") == kind:
                return ("phases", i, "type")
        return None

    return find


def _reactions(data: Mapping[str, Any]) -> Path | None:
    play = _play(data)
    options = _at(play[1], "sub_phases", "others_reaction", "options") if play else None
    return ("phases", play[0], "sub_phases", "others_reaction", "options") if options else None


def _reaction_condition(name: str) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        play = _play(data)
        options = _at(play[1], "sub_phases", "others_reaction", "options") if play else None
        for j, o in enumerate(options if isinstance(options, (list, tuple)) else ()):
            if isinstance(o, Mapping) and o.get("condition") == name:
                return ("phases", play[0], "sub_phases", "others_reaction", "options", j, "condition")
        return None

    return find


def _first(*finders: Callable[[Mapping[str, Any]], Path | None]) -> Callable[[Mapping[str, Any]], Path | None]:
    """The first use any of ``finders`` finds."""
    return lambda data: next((p for p in (f(data) for f in finders) if p is not None), None)


def _exclusions(data: Mapping[str, Any]) -> Path | None:
    rows = _at(data, "fan_types")
    for i, row in enumerate(rows if isinstance(rows, (list, tuple)) else ()):
        for key in ("excludes", "conflicts"):
            if isinstance(row, Mapping) and row.get(key):
                return ("fan_types", i, key)
    return None


def _fan_table(data: Mapping[str, Any]) -> Path | None:
    return ("scoring", "mode") if _at(data, "scoring", "mode") == "fan_table" else None


def _mahjong_deck(data: Mapping[str, Any]) -> Path | None:
    deck = _at(data, "deck")
    return ("deck",) if isinstance(deck, Mapping) and deck and deck.get("generator", "mahjong") == "mahjong" else None


def _fan_keys(*keys: str) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        rows = _at(data, "fan_types")
        for i, row in enumerate(rows if isinstance(rows, (list, tuple)) else ()):
            for key in keys:
                if isinstance(row, Mapping) and row.get(key):
                    return ("fan_types", i, key)
        return None

    return find


def _per_unit(unit: str) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        rows = _at(data, "fan_types")
        for i, row in enumerate(rows if isinstance(rows, (list, tuple)) else ()):
            if isinstance(row, Mapping) and row.get("per") == unit:
                return ("fan_types", i, "per")
        return None

    return find


def _doubling(data: Mapping[str, Any]) -> Path | None:
    return ("fan_stacking",) if _at(data, "fan_stacking") == "double" else None


def _self_option(name: str) -> Callable[[Mapping[str, Any]], Path | None]:
    def find(data: Mapping[str, Any]) -> Path | None:
        play = _play(data)
        options = _at(play[1], "sub_phases", "self_action", "options") if play else None
        for j, o in enumerate(options if isinstance(options, (list, tuple)) else ()):
            if isinstance(o, Mapping) and o.get("action") == name:
                return ("phases", play[0], "sub_phases", "self_action", "options", j, "action")
        return None

    return find


def _blood_flow(data: Mapping[str, Any]) -> Path | None:
    play = _play(data)
    path = ("sub_phases", "others_reaction", "on_win")
    return ("phases", play[0], *path) if play and _at(play[1], *path) == "stay" else None


def _wild_reveal(data: Mapping[str, Any]) -> Path | None:
    """The first ``reveal[].kinds[]`` that is wild."""
    reveals = _at(data, "reveal")
    for i, r in enumerate(reveals if isinstance(reveals, (list, tuple)) else ()):
        kinds = _at(r, "kinds")
        for j, k in enumerate(kinds if isinstance(kinds, (list, tuple)) else ()):
            if _at(k, "wild") is True:
                return ("reveal", i, "kinds", j, "wild")
    return None


#: Every feature whose use can be read off a rule file, with the capability it needs.
NEEDS: tuple[Need, ...] = (
    Need("deck.generator_mahjong", "麻将牌库（deck）", _mahjong_deck),
    Need("deck.flower_cards", "花牌（deck.include_flowers: true）", _flag("deck", "include_flowers")),
    Need("meldsolver.wildcard", "癞子（wildcard_rules，或 reveal 中 wild: true 的牌）",
         _first(_present("wildcard_rules"), _wild_reveal)),
    Need("meldsolver.pair_258", "将牌必须是 2/5/8（win_condition.pair_must_be_258）", _flag("win_condition", "pair_must_be_258")),
    Need("meldsolver.seven_pairs", "七对番型", _shape("seven_pairs")),
    Need("meldsolver.thirteen_orphans", "番型 十三幺", _shape("thirteen_orphans")),
    Need("meldsolver.all_orphans", "番型 全不靠", _shape("honors_knitted")),
    Need("meldsolver.double_dragon", "番型 一色双龙会", _shape("double_dragon")),
    Need("meldsolver.combo_dragon", "番型 组合龙", _shape("knitted_straight")),
    Need("meldsolver.all_258", "番型 将将胡（不要求牌型）", _shape("all_258")),
    Need("phase.opening_wins", "起手小胡阶段（type: opening_wins）", _phase_type("opening_wins")),
    Need("phase.mahjong_turn", "麻将回合阶段（type: mahjong_turn）", _play_phase),
    Need("phase.parallel_elimination", "血战到底（parallel_elimination: true）", _play_key("parallel_elimination")),
    Need("phase.priority_arbitration", "响应优先级仲裁（others_reaction）", _reactions),
    Need("phase.rob_kong", "番型 抢杠胡或只能抢杠胡的胡牌反应（condition: can_rob_kong）",
         _first(_fans(frozenset({"抢杠胡"})), _reaction_condition("can_rob_kong"))),
    Need("dsl.dirty_flag", "过水标记（fu_flag）", _play_key("fu_flag", truthy=False)),
    Need("scoring.fan_table", "番型表计分（scoring.mode: fan_table）", _fan_table),
    Need("scoring.fan_exclusion", "番型互斥（excludes / conflicts）", _exclusions),
    Need("scoring.pre_hooks", "结算前钩子（scoring.pre_hooks）", _present("scoring", "pre_hooks")),
    Need("scoring.settlement_items", "结算项（settlement_items）", _present("settlement_items")),
    # 川麻 (issue 14)
    Need("scoring.doubling", "加倍计分（fan_stacking: double）", _doubling),
    # 武汉 (issue 15)
    Need("scoring.must_open", "必须开口（win_condition.must_open）", _flag("win_condition", "must_open")),
    Need("scoring.per_open_meld", "口口翻：按副露计次的番型（per: open_meld）", _per_unit("open_meld")),
    Need("scoring.composite_fans", "组合番或按封顶计的番（composite_of / at_cap）", _fan_keys("composite_of", "at_cap")),
    Need("scoring.kong_payments", "刮风下雨（scoring.kong_payments）", _present("scoring", "kong_payments")),
    Need("scoring.payments", "支付公式（payments）", _present("payments")),
    Need("phase.exchange_three", "换三张（type: exchange_three）", _phase_type("exchange_three")),
    Need("phase.declare_void", "定缺（type: declare_void）", _phase_type("declare_void")),
    Need("phase.blood_flow", "血流成河（on_win: stay）", _blood_flow),
    Need("phase.liang_dao", "亮倒（self_action: liang_dao）", _first(_self_option("liang_dao"), _present("liang_dao"))),
    # 翻牌与牌桌事件 (issue 27, spec §23)
    Need("table.reveal", "翻牌（reveal）", _present("reveal")),
    Need("table.reserved_tail", "留牌（table_events.reserved_tail）", _present("table_events", "reserved_tail")),
    Need("table.indicators", "翻指示牌（table_events.indicators）", _present("table_events", "indicators")),
    Need("table.last_tiles", "最后几张的限制（table_events.last_tiles）", _present("table_events", "last_tiles")),
    Need("table.instant_wins", "即时和牌（table_events.instant_wins）", _present("table_events", "instant_wins")),
)


def needed(data: Mapping[str, Any]) -> dict[str, Path]:
    """Every capability the features of the rule mapping ``data`` need, with the path of the first use."""
    out: dict[str, Path] = {}
    for need in NEEDS:
        if need.capability not in out:
            where = need.find(data)
            if where is not None:
                out[need.capability] = where
    return out
