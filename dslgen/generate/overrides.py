"""Changing a value without starting over: ``dslgen new … --set scoring.discard_win_multiplier=1``.

An override is ``PATH=VALUE``. ``PATH`` is a field path as the specification writes it
(``scoring.discard_win_multiplier``, ``fan_types[3].base_fan``); a list step may also name its element
(``fan_types[七对].base_fan``, ``settlement_items[de_guo].value``: the element whose ``name`` / ``item`` /
``action`` is that text). ``VALUE`` is read as YAML (``1``, ``true``, ``null``, ``[红中]``, ``清一色``).
Missing mapping keys are created; a missing list element is a usage error. The draft is then judged on
the changed bytes like any other, and every change is recorded (path, value before, value after).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from dslgen.checks.finding import format_path, parse_path
from dslgen.elements import element_index, element_names
from dslgen.errors import UsageError

_HINT = "写成 字段路径=值，例如 --set scoring.discard_win_multiplier=1 或 --set fan_types[七对].base_fan=4"


@dataclass(frozen=True)
class Override:
    """One ``--set``: the field path as steps, the text given and the value it reads as."""

    path: tuple[Any, ...]
    text: str
    value: Any


def parse_override(text: str) -> Override:
    """``scoring.discard_win_multiplier=1`` → an :class:`Override`; a usage error for anything else."""
    from dslgen.errors import DslgenError
    from dslgen.rulefile.yamlio import load_yaml_text

    where, sep, raw = text.partition("=")
    path = parse_path(where.strip())
    if not sep or not path or path[0] == "meta":
        raise UsageError(f"--set 的写法不对：{text!r}", where="--set", hint=_HINT)
    try:
        value = load_yaml_text(f"v: {raw.strip() or 'null'}\n", "--set").data["v"]
    except (DslgenError, TypeError, KeyError):
        raise UsageError(f"--set 的值不是合法的 YAML：{raw!r}", where="--set", hint=_HINT) from None
    return Override(path, text, value)


def shown(value: Any) -> str:
    """A value before or after a change as a reviewer reads it: ``无`` for a field that was not written."""
    if value is None:
        return "无"
    if isinstance(value, bool):
        return "是" if value else "否"
    return str(value)


def _element(items: list, step: Any, where: str) -> int:
    index = element_index(items, step)
    if index is None:
        raise UsageError(f"--set {where}：列表中没有 {step!r}（有：{element_names(items)}）", where="--set", hint=_HINT)
    return index


def apply_overrides(data: dict[str, Any], overrides: list[Override]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``data`` with every override applied (a copy), and the changes ``[{path, before, after, set}]``."""
    out = copy.deepcopy(data)
    changes = []
    for o in overrides:
        node: Any = out
        where = format_path(o.path)
        for step in o.path[:-1]:
            if isinstance(node, list):
                node = node[_element(node, step, where)]
            elif isinstance(node, dict):
                node = node.setdefault(step, {})
            else:
                raise UsageError(f"--set {where}：{step!r} 之前的值不是映射或列表", where="--set", hint=_HINT)
        last = o.path[-1]
        if isinstance(node, list):
            index = _element(node, last, where)
            before, node[index] = node[index], o.value
        elif isinstance(node, dict):
            before = node.get(last)
            node[last] = o.value
        else:
            raise UsageError(f"--set {where}：上一级的值不是映射或列表", where="--set", hint=_HINT)
        changes.append({"path": o.text.partition("=")[0].strip(), "before": before, "after": o.value, "set": o.text})
    return out, changes
