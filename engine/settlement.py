"""Money: win payments and the pre-settlement hooks' payments.

All functions take plain data and return one integer per seat (a list of
``rules.players`` entries) that sums to zero. Nothing here moves tiles or reads
the game state: the game flow calls them and applies the result.

Win payments (``scoring``): with ``base`` the win's total fan,

* self-draw: every paying seat pays ``base × self_draw_multiplier``;
* discard: only the discarder pays ``base × discard_win_multiplier``;
* ``dealer_multiplier`` N: when the dealer wins every payment is ×N; when another
  seat wins only the dealer's payment is ×N;
* paying seats are the ``active_seats`` other than the winner (血战到底: players
  who already won and left do not pay); the winner receives the sum.

Hooks (``scoring.pre_hooks``) are registered in :data:`HOOKS` with
:func:`hook`; each takes ``(rules, state: HookState)`` and returns a
:class:`HookResult`.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Callable, Sequence

from engine import tiles as T
from engine.capabilities import register
from engine.melds import Meld
from engine.rules import Rules


def win_payments(rules: Rules, winner: int, total: int, self_drawn: bool, discarder: int | None,
                 dealer: int, active_seats: Sequence[int] | None = None) -> list[int]:
    """Per-seat payments for one win (see the module docstring); sums to zero."""
    n = rules.players
    seats = range(n) if active_seats is None else active_seats
    sc = rules.scoring
    pay = [0] * n
    if self_drawn:
        payers = [s for s in seats if s != winner]
        mult = sc.self_draw_multiplier
    else:
        if discarder is None or discarder == winner:
            raise ValueError("a discard win needs a discarder other than the winner")
        payers = [discarder]
        mult = sc.discard_win_multiplier
    for s in payers:
        amount = total * mult
        if winner == dealer or s == dealer:
            amount *= sc.dealer_multiplier
        pay[s] -= amount
        pay[winner] += amount
    return pay


@dataclass(frozen=True)
class HookState:
    """The table at an exhaustive draw, as plain data.

    ``hands[s]``: seat ``s``'s concealed tiles (wild tiles as their own codes);
    ``melds[s]``: its declared melds; ``active_seats``: seats still playing (血战:
    players who already won are not active); ``hua_zhu``: seats already found to be
    花猪 (``check_hua_zhu`` fills it for ``check_ting``).
    """

    hands: tuple[tuple[int, ...], ...]
    melds: tuple[tuple[Meld, ...], ...]
    active_seats: tuple[int, ...]
    dealer: int = 0
    wild_codes: frozenset[int] = frozenset()
    hua_zhu: tuple[int, ...] = ()


@dataclass(frozen=True)
class HookResult:
    """What a hook decided: per-seat payments (zero-sum) and the facts behind them."""

    payments: list[int]
    details: dict = field(default_factory=dict)


@dataclass(frozen=True)
class HookUnit:
    """A registered pre-settlement hook."""

    name: str
    run: Callable[[Rules, HookState], HookResult]
    doc: str


#: hook name -> unit.
HOOKS: dict[str, HookUnit] = {}


def hook(name: str) -> Callable:
    """Register the decorated ``f(rules, state) -> HookResult`` as the pre-hook ``name``."""

    def decorate(func):
        HOOKS[name] = HookUnit(name, func, inspect.cleandoc(func.__doc__ or ""))
        return func

    return decorate


def penalty_cap(rules: Rules) -> int:
    """The fan a 花猪 pays: the lower of ``max_fan`` / ``scoring.max_cap`` when set,
    otherwise the highest ``base_fan`` in the fan table."""
    caps = [c for c in (rules.max_fan, rules.scoring.max_cap) if c]
    if caps:
        return min(caps)
    return max((f.base_fan for f in rules.fans), default=0)


def suits_held(hand: Sequence[int], melds: Sequence[Meld], wild_codes: frozenset[int] = frozenset()) -> set[int]:
    """Suits (0 万, 1 条, 2 筒) among a player's concealed tiles and melds; wild tiles do not count."""
    out = {t // 10 for t in hand if t < 30 and t not in wild_codes}
    for m in melds:
        out.update(t // 10 for t in m.tiles if t < 30 and t not in wild_codes)
    return out


@hook("check_hua_zhu")
def check_hua_zhu(rules: Rules, state: HookState) -> HookResult:
    """查花猪 at an exhaustive draw (血战).

    A 花猪 is an active seat (one that has not won) whose concealed tiles and melds
    together still hold all three suits 万, 条 and 筒 — it never made 缺一门.
    Each 花猪 pays every active seat that is not a 花猪 the amount
    :func:`penalty_cap` (the cap, else the table's highest fan). Seats that
    already won receive nothing. ``details["hua_zhu"]`` lists the 花猪 seats.
    """
    n = rules.players
    pay = [0] * n
    pigs = tuple(s for s in state.active_seats
                 if len(suits_held(state.hands[s], state.melds[s], state.wild_codes)) == 3)
    amount = penalty_cap(rules)
    for pig in pigs:
        for other in state.active_seats:
            if other not in pigs:
                pay[pig] -= amount
                pay[other] += amount
    return HookResult(pay, {"hua_zhu": list(pigs), "amount": amount})


def best_ready_fan(rules: Rules, hand: Sequence[int], melds: Sequence[Meld], seat: int, dealer: int,
                   wild_codes: frozenset[int] = frozenset()) -> int | None:
    """The highest legal total a 13 − 3k hand could win for (on a discard), or None when it is not ready."""
    from engine import solver
    from engine.fans import WinContext, score_win
    from engine.fans.scoring import compile_table

    counts = [0] * T.COUNT_SIZE
    wilds = 0
    for t in hand:
        if t in wild_codes or t >= T.COUNT_SIZE:
            wilds += 1
        else:
            counts[t] += 1
    table = compile_table(rules)
    universe = tuple(t for t in T.PLAYABLE if rules.include_honors or not T.is_honor(t))
    best = None
    for w in solver.waits(counts, wilds, tuple(melds), table.shapes, universe):
        ctx = WinContext(tuple(hand) + (w,), tuple(melds), w, wild_codes, seat=seat, dealer=dealer)
        res = score_win(rules, ctx)
        if res is not None and res.legal and (best is None or res.total > best):
            best = res.total
    return best


@hook("check_ting")
def check_ting(rules: Rules, state: HookState) -> HookResult:
    """查叫 at an exhaustive draw (血战), after 查花猪.

    Among the active seats that are not 花猪 (``state.hua_zhu``), a seat is *ready*
    when some tile would give it a legal win (conditions and minimum fan included).
    Every not-ready seat pays every ready seat that seat's maximum possible total
    over its winning tiles (scored as a win on a discard, no event flags).
    ``details["ready"]`` maps each ready seat to that maximum.
    """
    n = rules.players
    pay = [0] * n
    seats = [s for s in state.active_seats if s not in state.hua_zhu]
    ready: dict[int, int] = {}
    for s in seats:
        best = best_ready_fan(rules, state.hands[s], state.melds[s], s, state.dealer, state.wild_codes)
        if best is not None:
            ready[s] = best
    for s in seats:
        if s in ready:
            continue
        for r, amount in ready.items():
            pay[s] -= amount
            pay[r] += amount
    return HookResult(pay, {"ready": ready, "not_ready": [s for s in seats if s not in ready]})


@hook("wildcard_count")
def wildcard_count(rules: Rules, state: HookState) -> HookResult:
    """统计癞子: counts the wild tiles each seat holds (concealed and in melds).

    It moves no money (payments are all zero); ``details["counts"]`` is the
    per-seat count for the record and the statistics.
    """
    counts = []
    for s in range(rules.players):
        c = sum(1 for t in state.hands[s] if t in state.wild_codes or T.is_wildcard_code(t))
        c += sum(1 for m in state.melds[s] for t in m.tiles if t in state.wild_codes or T.is_wildcard_code(t))
        counts.append(c)
    return HookResult([0] * rules.players, {"counts": counts})


def run_hooks(rules: Rules, state: HookState) -> list[tuple[str, HookResult]]:
    """Run the rule file's ``pre_hooks`` in order; 花猪 found first are passed on to 查叫.

    Hook ``condition`` strings are the game flow's business (it decides when to
    call this); unknown hook names are skipped (the compliance checks report them).
    """
    out = []
    for h in rules.scoring.pre_hooks:
        unit = HOOKS.get(h.name)
        if unit is None:
            continue
        res = unit.run(rules, state)
        if h.name == "check_hua_zhu":
            state = HookState(state.hands, state.melds, state.active_seats, state.dealer,
                              state.wild_codes, tuple(res.details["hua_zhu"]))
        out.append((h.name, res))
    return out


register("scoring.pre_hooks", "结算前钩子",
         "流局时的 查花猪 (check_hua_zhu)、查叫 (check_ting) 与 癞子统计 (wildcard_count) 的计分",
         "0.1.0", __name__)
