"""The phase graph: ``next`` links and end conditions must form a flow from the first phase to settlement."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from dslgen.checks.context import RuleContext, as_list
from dslgen.checks.finding import FieldPath, Problem
from dslgen.checks.registry import check

#: The action of the phase that settles a game.
SETTLE_ACTION = "calculate_scores"
#: End-condition actions that hand over to settlement (a won game or an exhausted wall).
SETTLING_END_ACTIONS = ("settle", "draw_game")


class PhaseGraph:
    """Phases by name and the edges between them, built from a rule file."""

    def __init__(self, ctx: RuleContext):
        self.order: list[str] = []
        self.index: dict[str, int] = {}
        self.entries: dict[str, Mapping[str, Any]] = {}
        self.duplicates: list[tuple[int, str]] = []
        for i, phase in ctx.phases():
            name = phase.get("name")
            if not isinstance(name, str):
                continue
            if name in self.index:
                self.duplicates.append((i, name))
                continue
            self.order.append(name)
            self.index[name] = i
            self.entries[name] = phase
        self.settlements = [n for n in self.order if self.entries[n].get("action") == SETTLE_ACTION]
        self.edges: dict[str, list[str]] = {n: self._targets(n) for n in self.order}

    def _targets(self, name: str) -> list[str]:
        phase = self.entries[name]
        out: list[str] = []
        nxt = phase.get("next")
        if isinstance(nxt, str) and nxt in self.index:
            out.append(nxt)
        for cond in as_list(phase.get("end_conditions")):
            action = cond.get("action") if isinstance(cond, Mapping) else None
            if action in self.index:
                out.append(action)
            elif action in SETTLING_END_ACTIONS:
                out.extend(self.settlements)
        return out

    def dangling(self) -> list[tuple[str, str]]:
        """(phase, next) for every ``next`` naming no phase."""
        out = []
        for name in self.order:
            nxt = self.entries[name].get("next")
            if isinstance(nxt, str) and nxt not in self.index:
                out.append((name, nxt))
        return out

    def reachable_from(self, start: str) -> set[str]:
        """Names reachable from ``start`` (itself included)."""
        seen = {start}
        todo = [start]
        while todo:
            for nxt in self.edges[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        return seen

    def path_of(self, name: str, *keys: Any) -> FieldPath:
        """Field path of phase ``name`` (and ``keys`` inside it)."""
        return ("phases", self.index[name]) + keys


@check("C701", "phase-dangling-next", "error")
def dangling_next(ctx: RuleContext) -> Iterator[Problem]:
    """阶段的 next 指向不存在的阶段

    ``phases[].next`` 必须是另一个阶段的 ``name``，或 ``null`` 表示流程结束。指向不存在
    的阶段时，流程走到这里就断了。

    修复：改成已有阶段的名字（注意大小写与拼写），或写 ``next: null``。
    """
    graph = PhaseGraph(ctx)
    for name, nxt in graph.dangling():
        yield Problem(
            graph.path_of(name, "next"),
            f"阶段 {name} 的 next 指向不存在的阶段 {nxt}",
            "已有阶段：" + "、".join(graph.order),
            {"phase": name, "next": nxt},
        )


@check("C702", "phase-unreachable", "error")
def unreachable_phase(ctx: RuleContext) -> Iterator[Problem]:
    """有阶段从第一个阶段出发无法到达

    流程从 ``phases`` 的第一个阶段开始，沿 ``next`` 与对局阶段的 ``end_conditions``
    （``settle`` / ``draw_game`` 进入结算阶段）前进。到达不了的阶段永远不会执行，
    通常是 ``next`` 写错或阶段顺序不对。

    修复：让前面的某个阶段的 ``next`` 指向它，或删去该阶段。
    """
    graph = PhaseGraph(ctx)
    if not graph.order or graph.dangling():
        return  # with a broken link (C701) reachability says nothing new
    first = graph.order[0]
    seen = graph.reachable_from(first)
    for name in graph.order:
        if name not in seen:
            yield Problem(
                graph.path_of(name, "name"),
                f"阶段 {name} 从第一个阶段 {first} 出发无法到达",
                f"让某个阶段的 next 指向 {name}，或删去它",
                {"phase": name},
            )


@check("C703", "phase-no-settlement", "error")
def phase_without_settlement(ctx: RuleContext) -> Iterator[Problem]:
    """有阶段走不到结算

    每个阶段沿 ``next`` / ``end_conditions`` 一路往下，最终都必须到达结算阶段
    （``action: calculate_scores``）。``next: null`` 却不是结算阶段、或几个阶段首尾相连
    成环而没有出口，都会让对局结束时不结算。

    修复：把该阶段的 ``next`` 指向结算阶段（或通往结算的阶段）；对局阶段用
    ``end_conditions`` 的 ``settle`` / ``draw_game`` 进入结算。
    """
    graph = PhaseGraph(ctx)
    if not graph.settlements:
        return  # C704 reports the missing settlement phase itself
    for name in graph.order:
        nxt = graph.entries[name].get("next")
        if isinstance(nxt, str) and nxt not in graph.index:
            continue  # C701 already reports the broken link
        if not graph.reachable_from(name) & set(graph.settlements):
            yield Problem(
                graph.path_of(name, "name"),
                f"阶段 {name} 之后无论怎么走都到不了结算阶段 {graph.settlements[0]}",
                f"把 {name} 的 next 指向 {graph.settlements[0]}",
                {"phase": name},
            )


@check("C704", "phase-missing-settlement", "error")
def missing_settlement(ctx: RuleContext) -> Iterator[Problem]:
    """没有结算阶段

    ``phases`` 中必须有一个 ``action: calculate_scores`` 的阶段（通常叫 ``settle``），
    否则对局结束后不会计分。

    修复：在最后加入 ``{ name: settle, type: auto, action: calculate_scores, next: null }``。
    """
    graph = PhaseGraph(ctx)
    if graph.order and not graph.settlements:
        actions = "、".join(f"{n}={graph.entries[n].get('action') or '无'}" for n in graph.order)
        yield Problem(
            ("phases",),
            f"没有 action 为 {SETTLE_ACTION} 的结算阶段（现有阶段动作：{actions}）",
            f"加入 {{ name: settle, type: auto, action: {SETTLE_ACTION}, next: null }}",
        )


@check("C705", "phase-duplicate", "error")
def duplicate_phase(ctx: RuleContext) -> Iterator[Problem]:
    """阶段名重复

    ``phases[].name`` 是 ``next`` 引用阶段的唯一依据，必须互不相同。

    修复：给重复的阶段换一个名字，并相应修改指向它的 ``next``。
    """
    graph = PhaseGraph(ctx)
    for i, name in graph.duplicates:
        yield Problem(
            ("phases", i, "name"),
            f"阶段名 {name} 重复（第一次在 phases[{graph.index[name]}]）",
            "每个阶段的 name 必须唯一",
            {"phase": name},
        )


@check("C706", "phase-turn-count", "error")
def turn_phase_count(ctx: RuleContext) -> Iterator[Problem]:
    """对局阶段（type: mahjong_turn）不是恰好一个

    引擎的流程只有一个行牌阶段：摸牌、自己的动作、别家的反应都在其中。第二个
    ``mahjong_turn`` 阶段不会被执行，其中的动作与结束条件会被忽略。

    修复：把两个对局阶段合并成一个。
    """
    turns = [(i, p.get("name")) for i, p in ctx.phases() if p.get("type") == "mahjong_turn"]
    for i, name in turns[1:]:
        yield Problem(
            ("phases", i, "type"),
            f"阶段 {name} 是第 {turns.index((i, name)) + 1} 个 mahjong_turn 阶段（第一个是 {turns[0][1]}）",
            "只保留一个 type: mahjong_turn 的阶段",
            {"phase": name},
        )
