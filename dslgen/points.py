"""The money of a simulation: who paid how much, per game, per win and per seat.

The engine's :class:`engine.simulation.Stats` counts wins and fans; a reviewer also
needs the *points*: how many change hands in a game, what a win is worth to its
winner, what each seat ends a game with, how widely the results spread, and the
largest loss a seat suffered. :class:`PointStats` folds those from the same
:class:`engine.simulation.GameRecord` objects the engine's statistics are built
from. It only holds sums, sums of squares, counters and an extreme (with the
lowest game index on ties), so merging is order-independent and a run's figures
are byte-identical for any backend and any number of workers.

Its JSON form (:meth:`PointStats.to_dict`) is the ``points`` key of
``dslgen simulate --json``; :func:`mean_interval` and :func:`sd_interval` give
the 95% intervals the reports print beside each figure.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Mapping

#: z for a two-sided 95% interval.
Z95 = 1.959963984540054
#: The ``format`` of :meth:`PointStats.to_dict`.
POINTS_FORMAT = "dslgen.points/1"


@dataclass
class PointStats:
    """Mergeable point (money) statistics over many games."""

    #: completed games (a game that broke an invariant carries no payments)
    games: int = 0
    wins: int = 0
    #: wins whose winner gained nothing from the win itself
    zero_wins: int = 0
    #: games with a win in which no seat's balance moved at all
    zero_games: int = 0
    #: points changing hands per game (the sum of the winners' side of the balance)
    moved_sum: int = 0
    moved_sq: int = 0
    #: the winner's gain per win
    gain_sum: int = 0
    gain_sq: int = 0
    #: each seat's net result per game (seat 0 first) and its square
    seat_sum: list[int] = field(default_factory=list)
    seat_sq: list[int] = field(default_factory=list)
    #: the dealer's net result per game
    dealer_sum: int = 0
    dealer_sq: int = 0
    #: a seat's net result in one game -> how many (seat, game) pairs ended with it
    results: Counter = field(default_factory=Counter)
    #: a winner's gain from one win -> how many wins
    gains: Counter = field(default_factory=Counter)
    #: the largest loss of one seat in one game (a positive number), and the first game it happened in
    max_loss: int = 0
    max_loss_game: int | None = None

    def add(self, rec: Any) -> None:
        """Count one :class:`engine.simulation.GameRecord`."""
        if rec.error is not None:
            return
        self.games += 1
        payments = [int(v) for v in rec.payments]
        self._seats(len(payments))
        moved = sum(v for v in payments if v > 0)
        self.moved_sum += moved
        self.moved_sq += moved * moved
        if rec.wins and not any(payments):
            self.zero_games += 1
        for w in rec.wins:
            gain = int(w["payments"][w["seat"]])
            self.wins += 1
            self.zero_wins += gain == 0
            self.gain_sum += gain
            self.gain_sq += gain * gain
            self.gains[gain] += 1
        for seat, value in enumerate(payments):
            self.seat_sum[seat] += value
            self.seat_sq[seat] += value * value
            self.results[value] += 1
            if -value > self.max_loss or (-value == self.max_loss and value < 0 and self._earlier(rec.index)):
                self.max_loss, self.max_loss_game = -value, rec.index
        if 0 <= rec.dealer < len(payments):
            self.dealer_sum += payments[rec.dealer]
            self.dealer_sq += payments[rec.dealer] ** 2

    def _earlier(self, index: int) -> bool:
        return self.max_loss_game is None or index < self.max_loss_game

    def _seats(self, n: int) -> None:
        for name in ("seat_sum", "seat_sq"):
            values = getattr(self, name)
            values.extend([0] * (n - len(values)))

    def merge(self, other: "PointStats") -> "PointStats":
        """Add ``other`` into this object and return it."""
        self._seats(len(other.seat_sum))
        other._seats(len(self.seat_sum))
        for name in ("games", "wins", "zero_wins", "zero_games", "moved_sum", "moved_sq", "gain_sum", "gain_sq",
                     "dealer_sum", "dealer_sq"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seat_sum = [a + b for a, b in zip(self.seat_sum, other.seat_sum)]
        self.seat_sq = [a + b for a, b in zip(self.seat_sq, other.seat_sq)]
        self.results.update(other.results)
        self.gains.update(other.gains)
        if other.max_loss > self.max_loss or (other.max_loss == self.max_loss and other.max_loss
                                              and other.max_loss_game is not None
                                              and self._earlier(other.max_loss_game)):
            self.max_loss, self.max_loss_game = other.max_loss, other.max_loss_game
        return self

    def to_dict(self) -> dict[str, Any]:
        """The figures as JSON-plain data (the ``points`` key of ``dslgen simulate --json``).

        Every mean comes with the sum of squares it needs for an interval (``*_sq``), so a
        report can give the interval of a mean or of a difference of two runs' means.
        """
        seats = len(self.seat_sum)
        return {
            "format": POINTS_FORMAT,
            "games": self.games,
            "wins": self.wins,
            "zero_point_wins": self.zero_wins,
            "zero_point_win_share": round(self.zero_wins / self.wins, 4) if self.wins else 0,
            "zero_point_games": self.zero_games,
            "moved_per_game": _mean(self.moved_sum, self.games),
            "moved_sum": self.moved_sum,
            "moved_sq": self.moved_sq,
            "gain_per_win": _mean(self.gain_sum, self.wins),
            "gain_sum": self.gain_sum,
            "gain_sq": self.gain_sq,
            "seat_net_per_game": [_mean(s, self.games) for s in self.seat_sum],
            "seat_sum": list(self.seat_sum),
            "seat_sq": list(self.seat_sq),
            "dealer_net_per_game": _mean(self.dealer_sum, self.games),
            "dealer_sum": self.dealer_sum,
            "dealer_sq": self.dealer_sq,
            "result_spread": round(_sd(sum(self.seat_sum), sum(self.seat_sq), self.games * seats), 3),
            "result_samples": self.games * seats,
            "max_loss": self.max_loss,
            "max_loss_game": self.max_loss_game,
            "result_histogram": {str(k): v for k, v in sorted(self.results.items())},
            "gain_histogram": {str(k): v for k, v in sorted(self.gains.items())},
        }


def _mean(total: float, n: float) -> float:
    return round(total / n, 3) if n else 0


def _sd(total: float, squares: float, n: float) -> float:
    """Sample standard deviation from a sum and a sum of squares (0 for fewer than two samples)."""
    if n < 2:
        return 0.0
    var = (squares - total * total / n) / (n - 1)
    return math.sqrt(max(0.0, var))


def variance(total: float, squares: float, n: float) -> float:
    """Sample variance from a sum and a sum of squares (0 for fewer than two samples)."""
    return _sd(total, squares, n) ** 2


def mean_interval(total: float, squares: float, n: float, z: float = Z95) -> tuple[float, float] | None:
    """95% normal-approximation interval of the mean ``total / n`` (None for fewer than two samples)."""
    if n < 2:
        return None
    mean = total / n
    half = z * _sd(total, squares, n) / math.sqrt(n)
    return mean - half, mean + half


def sd_interval(sd: float, n: float, z: float = Z95) -> tuple[float, float] | None:
    """Approximate 95% interval of a standard deviation from ``n`` samples (``sd / √(2(n−1))`` standard error)."""
    if n < 3:
        return None
    se = sd / math.sqrt(2 * (n - 1))
    return max(0.0, sd - z * se), sd + z * se


def points_of(sim: Mapping[str, Any] | None) -> Mapping[str, Any]:
    """The ``points`` figures of a simulation's JSON form ({} when it has none, e.g. a run stored before them)."""
    points = (sim or {}).get("points")
    return points if isinstance(points, Mapping) and points.get("format") == POINTS_FORMAT else {}
