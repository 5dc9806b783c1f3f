"""Evaluate compiled payments: for every (payer, receiver) pair the moment names, check the condition,
compute the amount, and join it to what the payer already owes.

Every function returns one integer per seat, summing to zero, and a list of the pairs that moved money
(``[payer, receiver, amount]``) for reports and replays. Nothing here reads game state: the flow and
``dslgen hand`` pass plain data.
"""

from __future__ import annotations

from typing import Iterable, Sequence

from engine.payments import model as M
from engine.payments.compile import CompiledPayment
from engine.payments.names import PayFacts


def _seats(word: str, *, receiver: int, n: int, step: int, active: Sequence[int], dealer: int,
           discarder: int | None, snapshot: Sequence[int] | None, winner: int | None) -> list[int]:
    """The seats a payer word names for one receiver (never the receiver itself)."""
    if word == "others":
        out = [s for s in active if s != receiver]
    elif word == "losers":
        out = [s for s in range(n) if s != winner and snapshot is not None and snapshot[s] < 0]
    elif word == "discarder":
        out = [] if discarder is None else [discarder]
    elif word == "dealer":
        out = [dealer]
    elif word == "previous":
        out = [(receiver - step) % n]
    elif word == "next":
        out = [(receiver + step) % n]
    else:  # pragma: no cover - compile_payment refuses other words
        raise ValueError(word)
    return [s for s in out if s != receiver]


def _receivers(word: str, *, n: int, winner: int | None, dealer: int, owner: int | None) -> list[int]:
    if word == "winner":
        return [] if winner is None else [winner]
    if word == "owner":
        return [] if owner is None else [owner]
    if word == "dealer":
        return [dealer]
    return list(range(n))


def evaluate(c: CompiledPayment, *, rules, n: int, dealer: int, active: Sequence[int], step: int = 1,
             win=None, ctx=None, table=None, kong: tuple | None = None, discarder: int | None = None,
             owner: int | None = None, snapshot: Sequence[int] | None = None,
             shown: dict | None = None, facts: dict | None = None) -> tuple[list[int], list[list[int]]]:
    """One payment at one moment: per-seat payments and the ``[payer, receiver, amount]`` rows that moved money
    (a row made by ``liable`` carries a fourth element, its Chinese label).

    ``facts``: the moment's other facts (:class:`~engine.payments.names.PayFacts`); ``snapshot``: the win's payments so far (per seat) — what ``losers`` and ``owed`` read; ``shown``
    collects the tiles the formula turned over (see :class:`~engine.payments.names.PayFacts`).

    With ``liable`` (包赔), the seat it names pays the pair's money instead of the payer and also takes over
    what the payer already owed for this win (the row ``[liable, payer, owed]`` moves it).
    """
    pay = [0] * n
    rows: list[list[int]] = []
    winner = win.seat if win is not None else None
    p = c.payment
    lists = dict(c.lists)
    for receiver in _receivers(p.receiver_word, n=n, winner=winner, dealer=dealer, owner=owner):
        for payer in _seats(p.payer_word, receiver=receiver, n=n, step=step, active=active, dealer=dealer,
                            discarder=discarder, snapshot=snapshot, winner=winner):
            owed = max(0, -snapshot[payer]) if snapshot is not None else 0
            h = PayFacts(rules, payer, receiver, dealer, n, ctx, win, table, kong, discarder, owed, shown, lists, facts)
            if c.condition is not None and not c.condition(h):
                continue
            amount = c.amount(h)
            if c.combine == "multiply":
                amount = owed * (amount - 1)
            elif c.combine == "set":
                amount = amount - owed
            elif c.combine == "cap":
                amount = min(0, amount - owed)
            by = payer
            if c.liable is not None:
                seat = c.liable(h)
                if 0 <= seat < n and seat != payer and seat != receiver:
                    by = seat
                    if owed:
                        pay[by] -= owed
                        pay[payer] += owed
                        rows.append([by, payer, owed, "代付"])
            if amount:
                pay[by] -= amount
                pay[receiver] += amount
                rows.append([by, receiver, amount] + (["包赔"] if by != payer else []))
    return pay, rows


def add_into(total: list[int], part: Iterable[int]) -> None:
    """``total += part``, seat by seat."""
    for s, v in enumerate(part):
        total[s] += v


def moment_ok(c: CompiledPayment, *, wins: int, end_reason: str | None) -> bool:
    """``draw`` payments are made only when the hand ended with no win because the wall ran out."""
    return c.when != M.DRAW or (wins == 0 and end_reason == "deck_exhausted")
