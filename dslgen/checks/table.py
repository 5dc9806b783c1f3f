"""Table shape: players and the deck the engine actually builds."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext, as_map
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


@check("C406", "deck-total-mismatch", "error")
def deck_total_mismatch(ctx: RuleContext) -> Iterator[Problem]:
    """deck.total 与引擎实际生成的牌库张数不一致

    引擎按 ``include_honors``、``include_flowers``、``suits``、``honors``（或逐张列出的 ``tiles``）和固定癞子生成牌库；``total`` 必须等于
    生成的张数（例：``suits: [条, 筒]``、``honors: [中, 发, 白]`` 是 84 张）。写了 ``honors`` 却 ``include_honors: false``
    （或 ``tiles`` 列了字牌）也在这里报告。

    修复：把 ``total`` 改成提示中的张数，或改正花色、字牌的列表。
    """
    from engine.rules import Rules, RulesError

    deck = as_map(ctx.get("deck"))
    total = deck.get("total")
    listed = deck.get("tiles") if isinstance(deck.get("tiles"), list) else []
    if deck.get("include_honors") is False and any(ch in "东南西北中发白" for text in listed for ch in str(text)):
        yield Problem(("deck", "tiles"), "deck.tiles 列了字牌，但 include_honors 是 false",
                      "把 include_honors 改为 true，或从 tiles 中删去字牌", {"tiles": list(listed)})
        return
    if deck.get("honors") and deck.get("include_honors") is False:
        yield Problem(("deck", "honors"), "写了 deck.honors，但 include_honors 是 false：字牌不会进牌库",
                      "把 include_honors 改为 true，或删去 honors", {"honors": list(deck.get("honors") or [])})
        return
    if not isinstance(total, int) or isinstance(total, bool):
        return
    try:
        built = len(Rules.from_dict(ctx.data).deck())
    except (RulesError, ValueError, TypeError, KeyError):
        return
    if built != total:
        yield Problem(("deck", "total"), f"deck.total 写的是 {total} 张，引擎按这份牌库生成 {built} 张",
                      f"把 total 改为 {built}", {"total": total, "built": built})


@check("C407", "player-range", "error")
def player_range(ctx: RuleContext) -> Iterator[Problem]:
    """game.players 的 min 与 max 不同

    一局麻将的人数是固定的：引擎按 ``max`` 坐人开局，``min`` 必须与它相同（2、3 或 4）。

    修复：把 ``min`` 和 ``max`` 写成同一个人数。
    """
    players = as_map(ctx.get("game", "players"))
    lo, hi = players.get("min"), players.get("max")
    if isinstance(lo, int) and isinstance(hi, int) and lo != hi:
        yield Problem(("game", "players", "min"), f"人数 min {lo} 与 max {hi} 不同", f"都写 {hi}", {"min": lo, "max": hi})


@check("C408", "deck-too-small", "error")
def deck_too_small(ctx: RuleContext) -> Iterator[Problem]:
    """牌库不够发牌

    开局要发 人数 × ``cards_per_player`` + ``dealer_extra`` 张（随机癞子再翻 1 张），之后还要有牌可摸：
    牌库张数必须多于这些。例：2 人 16 张要发 33 张，只用一门数牌的 36 张牌库只剩 3 张可摸，仍可开局；
    4 人 16 张（65 张）用 64 张的牌库就无法开局。

    修复：加花色或字牌扩大牌库，或减少人数、每人张数。
    """
    from engine.rules import Rules, RulesError

    try:
        rules = Rules.from_dict(ctx.data)
        size = len(rules.deck())
    except (RulesError, ValueError, TypeError, KeyError, AttributeError):
        return
    dealt = rules.players * rules.cards_per_player + rules.dealer_extra
    if rules.wildcard and rules.wildcard.type == "random":
        dealt += 1
    if dealt >= size:
        yield Problem(("deck", "total"), f"牌库 {size} 张，开局要发 {dealt} 张（{rules.players} 人 × {rules.cards_per_player} 张"
                      f" + 庄家 {rules.dealer_extra} 张），没有牌可摸", "扩大牌库，或减少人数、每人张数",
                      {"total": size, "dealt": dealt})


#: The winning shapes a 16-tile hand (five melds and a pair) can never form: every special shape but
#: 将将胡 (all 2/5/8, no arrangement needed). Capabilities and labels come from the engine's one table.
_FOURTEEN_SHAPES = ("seven_pairs", "thirteen_orphans", "honors_knitted", "knitted_straight", "double_dragon")


def _fourteen_only() -> dict[str, str]:
    """Capability id -> shape label of :data:`_FOURTEEN_SHAPES`."""
    from engine.capabilities import SHAPE_CAPABILITIES
    from engine.solver.shapes import SHAPE_LABELS

    return {SHAPE_CAPABILITIES[shape]: SHAPE_LABELS.get(shape, shape) for shape in _FOURTEEN_SHAPES}


@check("C409", "shape-needs-13-tiles", "warning")
def shape_needs_13_tiles(ctx: RuleContext) -> Iterator[Problem]:
    """16 张手牌不能和 14 张的特殊牌型

    ``deal.cards_per_player: 16`` 时和牌是五副面子加一对将（17 张）。七对、十三幺、全不靠、组合龙、
    一色双龙会都是 14 张的牌型，永远和不成：列出它们的能力或番型只是死规则。

    修复：从 ``requires`` 和番型表中删去这些牌型，或把每人张数改回 13。
    """
    from engine.capabilities import shape_of_fan

    if as_map(ctx.get("deal")).get("cards_per_player") != 16:
        return
    requires = [r for r in ctx.get("requires") or [] if isinstance(r, str)]
    fourteen_only = _fourteen_only()
    for i, cap in enumerate(requires):
        if cap in fourteen_only:
            yield Problem(("requires", i), f"每人 16 张时和不成{fourteen_only[cap]}（{cap}）", "删去这项能力",
                          {"capability": cap})
    for i, row in enumerate(ctx.get("fan_types") or []):
        name = as_map(row).get("name")
        if isinstance(name, str) and shape_of_fan(name) in _FOURTEEN_SHAPES:
            yield Problem(("fan_types", i, "name"), f"每人 16 张时和不成番型 {name}（14 张的特殊牌型）", "删去这个番型",
                          {"fan": name})
