"""刮风下雨: kong payments when the kong is made, 呼叫转移 and 退税 (``scoring.kong_payments``).

Pure functions over plain data, like :mod:`engine.settlement`: each returns one integer per
seat and the list sums to zero. The game flow decides when to call them.

* :func:`kong_payment`: the library formula 杠分 (``engine/payments/standard.pays``): 明杠 (``ming_kong``)
  is paid by the discarder; 暗杠 (``an_kong``) and 加杠 (``bu_kong``) by every other seat still playing;
  each payer pays the declared amount.
* :func:`transfer`: 呼叫转移 (the library formula of that name) — a win on the discard that followed a
  kong's replacement draw moves that kong's income from the kong's owner to the winner(s) (split evenly;
  the remainder goes to the first winner in turn order from the discarder).
* :func:`refund`: 退税 (the library formula of that name) — at an exhaustive draw each seat still playing
  and not ready returns the income of its kongs (those not already transferred) to the seats that paid it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Sequence

from engine.capabilities import register
from engine.payments.compile import compile_payment
from engine.payments.ledger import evaluate
from engine.payments.library import LIBRARY
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


@lru_cache(maxsize=256)
def _formula(amounts: tuple[tuple[str, int], ...]):
    return compile_payment(LIBRARY["杠分"], dict(amounts))


def kong_payment(rules: Rules, kind: str, seat: int, discarder: int | None, active: Sequence[int]) -> list[int]:
    """Per-seat payments for a kong of ``kind`` by ``seat``: the library's 杠分 formula with the file's
    ``scoring.kong_payments`` amounts (zero when none are declared)."""
    n = rules.players
    kp = rules.scoring.kong_payments
    if kp is None:
        return [0] * n
    if kind == "ming_kong" and (discarder is None or discarder == seat):
        raise ValueError("a 明杠 needs a discarder other than the kong's owner")
    c = _formula(tuple((k, kp.amount(k)) for k in ("ming_kong", "an_kong", "bu_kong")))
    pay, _ = evaluate(c, rules=rules, n=n, dealer=0, active=tuple(active), kong=(kind, None, seat),
                      discarder=discarder if kind == "ming_kong" else None, owner=seat)
    return pay


def compile_kong_formulas(rules: Rules) -> tuple:
    """The rule file's own ``payments`` made at a kong, compiled (checked when the rules were loaded)."""
    return _kong_formulas(rules.payments)


@lru_cache(maxsize=64)
def _kong_formulas(payments: tuple) -> tuple:
    return tuple(compile_payment(p) for p in payments if p.when == "kong")


def declared_kong_payments(rules: Rules, formulas, kind: str, tile: int, seat: int, discarder: int | None,
                           active: Sequence[int], dealer: int, step: int = 1,
                           wild_codes: frozenset[int] = frozenset()) -> list[int]:
    """Per-seat payments of the file's ``when: kong`` formulas for a kong of ``kind`` on ``tile`` by ``seat``."""
    pay = [0] * rules.players
    for c in formulas:
        part, _ = evaluate(c, rules=rules, n=rules.players, dealer=dealer, active=tuple(active), step=step,
                           kong=(kind, tile, seat, tile in wild_codes), discarder=discarder if kind == "ming_kong" else None, owner=seat)
        for s, v in enumerate(part):
            pay[s] += v
    return pay


@lru_cache(maxsize=None)
def _library(name: str):
    return compile_payment(LIBRARY[name])


def transfer(rules: Rules, record: KongRecord, winners: Sequence[int], dealer: int = 0) -> list[int]:
    """呼叫转移: the library formula 呼叫转移 — the kong owner's income from ``record`` passes to ``winners``
    (ordered from the discarder, the kong's owner)."""
    pay, _ = evaluate(_library("呼叫转移"), rules=rules, n=rules.players, dealer=dealer, active=tuple(range(rules.players)),
                      discarder=record.seat, facts={"kong": record, "winners": tuple(winners)})
    return pay


def refund(rules: Rules, records: Sequence[KongRecord], table, active: Sequence[int]) -> tuple[list[int], list[int]]:
    """退税: the library formula 退税 over every kong not yet transferred or refunded — a seat still playing
    (in ``active``) that is not ready at the end (``table``: :class:`engine.settlement_items.Table`) pays back
    what each of its kongs earned. Returns the payments and the seats that refunded; their records are marked."""
    pay = [0] * rules.players
    seats: list[int] = []
    for r in records:
        if r.transferred or r.refunded:
            continue
        part, _ = evaluate(_library("退税"), rules=rules, n=rules.players, dealer=table.dealer, active=tuple(active),
                           table=table, facts={"kong": r})
        if any(part):
            r.refunded = True
            if r.seat not in seats:
                seats.append(r.seat)
            for s, v in enumerate(part):
                pay[s] += v
    return pay, seats


register("scoring.kong_payments", "刮风下雨",
         "杠分即时结算（明杠放杠者付、暗杠与加杠在局者各付，数额声明），退税（荒庄未听牌者退还杠分）与呼叫转移（杠上炮时杠分转给和牌者）",
         "0.1.0", __name__)
