"""Win conditions: what ``win_condition`` asks of a winning hand is something play can give."""

from __future__ import annotations

from collections.abc import Iterator

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import Problem
from dslgen.checks.registry import check
from engine.game.actions import OPENING_CLAIMS


@check("C901", "must-open-without-claims", "warning")
def must_open_without_claims(ctx: RuleContext) -> Iterator[Problem]:
    """要求开口才能胡，却没有任何能开口的动作

    ``win_condition.must_open: true``（必须开口，如武汉麻将）要求和牌时至少有一副吃、碰或明杠（暗杠不算开口）。
    开口只能靠响应别人打出的牌：``others_reaction.options`` 里的 ``chi``、``pung`` 或 ``ming_kong``
    （加杠要先碰）。三个都没有列出时，没有哪手牌能开口，也就没有哪手牌能合法胡牌：每一局都会流局。
    这是警告。

    修复：在 ``others_reaction.options`` 中加入 ``pung``（或 ``chi``、``ming_kong``），或删去
    ``win_condition.must_open``。
    """
    if ctx.get("win_condition", "must_open") is not True:
        return
    listed = {opt.get("action") for _, opt in ctx.action_options("others_reaction")}
    if listed & set(OPENING_CLAIMS):
        return
    claims = "、".join(OPENING_CLAIMS)
    yield Problem(
        ("win_condition", "must_open"),
        f"win_condition.must_open 是 true，但 others_reaction.options 中没有 {claims}：没有哪手牌能开口，也就没有哪手牌能合法胡牌",
        "在 others_reaction.options 中加入 pung（或 chi、ming_kong），或删去 win_condition.must_open",
        {"actions": sorted(a for a in listed if isinstance(a, str))},
    )
