"""Companion-AI benchmark: decision time per difficulty level, and level 2's strength against greedy.

    python benchmarks/bench_ai.py --variants erren,sichuan_xuezhan --games 40 --iterations 48

Latency: at the same decision points (taken from greedy games), the time of level 1 (``random``), of
the ``greedy`` bot (the peer), and of level 2 (``mcts`` at ``--iterations``), as medians, p95 and p99,
with level 2's median as a ratio of greedy's. Strength: game ``g`` is played twice from the same seed —
once with ``mcts`` at seat ``g mod n`` and greedy elsewhere, once with greedy everywhere — and the
searching seat's score minus the greedy seat's score in the same place is averaged (95% interval from
the paired differences); the win rate and deal-in rate of that seat are given for both runs. Timing is
machine-dependent: it is printed here and never asserted by a test.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dslgen.rulefile import load_rules  # noqa: E402
from engine.ai import make_strategy  # noqa: E402
from engine.ai.determinize import is_searchable  # noqa: E402
from engine.ai.match import play_match  # noqa: E402
from engine.game import Game  # noqa: E402
from engine.simulation import make_bot  # noqa: E402


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else float("nan")


def decision_points(rules, seeds: range, limit: int):
    """(game copy, seat) at decisions with more than one legal action, from greedy games."""
    out = []
    for seed in seeds:
        game = Game(rules, seed)
        bots = [make_bot("greedy", seed * 4 + s + 1) for s in range(game.n)]
        while not game.over and len(out) < limit:
            for s in game.to_act():
                view = game.view(s)
                if is_searchable(view) and len(view.legal_actions) > 1:
                    out.append((game.copy(), s))
                game.apply(bots[s].choose(view, s, list(view.legal_actions)))
                if game.over:
                    break
        if len(out) >= limit:
            break
    return out


def latency(rules, points, iterations: int) -> dict[str, list[float]]:
    """Seconds per decision of each strategy over ``points``."""
    times: dict[str, list[float]] = {"level 1 (random)": [], "greedy (peer)": [], f"level 2 (mcts {iterations})": []}
    for k, (game, seat) in enumerate(points):
        view = game.view(seat)
        legal = list(view.legal_actions)
        for name, bot in (("level 1 (random)", make_strategy("random", k)), ("greedy (peer)", make_strategy("greedy", k)),
                          (f"level 2 (mcts {iterations})", make_strategy("mcts", k, iterations=iterations))):
            start = time.perf_counter()
            bot.choose(view, seat, legal)
            times[name].append(time.perf_counter() - start)
    return times


def strength(rules, games: int, iterations: int) -> dict:
    """Paired score difference of a searching seat over greedy in its place, with rates."""
    n = rules.players
    diffs, wins, base_wins, dealt, base_dealt, illegal = [], 0, 0, 0, 0, 0
    for g in range(games):
        seat = g % n
        seats = ["greedy"] * n
        seats[seat] = "mcts"
        a = play_match(rules, 5000 + g, seats, options={"iterations": iterations})
        b = play_match(rules, 5000 + g, ["greedy"] * n)
        diffs.append(a.payments[seat] - b.payments[seat])
        wins += seat in a.winners
        base_wins += seat in b.winners
        dealt += seat in a.dealt_in
        base_dealt += seat in b.dealt_in
        illegal += a.illegal
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    return {"games": games, "gain": mean, "half": half, "win": wins / games, "base_win": base_wins / games,
            "deal_in": dealt / games, "base_deal_in": base_dealt / games, "illegal": illegal}


def main(argv: list[str] | None = None) -> int:
    """Print both tables."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variants", default="erren,guangdong_jipinghu,sichuan_xuezhan")
    p.add_argument("--games", type=int, default=20, help="strength games per variant (the issue asks 1,000)")
    p.add_argument("--points", type=int, default=30, help="decision points timed per variant")
    p.add_argument("--iterations", type=int, default=48)
    args = p.parse_args(argv)
    print(f"{'variant':22} {'strategy':22} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'p50 / greedy':>12}")
    for stem in args.variants.split(","):
        rules = load_rules(stem).rules
        times = latency(rules, decision_points(rules, range(100), args.points), args.iterations)
        peer = statistics.median(times["greedy (peer)"])
        for name, ts in times.items():
            med = statistics.median(ts)
            print(f"{stem:22} {name:22} {med * 1e3:8.2f} {_pct(ts, .95) * 1e3:8.2f} {_pct(ts, .99) * 1e3:8.2f} "
                  f"{med / peer:12.1f}")
    if args.games:
        print()
        print(f"{'variant':22} {'games':>5} {'gain/game (95%)':>20} {'win mcts/greedy':>16} {'deal-in mcts/greedy':>20}")
        for stem in args.variants.split(","):
            s = strength(load_rules(stem).rules, args.games, args.iterations)
            print(f"{stem:22} {s['games']:5d} {s['gain']:+9.2f} ± {s['half']:7.2f}  {s['win']:7.1%} / {s['base_win']:5.1%}"
                  f"  {s['deal_in']:8.1%} / {s['base_deal_in']:5.1%}" + (f"  ILLEGAL {s['illegal']}" if s["illegal"] else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
