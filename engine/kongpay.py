"""刮风下雨: kong payments when the kong is made, 呼叫转移 and 退税 (``scoring.kong_payments``).

Pure functions over plain data, like :mod:`engine.settlement`: each returns one integer per
seat and the list sums to zero. The game flow decides when to call them.

* :func:`kong_payment`: 明杠 (``ming_kong``) is paid by the discarder; 暗杠 (``an_kong``) and
  加杠 (``bu_kong``) by every other seat still playing; each payer pays the declared amount.
* :func:`transfer`: 呼叫转移 — a win on the discard that followed a kong's replacement draw
  moves that kong's income from the kong's owner to the winner(s) (split evenly; the
  remainder goes to the first winner in turn order from the discarder).
* :func:`refund`: 退税 — at an exhaustive draw each listed seat returns the income of its
  kongs (those not already transferred) to the seats that paid it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

from engine.capabilities import register
from engine.rules import Rules

#: the settlement event of :func:`refund` in a game's event log, and what a replay calls it.
REFUND, REFUND_ZH = "tui_shui", "退税"


@dataclass
class KongRecord:
    """One paid kong: who made it, which kind, on what tile, and the payments (per seat)."""

    seat: int
    kind: str
    tile: int
    payments: list[int]
    transferred: bool = False
    refunded: bool = False
    notes: list[str] = field(default_factory=list)

    @property
    def income(self) -> int:
        """What the kong's owner received."""
        return self.payments[self.seat]


def kong_payment(rules: Rules, kind: str, seat: int, discarder: int | None, active: Sequence[int]) -> list[int]:
    """Per-seat payments for a kong of ``kind`` by ``seat`` (zero when no amounts are declared)."""
    n = rules.players
    pay = [0] * n
    kp = rules.scoring.kong_payments
    if kp is None:
        return pay
    amount = kp.amount(kind)
    if not amount:
        return pay
    if kind == "ming_kong":
        if discarder is None or discarder == seat:
            raise ValueError("a 明杠 needs a discarder other than the kong's owner")
        payers = [discarder]
    else:
        payers = [s for s in active if s != seat]
    for s in payers:
        pay[s] -= amount
        pay[seat] += amount
    return pay


def transfer(n: int, record: KongRecord, winners: Sequence[int]) -> list[int]:
    """呼叫转移: the kong owner's income from ``record`` passes to ``winners`` (ordered from the discarder)."""
    pay = [0] * n
    income = record.income
    if income <= 0 or not winners:
        return pay
    share, rest = divmod(income, len(winners))
    pay[record.seat] -= income
    for i, w in enumerate(winners):
        pay[w] += share + (rest if i == 0 else 0)
    return pay


def refund(n: int, records: Sequence[KongRecord], seats: Sequence[int]) -> list[int]:
    """退税: every kong of ``seats`` not transferred is paid back (its payments reversed)."""
    pay = [0] * n
    for r in records:
        if r.seat in seats and not r.transferred and not r.refunded:
            for s in range(n):
                pay[s] -= r.payments[s]
    return pay


register("scoring.kong_payments", "刮风下雨",
         "杠分即时结算（明杠放杠者付、暗杠与加杠在局者各付，数额声明），退税（荒庄未听牌者退还杠分）与呼叫转移（杠上炮时杠分转给和牌者）",
         "0.1.0", __name__)
