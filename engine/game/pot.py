"""The table pot: money a declaration's ``deposit`` puts on the table, taken by the hand's first winner.

A declaration with ``deposit: N`` (spec §23) moves N from the declaring seat into ``game.pot`` when it is made.
When the declaring discard itself is won on, the declaration did not stand and the deposit goes back. The
first win of the hand (on a discard several seats win on: the winner nearest the discarder in turn order)
takes the whole pot; a hand that ends without a win leaves it for the next hand (``Game(pot=…)``). Money in
the pot belongs to nobody, so over a hand ``sum(payments) + pot == pot carried in``.
"""

from __future__ import annotations


def deposit(game, seat: int, amount: int) -> None:
    """``seat`` puts ``amount`` into the pot with the discard it is making."""
    if amount <= 0:
        return
    game.payments[seat] -= amount
    game.pot += amount
    game._deposit = (seat, amount, game.discard_count + 1)
    game._event("deposit", seat=seat, amount=amount, pot=game.pot)


def return_if_won_on(game, discarder: int) -> None:
    """The discard ``discarder`` just made is won on: the deposit made with it goes back."""
    made = game._deposit
    if made is None or made[0] != discarder or made[2] != game.discard_count:
        return
    seat, amount, _ = made
    game._deposit = None
    game.payments[seat] += amount
    game.pot -= amount
    game._event("deposit_returned", seat=seat, amount=amount, pot=game.pot)


def take(game, seat: int) -> None:
    """``seat`` won the hand's first win: it takes the whole pot."""
    if game.pot <= 0 or len(game.wins) != 1:
        return
    amount, game.pot = game.pot, 0
    game.payments[seat] += amount
    game._event("pot", seat=seat, amount=amount)
