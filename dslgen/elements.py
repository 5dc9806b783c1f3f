"""Which element of a rule-file list a field-path step names.

Field paths in overrides (``--set fan_types[七对].base_fan=4``), resolutions (``--as field=…``) and the
catalog's rules tables (``payments[大胡点炮三家付].amount``) name a list element by index or by text. One
rule for all of them: an element whose ``name`` / ``item`` / ``id`` / ``kind`` / ``action`` equals the text
(the keys tried in that order, each over the whole list), else a plain value equal to it, else the index
(negative counts from the end).
"""

from __future__ import annotations

import re
from typing import Any

#: The keys that name a list element, in the order they are tried.
ELEMENT_KEYS = ("name", "item", "id", "kind", "action")
_INDEX = re.compile(r"-?\d+")


def element_index(items: list, step: Any) -> int | None:
    """The index in ``items`` of the element ``step`` names, or ``None`` when none does."""
    token = str(step)
    for key in ELEMENT_KEYS:
        for i, item in enumerate(items):
            if isinstance(item, dict) and key in item and str(item[key]) == token:
                return i
    for i, item in enumerate(items):
        if not isinstance(item, (dict, list)) and str(item) == token:
            return i
    if isinstance(step, int) or _INDEX.fullmatch(token):
        index = int(token)
        if -len(items) <= index < len(items):
            return index % len(items)
    return None


def element_names(items: list, limit: int = 16) -> str:
    """The first ``limit`` elements of ``items`` as a reader names them (for a "not found" message)."""
    def name(item: Any) -> str:
        if isinstance(item, dict):
            return str(next((item[k] for k in ELEMENT_KEYS if k in item), "{…}"))
        return str(item)

    return "、".join(name(i) for i in items[:limit])
