"""The rule file's ``reveal`` and ``table_events`` sections, read into immutable values.

``reveal`` lists tiles the table flips at a declared moment and the tile kinds each flip tags (wild
ones among them); ``table_events`` declares a reserved tail, a restricted last-tiles phase and
immediate wins at an event. The flow plays them in :mod:`engine.game.reveal` and
:mod:`engine.game.events`; :func:`problems` lists what a file can get wrong in them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from engine import defaults as D
from engine.errors import Problem, RulesError

#: when a tile is flipped: after the deal (before flowers are replaced), after the deal's flower
#: replacement (before the dealer's first action), after the hand (before settlement).
MOMENTS = ("after_deal", "after_flowers", "after_hand")
#: moments at which an immediate win may be declared: the two opening moments and each flower set aside.
INSTANT_MOMENTS = ("after_deal", "after_flowers", "flower")
#: what the last-tiles phase may forbid: claims (chi, pung), every kong, a win on a discard.
LAST_TILES_ACTIONS = ("chi", "pung", "kong", "win")
#: how an immediate win is paid: as a self-drawn win, or by the seat that set the flower aside.
PAID_AS = ("self_drawn", "discard")
#: the tile an immediate win takes: none (the hand as it is), the tile flipped at that moment, the flower.
WIN_TILES = ("none", "revealed", "flower")


@dataclass(frozen=True)
class TagKind:
    """One kind a flip tags: ``name``, the tiles as steps after each flipped tile (0 = itself), and
    whether those tiles are wild (substitute for any tile) or only named (counted by expressions)."""

    name: str
    offsets: tuple[int, ...]
    wild: bool


@dataclass(frozen=True)
class Reveal:
    """One ``reveal`` entry: ``count`` tiles flipped from the tail at ``at``, the kinds they tag."""

    at: str
    count: int
    kinds: tuple[TagKind, ...]


@dataclass(frozen=True)
class InstantWin:
    """One ``table_events.instant_wins`` entry (see the specification's §24.3)."""

    name: str
    at: str
    when: str
    tile: str
    value: int
    with_hand: bool
    paid_as: str


@dataclass(frozen=True)
class Indicators:
    """``table_events.indicators``: indicators turned from the reserved tiles after the deal (``start``) and
    after each kong (``per_kong``), each with a hidden one under it when ``hidden``."""

    start: int
    per_kong: int
    hidden: bool


@dataclass(frozen=True)
class TableEvents:
    """``table_events``: tiles at the tail never drawn, the last-tiles phase, immediate wins."""

    reserved_tail: int = 0
    last_tiles: int = 0
    last_tiles_forbid: tuple[str, ...] = ()
    instant_wins: tuple[InstantWin, ...] = ()
    indicators: Indicators | None = None


def reveals(value: Any) -> tuple[Reveal, ...]:
    """The ``reveal`` section (documented defaults filled in)."""
    if not value:
        return ()
    if not isinstance(value, list):
        raise RulesError(("reveal",), "应当是列表")
    filled = D.fill({"reveal": value})["reveal"]
    out = []
    for i, item in enumerate(filled):
        if not isinstance(item, Mapping):
            raise RulesError(("reveal", i), "应当是映射")
        kinds = tuple(TagKind(str(k.get("name") or ""), tuple(int(x) for x in k.get("offsets") or (0,)),
                              bool(k.get("wild")))
                      for k in item.get("kinds") or () if isinstance(k, Mapping))
        out.append(Reveal(str(item.get("at") or ""), int(item.get("count") or 1), kinds))
    return tuple(out)


def table_events(value: Any) -> TableEvents:
    """The ``table_events`` section (documented defaults filled in); empty when absent."""
    if not value:
        return TableEvents()
    if not isinstance(value, Mapping):
        raise RulesError(("table_events",), "应当是映射")
    item = D.fill({"table_events": value})["table_events"]
    last = item.get("last_tiles") or {}
    wins = tuple(InstantWin(str(w.get("name") or ""), str(w.get("at") or ""), str(w.get("when") or ""),
                            str(w.get("tile") or "none"), int(w.get("value") or 0), bool(w.get("with_hand")),
                            str(w.get("paid_as") or "self_drawn"))
                 for w in item.get("instant_wins") or () if isinstance(w, Mapping))
    ind = item.get("indicators")
    indicators = Indicators(int(ind["start"]), int(ind["per_kong"]), bool(ind["hidden"])) \
        if isinstance(ind, Mapping) else None
    return TableEvents(int(item.get("reserved_tail") or 0), int(last.get("count") or 0),
                       tuple(str(a) for a in last.get("forbid") or ()), wins, indicators)


def kind_names(rules) -> tuple[str, ...]:
    """Every tag kind the file declares, in file order."""
    return tuple(k.name for r in rules.reveals for k in r.kinds)


def problems(rules) -> list[Problem]:
    """What ``reveal`` and ``table_events`` get wrong: unknown moments, clashing names, a wild kind
    flipped after the hand, a reserved tail no draw is left for, immediate wins that cannot happen."""
    out: list[Problem] = []
    seen_at: set[str] = set()
    names: set[str] = set()
    for i, r in enumerate(rules.reveals):
        if r.at not in MOMENTS:
            out.append(Problem(("reveal", i, "at"), f"翻牌时机 {r.at} 不存在", hint="可选：" + "、".join(MOMENTS)))
        elif r.at in seen_at:
            out.append(Problem(("reveal", i, "at"), f"同一时机 {r.at} 翻了两次", hint="把两项合成一项，count 写翻几张"))
        seen_at.add(r.at)
        for j, k in enumerate(r.kinds):
            if not k.name or k.name in names:
                out.append(Problem(("reveal", i, "kinds", j, "name"), f"牌的名称 {k.name or '（空）'} 缺失或重复"))
            names.add(k.name)
            if k.wild and r.at == "after_hand":
                out.append(Problem(("reveal", i, "kinds", j, "wild"), "牌局结束后翻出的牌不能当癞子",
                                   hint="after_hand 翻出的牌只用于结算（翻鸡、抓鸟），wild 写 false"))
    ev = rules.table_events
    dealt = rules.players * rules.cards_per_player + rules.dealer_extra
    flips = sum(r.count for r in rules.reveals if r.at != "after_hand")
    if rules.wildcard and rules.wildcard.type == "random":
        flips += 1
    if ev.reserved_tail and ev.reserved_tail >= len(rules.deck()) - dealt - flips:
        out.append(Problem(("table_events", "reserved_tail"),
                           f"留下 {ev.reserved_tail} 张后牌墙没有可摸的牌（发牌后只剩 {len(rules.deck()) - dealt - flips} 张）",
                           hint="留牌张数要小于发牌、翻牌后牌墙剩下的张数"))
    ind = ev.indicators
    if ind is not None:
        # every indicator a hand can turn (four kongs at most), and the replacements the kongs draw, fit
        need = (2 if ind.hidden else 1) * (ind.start + 4 * ind.per_kong) + (4 if ind.per_kong else 0)
        if need > ev.reserved_tail:
            out.append(Problem(("table_events", "indicators"),
                               f"翻指示牌最多要 {need} 张留下不摸的牌，reserved_tail 只有 {ev.reserved_tail} 张",
                               hint="加大 reserved_tail，或少翻几张"))
    for a in ev.last_tiles_forbid:
        if a not in LAST_TILES_ACTIONS:
            out.append(Problem(("table_events", "last_tiles", "forbid"), f"最后几张不能限制的动作 {a}",
                               hint="可选：" + "、".join(LAST_TILES_ACTIONS)))
    if ev.last_tiles_forbid and ev.last_tiles <= 0:
        out.append(Problem(("table_events", "last_tiles", "count"), "写了 forbid 却没有写最后几张（count）"))
    win_names: set[str] = set()
    for i, w in enumerate(ev.instant_wins):
        path = ("table_events", "instant_wins", i)
        if not w.name or w.name in win_names:
            out.append(Problem((*path, "name"), f"即时和牌的名称 {w.name or '（空）'} 缺失或重复"))
        win_names.add(w.name)
        if w.at not in INSTANT_MOMENTS:
            out.append(Problem((*path, "at"), f"即时和牌的时机 {w.at} 不存在", hint="可选：" + "、".join(INSTANT_MOMENTS)))
        if w.tile not in WIN_TILES:
            out.append(Problem((*path, "tile"), f"和牌张 {w.tile} 不存在", hint="可选：" + "、".join(WIN_TILES)))
        if w.paid_as not in PAID_AS:
            out.append(Problem((*path, "paid_as"), f"支付方式 {w.paid_as} 不存在", hint="可选：" + "、".join(PAID_AS)))
        if w.tile == "revealed" and w.at not in seen_at:
            out.append(Problem((*path, "tile"), f"{w.at} 没有翻牌，不能以翻出的牌和牌",
                               hint=f"在 reveal 中加一项 at: {w.at}，或改 tile"))
        if (w.tile == "flower" or w.paid_as == "discard") and w.at != "flower":
            out.append(Problem((*path, "at"), "以花牌和牌、或由补花者支付，只能在 at: flower 时",
                               hint="at 写 flower"))
        if w.at == "flower" and not rules.include_flowers:
            out.append(Problem((*path, "at"), "牌库没有花牌，补花时的即时和牌不会发生", hint="deck.include_flowers 写 true"))
        if w.with_hand and w.tile != "revealed":
            out.append(Problem((*path, "with_hand"), "with_hand 要把翻出的牌放进手里按一手和牌计番",
                               hint="tile 写 revealed，或去掉 with_hand"))
        if not w.when and w.tile == "none":
            out.append(Problem((*path, "when"), "没有条件也没有和牌张：每局开局都会有人即时和牌", hint="写 when 条件"))
    return out
