"""Per-game records and the statistics merged from them.

:class:`Stats` only holds sums and counters, so merging is order-independent:
the same games give the same statistics however they were split across
processes.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

#: Upper edges of the payment histogram buckets (a winner's gain from one win).
PAYMENT_BUCKETS = (1, 2, 4, 8, 16, 32, 64, 128, 256)
#: Failing games kept in full (with their seeds) per run; the rest are only counted.
ERRORS_KEPT = 200
#: The ``format`` of :meth:`Stats.to_json`.
STATS_FORMAT = "dslgen.stats/1"


@dataclass
class GameRecord:
    """What one simulated game produced.

    ``wins`` holds one mapping per win (seat, total, fans, self_drawn, discarder,
    robbing_kong); ``error`` is None or a mapping with ``game``, ``seed``,
    ``action_index`` and ``message`` when an invariant failed.
    """

    index: int
    seed: int
    dealer: int = 0
    wins: list[dict] = field(default_factory=list)
    end_reason: str | None = None
    #: who deals the next hand (``game.seating.next_dealer``).
    next_dealer: int | None = None
    length: int = 0
    payments: list[int] = field(default_factory=list)
    hooks: list[dict] = field(default_factory=list)
    #: settlement items (精分, 抓鸟…) with their payments
    items: list[dict] = field(default_factory=list)
    #: 起手小胡 declared after the deal (seat, hand, count, payments)
    openings: list[dict] = field(default_factory=list)
    error: dict | None = None
    events: list[dict] | None = None
    #: 刮风下雨: one mapping per paid kong (seat, kind, income, transferred).
    kongs: list[dict] = field(default_factory=list)
    #: 过水: wins passed on a discard.
    passed_wins: int = 0
    #: the dealer's consecutive wins before this game (连庄; carried inside a series).
    streak: int = 0
    #: the hand's repeat count (本场) and the table pot carried in, and the pot left at its end (carried inside a series).
    honba: int = 0
    pot: int = 0
    pot_left: int = 0
    #: the seats whose declaration locked the hand (亮倒, 报听 …), in order.
    declarations: list[int] = field(default_factory=list)
    #: the file's own declarations made (:mod:`engine.game.declarations`; 亮倒 has its own counts above):
    #: ``[seat, name, value]`` each.
    declared: list[list] = field(default_factory=list)

    @property
    def draw(self) -> bool:
        """流局: the game ended without any win."""
        return self.error is None and not self.wins


def _bucket(amount: int) -> str:
    for edge in PAYMENT_BUCKETS:
        if amount <= edge:
            return f"≤{edge}"
    return f">{PAYMENT_BUCKETS[-1]}"


@dataclass
class Stats:
    """Mergeable statistics over many games."""

    games: int = 0
    errors: list[dict] = field(default_factory=list)  # the ERRORS_KEPT failing games with the lowest indexes
    error_count: int = 0
    games_with_win: int = 0
    draws: int = 0
    exhausted: int = 0
    wins: int = 0
    self_draw_wins: int = 0
    discard_wins: int = 0
    robbing_wins: int = 0
    #: per seat; as long as the table (2, 3 or 4 players), grown by the first game counted.
    seat_wins: list[int] = field(default_factory=list)
    dealer_wins: int = 0
    fan_totals: Counter = field(default_factory=Counter)
    fan_counts: Counter = field(default_factory=Counter)
    length_sum: int = 0
    gain_buckets: Counter = field(default_factory=Counter)
    gain_sum: int = 0
    gain_max: int = 0
    seat_net: list[int] = field(default_factory=list)
    hook_moves: Counter = field(default_factory=Counter)
    kongs_paid: int = 0
    kong_points: int = 0
    kong_transfers: int = 0
    passed_wins: int = 0
    #: settlement item -> games where it moved money, and the total moved (sum of gains)
    item_moves: Counter = field(default_factory=Counter)
    item_amounts: Counter = field(default_factory=Counter)
    #: 起手小胡 -> declarations (a hand shown twice counts twice), and games with any declaration
    opening_counts: Counter = field(default_factory=Counter)
    opening_games: int = 0
    #: 连庄: games dealt by the previous game's dealer again, games played on a streak > 0, the streaks
    #: (value -> games), and dealer wins made on a streak
    dealer_kept: int = 0
    streak_games: int = 0
    streak_counts: Counter = field(default_factory=Counter)
    streak_wins: int = 0
    #: 亮倒: games with a declaration, declarations, and wins by a seat that had declared
    liang_dao_games: int = 0
    liang_dao_declarations: int = 0
    liang_dao_wins: int = 0
    #: the file's own declarations: name -> games with one made (value not 0), seats that made it, wins by
    #: such a seat; ``name=value`` -> seats that chose it (start choices, 0 included)
    declared_games: Counter = field(default_factory=Counter)
    declared_made: Counter = field(default_factory=Counter)
    declared_wins: Counter = field(default_factory=Counter)
    declared_values: Counter = field(default_factory=Counter)

    def add(self, rec: GameRecord) -> None:
        """Count one game."""
        self.games += 1
        self._seats(len(rec.payments))
        if rec.error is not None:
            self.error_count += 1
            self._keep_errors([dict(rec.error)])
            return
        self.length_sum += rec.length
        if rec.next_dealer is not None and rec.next_dealer == rec.dealer:
            self.dealer_kept += 1
        if rec.streak:
            self.streak_games += 1
            self.streak_counts[rec.streak] += 1
            self.streak_wins += any(w["seat"] == rec.dealer for w in rec.wins)
        if rec.wins:
            self.games_with_win += 1
        else:
            self.draws += 1
        if rec.end_reason == "deck_exhausted":
            self.exhausted += 1
        for w in rec.wins:
            self.wins += 1
            if w["self_drawn"]:
                self.self_draw_wins += 1
            else:
                self.discard_wins += 1
            if w.get("robbing_kong"):
                self.robbing_wins += 1
            self.seat_wins[w["seat"]] += 1
            if w["seat"] == rec.dealer:
                self.dealer_wins += 1
            self.fan_totals[w["total"]] += 1
            self.fan_counts.update(set(w["fans"]))
            gain = w["payments"][w["seat"]]
            self.gain_buckets[_bucket(gain)] += 1
            self.gain_sum += gain
            self.gain_max = max(self.gain_max, gain)
        for s, v in enumerate(rec.payments):
            self.seat_net[s] += v
        for h in rec.hooks:
            if any(h["payments"]):
                self.hook_moves[h["name"]] += 1
        for k in rec.kongs:
            if k["income"]:
                self.kongs_paid += 1
                self.kong_points += k["income"]
            self.kong_transfers += bool(k["transferred"])
        self.passed_wins += rec.passed_wins
        for it in rec.items:
            if any(it["payments"]):
                self.item_moves[it["name"]] += 1
                self.item_amounts[it["name"]] += sum(v for v in it["payments"] if v > 0)
        for o in rec.openings:
            self.opening_counts[o["hand"]] += o["count"]
        self.opening_games += bool(rec.openings)
        self.liang_dao_games += bool(rec.declarations)
        self.liang_dao_declarations += len(rec.declarations)
        self.liang_dao_wins += sum(1 for w in rec.wins if w["seat"] in rec.declarations)
        made = {(seat, name) for seat, name, value in rec.declared if value}
        self.declared_games.update({name for _, name in made})
        self.declared_made.update(name for _, name in made)
        self.declared_wins.update(name for w in rec.wins for seat, name in made if seat == w["seat"])
        self.declared_values.update(f"{name}={value}" for _, name, value in rec.declared)

    def _seats(self, n: int) -> None:
        for name in ("seat_wins", "seat_net"):
            values = getattr(self, name)
            values.extend([0] * (n - len(values)))

    def merge(self, other: "Stats") -> "Stats":
        """Add ``other`` into this object and return it."""
        self._seats(len(other.seat_wins))
        other._seats(len(self.seat_wins))
        for name in ("games", "games_with_win", "draws", "exhausted", "wins", "self_draw_wins", "discard_wins",
                     "robbing_wins", "dealer_wins", "length_sum", "gain_sum", "opening_games", "kongs_paid",
                     "kong_points", "kong_transfers", "passed_wins", "dealer_kept", "streak_games", "streak_wins",
                     "liang_dao_games", "liang_dao_declarations", "liang_dao_wins"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.error_count += other.error_count
        self._keep_errors(other.errors)
        self.seat_wins = [a + b for a, b in zip(self.seat_wins, other.seat_wins)]
        self.seat_net = [a + b for a, b in zip(self.seat_net, other.seat_net)]
        self.fan_totals.update(other.fan_totals)
        self.fan_counts.update(other.fan_counts)
        self.gain_buckets.update(other.gain_buckets)
        self.hook_moves.update(other.hook_moves)
        self.item_moves.update(other.item_moves)
        self.item_amounts.update(other.item_amounts)
        self.opening_counts.update(other.opening_counts)
        self.streak_counts.update(other.streak_counts)
        for name in ("declared_games", "declared_made", "declared_wins", "declared_values"):
            getattr(self, name).update(getattr(other, name))
        self.gain_max = max(self.gain_max, other.gain_max)
        return self

    def _keep_errors(self, new: list[dict]) -> None:
        """Keep the failing games with the lowest indexes: bounded, and the same for any merge order."""
        self.errors.extend(new)
        if len(self.errors) > ERRORS_KEPT:
            self.errors.sort(key=lambda e: e["game"])
            del self.errors[ERRORS_KEPT:]

    def to_json(self) -> dict[str, Any]:
        """The raw counters as JSON-plain data: :meth:`from_json` rebuilds an equal ``Stats`` (so a run can
        be stored or sent between processes and merged later). Counters are ``[key, count]`` pairs,
        so an integer key (a fan total) stays an integer and is never read back from text."""
        out: dict[str, Any] = {"format": STATS_FORMAT}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Counter):
                out[f.name] = [[k, v] for k, v in sorted(value.items(), key=lambda kv: (str(type(kv[0])), kv[0]))]
            elif isinstance(value, list):
                out[f.name] = [dict(e) if isinstance(e, dict) else e for e in value]
            else:
                out[f.name] = value
        return out

    @classmethod
    def from_json(cls, data: Any) -> "Stats":
        """The statistics :meth:`to_json` wrote (``from_json(s.to_json()) == s``, also through ``json``).

        Raises ``ValueError`` when ``data`` is not that form."""
        if not isinstance(data, dict) or data.get("format") != STATS_FORMAT:
            raise ValueError(f"不是模拟统计的 JSON 形式（format 应为 {STATS_FORMAT}）")
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in data:
                raise ValueError(f"模拟统计缺少 {f.name}")
            value = data[f.name]
            if f.default_factory is Counter:  # type: ignore[comparison-overlap]
                if not isinstance(value, list) or not all(isinstance(p, list) and len(p) == 2 for p in value):
                    raise ValueError(f"模拟统计的 {f.name} 应为 [键, 次数] 列表")
                kwargs[f.name] = Counter({k: v for k, v in value})
            elif f.default_factory is list:  # type: ignore[comparison-overlap]
                if not isinstance(value, list):
                    raise ValueError(f"模拟统计的 {f.name} 应为列表")
                kwargs[f.name] = list(value)
            else:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise ValueError(f"模拟统计的 {f.name} 应为整数")
                kwargs[f.name] = value
        return cls(**kwargs)

    def median_fan(self) -> float:
        """Median win total (0 without wins)."""
        n = sum(self.fan_totals.values())
        if not n:
            return 0
        ordered = sorted(self.fan_totals.items())

        def nth(k):
            seen = 0
            for value, count in ordered:
                seen += count
                if seen > k:
                    return value
            return ordered[-1][0]

        return (nth((n - 1) // 2) + nth(n // 2)) / 2

    def to_dict(self, fan_names=()) -> dict:
        """The statistics as plain data (the ``dslgen simulate --json`` object, without ``errors`` commands).

        ``fan_names`` are the declared fans; each gets a frequency (share of wins
        that scored it), and those never scored are listed in ``never_scored``.
        """
        played = self.games - self.error_count
        div = played or 1
        wins = self.wins or 1
        fan_sum = sum(v * c for v, c in self.fan_totals.items())
        names = list(fan_names) or sorted(self.fan_counts)
        out = {
            "games": self.games,
            "errors": sorted(self.errors, key=lambda e: e["game"]),
            "error_count": self.error_count,
            "completed": played,
            "wins": self.wins,
            "games_with_win": self.games_with_win,
            "win_rate": round(self.games_with_win / div, 4),
            "self_draw_wins": self.self_draw_wins,
            "discard_wins": self.discard_wins,
            "robbing_kong_wins": self.robbing_wins,
            "draws": self.draws,
            "draw_rate": round(self.draws / div, 4),
            "exhausted": self.exhausted,
            "exhausted_rate": round(self.exhausted / div, 4),
            "seat_win_rate": [round(w / div, 4) for w in self.seat_wins],
            "dealer_win_rate": round(self.dealer_wins / div, 4),
            "avg_fan": round(fan_sum / wins, 3) if self.wins else 0,
            "median_fan": self.median_fan(),
            "max_fan": max(self.fan_totals, default=0),
            "fan_histogram": {str(k): v for k, v in sorted(self.fan_totals.items())},
            "fan_frequency": {n: round(self.fan_counts.get(n, 0) / wins, 4) for n in names},
            "fan_counts": {n: self.fan_counts.get(n, 0) for n in names},
            "never_scored": [n for n in names if not self.fan_counts.get(n)],
            "avg_length": round(self.length_sum / div, 2),
            "opening_wins": {"games": self.opening_games, "rate": round(self.opening_games / div, 4),
                             "counts": dict(sorted(self.opening_counts.items()))},
            "payments": {
                "avg_gain_per_win": round(self.gain_sum / wins, 3) if self.wins else 0,
                "max_gain": self.gain_max,
                "gain_histogram": {k: self.gain_buckets[k] for k in _bucket_order() if self.gain_buckets.get(k)},
                "seat_net_avg": [round(v / div, 3) for v in self.seat_net],
                "hooks_with_payments": dict(sorted(self.hook_moves.items())),
                "kongs_paid_per_game": round(self.kongs_paid / div, 4),
                "kong_points_per_game": round(self.kong_points / div, 4),
                "kong_transfers": self.kong_transfers,
                "items_with_payments": {k: {"games": v, "avg_moved": round(self.item_amounts[k] / div, 3)}
                                        for k, v in sorted(self.item_moves.items())},
            },
            "passed_wins": self.passed_wins,
            "lian_zhuang": {"dealer_kept": self.dealer_kept, "dealer_kept_rate": round(self.dealer_kept / div, 4),
                            "streak_games": self.streak_games, "streak_rate": round(self.streak_games / div, 4),
                            "max_streak": max(self.streak_counts, default=0),
                            "streaks": {str(k): v for k, v in sorted(self.streak_counts.items())},
                            "streak_dealer_wins": self.streak_wins},
            "liang_dao": {"games": self.liang_dao_games, "rate": round(self.liang_dao_games / div, 4),
                          "declarations": self.liang_dao_declarations, "declarer_wins": self.liang_dao_wins,
                          "declarer_win_rate": round(self.liang_dao_wins / (self.liang_dao_declarations or 1), 4)},
        }
        if self.declared_made or self.declared_values:  # only files with declarations of their own
            out["declarations"] = self._declarations(div)
        return out

    def _declarations(self, div: int) -> dict:
        """Per declaration name: games with one made, the rate, seats that made it, their wins and win rate, and
        for start choices how often each value was chosen."""
        names = sorted(set(self.declared_made) | {k.partition("=")[0] for k in self.declared_values})
        out = {}
        for name in names:
            made = self.declared_made.get(name, 0)
            values = {k.partition("=")[2]: v for k, v in sorted(self.declared_values.items())
                      if k.partition("=")[0] == name}
            out[name] = {"games": self.declared_games.get(name, 0),
                         "rate": round(self.declared_games.get(name, 0) / div, 4), "made": made,
                         "declarer_wins": self.declared_wins.get(name, 0),
                         "declarer_win_rate": round(self.declared_wins.get(name, 0) / (made or 1), 4),
                         **({"values": values} if values else {})}
        return out


def _bucket_order() -> list[str]:
    return [f"≤{e}" for e in PAYMENT_BUCKETS] + [f">{PAYMENT_BUCKETS[-1]}"]
