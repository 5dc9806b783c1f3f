"""Validation of a fan table's exclusion graph, run when rules load.

* every ``excludes`` / ``conflicts`` target is a fan declared in the same table;
* ``excludes`` is acyclic (A excludes B excludes … excludes A makes no sense);
* ``conflicts`` is symmetric (A lists B exactly when B lists A);
* no fan names itself, and no pair is both excluded and in conflict.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.errors import path_text
from engine.rules import Rules


@dataclass(frozen=True)
class GraphProblem:
    """One defect of the exclusion graph; ``steps`` is the rule-file field path (keys and indices)."""

    code: str  # missing_target | cycle | asymmetric_conflict | self_reference | both_relations
    fan: str
    target: str
    steps: tuple
    message: str  # Chinese, names the fans

    @property
    def path(self) -> str:
        """The field path as text (``fan_types[3].excludes[0]``), for people."""
        return path_text(self.steps)


def validate(rules: Rules) -> list[GraphProblem]:
    """Every problem of ``rules``' excludes/conflicts graph, in declaration order."""
    problems: list[GraphProblem] = []
    declared = {f.name: i for i, f in enumerate(rules.fans)}
    for i, spec in enumerate(rules.fans):
        for rel, targets in (("excludes", spec.excludes), ("conflicts", spec.conflicts)):
            word = "排除" if rel == "excludes" else "冲突"
            for j, target in enumerate(targets):
                path = ("fan_types", i, rel, j)
                if target == spec.name:
                    problems.append(GraphProblem("self_reference", spec.name, target, path,
                                                 f"番型 {spec.name} 的 {rel} 指向自己"))
                elif target not in declared:
                    alias = _declared_synonym(rules, target)
                    extra = f"（fan_types 中声明的是同义名 {alias}，请写成 {alias}）" if alias else ""
                    problems.append(GraphProblem("missing_target", spec.name, target, path,
                                                 f"番型 {spec.name} {word}的 {target} 不在 fan_types 中{extra}"))
        for j, other in enumerate(spec.conflicts):
            if other in declared and other != spec.name:
                back = rules.fans[declared[other]]
                if spec.name not in back.conflicts:
                    problems.append(GraphProblem(
                        "asymmetric_conflict", spec.name, other, ("fan_types", i, "conflicts", j),
                        f"番型 {spec.name} 与 {other} 冲突，但 {other} 的 conflicts 未列出 {spec.name}（冲突必须双向声明）"))
            if other in spec.excludes:
                problems.append(GraphProblem(
                    "both_relations", spec.name, other, ("fan_types", i, "conflicts", j),
                    f"番型 {spec.name} 对 {other} 同时声明了 excludes 和 conflicts"))
    problems.extend(_cycles(rules, declared))
    return problems


def _declared_synonym(rules: Rules, name: str) -> str:
    """The declared fan that is a synonym of ``name``, or ""."""
    from engine.fans.registry import lookup

    unit = lookup(name)
    if unit is None:
        return ""
    return next((f.name for f in rules.fans if lookup(f.name) is unit), "")


def _cycles(rules: Rules, declared: dict[str, int]) -> list[GraphProblem]:
    """Cycles of ``excludes`` by depth-first search with an explicit stack (a 3,000-long chain must not
    exhaust Python's recursion limit)."""
    edges = {f.name: [t for t in f.excludes if t in declared and t != f.name] for f in rules.fans}
    state: dict[str, int] = {}  # 1 on the stack, 2 done
    found: list[GraphProblem] = []
    seen_cycles: set[frozenset[str]] = set()

    for root in (f.name for f in rules.fans):
        if root in state:
            continue
        path: list[str] = [root]
        position: dict[str, int] = {root: 0}
        todo: list[tuple[str, int]] = [(root, 0)]  # (node, index of the next edge to follow)
        state[root] = 1
        while todo:
            node, i = todo[-1]
            targets = edges.get(node, ())
            if i >= len(targets):
                todo.pop()
                path.pop()
                del position[node]
                state[node] = 2
                continue
            todo[-1] = (node, i + 1)
            nxt = targets[i]
            if state.get(nxt) == 1:
                cycle = path[position[nxt]:] + [nxt]
                key = frozenset(cycle)
                if key not in seen_cycles:
                    seen_cycles.add(key)
                    found.append(GraphProblem(
                        "cycle", nxt, node, ("fan_types", declared[nxt], "excludes"),
                        "excludes 形成循环：" + " → ".join(cycle)))
            elif nxt not in state:
                state[nxt] = 1
                position[nxt] = len(path)
                path.append(nxt)
                todo.append((nxt, 0))
    return found
