"""What the engine must be able to play: a flow that ends, end conditions it knows, and a game it can set up."""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from dslgen.checks.context import RuleContext, as_list
from dslgen.checks.finding import ERROR, Problem
from dslgen.checks.phases import PhaseGraph
from dslgen.checks.registry import check, register_code
from engine.validation import END_ACTIONS, END_TYPES


@check("C707", "phase-after-settlement", "error")
def phase_after_settlement(ctx: RuleContext) -> Iterator[Problem]:
    """结算阶段之后还有阶段

    引擎在结算阶段（``action: calculate_scores``）结束对局；结算阶段的 ``next`` 若再指向
    发牌或对局阶段，对局就永远结束不了（每一局模拟都会失败）。

    修复：结算阶段写 ``next: null``。
    """
    graph = PhaseGraph(ctx)
    for name in graph.settlements:
        nxt = graph.entries[name].get("next")
        if nxt is not None:
            yield Problem(
                graph.path_of(name, "next"),
                f"结算阶段 {name} 的 next 是 {nxt}：对局在结算后又重新开始，永远不会结束",
                "结算阶段写 next: null",
                {"phase": name, "next": nxt},
            )


@check("C708", "end-condition-unknown", "error")
def unknown_end_condition(ctx: RuleContext) -> Iterator[Problem]:
    """对局结束条件的类型或动作引擎不认识

    ``end_conditions`` 的 ``type`` 只能是 ``player_wins`` / ``deck_exhausted`` /
    ``one_player_left``，``action`` 只能是 ``settle``、``draw_game`` 或某个阶段的名字；
    其他值引擎无法执行，对局到那里就出错。

    修复：改成上面列出的值之一（注意拼写）。
    """
    graph = PhaseGraph(ctx)
    for i, phase in ctx.phases():
        for j, cond in enumerate(as_list(phase.get("end_conditions"))):
            if not isinstance(cond, Mapping):
                continue
            kind, action = cond.get("type"), cond.get("action")
            if kind not in END_TYPES:
                yield Problem(("phases", i, "end_conditions", j, "type"), f"结束条件类型 {kind} 引擎不认识",
                              "可用：" + "、".join(END_TYPES), {"type": kind})
            if action not in END_ACTIONS and action not in graph.index:
                yield Problem(("phases", i, "end_conditions", j, "action"), f"结束条件动作 {action} 引擎不认识",
                              "可用：" + "、".join((*END_ACTIONS, *graph.order)), {"action": action})


ENGINE_REFUSED = register_code(
    "C709",
    "engine-cannot-play",
    ERROR,
    "playable",
    """引擎无法按这份规则开局

    其他检查都通过后，``dslgen check`` 还会让引擎真的按这份规则建立一局（构建规则、发牌、
    进入对局阶段）。引擎拒绝的任何设置都在这里报告，附引擎给出的字段与原因，所以
    ``check`` 通过的文件一定能被 ``simulate`` 与 ``new`` 的模拟执行。

    修复：按消息中的字段修改规则文件。
    """,
)


def engine_problems(data: Mapping) -> list[tuple[tuple, str]]:
    """Every ``(field path as steps, message)`` the engine gives when it refuses to set up a game from
    ``data`` (the engine's problems carry their path as steps: nothing is parsed back from text)."""
    from engine.game.flow import Game, GameSetupError
    from engine.rules import Rules, RulesError

    try:
        Game(Rules.from_dict({k: v for k, v in data.items() if k != "meta"}), seed=0)
    except RulesError as exc:
        return [(p.steps, p.message) for p in exc.problems]
    except GameSetupError as exc:
        return [((), str(exc))]
    except (ValueError, TypeError, KeyError, ArithmeticError, RecursionError) as exc:
        return [((), f"{type(exc).__name__}: {exc}")]
    return []
