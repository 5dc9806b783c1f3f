"""Modal settings the engine supports only partly: wildcard behaviour and policy, scoring mode, players."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from engine import rules as R

from dslgen.checks.context import RuleContext
from dslgen.checks.finding import FieldPath, Problem
from dslgen.checks.registry import check


def _unsupported(ctx: RuleContext, path: FieldPath, label: str, supported: tuple[Any, ...]) -> Iterator[Problem]:
    value = ctx.get(*path)
    if value is not None and value not in supported:
        yield Problem(
            path,
            f"{label} {value} 引擎不支持",
            "当前仅支持：" + "、".join(str(s) for s in supported),
            {"value": value},
        )


@check("C401", "wildcard-behavior", "error")
def wildcard_behavior(ctx: RuleContext) -> Iterator[Problem]:
    """癞子行为（wildcard_rules.behavior）不受支持

    引擎的癞子只实现了“替代”（``substitute``：癞子可当作任意一张牌补缺）。``universal``、
    ``multiplier`` 等其他行为不会生效。

    修复：改为 ``behavior: substitute``，或去掉该字段使用默认值。
    """
    yield from _unsupported(ctx, ("wildcard_rules", "behavior"), "癞子行为", R.SUPPORTED_WILDCARD_BEHAVIORS)


@check("C402", "wildcard-policy", "error")
def wildcard_policy(ctx: RuleContext) -> Iterator[Problem]:
    """癞子计番策略（wildcard_rules.fan_calculation_policy）不受支持

    引擎对含癞子的手牌按“最优”（``optimal``）计番：在所有替代方案中取总番最高者。
    ``average``、``fixed`` 等策略未实现。

    修复：改为 ``fan_calculation_policy: optimal``。
    """
    yield from _unsupported(
        ctx, ("wildcard_rules", "fan_calculation_policy"), "癞子计番策略", R.SUPPORTED_FAN_POLICIES
    )


@check("C404", "scoring-mode", "error")
def scoring_mode(ctx: RuleContext) -> Iterator[Problem]:
    """计分模式（scoring.mode）不受支持

    引擎只实现了查番表计分 ``fan_table``；``multiply_score`` 等模式未实现，结算会出错。

    修复：改为 ``mode: fan_table``，用 ``fan_types`` 与三个倍数表达计分。
    """
    yield from _unsupported(ctx, ("scoring", "mode"), "计分模式", R.SUPPORTED_SCORING_MODES)


@check("C405", "player-count", "error")
def player_count(ctx: RuleContext) -> Iterator[Problem]:
    """玩家人数不受支持

    引擎的对局流程支持 2、3、4 人麻将：``game.players.min`` 与 ``game.players.max`` 必须是其中之一。

    修复：把人数改为 2、3 或 4（如 ``{ min: 3, max: 3 }``）。
    """
    for key in ("min", "max"):
        yield from _unsupported(ctx, ("game", "players", key), f"玩家人数 players.{key} =", R.SUPPORTED_PLAYER_COUNTS)
