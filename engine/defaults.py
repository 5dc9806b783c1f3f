"""The specification's defaults, applied to a rule mapping.

The defaults themselves live in the specification's schema blocks (``default:``);
:mod:`engine.documented_defaults` is generated from them, because the engine reads
no files. :func:`fill` returns a copy of a rule mapping with every omitted field
that has a documented default filled in, so the engine, the semantic diff and the
drafter all see the same values. An optional object that is absent stays absent
(``wildcard_rules`` means wild tiles exist) unless the specification gives the
object itself a default (``win_condition: {}``).
"""

from __future__ import annotations

import copy
import re
from typing import Any, Mapping

from engine.documented_defaults import DEFAULTS

_ITEMS = "[]"
#: ``phases[type=exchange_three].direction``: a default only for the list items whose ``type`` is that value.
_SELECTED = re.compile(r"^(.*)\[(\w+)=([^\]]+)\]$")


def _segments(path: str) -> tuple[str, ...]:
    out: list[str] = []
    for part in path.split("."):
        selected = _SELECTED.match(part)
        if selected:
            out.extend([selected.group(1), f"[{selected.group(2)}={selected.group(3)}]"])
            continue
        while part.endswith(_ITEMS):
            part = part[: -len(_ITEMS)]
            out.extend([part, _ITEMS] if part else [_ITEMS])
            part = ""
        if part:
            out.append(part)
    return tuple(out)


#: (segments, value), parents before children so that ``win_condition: {}`` exists before its fields.
_ORDERED = tuple(sorted(((_segments(p), v) for p, v in DEFAULTS.items()), key=lambda sv: len(sv[0])))


def default(path: str) -> Any:
    """The documented default of the field ``path`` (e.g. ``"scoring.discard_win_multiplier"``).

    Raises KeyError for a field the specification gives no default: the engine never invents one.
    """
    return copy.deepcopy(DEFAULTS[path])


def fill(data: Mapping[str, Any]) -> dict[str, Any]:
    """A plain deep copy of ``data`` with every documented default filled in where it is omitted."""
    out = _plain(data)
    for segments, value in _ORDERED:
        _apply(out, segments, value)
    return out


def _apply(node: Any, segments: tuple[str, ...], value: Any) -> None:
    head, rest = segments[0], segments[1:]
    if head == _ITEMS:
        if isinstance(node, list) and rest:
            for item in node:
                _apply(item, rest, value)
        return
    if head.startswith("[") and "=" in head:  # only the items whose key has the selected value
        key, _, wanted = head[1:-1].partition("=")
        if isinstance(node, list) and rest:
            for item in node:
                if isinstance(item, dict) and str(item.get(key)) == wanted:
                    _apply(item, rest, value)
        return
    if not isinstance(node, dict):
        return
    if not rest:
        if head not in node:
            node[head] = copy.deepcopy(value)
    elif head in node:
        _apply(node[head], rest, value)


def _plain(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
