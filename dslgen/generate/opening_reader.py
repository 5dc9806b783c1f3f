"""Reading 起手小胡 (长沙: 四喜, 板板胡, 缺一色, 六六顺) from a description.

:func:`read_opening` runs on every clause (from the reader in :mod:`dslgen.generate.description_facts`, before the
fan readers). A sentence that speaks of 起手 (起手小胡, 起手胡, 起手牌, 起牌后 …) or names an opening hand
that means nothing else (板板胡, 六六顺, 缺一色) opens an *opening context*; in it, each opening hand named
becomes ``facts.values["opening_hands"]`` (canonical name → points), with its own value (``四喜 2 番``) or
the sentence's shared one (``每个起手小胡算 1 番`` / ``各 1 番``); without any value the hand is paid as one
small win (1 番), recorded as an assumption. The clauses of that context (payment, 亮牌, 照常打) map to
the opening phase, and :func:`is_opening_clause` tells the fan, multiplier and gap readers to leave them
alone (``小胡`` there is not the fan 鸡胡, ``大四喜`` not the honor fan). :func:`apply_opening` writes the
phase into a draft; :func:`opening_of` reads it back from any rule mapping.
"""

from __future__ import annotations

import re
from typing import Any

from dslgen.generate.sentence_rules import NUM, cn_number
from engine.defaults import default

PHASE = {"name": "opening", "type": "opening_wins"}
#: Clause words of an opening context that carry no hand but belong to it (payment, showing, play goes on).
_CONTEXT_WORDS = re.compile(r"起手|起牌|亮(?:牌|出来|出)|当场|立即|马上|收钱|照常|接着打|继续打|各(?:付|给|出)|"
                            r"每家(?:各)?(?:付|给|出)|三家|每个|每种|算自摸|自摸一样")
#: 起手 / 起牌 as the dealt hand, not a hand size ("每人起手 13 张" is the deal).
_OPENING_START = re.compile(r"(?:起手|起牌)(?![^，。；]{0,3}?(?:\d+|[一二两三四五六七八九十]+)\s*张)|开局(?:就)?(?:有|拿到)|发完牌|摸完牌后")
#: Names that mean an opening hand only in an opening context (四喜 is also the honor fan 大四喜).
_AMBIGUOUS = ("四喜", "大四喜")


def _names() -> dict[str, str]:
    from engine.game.opening import OPENING_HANDS

    return {n: u.name for u in OPENING_HANDS.values() for n in u.names}


def _pattern() -> re.Pattern:
    return re.compile("|".join(sorted(map(re.escape, _names()), key=len, reverse=True)))


def _state(c) -> dict[str, Any]:
    """This sentence's opening context (reset at each sentence's first clause)."""
    state = c.facts.__dict__.setdefault("_opening_state", {"on": False, "shared": None, "hands": []})
    if not c.previous:
        state.update(on=False, shared=None, hands=[])
    return state


def is_opening_clause(c) -> bool:
    """True when :func:`read_opening` read this clause as part of an opening context."""
    return c.facts.values.get("_opening_clause") == c.text


def carries(c, word: str) -> bool:
    """True when ``word`` names an opening hand (any name the registry lists) that this clause's opening
    context carried into ``opening_hands``: the other readers must not report it as an unknown fan."""
    name = _names().get(word)
    return bool(name) and is_opening_clause(c) and name in (c.facts.values.get("opening_hands") or {})


def read_opening(c) -> None:
    """Read the opening hands and their points this clause states (see the module docstring)."""
    t = c.text
    state = _state(c)
    if _OPENING_START.search(t):
        state["on"] = True
    names = _names()
    found = []
    for m in _pattern().finditer(t):
        word = m.group(0)
        if word in _AMBIGUOUS and not state["on"] and not re.search(r"四张(?:一样|相同)", t):
            continue
        value = re.match(r"\s*[:：]?\s*(?:算|计|为)?\s*" + NUM + r"\s*[番分台]", t[m.end():])
        found.append((names[word], cn_number(value.group(1)) if value else None))
    if found:
        state["on"] = True
    if not state["on"]:
        return
    shared = re.search(r"(?:每个|每种|各|都|均)[^，。；、]{0,8}?(?:算|计|为|是|给|付|出)?\s*" + NUM + r"\s*[番分台]", t) \
        or re.search(r"(?:起手小胡|起手胡|小胡)[^，。；]{0,4}?(?:算|计|为)\s*" + NUM + r"\s*[番分台]", t)
    if not found and not shared and not _CONTEXT_WORDS.search(t):
        return
    hands = c.facts.values.get("opening_hands") or {}
    claim: dict[str, int | None] = {}
    for name, value in found:
        if value is None:
            value = state["shared"] if hands.get(name) is None else hands[name]
        hands[name] = value
        claim[name] = value
        if name not in state["hands"]:
            state["hands"].append(name)
    if shared:
        state["shared"] = cn_number(shared.group(1))
        for name in state["hands"]:
            if hands.get(name) is None:
                hands[name] = claim[name] = state["shared"]
    c.facts.values["_opening_clause"] = t
    if claim:
        sources = c.facts.__dict__.setdefault("item_sources", {})
        for name, value in claim.items():
            if value is not None:
                sources[f"opening_wins.{name}"] = t
        c.set("opening_hands", hands, "phases.opening_wins", claim=claim)
    else:
        c.map("phases.opening_wins")


def finish(facts) -> None:
    """After reading: a hand named without any value is paid as one small win (1 番), an assumption."""
    hands = facts.values.get("opening_hands")
    if not hands:
        return
    sources = facts.__dict__.setdefault("item_sources", {})
    for name, value in hands.items():
        if value is None:
            hands[name] = 1
            sources[f"opening_wins.{name}"] = "assumed:描述没有说这个起手小胡算几番：按一个小胡（1 番）自摸结算"


def apply_opening(data: dict[str, Any], values: dict[str, Any]) -> None:
    """Write the opening phase (after the deal) when the description names opening hands; drop it otherwise."""
    hands = values.get("opening_hands") or {}
    phases = [p for p in data.get("phases") or [] if not (isinstance(p, dict) and p.get("type") == "opening_wins")]
    deal = next((p for p in phases if isinstance(p, dict) and p.get("type") == "auto"
                 and str(p.get("action", "")).startswith("deal")), None)
    old = {p.get("name"): p for p in data.get("phases") or [] if isinstance(p, dict) and p.get("type") == "opening_wins"}
    if deal is not None and old and deal.get("next") in old:
        deal["next"] = next(iter(old.values())).get("next")
    if hands and deal is not None:
        phase = {**PHASE, "hands": [{"name": n, "points": int(v if v is not None else 1)} for n, v in hands.items()],
                 "next": deal.get("next")}
        deal["next"] = PHASE["name"]
        phases.insert(phases.index(deal) + 1, phase)
    data["phases"] = phases


def opening_of(data: dict[str, Any]) -> dict[str, int]:
    """The opening hands a rule mapping declares: canonical name → points."""
    from engine.game.opening import lookup

    out: dict[str, int] = {}
    for phase in data.get("phases") or []:
        if isinstance(phase, dict) and phase.get("type") == "opening_wins":
            for entry in phase.get("hands") or []:
                if isinstance(entry, dict) and "name" in entry:
                    unit = lookup(str(entry["name"]))
                    out[unit.name if unit else str(entry["name"])] = int(entry.get("points", default("phases[].hands[].points")))
    return out


def same_opening(want: dict[str, int | None], got: dict[str, int]) -> bool:
    """True when every opening hand the text names is declared, with the points the text gives (if any)."""
    if not isinstance(want, dict) or not isinstance(got, dict):
        return want == got
    return all(name in got and (value is None or got[name] == value) for name, value in want.items())


def opening_rows(data: dict[str, Any], facts) -> list[tuple]:
    """Provenance of each declared opening hand's points: stated (with its sentence) or assumed (with why)."""
    sources = getattr(facts, "item_sources", {})
    rows = []
    for name, points in opening_of(data).items():
        src = sources.get(f"opening_wins.{name}", "")
        field = f"phases.opening_wins.hands[{name}]"
        if src.startswith("assumed:"):
            rows.append((field, f"起手小胡 {name}", points, "assumed", "", src[8:]))
        elif src:
            rows.append((field, f"起手小胡 {name}", points, "stated", src, ""))
        else:
            rows.append((field, f"起手小胡 {name}", points, "assumed", "", "模板或模型"))
    return rows
