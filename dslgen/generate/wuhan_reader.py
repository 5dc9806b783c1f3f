"""The offline reader's 武汉 wording: 必须开口, 口口翻 / 开口翻 (the counted fan 开口), and writing them.

Facts: ``must_open`` (``win_condition.must_open``) and ``kai_kou_unit`` (``open_meld`` for 口口翻: the
fan 开口 counts every exposed meld; ``""`` for 开口翻: it counts once). The 开口 value goes to
:attr:`Facts.fans` like any fan. The paying side of 口口翻 (``payer_open_melds``) is a settlement item,
read in :mod:`dslgen.generate.items_reader`.
"""

from __future__ import annotations

import re
from typing import Any

from dslgen.generate.sentence_rules import NUM, Clause, cn_number, read_first, reader, yes_no

_OPEN = r"开口|开了口|吃、?碰|副露"


_MUST_OPEN = yes_no("must_open", "win_condition.must_open",
                    no=r"(?:不用|不需要|不必|无需|不要求)(?:先)?开口|门清也?(?:可以|能)胡",
                    yes=r"(?:必须|须|要|需要|得)(?:先)?开口|开口(?:才能|才可以|方可)胡|不开口不(?:能|可以)胡|没(?:有)?开口不(?:能|可以)胡")


@reader
def _must_open(c: Clause) -> None:
    """``必须开口才能胡`` / ``不开口不能胡`` / ``要开口才能胡``; ``不用开口`` says the opposite."""
    read_first(c, _MUST_OPEN)


@reader
def _kai_kou(c: Clause) -> None:
    """``口口翻：每开一次口算 1 番`` (counted per exposed meld) / ``开口翻 1 番`` (once)."""
    t = c.text
    if re.search(r"(?:付|给|输)[^，。；]{0,4}(?:钱|分)?的人|付款", t):
        return  # the paying side: a settlement item (items_reader)
    per_meld = re.search(r"口口翻|每(?:开|吃碰)(?:一)?(?:次|个)口|每(?:个|一个|次)副露", t)
    once = re.search(r"开口翻", t) and not per_meld
    if not per_meld and not once:
        return
    m = re.search(r"(?:算|计|加|各)\s*" + NUM + r"\s*[番翻]", t)
    value = cn_number(m.group(1)) if m else (1 if re.search(r"翻(?:一)?倍|加倍", t) else None)
    c.fan("开口", value, "口口翻" if per_meld else "开口翻")
    c.set("kai_kou_unit", "open_meld" if per_meld else "", "fan_types[开口].per")


def apply(data: dict[str, Any], v: dict[str, Any]) -> None:
    """Write ``must_open`` and the 开口 row's ``per`` into the draft ``data`` (in place)."""
    if "must_open" in v:
        wc = data.setdefault("win_condition", {})
        if v["must_open"]:
            wc["must_open"] = True
        else:
            wc.pop("must_open", None)
            if not wc:
                data.pop("win_condition")
    for row in data.get("fan_types") or []:
        if row.get("name") in ("开口", "开口翻"):
            if v.get("kai_kou_unit"):
                row["per"] = v["kai_kou_unit"]
            elif "kai_kou_unit" in v:
                row.pop("per", None)


def facts_of(data: dict[str, Any]) -> dict[str, Any]:
    """The 武汉 facts a rule mapping states (merged into :func:`dslgen.generate.drafter.facts_of`)."""
    wc = data.get("win_condition") or {}
    row = next((r for r in data.get("fan_types") or [] if isinstance(r, dict) and r.get("name") in ("开口", "开口翻")), None)
    return {"must_open": bool(wc.get("must_open")), "kai_kou_unit": str(row.get("per") or "") if row else ""}
