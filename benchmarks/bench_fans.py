"""Winning hands scored per second: this engine (``engine.fans.score_win`` under guobiao.yaml)
versus PyMahjongGB's C++ ``MahjongFanCalculator``, on the same random 国标 winning hands.

The hands are distinct (duplicates of the generator are dropped). The engine memoises per-part
tables (the solver's per-suit need/readings tables, shared group objects, per-group tile facts),
so each repetition measures it twice: **cold** — every such memo emptied first, then each hand
scored once (the headline: no hand or pattern seen before) — and **warm** — the same hands again
with the memos full. PyMahjongGB keeps no state; it scores the same hands in the same run. Each
figure is the median over ``--repeat`` repetitions; ratios are ours / PyMahjongGB (goal ≥ 0.5×).
The warm time is also split into the solver's decompositions and the fan layer proper.

    python benchmarks/bench_fans.py [--hands 5000] [--repeat 5] [--seed 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "fans"))  # the random 国标 hand generator the tests use

import gb_hands  # noqa: E402
from MahjongGB import MahjongFanCalculator  # noqa: E402

from dslgen.rulefile import load_rules  # noqa: E402
from engine import clear_caches  # noqa: E402
from engine.fans import WinContext, score_win  # noqa: E402
from engine.fans.scoring import _evaluate, _split_wilds, compile_table  # noqa: E402


def clear_memos() -> None:
    """Empty every memo table of the engine (:func:`engine.clear_caches`): solver tables, part
    readings, shared groups, per-group tile facts, exact win entries, compiled fan tables."""
    clear_caches()


def distinct_hands(n: int, seed: int) -> list:
    """``n`` distinct random 国标 winning hands (same tiles, melds and flags count once)."""
    out, seen, extra = [], set(), 0
    while len(out) < n:
        for h in gb_hands.random_hands(n, seed + extra):
            key = (tuple(sorted(h.concealed)), h.melds, h.win_tile, h.self_drawn, h.kong_replacement,
                   h.last_tile, h.robbing_kong)
            if key not in seen:
                seen.add(key)
                out.append(h)
                if len(out) == n:
                    break
        extra += 1000
    return out


def _rate(n: int, func) -> float:
    start = time.perf_counter()
    func()
    return n / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the medians and the ratio (``--json`` for one JSON object)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)

    rules = load_rules(ROOT / "dsl-examples" / "guobiao.yaml").rules
    hands = distinct_hands(args.hands, args.seed)
    ctxs = [WinContext(h.concealed, h.melds, h.win_tile, frozenset(), h.self_drawn, h.kong_replacement,
                       h.last_tile, h.robbing_kong) for h in hands]
    gb_args = [gb_hands.to_gb(h) for h in hands]
    table = compile_table(rules)
    n = len(ctxs)

    def ours():
        for c in ctxs:
            score_win(rules, c)

    def theirs():
        for a in gb_args:
            MahjongFanCalculator(*a)

    decomps = []

    def solver_only():
        decomps.clear()
        for c in ctxs:
            counts, wilds = _split_wilds(c)
            decomps.append(table.decompositions(counts, wilds, c.melds, table.shapes))

    def fan_layer_only():
        for c, ds in zip(ctxs, decomps):
            for d in ds:
                _evaluate(table, c, d, 0, ())

    ours()  # import-time and first-call costs out of the way
    rates = {"cold": [], "warm": [], "pymahjonggb": [], "solver": [], "fan_layer": []}
    for _ in range(args.repeat):
        clear_memos()
        rates["cold"].append(_rate(n, ours))
        rates["warm"].append(_rate(n, ours))
        rates["pymahjonggb"].append(_rate(n, theirs))
        rates["solver"].append(_rate(n, solver_only))
        rates["fan_layer"].append(_rate(n, fan_layer_only))
    med = {k: statistics.median(v) for k, v in rates.items()}
    result = {
        "hands": n,
        "repeat": args.repeat,
        "ours_per_s": round(med["cold"]),
        "ours_warm_per_s": round(med["warm"]),
        "pymahjonggb_per_s": round(med["pymahjonggb"]),
        "ratio": round(med["cold"] / med["pymahjonggb"], 4),
        "ratio_warm": round(med["warm"] / med["pymahjonggb"], 4),
        "solver_decompositions_per_s": round(med["solver"]),
        "fan_layer_per_s": round(med["fan_layer"]),
    }
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    else:
        print(f"{n} 手互不相同的国标和牌，每项 {args.repeat} 次取中位数")
        print(f"  本引擎 score_win（冷：清空缓存）{result['ours_per_s']:>9,} 手/秒")
        print(f"  本引擎 score_win（热：同一批再算）{result['ours_warm_per_s']:>7,} 手/秒")
        print(f"  PyMahjongGB (C++)               {result['pymahjonggb_per_s']:>9,} 手/秒")
        print(f"  比值（冷）                      {result['ratio']:.3f}×（目标 ≥ 0.5×）")
        print(f"  比值（热）                      {result['ratio_warm']:.3f}×")
        print(f"  其中（热）：求解器分解          {result['solver_decompositions_per_s']:>9,} 手/秒")
        print(f"              番型层（已分解）    {result['fan_layer_per_s']:>9,} 手/秒")
    return 0


if __name__ == "__main__":
    sys.exit(main())
