"""The built-in gates: schema, capabilities, compliance, simulation."""

from __future__ import annotations

from dslgen.checks.finding import ERROR, Finding
from dslgen.judge.evidence import Evidence
from dslgen.judge.registry import Decision, register_gate

#: Simulation finding codes.
SIM_GAME_FAILED = "S001"
SIM_NO_WIN = "S002"
SIM_NOT_RUN = "S003"
SIM_INCOMPLETE = "S004"
#: At most this many failed games become findings (the figures count them all).
SHOWN_GAME_FAILURES = 20
#: With at least this many games, a run in which nobody ever wins fails the simulation gate.
MIN_GAMES_FOR_WIN_CHECK = 10

_UNREAD = "规则文件无法读取，未检查"


@register_gate("schema", "规范校验", order=10, owns=("C0", "G"))
def schema(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """规范校验：文件是可读的 YAML 映射，并符合 DSL 规范（JSON Schema）；模型回答的格式问题也算在这里。"""
    return Decision(findings=own, passed=False if not evidence.readable else None,
                    detail="" if evidence.readable or own else _UNREAD)


@register_gate("capabilities", "能力检查", order=20, owns=("C1",))
def capabilities(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """能力检查：文件用到的每项能力引擎都已实现，``requires`` 与规则内容一致。"""
    if not evidence.readable:
        return Decision(findings=own, passed=False, detail=_UNREAD)
    if evidence.missing and not any(f.is_error for f in own):
        return Decision(findings=own, passed=False, detail="引擎缺少能力：" + "、".join(evidence.missing))
    return Decision(findings=own)


@register_gate("compliance", "合规检查", order=30, owns=("",))
def compliance(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """合规检查：番型、条件、动作、钩子、流程图等其余检查没有错误（警告不阻止通过）。"""
    if not evidence.readable:
        return Decision(findings=own, passed=False, detail=_UNREAD)
    return Decision(findings=own)


def _finding(code: str, message: str, hint: str = "", **extra: object) -> Finding:
    return Finding(code, ERROR, (), message, hint, extra=extra)


@register_gate("simulation", "模拟对局", order=90, needs=("schema", "capabilities", "compliance"), simulates=True)
def simulation(evidence: Evidence, own: tuple[Finding, ...]) -> Decision:
    """模拟对局：要求的局数全部下完，没有任何不变量错误；10 局及以上时至少一局有人胡牌（没人能胡的玩法是坏的）。"""
    sim = evidence.simulation
    if sim is None or not sim.ran:
        reason = sim.reason if sim is not None else "没有模拟结果"
        return Decision(findings=own + (_finding(SIM_NOT_RUN, f"模拟没有运行：{reason}"),), passed=False,
                        detail=reason, figures={"games_requested": evidence.games, "games": 0})
    requested = evidence.games or sim.games
    figures = {"games_requested": requested, "games": sim.games, "completed": sim.completed,
               "errors": len(sim.errors), "games_with_win": sim.games_with_win, "wins": sim.wins}
    findings = list(own)
    for failure in sim.errors[:SHOWN_GAME_FAILURES]:
        hint = f"复现：{failure.replay}" if failure.replay else f"复现：种子 {failure.seed}，第 {failure.game} 局"
        # what replays the game travels as data beside the text (seed, game index, action index)
        replay = {k: v for k, v in failure.to_json().items() if k != "message"}
        findings.append(_finding(SIM_GAME_FAILED, f"第 {failure.game} 局出错：{failure.message}", hint, **replay))
    if sim.games < requested:
        findings.append(_finding(SIM_INCOMPLETE, f"只下完 {sim.games} 局，要求 {requested} 局"))
    if not sim.errors and requested >= MIN_GAMES_FOR_WIN_CHECK and not sim.games_with_win:
        findings.append(_finding(
            SIM_NO_WIN, f"{sim.games} 局中没有任何一局有人胡牌：规则可能让胡牌无法成立",
            "检查起胡番数（win_min_fan）、番型表和胡牌动作"))
    detail = f"{sim.games} 局，{len(sim.errors)} 个错误，{sim.games_with_win} 局有人胡牌"
    return Decision(findings=tuple(findings), figures=figures, detail=detail)
