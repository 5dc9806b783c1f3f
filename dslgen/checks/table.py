"""Table shape: players and the deck the engine actually builds."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext, as_map
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check


@check("C406", "deck-total-mismatch", "error")
def deck_total_mismatch(ctx: RuleContext) -> Iterator[Problem]:
    """deck.total 与引擎实际生成的牌库张数不一致

    引擎按 ``include_honors``、``include_flowers``、``suits``、``honors`` 和固定癞子生成牌库；``total`` 必须等于
    生成的张数（例：``suits: [条, 筒]``、``honors: [中, 发, 白]`` 是 84 张）。写了 ``honors`` 却 ``include_honors: false``
    也在这里报告。

    修复：把 ``total`` 改成提示中的张数，或改正花色、字牌的列表。
    """
    from engine.rules import Rules, RulesError

    deck = as_map(ctx.get("deck"))
    total = deck.get("total")
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
