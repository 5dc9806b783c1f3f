"""A rule file's declared hand value (``hand_value``): numbers computed on a scored reading, the order
in which readings are preferred, and what each payer pays.

Everything is an integer expression of :mod:`engine.lang`, compiled once per rule set:

* ``quantities`` — named numbers of a reading (a sum over its groups, wait and pair, rounded; a base
  figure from the fan total with its limits). A quantity reads the names of the language, the quantities
  declared before it, and the reading's counted result (``fan_total``, ``fan_level``).
* ``rank`` — expressions compared, largest first, before the fan total when choosing among the readings
  of a win (the dearest reading is the one scored).
* ``payments`` — ``discarder`` (what the discarder pays on a discard win) and ``self_draw`` (what each
  other player pays on a self-drawn win; ``payer_dealer`` says whether that payer is the dealer).
* ``placements`` — the winning tile's placement (the group it completes) is part of a reading, so
  ``wait_at`` reads that group and each placement is scored on its own.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import lang, memo
from engine.errors import Problem
from engine.rules import Rules


@dataclass(frozen=True)
class HandValue:
    """The compiled ``hand_value`` of a rule set."""

    placements: bool
    quantities: tuple[tuple[str, lang.Compiled], ...]
    rank: tuple[lang.Compiled, ...]
    discarder: lang.Compiled | None
    self_draw: lang.Compiled | None
    show: tuple[str, ...]


_COMPILED: dict = memo.table("fans.hand_value")


def compile_hand_value(rules: Rules) -> HandValue | None:
    """The compiled hand value of ``rules`` (None when the file declares none). Raises
    :class:`engine.lang.ExprError` for the first expression that does not compile (see :func:`problems`)."""
    spec = rules.hand_value
    if spec is None:
        return None
    got = _COMPILED.get(rules)
    if got is None:
        got = memo.store(_COMPILED, rules, _compile(rules)[0], 64)
    return got


def _compile(rules: Rules) -> tuple[HandValue | None, list[Problem]]:
    spec = rules.hand_value
    from engine.declared import shape_names

    words = shape_names(rules)
    found: dict[str, lang.Compiled] = {}
    problems: list[Problem] = []

    def one(text: str, steps: tuple) -> lang.Compiled | None:
        try:
            return lang.compile_expression(text, lang.INT, scope=lang.vocabulary.RESULT, words=words,
                                           quantities=dict(found))
        except lang.ExprError as exc:
            problems.append(Problem(steps, exc.message, exc.position, exc.hint))
            return None

    for name, text in spec.quantities:
        if name in lang.VOCABULARY:
            problems.append(Problem(("hand_value", "quantities", name), f"{name} 是表达式语言已有的名字",
                                    "给这个量换一个名字"))
            continue
        c = one(text, ("hand_value", "quantities", name))
        if c is not None and "payer_dealer" in c.names:
            problems.append(Problem(("hand_value", "quantities", name), "payer_dealer 只能用在 hand_value.payments",
                                    "量对每一家都一样；按付款的是不是庄家区分写在 payments 里"))
        elif c is not None:
            found[name] = c
    rank = tuple(c for i, text in enumerate(spec.rank) if (c := one(text, ("hand_value", "rank", i))) is not None)
    discarder = one(spec.discarder, ("hand_value", "payments", "discarder")) if spec.discarder else None
    self_draw = one(spec.self_draw, ("hand_value", "payments", "self_draw")) if spec.self_draw else None
    for i, name in enumerate(spec.show):
        if name not in found:
            problems.append(Problem(("hand_value", "show", i), f"hand_value.quantities 里没有 {name}"))
    if problems:
        if not found and rules.hand_value.quantities:
            return None, problems
    hv = HandValue(spec.placements, tuple(found.items()), rank, discarder, self_draw,
                   tuple(n for n in spec.show if n in found))
    return hv, problems


def problems(rules: Rules) -> list[Problem]:
    """Every expression of ``hand_value`` that does not compile, with its field path."""
    if rules.hand_value is None:
        return []
    return _compile(rules)[1]


def rank_of(hv: HandValue, facts, fan_total: int, fan_level: int) -> tuple[int, ...]:
    """Set the reading's counted result on ``facts`` and evaluate the ranking expressions."""
    facts.fan_total = fan_total
    facts.fan_level = fan_level
    facts.quantity_cache = None
    return tuple(c.fn(facts) for c in hv.rank)


def values_of(hv: HandValue, facts) -> dict[str, int]:
    """Every declared quantity of the reading (after :func:`rank_of` set its counted result)."""
    cache = facts.quantity_cache
    if cache is None:
        cache = facts.quantity_cache = {}
    for name, c in hv.quantities:
        if name not in cache:
            cache[name] = c.fn(facts)
    return {name: cache[name] for name, _ in hv.quantities}


def payments_of(hv: HandValue, facts) -> dict[str, int]:
    """What one payer pays, by case: ``discarder_dealer`` / ``discarder_other`` (the discarder on a discard
    win, being the dealer or not) and ``draw_dealer`` / ``draw_other`` (each payer of a self-drawn win)."""
    out = {}
    for key, compiled in (("discarder", hv.discarder), ("draw", hv.self_draw)):
        if compiled is None:
            continue
        for who, flag in (("dealer", True), ("other", False)):
            facts.payer_dealer = flag  # quantities never read it, so their cached values stay valid
            out[f"{key}_{who}"] = compiled.fn(facts)
    facts.payer_dealer = False
    return out
