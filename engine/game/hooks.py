"""When the ``scoring.pre_hooks`` run, and with what table state.

The money math of each hook lives in :mod:`engine.settlement` (``HOOKS``); the
flow decides *when*: at the end of play, a hook runs when its ``condition``
holds. Hook conditions are registered here (:data:`HOOK_CONDITIONS`):
``deck_exhausted`` holds when the wall ran out; ``deck_exhausted AND not
hua_zhu`` holds at the same moment and restricts the hook to seats that are not
花猪 (``check_ting`` receives the 花猪 found by an earlier ``check_hua_zhu``). An
empty condition always holds; an unknown one never does.
"""

from __future__ import annotations

from typing import Callable

HOOK_CONDITIONS: dict[str, Callable] = {}


def hook_condition(name: str):
    """Register ``test(game) -> bool`` as the pre-hook condition ``name``."""

    def wrap(fn):
        HOOK_CONDITIONS[name] = fn
        return fn

    return wrap


@hook_condition("deck_exhausted")
def deck_exhausted(game) -> bool:
    """The play phase ended because the wall ran out (荒庄)."""
    return game.end_reason == "deck_exhausted"


@hook_condition("deck_exhausted AND not hua_zhu")
def deck_exhausted_not_hua_zhu(game) -> bool:
    """As ``deck_exhausted``; the hook then only considers seats that are not 花猪."""
    return game.end_reason == "deck_exhausted"


def end_state(game):
    """The table at the end of play as :class:`engine.settlement.HookState`: concealed tiles without flowers,
    melds, the seats still settling (血流: winners do not), the dealer, wild codes and 定缺 voids."""
    from engine import settlement  # noqa: PLC0415

    return settlement.HookState(
        hands=tuple(tuple(t for t in p.hand if not 41 <= t <= 48) for p in game.players),
        melds=tuple(tuple(p.melds) for p in game.players),
        active_seats=tuple(s for s in game.active() if not game.players[s].locked),
        dealer=game.dealer,
        wild_codes=game.wild_codes,
        voids=tuple(game.voids) if any(v is not None for v in game.voids) else (),
    )


def run_pre_hooks(game) -> list[dict]:
    """Run every declared pre-hook whose condition holds, in order.

    Returns one mapping per hook run: ``name``, ``payments`` (zero-sum, per seat)
    and ``details`` (what the hook found).
    """
    from engine import settlement  # noqa: PLC0415

    hooks = game.rules.scoring.pre_hooks
    if not hooks:
        return []
    state = end_state(game)
    out = []
    for h in hooks:
        unit = settlement.HOOKS.get(h.name)
        test = HOOK_CONDITIONS.get(h.condition) if h.condition else (lambda g: True)
        if unit is None or test is None or not test(game):
            continue
        res = unit.run(game.rules, state)
        if h.name == "check_hua_zhu":
            state = settlement.HookState(state.hands, state.melds, state.active_seats, state.dealer,
                                         state.wild_codes, tuple(res.details.get("hua_zhu", ())), state.voids)
        out.append({"name": h.name, "payments": list(res.payments), "details": dict(res.details)})
    return out
