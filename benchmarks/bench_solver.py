"""Solver throughput vs the `mahjong` package (riichi, pure Python), in one run.

Win checks per second and shanten per second on the same hands: random 14-tile hands
and random winning hands, each with 0 and with 4 wild tiles. Both sides enable the
same shapes (standard, seven pairs, thirteen orphans). `mahjong` has no wild tiles:
for the wild rows it checks the original hand (before four of its tiles became wild),
the closest thing it can do. Timings are medians of several repeats, each repeat
running both libraries back to back on the same hands; the first (cold-table) repeat
is also shown.

    python benchmarks/bench_solver.py [--hands 100000] [--repeats 5] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "solver"))  # the oracle adapters the tests use

from mahjong.agari import Agari  # noqa: E402
from mahjong.shanten import Shanten  # noqa: E402

from engine import tiles as T  # noqa: E402
from engine.solver import Shapes, is_win, shanten  # noqa: E402
from solver_helpers import DECK, to34  # noqa: E402

RIICHI = Shapes(seven_pairs=True, thirteen_orphans=True)


def winning_hand(rng: random.Random) -> list[int]:
    """A random concealed standard winning hand (at most four of a kind)."""
    while True:
        pair = rng.choice(T.PLAYABLE)
        tiles = [pair, pair]
        for _ in range(4):
            if rng.random() < 0.5:
                base = 10 * rng.choice(T.SUITS) + rng.randint(1, 7)
                tiles += [base, base + 1, base + 2]
            else:
                tiles += [rng.choice(T.PLAYABLE)] * 3
        if all(tiles.count(t) <= 4 for t in set(tiles)):
            return tiles


def datasets(n: int, seed: int) -> dict[str, tuple[list, list, int]]:
    """name -> (our (counts, wilds) pairs, mahjong 34-arrays, wilds)."""
    rng = random.Random(seed)
    random_hands = [rng.sample(DECK, 14) for _ in range(n)]
    winning = [winning_hand(rng) for _ in range(n)]
    out = {}
    for name, hands in (("随机手牌", random_hands), ("和牌手牌", winning)):
        c34 = []
        for h in hands:
            c = [0] * 34
            for t in h:
                c[to34(t)] += 1
            c34.append(c)
        for w in (0, 4):
            ours = []
            for h in hands:
                kept = list(h)
                rng.shuffle(kept)
                ours.append((T.to_counts(kept[w:]), w))
            out[f"{name}，癞子 {w}"] = (ours, c34, w)
    return out


def timed(fn) -> float:
    start = time.perf_counter()
    fn()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    data = datasets(args.hands, args.seed)
    results: dict[tuple[str, str], list[tuple[float, float]]] = {}
    for _ in range(args.repeats):
        for name, (ours, c34, _w) in data.items():
            a = timed(lambda: [is_win(c, w, (), RIICHI) for c, w in ours])
            b = timed(lambda: [Agari.is_agari(c) for c in c34])
            results.setdefault((name, "和牌判断"), []).append((a, b))
            a = timed(lambda: [shanten(c, w, 0, RIICHI) for c, w in ours])
            b = timed(lambda: [Shanten.calculate_shanten(c) for c in c34])
            results.setdefault((name, "向听数"), []).append((a, b))
    n = args.hands
    print(f"solver vs mahjong 2.1.0：{n} 手牌，{args.repeats} 次重复取中位数（首次为冷表）")
    print(f"{'数据集':<14}{'指标':<8}{'本引擎 次/秒':>14}{'mahjong 次/秒':>15}{'倍数':>8}{'首次倍数':>10}")
    for (name, metric), runs in results.items():
        ours_t = statistics.median(r[0] for r in runs)
        theirs_t = statistics.median(r[1] for r in runs)
        first = runs[0][1] / runs[0][0]
        print(f"{name:<14}{metric:<8}{n / ours_t:>14,.0f}{n / theirs_t:>15,.0f}{theirs_t / ours_t:>8.1f}{first:>10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
